// One e-mail to buyers as it is sent (docs/emails.md): the seller's Markdown rendered by the store's one
// renderer (server/lib/markdown.ts, escaped and then kept to the allowlist), in the store's mail frame,
// with a footer that says why it came and how to stop it. Every such e-mail carries RFC 8058's
// List-Unsubscribe (an https URL and a mailto) and List-Unsubscribe-Post headers, each on one line:
// a folded header breaks the DKIM signature some providers check it with.
import { renderMarkdown } from '../lib/markdown';
import { escapeHtml, htmlDocument, link, subjectLine } from '../mail/html';

/** The longest body rendered (the editor refuses longer ones). */
export const mailingBodyMaxChars = 50_000;

export interface MailingMessage {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, { prepared: true; value: string }>;
}

/** The address a one-click unsubscribe posts to (server/mailings/unsubscribeRoutes.ts answers it). */
export function unsubscribeUrl(publicStoreUrl: string, mailingId: string, recipientKey: string, token: string): string {
  const origin = publicStoreUrl.replace(/\/+$/, '');
  return `${origin}/api/unsubscribe/${encodeURIComponent(mailingId)}/${recipientKey}/${token}`;
}

/**
 * The List-Unsubscribe mailto: the seller's address, subject 'Unsubscribe'. Such a request arrives from
 * the buyer's own address, so the seller sees who asks (docs/emails.md).
 */
export function unsubscribeMailto(sellerEmail: string): string {
  return `mailto:${sellerEmail}?subject=Unsubscribe`;
}

/** The mail's body as HTML: the Markdown, rendered and sanitized. */
export function mailingBodyHtml(markdown: string): string {
  return renderMarkdown(markdown, { firstHeadingLevel: 3, maxChars: mailingBodyMaxChars });
}

export function mailingMessage(
  mailing: { subject: string; body: string },
  links: { unsubscribe: string | null },
  config: { STORE_NAME: string; SELLER_EMAIL: string },
): MailingMessage {
  const subject = subjectLine(mailing.subject);
  const why = `You are getting this e-mail because you bought from ${config.STORE_NAME}.`;
  const stop = links.unsubscribe ? `To get no more e-mails like this: ${links.unsubscribe}` : '';
  const text = [mailing.body.trim(), '', '--', why, stop].join('\n').trimEnd();
  const footer = [
    `<hr><p style="font-size:13px;color:#475569">${escapeHtml(why)}`,
    links.unsubscribe ? ` ${link(links.unsubscribe, 'Unsubscribe')}` : '',
    '</p>',
  ].join('');
  const html = htmlDocument(subject, `${mailingBodyHtml(mailing.body)}${footer}`);
  const headers: MailingMessage['headers'] = {};
  if (links.unsubscribe) {
    const value = `<${links.unsubscribe}>, <${unsubscribeMailto(config.SELLER_EMAIL)}>`;
    headers['List-Unsubscribe'] = { prepared: true, value };
    headers['List-Unsubscribe-Post'] = { prepared: true, value: 'List-Unsubscribe=One-Click' };
  }
  return { subject, text, html, headers };
}
