// POST /api/admin/transactions/{id}/refund {amount?, reason} (docs/admin.md, 'Refunds'): admins only (ID
// token and admins record), rate limited, body validated; the answer carries the sale's refund state
// so the Sales panel shows what was stored, including another admin's refund under way.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { isRefundAmount, refundReasonMaxLength } from '../../domain/refunds';
import { actionFailed, saleActionRequest, saleNotFound } from '../admin/saleRoutes';
import { formatAmount } from '../orders/money';
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
  const refund: RequestHandler<{ id: string }> = async (req, res) => {
    const request = saleActionRequest(refundBodySchema, req, res);
    if (!request) return;
    try {
      const outcome = await refunds.requestRefund(request.id, request.body, request.adminUid);
      switch (outcome.kind) {
        case 'done':
          res.json({
            message: outcome.result === 'processed' ? refundMade : refundRequested,
            refund: outcome.refund,
          });
          return;
        case 'refused':
          res.status(422).json({ message: outcome.reason, refund: outcome.refund });
          return;
        case 'unreachable':
          res.status(502).json({ message: outcome.reason, refund: outcome.refund });
          return;
        case 'unconfirmed':
          res.status(409).json({ message: outcome.reason, refund: outcome.refund });
          return;
        case 'busy':
          res.status(409).json({ message: refundBusy, refund: outcome.refund });
          return;
        case 'tooMuch':
          res.status(409).json({
            message:
              outcome.left === 0
                ? refundedInFull
                : `At most ${formatAmount(outcome.left, outcome.currency)} is left to refund.`,
          });
          return;
        case 'notFound':
          res.status(404).json({ message: saleNotFound });
          return;
      }
    } catch (error) {
      logError(`Refund of ${req.params.id} failed`, error);
      res.status(500).json({ message: actionFailed });
    }
  };

  const router = Router();
  router.post('/:id/refund', limiter, requireAdmin, refund);
  return router;
}
