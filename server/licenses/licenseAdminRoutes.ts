// The seller's license key actions (docs/licenses.md): admins only (server/admin/requireAdmin.ts, given
// in), rate limited, bodies validated, every failure a readable {message}.
//
//   POST /api/admin/transactions/{id}/license/reset            -> activations cleared
//   POST /api/admin/transactions/{id}/license/status {disabled} -> the key disabled or enabled
//   POST /api/admin/transactions/{id}/license/replace          -> a new key, e-mailed to the buyer
//   POST /api/admin/products/{productId}/license-pool {keys}   -> keys added to the pool; each refused
//                                                                 key with its reason ({key, reason})
//   GET  /api/admin/products/{productId}/license-pool          -> {left}: pool keys no sale has taken
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { answerHttpErrors, failure, handle, jsonError, validate, schemaParser } from '../lib/httpErrors';
import type { LicenseAdmin } from './licenseAdmin';
import { maxPoolKeyLength, maxPoolKeysPerUpload } from './licenseAdmin';

export const noKey = 'This sale has no license key to change.';
const actionFailed = 'Something went wrong. Please try again.';

const idShape = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$/;
const idCheck: RequestHandler<{ id: string }> = (req, _res, next) => {
  next(idShape.test(req.params.id) && !req.params.id.startsWith('__') ? undefined : jsonError(404, noKey));
};
const statusSchema = z.object({ disabled: z.boolean({ error: 'Say whether the key is disabled (true or false).' }) });
const poolSchema = z.object({
  keys: z.string({ error: 'Paste the keys, one per line.' }).max(2_000_000, { error: 'Too many keys at once.' }),
});

export function createLicenseAdminRouter({
  requireAdmin,
  admin,
  limiter,
  logError,
}: {
  requireAdmin: RequestHandler;
  admin: LicenseAdmin;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const failed = (what: string) => (error: unknown) => failure(`License ${what} failed`, error, 500, actionFailed);
  const empty = validate(schemaParser(z.object({}), { absentAs: {} }));
  const statusCheck = validate(statusSchema);
  const poolCheck = validate(poolSchema);

  const reset = handle<{ id: string }>(async (req, res) => {
    if (!(await admin.resetActivations(req.params.id))) throw jsonError(404, noKey);
    res.json({ message: 'Activations reset: the key has all its seats free.' });
  }, failed('reset'));

  const status = handle<{ id: string }>(async (req, res) => {
    const { disabled } = statusCheck.of(req);
    if (!(await admin.setDisabled(req.params.id, disabled))) throw jsonError(404, noKey);
    res.json({ message: disabled ? 'License key disabled.' : 'License key enabled.' });
  }, failed('status change'));

  const replace = handle<{ id: string }>(async (req, res) => {
    const replaced = await admin.replaceKey(req.params.id);
    if (!replaced) throw jsonError(404, noKey);
    res.json({
      message: replaced.mailed
        ? 'Key replaced; the buyer has been e-mailed the new one.'
        : 'Key replaced, but the e-mail to the buyer could not be sent. Please try again.',
      key: replaced.key,
    });
  }, failed('replacement'));

  const pool = handle<{ id: string }>(async (req, res) => {
    const outcome = await admin.addToPool(req.params.id, poolCheck.of(req).keys);
    if (outcome.kind === 'empty') throw jsonError(400, 'Paste the keys, one per line.');
    if (outcome.kind === 'tooMany')
      throw jsonError(400, `Add at most ${maxPoolKeysPerUpload.toLocaleString('en-GB')} keys at once.`);
    if (outcome.kind === 'tooLong') throw jsonError(400, `A key has at most ${maxPoolKeyLength} characters.`);
    const keys = (n: number) => `${n} ${n === 1 ? 'key' : 'keys'}`;
    const refused = outcome.duplicates
      ? ` ${keys(outcome.duplicates)} refused as ${outcome.duplicates === 1 ? 'a duplicate' : 'duplicates'}.`
      : '';
    res.json({
      message: `${keys(outcome.added)} added; ${outcome.left} left in the pool.${refused}`,
      added: outcome.added,
      duplicates: outcome.duplicates,
      refused: outcome.refused,
      left: outcome.left,
      sent: outcome.sent,
    });
  }, failed('pool upload'));

  const poolCount = handle<{ id: string }>(async (req, res) => {
    res.set('Cache-Control', 'private, no-store');
    res.json({ left: await admin.poolLeft(req.params.id) });
  }, failed('pool count'));

  const router = Router();
  router.post('/transactions/:id/license/reset', limiter, requireAdmin, empty, idCheck, reset);
  router.post('/transactions/:id/license/status', limiter, requireAdmin, statusCheck, idCheck, status);
  router.post('/transactions/:id/license/replace', limiter, requireAdmin, empty, idCheck, replace);
  router.post('/products/:id/license-pool', limiter, requireAdmin, poolCheck, idCheck, pool);
  router.get('/products/:id/license-pool', limiter, requireAdmin, idCheck, poolCount);
  router.use(answerHttpErrors(logError));
  return router;
}
