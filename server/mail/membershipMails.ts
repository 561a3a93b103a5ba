// The e-mails a plan's buyer gets about its payments (docs/memberships.md, 'Dunning and reminders'):
// each says what happened and what to do in words, with the one link that does it.
import { escapeHtml, htmlDocument, subjectLine } from './html';
import type { MailContent } from './orderMails';

const buttonStyle =
  'display:inline-block;background:#1d4ed8;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold';

interface PlanMailFacts {
  name: string;
  productName: string;
  storeName: string;
}

/** A mail of paragraphs and one button; the text part carries the link on its own line. */
function planMail(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
  storeName: string,
): MailContent {
  const text = [...paragraphs.flatMap((paragraph) => [paragraph, '']), `${action.label}: ${action.url}`, '', storeName];
  const html = htmlDocument(
    title,
    [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(action.url)}" style="${buttonStyle}">${escapeHtml(action.label)}</a></p>`,
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`${title} — ${storeName}`), text: text.join('\n'), html };
}

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** Paystack says the card that pays the plan expires this month: update it before the next charge. */
export function expiringCardMail(facts: PlanMailFacts & { card: string; expiry: string; manageUrl: string }) {
  return planMail(
    'Your card is about to expire',
    [
      greeting(facts.name),
      `The ${facts.card || 'card'} that pays for ${facts.productName} expires ${facts.expiry}. Update it so your next payment goes through and you keep access.`,
    ],
    { label: 'Update your card', url: facts.manageUrl },
    facts.storeName,
  );
}
