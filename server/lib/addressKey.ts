// How the API keys a buyer's address in documents that must not name it (opt-outs, a code's
// redemptions, the reminder cap): the SHA-256 of the mailbox (domain/mailbox.ts), so every spelling of
// one mailbox finds the same document.
import { createHash } from 'node:crypto';
import { mailboxOf } from '../../domain/mailbox';

export function addressKey(email: string): string {
  return createHash('sha256').update(mailboxOf(email), 'utf8').digest('hex');
}

/**
 * The key documents written before mailboxes were folded used (the address trimmed and lower-cased),
 * still read beside addressKey so a buyer recorded then is not a stranger now.
 */
export function legacyAddressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}
