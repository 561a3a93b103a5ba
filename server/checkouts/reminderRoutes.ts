// GET /api/reminders/unsubscribe/{checkoutId}/{token}: a page with one button; POST (the button, or a
// mail client's one-click): the address of that checkout never gets a reminder again
// (docs/payments.md, 'Checkout reminders'). Pages, never JSON; the opt-outs service reads and writes.
import { Router } from 'express';
import { answerHttpErrors, handle, sendHttpError } from '../lib/httpErrors';
import { formPageCsp } from '../lib/httpSecurity';
import { optOutAnswers, optOutPage } from '../lib/optOutPages';
import { refuseReservedIds } from '../lib/reservedIds';
import type { ReminderOptOuts } from './reminderOptOuts';

export function createReminderRouter({
  optOuts,
  storeName,
  logError,
}: {
  optOuts: ReminderOptOuts;
  storeName: string;
  logError: (message: string, error: unknown) => void;
}): Router {
  const { notValid, failed, noStore } = optOutAnswers(storeName);

  const show = handle<{ checkoutId: string; token: string }>(async (req, res) => {
    // The page's button posts back here: the API's policy, allowing a form to its own origin.
    noStore(res).set('Content-Security-Policy', formPageCsp);
    if (!(await optOuts.addressFor(req.params.checkoutId, req.params.token))) throw notValid();
    res
      .type('html')
      .send(
        optOutPage(
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
        optOutPage(
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
