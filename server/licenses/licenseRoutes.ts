// The public license API (docs/licenses.md): POST /api/licenses/activate, /validate and /deactivate,
// which the tools the store sells call from desktops and browsers. CORS is open on these routes only;
// each call is rate limited per client and per key. A key of another product answers exactly as a key
// that does not exist, so no answer tells whether a key exists for another product.
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../../domain/textSafety';
import { answerHttpErrors, failure, handle, jsonError, validate } from '../lib/httpErrors';
import type { LicenseService } from './licenseService';

export const unknownKey = 'This license key is not valid for this product.';
export const keyDisabled = 'This license key is disabled.';
export const keyPending = 'This license key has not been issued yet.';
export const instanceUnknown = 'This activation could not be found for this license key.';
export const licenseFailed = 'The license could not be checked. Please try again.';

export const instanceNameMaxLength = 100;

const text = (label: string, max: number) =>
  z
    .string({ error: `Give the ${label}.` })
    .trim()
    .min(1, { error: `Give the ${label}.` })
    .max(max, { error: `The ${label} may be at most ${max} characters.` });

const keyFields = { license_key: text('license_key', 200), product_id: text('product_id', 200) };

export const activateSchema = z.object({
  ...keyFields,
  instance_name: text('instance_name', instanceNameMaxLength).refine((name) => !hasForbiddenCharacters(name), {
    error: forbiddenCharactersMessage('The instance_name'),
  }),
});
export const validateSchema = z.object({ ...keyFields, instance_id: text('instance_id', 100).optional() });
export const deactivateSchema = z.object({ ...keyFields, instance_id: text('instance_id', 100) });

/** CORS for the license API only: any origin may call it (tools run anywhere); no cookies are used. */
export const licenseCors: RequestHandler = (req, res, next) => {
  res.set('Access-Control-Allow-Origin', '*');
  res.set('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.method === 'OPTIONS') {
    res.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.set('Access-Control-Allow-Headers', 'Content-Type');
    res.set('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  next();
};

/** Why a found key is refused: its plan's end in words when that is why, else its status. */
const refusalOf = ({ license, ended }: { license: { status: string }; ended?: string }) =>
  ended ?? (license.status === 'pending' ? keyPending : keyDisabled);

export function createLicenseRouter({
  service,
  clientLimiter,
  keyLimiter,
  logError,
}: {
  service: LicenseService;
  /** Per client (server/lib/rateLimits.ts), first, so malformed calls count too. */
  clientLimiter: RequestHandler;
  /** Per license key, once the body is parsed. */
  keyLimiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const failed = (what: string) => (error: unknown) => failure(`License ${what} failed`, error, 500, licenseFailed);

  const activateCheck = validate(activateSchema);
  const validateCheck = validate(validateSchema);
  const deactivateCheck = validate(deactivateSchema);

  const activate = handle(async (req, res) => {
    const body = activateCheck.of(req);
    const outcome = await service.activate({
      licenseKey: body.license_key,
      productId: body.product_id,
      instanceName: body.instance_name,
    });
    if (outcome.kind === 'unknown') throw jsonError(404, unknownKey, { activated: false });
    const answer = { activated: outcome.activated, instance_id: outcome.instanceId, license: outcome.license };
    if (outcome.activated) {
      res.json(answer);
      return;
    }
    if (outcome.license.status !== 'active') throw jsonError(403, refusalOf(outcome), answer);
    throw jsonError(
      409,
      `This license key is already activated on ${outcome.license.activation_limit} machines, its limit. Deactivate one first.`,
      answer,
    );
  }, failed('activation'));

  const check = handle(async (req, res) => {
    const body = validateCheck.of(req);
    const outcome = await service.validate({
      licenseKey: body.license_key,
      productId: body.product_id,
      ...(body.instance_id === undefined ? {} : { instanceId: body.instance_id }),
    });
    if (outcome.kind === 'unknown') throw jsonError(404, unknownKey, { valid: false });
    const message = outcome.valid
      ? {}
      : { message: outcome.license.status !== 'active' ? refusalOf(outcome) : instanceUnknown };
    res.json({ valid: outcome.valid, license: outcome.license, ...message });
  }, failed('validation'));

  const deactivate = handle(async (req, res) => {
    const body = deactivateCheck.of(req);
    const outcome = await service.deactivate({
      licenseKey: body.license_key,
      productId: body.product_id,
      instanceId: body.instance_id,
    });
    if (outcome.kind === 'unknown') throw jsonError(404, unknownKey, { deactivated: false });
    if (!outcome.deactivated) throw jsonError(404, instanceUnknown, { deactivated: false, license: outcome.license });
    res.json({ deactivated: true, license: outcome.license });
  }, failed('deactivation'));

  const router = Router();
  router.post('/activate', clientLimiter, activateCheck, keyLimiter, activate);
  router.post('/validate', clientLimiter, validateCheck, keyLimiter, check);
  router.post('/deactivate', clientLimiter, deactivateCheck, keyLimiter, deactivate);
  router.use(answerHttpErrors(logError));
  return router;
}
