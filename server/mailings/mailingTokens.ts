// Small facts of the send queue shared by its modules (docs/emails.md, 'Sending').
import { createHash } from 'node:crypto';

/** A claim older than this belongs to a run that died. */
export const staleClaimMs = 10 * 60_000;

/** How a recipient's unsubscribe token is kept. */
export const unsubscribeTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The minute a claim counts in, as a document id ('2026-11-23T12:05', UTC). */
export const minuteKey = (at: Date) => at.toISOString().slice(0, 16);
