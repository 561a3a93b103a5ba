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

interface MailAction {
  label: string;
  url: string;
}

/** A mail of paragraphs and its buttons; the text part carries each link on its own line. */
function planMail(title: string, paragraphs: string[], action: MailAction | MailAction[], storeName: string) {
  const actions = Array.isArray(action) ? action : [action];
  const text = [
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...actions.map(({ label, url }) => `${label}: ${url}`),
    '',
    storeName,
  ];
  const html = htmlDocument(
    title,
    [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      ...actions.map(
        ({ label, url }) => `<p><a href="${escapeHtml(url)}" style="${buttonStyle}">${escapeHtml(label)}</a></p>`,
      ),
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  const mail: MailContent = { subject: subjectLine(`${title} — ${storeName}`), text: text.join('\n'), html };
  return mail;
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

/** What the sweep's e-mails about a plan say: its product, dates already in Lagos words, its links. */
export interface PlanNoticeFacts extends PlanMailFacts {
  /** '₦5,000'. */
  amount: string;
  /** 'month', 'quarter' or 'year'; 'instalment' for instalments. */
  period: string;
  /** The date the notice is about (period end, end of the grace, end of access), in words. */
  date: string;
  /** The plan's link to pay by transfer. */
  transferUrl: string;
  /** Paystack's page to update the card; null for a plan not paid by card. */
  manageUrl: string | null;
  libraryUrl: string;
}

const payByTransfer = (facts: PlanNoticeFacts): MailAction => ({
  label: `Pay ${facts.amount} by transfer`,
  url: facts.transferUrl,
});

/** A renewal failed: at once, and again on day 3 of the grace. */
export function renewalFailedMail(facts: PlanNoticeFacts, again: boolean): MailContent {
  const first = again
    ? `Your payment for ${facts.productName} has still not gone through. Your access ends on ${facts.date} unless this ${facts.period} is paid.`
    : `Your payment of ${facts.amount} for ${facts.productName} did not go through. You keep access until ${facts.date}.`;
  const how = facts.manageUrl
    ? 'Update your card and the payment is tried again, or pay this period by bank transfer, USSD or another card.'
    : 'Pay this period by bank transfer, USSD or card.';
  const actions = facts.manageUrl
    ? [{ label: 'Update your card', url: facts.manageUrl }, payByTransfer(facts)]
    : [payByTransfer(facts)];
  return planMail(
    again ? 'Your access ends soon' : 'Your payment did not go through',
    [greeting(facts.name), first, how],
    actions,
    facts.storeName,
  );
}

/** A transfer member's period ends in 7 days or in 1 day: the link to pay the next one. */
export function transferDueMail(facts: PlanNoticeFacts): MailContent {
  return planMail(
    `Pay your next ${facts.period} of ${facts.productName}`,
    [
      greeting(facts.name),
      `Your ${facts.period} of ${facts.productName} ends on ${facts.date}. Pay ${facts.amount} for the next one by bank transfer, USSD or card to keep access.`,
    ],
    payByTransfer(facts),
    facts.storeName,
  );
}

/** A quarterly or yearly renewal in 7 days. */
export function renewalSoonMail(facts: PlanNoticeFacts): MailContent {
  return planMail(
    `Your ${facts.productName} membership renews soon`,
    [
      greeting(facts.name),
      `Your membership of ${facts.productName} renews on ${facts.date} for ${facts.amount} a ${facts.period}. Nothing to do if that suits you; to stop it, cancel in your library before then.`,
    ],
    { label: 'Open your library', url: facts.libraryUrl },
    facts.storeName,
  );
}

/** Access ended, unpaid: the buyer may still pay and reopen it. */
export function accessEndedMail(facts: PlanNoticeFacts): MailContent {
  return planMail(
    `Your membership of ${facts.productName} ended`,
    [
      greeting(facts.name),
      `Your membership of ${facts.productName} ended on ${facts.date}, as its payment did not come. Pay ${facts.amount} to open it again for another ${facts.period}.`,
    ],
    payByTransfer(facts),
    facts.storeName,
  );
}

/** The seller is told when a plan ended unpaid. */
export function endedUnpaidSellerMail(
  facts: PlanNoticeFacts & { buyerEmail: string; dashboardUrl: string },
): MailContent {
  return planMail(
    `A membership of ${facts.productName} ended unpaid`,
    [
      `The membership of ${facts.productName} of ${facts.name || facts.buyerEmail} (${facts.buyerEmail}) ended on ${facts.date}: its renewal was not paid. They were told and may still pay to reopen it.`,
    ],
    { label: 'Open the dashboard', url: facts.dashboardUrl },
    facts.storeName,
  );
}
