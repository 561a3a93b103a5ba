/**
 * A mailto: link that opens the admin's mail client on a reply. The address keeps its '@' (RFC 6068
 * allows it) but everything else is percent-encoded, so a '+', '?' or '&' in the address or the
 * subject cannot end the address early or add headers such as bcc.
 */
export function replyLink(email: string, storeName: string): string {
  const to = encodeURIComponent(email.trim()).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(`Re: your message to ${storeName}`)}`;
}
