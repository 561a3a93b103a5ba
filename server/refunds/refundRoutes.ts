// POST /api/admin/transactions/{id}/refund {amount?, reason} (docs/admin.md, 'Refunds'): admins only (ID
// token and admins record), rate limited, body validated; the answer carries the sale's refund state
// so the Sales panel shows what was stored, including another admin's refund under way.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { isRefundAmount, refundReasonMaxLength } from '../../domain/refunds';
import { adminUidOf, saleActionFailed, saleActionRequest, saleNotFound } from '../admin/saleRoutes';
import { answerHttpErrors, handle, jsonError } from '../lib/httpErrors';
import { formatPrice } from '../../domain/money';
import type { RefundService } from './refundService';

export const refundMade = 'Refund made.';
export const refundRequested = 'Refund requested: the provider is processing it.';
export const refundBusy = 'Another refund of this sale is under way. Its result shows here once the provider answers.';
export const refundedInFull = 'This sale has been refunded in full.';

export const refundBodySchema = z.object({
  amount: z
    .number({ error: 'The amount must be a number.' })
    .refine(isRefundAmount, { error: 'The amount must be more than 0, with at most two decimals.' })
    .optional(),
  reason: z
    .string({ error: 'Please give a reason for the refund.' })
    .trim()
    .min(1, { error: 'Please give a reason for the refund.' })
    .max(refundReasonMaxLength, { error: `The reason may be at most ${refundReasonMaxLength} characters.` }),
});

export function createRefundRouter({
  requireAdmin,
  refunds,
  limiter,
  logError,
}: {
  requireAdmin: RequestHandler;
  refunds: RefundService;
  /** The admin rate limit, first so guessing tokens is limited too. */
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const refundRequest = saleActionRequest(refundBodySchema);

  const refund = handle<{ id: string }>(async (req, res) => {
    const body = refundRequest.of(req);
    const outcome = await refunds.requestRefund(req.params.id, body, adminUidOf(res));
    switch (outcome.kind) {
      case 'done':
        res.json({
          message: outcome.result === 'processed' ? refundMade : refundRequested,
          refund: outcome.refund,
        });
        return;
      case 'refused':
        throw jsonError(422, outcome.reason, { refund: outcome.refund });
      case 'unreachable':
        throw jsonError(502, outcome.reason, { refund: outcome.refund });
      case 'unconfirmed':
        throw jsonError(409, outcome.reason, { refund: outcome.refund });
      case 'busy':
        throw jsonError(409, refundBusy, { refund: outcome.refund });
      case 'tooMuch':
        throw jsonError(
          409,
          outcome.left === 0
            ? refundedInFull
            : `At most ${formatPrice(outcome.left, outcome.currency)} is left to refund.`,
        );
      case 'notFound':
        throw jsonError(404, saleNotFound);
    }
  }, saleActionFailed('Refund'));

  const router = Router();
  router.post('/:id/refund', limiter, requireAdmin, ...refundRequest.checks, refund);
  router.use(answerHttpErrors(logError));
  return router;
}
