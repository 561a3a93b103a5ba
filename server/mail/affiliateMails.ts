// The affiliate program's e-mails (docs/affiliates.md): to the applicant at each step (received,
// approved, paused, removed) and to the seller when someone applies. Plain sentences, one link at most.
import { escapeHtml, htmlDocument, subjectLine } from './html';
import type { MailContent } from './orderMails';

export type AffiliateStep = 'received' | 'approved' | 'paused' | 'removed' | 'commission';

const lines: Record<AffiliateStep, (storeName: string, detail: string) => string[]> = {
  received: (store) => [
    `Thank you for applying to promote ${store}.`,
    'The seller will look at your application and e-mail you when it is approved.',
  ],
  approved: (store, detail) => [
    `You are now an affiliate of ${store}. Your code is ${detail}.`,
    'Sign in to your affiliate page with this e-mail address to get your links and follow your sales:',
  ],
  paused: (store) => [
    `Your affiliate links for ${store} are paused: sales through them earn no commission for now.`,
    'Commissions you already earned are kept.',
  ],
  removed: (store) => [
    `You are no longer an affiliate of ${store}. Sales through your links earn no commission.`,
    'Commissions you already earned are kept.',
  ],
  commission: (store, detail) => [`Your commission at ${store} is now ${detail}% of each sale.`],
};

const subjects: Record<AffiliateStep, string> = {
  received: 'We received your affiliate application',
  approved: 'You are approved as an affiliate',
  paused: 'Your affiliate links are paused',
  removed: 'Your affiliate account was closed',
  commission: 'Your affiliate commission changed',
};

export function affiliateMail({
  step,
  name,
  storeName,
  detail = '',
  pageUrl,
}: {
  step: AffiliateStep;
  name: string;
  storeName: string;
  detail?: string;
  pageUrl: string;
}): MailContent {
  const body = lines[step](storeName, detail);
  const withLink = step === 'approved';
  const text = [`Hello ${name},`, '', ...body, ...(withLink ? [pageUrl] : []), '', storeName].join('\n');
  const html = htmlDocument(
    subjects[step],
    [
      `<p>Hello ${escapeHtml(name)},</p>`,
      ...body.map((line) => `<p>${escapeHtml(line)}</p>`),
      withLink ? `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(pageUrl)}</a></p>` : '',
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`${subjects[step]} — ${storeName}`), text, html };
}

/** To the seller: someone applied (and whether they wait for approval). */
export function applicationNotice({
  name,
  email,
  code,
  promotion,
  waiting,
  storeName,
}: {
  name: string;
  email: string;
  code: string;
  promotion: string;
  waiting: boolean;
  storeName: string;
}): MailContent {
  const body = [
    `${name} (${email}) applied to be an affiliate, code ${code}.`,
    `How they will promote: ${promotion}`,
    waiting ? 'Approve or refuse them in the Affiliates panel.' : 'They were approved at once (no approval required).',
  ];
  return {
    subject: subjectLine(`New affiliate application: ${name} — ${storeName}`),
    text: [...body, '', storeName].join('\n'),
    html: htmlDocument('New affiliate application', body.map((line) => `<p>${escapeHtml(line)}</p>`).join('')),
  };
}
