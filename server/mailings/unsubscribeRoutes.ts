// GET /api/unsubscribe/{mailingId}/{recipientKey}/{token} (or /sequence/{sendId}/{token}): a page with one button (mail scanners open
// links; only a POST unsubscribes). POST (the button, the footer's link through it, or a mail client's
// RFC 8058 one-click with `List-Unsubscribe=One-Click`): the address gets no e-mail to buyers and no
// checkout reminder again (docs/emails.md, 'Unsubscribing'). Pages, never JSON.
import { Router } from 'express';
import { answerHttpErrors, handle, sendHttpError } from '../lib/httpErrors';
import { formPageCsp } from '../lib/httpSecurity';
import { optOutAnswers, optOutPage } from '../lib/optOutPages';
import { refuseReservedIds } from '../lib/reservedIds';
import { escapeHtml } from '../mail/html';
import type { UnsubscribeLink, Unsubscribes } from './unsubscribes';

export const unsubscribeButton = 'Unsubscribe';

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
  const { notValid, failed, noStore } = optOutAnswers(storeName);

  const show = handle<LinkParams>(async (req, res) => {
    // The page's button posts back here: the API's policy, allowing a form to its own origin.
    noStore(res).set('Content-Security-Policy', formPageCsp);
    if (!(await unsubscribes.addressFor(linkOf(req.params)))) throw notValid();
    res
      .type('html')
      .send(
        optOutPage(
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
        optOutPage(
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
