// /api/memberships (docs/memberships.md, 'Renewal by transfer'): the link a plan's e-mails and the
// library give to pay its next period by transfer.
//
//   GET  /:id/pay/:token   303 to Paystack's checkout page for one period; a page in words otherwise
//   POST /:id/pay/:token   demo mode only: the page's demo payment, then 303 to the library
import { Router } from 'express';
import { escapeHtml, htmlDocument } from '../mail/html';
import { answerHttpErrors, handle, HttpError, type ErrorLog } from '../lib/httpErrors';
import type { TransferRenewals } from './transferRenewals';

export const noSuchPlanLink = 'This payment link is not valid. Open your library to pay your membership.';
export const transferUnavailable = 'The payment page could not be opened just now. Please try again in a minute.';

/** The demo payment's page: no money is taken, said before the one button that pays. */
function demoPage(amount: string): string {
  return htmlDocument(
    'Pay your membership (demo)',
    [
      '<p><strong>Demo payment: no money is taken.</strong></p>',
      `<form method="post"><button type="submit">Complete demo payment of ${escapeHtml(amount)}</button></form>`,
    ].join(''),
  );
}

function page(status: number, message: string, libraryUrl: string, log: ErrorLog | null = null): HttpError {
  const body = `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(libraryUrl)}">Open your library</a></p>`;
  return new HttpError(status, { html: htmlDocument('Your membership', body) }, log);
}

export function createMembershipRouter({
  transfers,
  libraryUrl,
  logError,
}: {
  transfers: Pick<TransferRenewals, 'start' | 'payDemo'>;
  libraryUrl: string;
  logError: (message: string, error: unknown) => void;
}) {
  const pay = handle<{ id: string; token: string }>(
    async (req, res) => {
      const started = await transfers.start(req.params.id, req.params.token);
      if (started.kind === 'missing') throw page(404, noSuchPlanLink, libraryUrl);
      if (started.kind === 'refused') throw page(409, started.reason, libraryUrl);
      res.set('Cache-Control', 'private, no-store');
      if (started.kind === 'demo') {
        res.type('html').send(demoPage(started.amount));
        return;
      }
      res.redirect(303, started.url);
    },
    (error, req) =>
      page(502, transferUnavailable, libraryUrl, {
        message: `Transfer renewal of ${req.params.id} could not start`,
        error,
      }),
  );
  const payDemo = handle<{ id: string; token: string }>(
    async (req, res) => {
      const paid = await transfers.payDemo(req.params.id, req.params.token);
      if (paid.kind === 'missing') throw page(404, noSuchPlanLink, libraryUrl);
      if (paid.kind !== 'paid')
        throw page(409, paid.kind === 'refused' ? paid.reason : transferUnavailable, libraryUrl);
      res.redirect(303, libraryUrl);
    },
    (error, req) =>
      page(500, transferUnavailable, libraryUrl, { message: `Demo renewal of ${req.params.id} failed`, error }),
  );

  const router = Router();
  router.get('/:id/pay/:token', pay);
  router.post('/:id/pay/:token', payDemo);
  router.use(answerHttpErrors(logError));
  return router;
}
