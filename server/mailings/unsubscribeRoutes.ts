// GET /api/unsubscribe/{mailingId}/{recipientKey}/{token} (or /sequence/{sendId}/{token}): a page with one button (mail scanners open
// links; only a POST unsubscribes). POST (the button, the footer's link through it, or a mail client's
// RFC 8058 one-click with `List-Unsubscribe=One-Click`): the address gets no e-mail to buyers and no
// checkout reminder again (docs/emails.md, 'Unsubscribing'). Pages, never JSON.
import { Router, type Response } from 'express';
import { HttpError, answerHttpErrors, handle, sendHttpError } from '../lib/httpErrors';
import { formPageCsp } from '../lib/httpSecurity';
import { refuseReservedIds } from '../lib/reservedIds';
import { escapeHtml } from '../mail/html';
import type { UnsubscribeLink, Unsubscribes } from './unsubscribes';

export const unsubscribeButton = 'Unsubscribe';

function page(storeName: string, title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} — ${escapeHtml(storeName)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#067647;color:#fff;cursor:pointer}button:focus-visible{outline:2px solid #0f172a;outline-offset:2px}</style>',
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

type LinkParams = { mailingId?: string; recipientKey?: string; sendId?: string; token: string };

/** The link a route's path names: a sequence's when it has a send id, else a mailing's. */
function linkOf(params: LinkParams): UnsubscribeLink {
  const { token } = params;
  return params.sendId !== undefined
    ? { kind: 'sequence', sendId: params.sendId, token }
    : { kind: 'mailing', mailingId: params.mailingId ?? '', recipientKey: params.recipientKey ?? '', token };
}

export function createUnsubscribeRouter({
  unsubscribes,
  storeName,
  logError,
}: {
  unsubscribes: Unsubscribes;
  storeName: string;
  logError: (message: string, error: unknown) => void;
}): Router {
  const notValid = () =>
    new HttpError(404, {
      html: page(storeName, 'This link is not valid', '<p>The link you opened does not exist or has been changed.</p>'),
    });
  const failed = (logMessage: string) => (error: unknown) =>
    new HttpError(
      500,
      { html: page(storeName, 'Something went wrong', '<p>Please try again.</p>') },
      { message: logMessage, error },
    );
  // No Referer carrying the link's token to another origin. 'same-origin' rather than 'no-referrer':
  // under no-referrer browsers send the page's own button (a form post) with `Origin: null`.
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'same-origin');

  const show = handle<LinkParams>(async (req, res) => {
    // The page's button posts back here: the API's policy, allowing a form to its own origin.
    noStore(res).set('Content-Security-Policy', formPageCsp);
    if (!(await unsubscribes.addressFor(linkOf(req.params)))) throw notValid();
    res
      .type('html')
      .send(
        page(
          storeName,
          'Unsubscribe',
          `<p>Press the button and this address will get no more e-mails from ${escapeHtml(storeName)} about new products and updates, and no reminders. Receipts and the links to what you bought still come.</p><form method="post"><button type="submit">${unsubscribeButton}</button></form>`,
        ),
      );
  }, failed('Unsubscribe page failed'));

  const unsubscribe = handle<LinkParams>(async (req, res) => {
    noStore(res);
    if (!(await unsubscribes.unsubscribe(linkOf(req.params)))) throw notValid();
    res
      .type('html')
      .send(
        page(
          storeName,
          'You are unsubscribed',
          '<p>This address will get no more e-mails like this one. You can subscribe again from your library.</p>',
        ),
      );
  }, failed('Unsubscribe failed'));

  const router = Router();
  router.use(refuseReservedIds((res) => sendHttpError(notValid(), noStore(res), logError)));
  // A sequence's links first: their first segment would otherwise read as a mailing id.
  router.get('/sequence/:sendId/:token', show);
  router.post('/sequence/:sendId/:token', unsubscribe);
  router.get('/:mailingId/:recipientKey/:token', show);
  router.post('/:mailingId/:recipientKey/:token', unsubscribe);
  router.use(answerHttpErrors(logError));
  return router;
}
