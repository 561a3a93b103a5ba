// The small pages of the links in e-mails that stop e-mails (the seller's e-mails to buyers and the
// abandoned-checkout reminder, docs/emails.md): one plain page with one heading, their refusals as
// such pages, and the headers every answer of theirs carries.
import type { Response } from 'express';
import { escapeHtml } from '../mail/html';
import { HttpError } from './httpErrors';

/** A whole page: the title as its heading, then `body` (HTML the caller escaped). */
export function optOutPage(storeName: string, title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} — ${escapeHtml(storeName)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#067647;color:#fff;cursor:pointer}button:focus-visible{outline:2px solid #0f172a;outline-offset:2px}</style>',
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

/** A link that is not (or no longer) valid, a failure as a page, and the headers of every answer. */
export function optOutAnswers(storeName: string) {
  return {
    notValid: () =>
      new HttpError(404, {
        html: optOutPage(
          storeName,
          'This link is not valid',
          '<p>The link you opened does not exist or has been changed.</p>',
        ),
      }),
    failed: (logMessage: string) => (error: unknown) =>
      new HttpError(
        500,
        { html: optOutPage(storeName, 'Something went wrong', '<p>Please try again.</p>') },
        { message: logMessage, error },
      ),
    // No Referer carrying the link's token to another origin. 'same-origin' rather than 'no-referrer':
    // under no-referrer browsers send the page's own button (a form post) with `Origin: null`.
    noStore: (res: Response) => res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'same-origin'),
  };
}
