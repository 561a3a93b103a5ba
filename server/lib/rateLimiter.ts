// A small in-memory sliding-window limiter (contact form: CONTACT_RATE_LIMIT messages per
// CONTACT_RATE_WINDOW_MS per client). Memory only, on purpose: each deployed function instance
// keeps its own window, so with N warm instances a client could get up to N x limit through. That
// is acceptable for its job (stopping one browser or script from flooding the seller's inbox and
// the contactMessages collection) and needs no extra service; a shared counter in Firestore would
// cost a read and a write per message.
import type { RequestHandler } from 'express';

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** Milliseconds since the epoch; injected so tests control time. */
  now?: () => number;
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** Records one attempt by `key` and says whether it is within the limit. */
  hit(key: string): RateDecision;
}

export function createRateLimiter({ limit, windowMs, now = Date.now }: RateLimiterOptions): RateLimiter {
  // Per client, the times of its accepted attempts inside the window, oldest first (at most `limit`).
  const attempts = new Map<string, number[]>();
  let lastSweep = now();

  // Clients that went quiet are forgotten once per window, so the map cannot grow without bound.
  function sweep(at: number) {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, times] of attempts) {
      const newest = times[times.length - 1];
      if (newest === undefined || newest <= at - windowMs) attempts.delete(key);
    }
  }

  return {
    hit(key) {
      const at = now();
      sweep(at);
      const recent = (attempts.get(key) ?? []).filter((time) => time > at - windowMs);
      const oldest = recent[0];
      if (recent.length >= limit && oldest !== undefined) {
        attempts.set(key, recent);
        return { allowed: false, retryAfterMs: oldest + windowMs - at };
      }
      recent.push(at);
      attempts.set(key, recent);
      return { allowed: true, remaining: limit - recent.length };
    },
  };
}

/**
 * Express middleware: one attempt per request, keyed by the client address (req.ip; the app trusts
 * the proxy in front of it, see app.ts). Refused requests get 429 with Retry-After in whole seconds.
 */
export function limitRequestsByClient(limiter: RateLimiter, message: string): RequestHandler {
  return (req, res, next) => {
    const decision = limiter.hit(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    if (decision.allowed) {
      next();
      return;
    }
    res.set('Retry-After', String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
    res.status(429).json({ message });
  };
}
