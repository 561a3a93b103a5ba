// What both providers' webhooks read first: the body exactly as it came over the wire (their
// signatures are over those bytes, so a re-serialised body would not match), and its JSON.
import type { Request } from 'express';

/**
 * The body as it came over the wire. Cloud Functions has already read the stream and keeps the bytes
 * in req.rawBody; locally express.raw leaves a Buffer in req.body.
 */
export function rawBodyOf(req: Request): Buffer | null {
  const fromFunctions: unknown = (req as Request & { rawBody?: unknown }).rawBody;
  if (Buffer.isBuffer(fromFunctions)) return fromFunctions;
  const body: unknown = req.body;
  return Buffer.isBuffer(body) ? body : null;
}

/** The body's JSON, or undefined when there is no body or it is not JSON. */
export function jsonOf(raw: Buffer | null): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
