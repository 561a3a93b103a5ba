// Bodies of the admin image endpoints. A public_id is limited to the products folder: an admin's
// token must not become a way to delete any other image in the seller's account.
import { z } from 'zod';
import { jsonError, type BodyParser } from '../lib/httpErrors';

export const productImageFolder = 'digital_products';

// Folder, then one or more path segments of letters, digits, '_', '-' and '.', none of them a
// '.'/'..' segment: no traversal, no other folder, no query or fragment characters.
const publicIdShape = new RegExp(`^${productImageFolder}(/[A-Za-z0-9_.-]+)+$`);

export const deleteImageSchema = z.object({
  public_id: z
    .string({ error: 'public_id is required.' })
    .trim()
    .min(1, { error: 'public_id is required.' })
    .max(300, { error: 'public_id is too long.' })
    .refine((value) => publicIdShape.test(value) && !value.split('/').some((part) => part === '.' || part === '..'), {
      error: `public_id must name an image in the ${productImageFolder} folder.`,
    }),
});

export type DeleteImageBody = z.infer<typeof deleteImageSchema>;

export function parseDeleteImage(body: unknown): { ok: true; value: DeleteImageBody } | { ok: false; error: string } {
  // zod's own sentence for an array ('Invalid input: expected object...') is not for people.
  if (Array.isArray(body) || (body !== undefined && (typeof body !== 'object' || body === null))) {
    return { ok: false, error: 'The request body must be a JSON object.' };
  }
  const result = deleteImageSchema.safeParse(body ?? {});
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? 'The request body is not valid.' };
}

// The signature endpoint takes no parameters: what is signed (folder, timestamp) is decided here,
// so a caller cannot widen what the signature allows. Only an empty object is accepted.
export const signatureRequestSchema = z.object({}).strict();

/** The delete route's check (server/lib/httpErrors.ts validate): 400 with the problem. */
export const deleteImageBody: BodyParser<DeleteImageBody> = (body) => {
  const parsed = parseDeleteImage(body);
  return parsed.ok ? { ok: true, data: parsed.value } : { ok: false, error: jsonError(400, parsed.error) };
};

/** The signature route's check: anything but no body or an empty object is refused in one sentence. */
export const signatureRequestBody: BodyParser<Record<string, never>> = (body) =>
  signatureRequestSchema.safeParse(body ?? {}).success
    ? { ok: true, data: {} }
    : { ok: false, error: jsonError(400, 'This endpoint takes no parameters.') };
