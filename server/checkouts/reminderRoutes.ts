// GET /api/reminders/unsubscribe/{checkoutId}/{token}: a page with one button; POST (the button, or a
// mail client's one-click): the address of that checkout never gets a reminder again
// (docs/payments.md, 'Checkout reminders'). Pages, never JSON; the opt-outs service reads and writes.
import { Router, type Response } from 'express';
import { HttpError, answerHttpErrors, handle, sendHttpError } from '../lib/httpErrors';
import { formPageCsp } from '../lib/httpSecurity';
import { refuseReservedIds } from '../lib/reservedIds';
import { escapeHtml } from '../mail/html';
import type { ReminderOptOuts } from './reminderOptOuts';

function page(storeName: string, title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} — ${escapeHtml(storeName)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#067647;color:#fff;cursor:pointer}button:focus-visible{outline:2px solid #0f172a;outline-offset:2px}</style>',
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

export function createReminderRouter({
  optOuts,
  storeName,
  logError,
}: {
  optOuts: ReminderOptOuts;
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

  const show = handle<{ checkoutId: string; token: string }>(async (req, res) => {
    // The page's button posts back here: the API's policy, allowing a form to its own origin.
    noStore(res).set('Content-Security-Policy', formPageCsp);
    if (!(await optOuts.addressFor(req.params.checkoutId, req.params.token))) throw notValid();
    res
      .type('html')
      .send(
        page(
          storeName,
          'Stop reminders',
          `<p>We send one reminder when a purchase is left unfinished. Press the button and this address will never get one again.</p><form method="post"><button type="submit">Never send me reminders</button></form>`,
        ),
      );
  }, failed('Reminder unsubscribe page failed'));

  const unsubscribe = handle<{ checkoutId: string; token: string }>(async (req, res) => {
    noStore(res);
    const email = await optOuts.addressFor(req.params.checkoutId, req.params.token);
    if (!email) throw notValid();
    await optOuts.optOut(email);
    res
      .type('html')
      .send(
        page(
          storeName,
          'You will get no more reminders',
          '<p>This address will never get a reminder from us again.</p>',
        ),
      );
  }, failed('Reminder unsubscribe failed'));

  const router = Router();
  // A checkout id Firestore reserves ('__x__') is not a link we sent: the same page as any other.
  router.use(refuseReservedIds((res) => sendHttpError(notValid(), noStore(res), logError)));
  router.get('/unsubscribe/:checkoutId/:token', show);
  router.post('/unsubscribe/:checkoutId/:token', unsubscribe);
  router.use(answerHttpErrors(logError));
  return router;
}
