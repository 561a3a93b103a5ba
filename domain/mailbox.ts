// One mailbox, however its address is spelled (docs/payments.md, 'Once per e-mail'). Limits that
// count per address (a once-per-e-mail code, a free copy, one reminder a week) count per mailbox:
// otherwise `ada+1@example.com`, `ada+2@example.com` and, at Gmail, `a.d.a@googlemail.com` are new
// buyers for free. Plus-tags are folded for every domain (a provider that does not deliver them is
// only made stricter); dots and googlemail.com only for Gmail, which ignores them.

const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address a limit counts under: trimmed, lower-cased, the local part's `+tag` removed, and for
 * Gmail its dots removed and googlemail.com read as gmail.com. Not an address to send mail to.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  // An address that is only a tag ('+x@host') keeps it: folding it away would leave no mailbox.
  if (plus > 0) local = local.slice(0, plus);
  if (gmailDomains.has(domain)) {
    domain = 'gmail.com';
    const undotted = local.replaceAll('.', '');
    if (undotted) local = undotted;
  }
  return `${local}@${domain}`;
}
