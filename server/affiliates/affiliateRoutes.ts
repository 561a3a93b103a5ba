// The affiliate program's routes (docs/affiliates.md). They parse and authorize; the services do the work.
//
//   GET  /api/affiliates/program                 -> {on, percent, windowDays}
//   GET  /api/affiliates/banks                   -> {banks: [{code, name}]} (Paystack's, cached)
//   GET  /api/affiliates/applicant               -> {email, applied} of the signed-in address (401 otherwise)
//   POST /api/affiliates/resolve-account {bankCode, accountNumber} -> {accountName} (signed in, 401 otherwise)
//   POST /api/affiliates/apply {name, phone, promotion, payout} -> 201 {code, status, message}, under the
//                                                 signed-in address (the library's mailed-code sign-in; 401 otherwise)
//   POST /api/affiliates/{code}/click            -> {accepted, windowDays} (once per visitor and day)
//   GET  /api/affiliates/me                      -> the signed-in affiliate's page (401 otherwise)
//   GET  /api/admin/affiliates                   -> {affiliates, commissions} (admins)
//   POST /api/admin/affiliates/{code}/approve|pause|remove, /commission {percent|null} (admins)
//   POST /api/admin/affiliates/commissions/batch -> {batchId, count, held, csv, message} (admins)
import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  answerHttpErrors,
  failure,
  handle,
  jsonError,
  schemaParser,
  validate,
  type HttpError,
} from '../lib/httpErrors';
import { ProviderUnavailableError } from '../payments/providerErrors';
import { AffiliateRefusedError, type Affiliates, type Affiliate } from './affiliates';
import type { createAffiliatePage } from './affiliatePage';
import {
  affiliateCodeParam,
  applyBodySchema,
  batchBodySchema,
  commissionBodySchema,
  resolveBodySchema,
} from './affiliateSchemas';
import type { Commissions } from './commissions';
import { keptAnswers } from '../lib/keptAnswers';
import { z as zod } from 'zod';

const tryAgain = 'Something went wrong. Please try again.';
export const signInToSee = 'Please sign in with the e-mail address you applied with.';
export const signInToApply = 'Please sign in with your e-mail address first: we e-mail you a code.';
export const notAnAffiliate = 'This e-mail address has no affiliate account. Apply on the affiliates page.';

function refusal(what: string) {
  return (error: unknown): HttpError => {
    if (error instanceof AffiliateRefusedError) return jsonError(error.status, error.message);
    if (error instanceof ProviderUnavailableError) {
      return failure(
        `${what}: Paystack unreachable`,
        error,
        503,
        'Paystack could not be reached. Please try again in a minute.',
      );
    }
    return failure(`${what} failed`, error, 500, tryAgain);
  };
}

const resolveCheck = validate(resolveBodySchema);
const applyCheck = validate(applyBodySchema);
const batchCheck = validate(schemaParser(batchBodySchema, { absentAs: {} }));
const commissionCheck = validate(commissionBodySchema);

const codeCheck: RequestHandler<{ code: string }> = (req, _res, next) => {
  next(affiliateCodeParam.test(req.params.code) ? undefined : jsonError(404, 'No such affiliate.'));
};

/** What the admin panel lists: everything but the full account number, which only batch payouts use. */
function forPanel(affiliate: Affiliate) {
  const { bank } = affiliate;
  return {
    code: affiliate.code,
    name: affiliate.name,
    email: affiliate.email,
    emailKey: affiliate.emailKey,
    phone: affiliate.phone,
    promotion: affiliate.promotion,
    status: affiliate.status,
    commissionPercent: affiliate.commissionPercent,
    bank: bank ? { code: bank.code, name: bank.name, accountName: bank.accountName, last4: bank.last4 } : null,
    subaccountCode: affiliate.subaccountCode,
    paypalEmail: affiliate.paypalEmail,
    createdAt: affiliate.createdAt,
  };
}

/** What the seller reads after a batch: how many were marked paid, and how many were held back. */
export function batchMessage({ count, held }: { count: number; held: number }): string {
  const paid =
    count === 0
      ? held === 0
        ? 'No commission is payable yet.'
        : 'No commission was marked paid.'
      : `${count} ${count === 1 ? 'commission' : 'commissions'} marked paid.`;
  if (held === 0) return paid;
  const heldWords =
    held === 1
      ? '1 commission was held back: its sale is disputed or its access revoked.'
      : `${held} commissions were held back: their sales are disputed or their access revoked.`;
  return `${paid} ${heldWords}`;
}

/** How long the program's public summary is kept before settings are read again. */
export const programCacheMs = 60_000;

export function createAffiliateRouter({
  affiliates,
  page,
  signedInEmail,
  applyLimiter,
  clickLimiter,
  logError,
}: {
  affiliates: Affiliates;
  page: ReturnType<typeof createAffiliatePage>;
  /** The address of the browser's library session (the same mailed-code sign-in), or null. */
  signedInEmail: (req: Pick<Request, 'get'>) => Promise<string | null>;
  applyLimiter: RequestHandler;
  clickLimiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const router = Router();
  // Every page's footer asks: one settings read a minute per API instance, not one a page view
  // (docs/performance.md, reads per view); the seller's change shows within the minute.
  const program = keptAnswers<'program', { on: boolean; percent: number; windowDays: number }>(programCacheMs, 1);
  router.get(
    '/program',
    handle(async (_req, res) => {
      const answer = program.get('program', () =>
        affiliates.settings().then(({ on, percent, windowDays }) => ({ on, percent, windowDays })),
      );
      res.set('Cache-Control', `public, max-age=${programCacheMs / 1000}`);
      res.json(await answer);
    }, refusal('Affiliate program')),
  );
  router.get(
    '/banks',
    handle(async (_req, res) => {
      res.json({ banks: await affiliates.banks() });
    }, refusal('Bank list')),
  );
  // The applicant's address, proved by the mailed-code sign-in, in res.locals.applicant; a stranger
  // is refused (401) before anything else is looked at.
  const applicant = handle(async (req, res, next) => {
    const email = await signedInEmail(req);
    if (!email) throw jsonError(401, signInToApply);
    res.locals.applicant = email;
    next();
  }, refusal('Affiliate sign-in'));
  const applicantOf = (res: Response) => String(res.locals.applicant);
  router.get(
    '/applicant',
    applicant,
    handle(async (_req, res) => {
      const email = applicantOf(res);
      res.set('Cache-Control', 'no-store').json({ email, applied: (await affiliates.byEmail(email)) !== null });
    }, refusal('Affiliate applicant')),
  );
  router.post(
    '/resolve-account',
    applyLimiter,
    applicant,
    resolveCheck,
    handle(async (req, res) => {
      const { bankCode, accountNumber } = resolveCheck.of(req);
      res.json({ accountName: await affiliates.resolveAccount(bankCode, accountNumber) });
    }, refusal('Account resolution')),
  );
  router.post(
    '/apply',
    applyLimiter,
    applicant,
    applyCheck,
    handle(async (req, res) => {
      const body = applyCheck.of(req);
      const { code, status } = await affiliates.apply({ ...body, email: applicantOf(res) });
      res.status(201).json({
        code,
        status,
        message:
          status === 'approved'
            ? 'You are approved. We have e-mailed you how to find your links.'
            : 'Thank you. We have e-mailed you, and will again when the seller approves your application.',
      });
    }, refusal('Affiliate application')),
  );
  router.post(
    '/:code/click',
    clickLimiter,
    codeCheck,
    handle<{ code: string }>(async (req, res) => {
      const visitor = { address: req.ip ?? null, userAgent: req.get('user-agent') ?? '' };
      res.json(await affiliates.click(req.params.code.toUpperCase(), visitor));
    }, refusal('Affiliate click')),
  );
  router.get(
    '/me',
    handle(async (req, res) => {
      const email = await signedInEmail(req);
      if (!email) throw jsonError(401, signInToSee);
      const answer = await page(email);
      if (!answer) throw jsonError(404, notAnAffiliate);
      res.set('Cache-Control', 'no-store').json(answer);
    }, refusal('Affiliate page')),
  );
  router.use(answerHttpErrors(logError));
  return router;
}

export function createAffiliateAdminRouter({
  affiliates,
  commissions,
  requireAdmin,
  limiter,
  logError,
}: {
  affiliates: Affiliates;
  commissions: Commissions;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const router = Router();
  const empty = validate(schemaParser(zod.object({}), { absentAs: {} }));
  router.use(limiter, requireAdmin);
  router.get(
    '/',
    handle(async (_req, res) => {
      const [list, ledger] = await Promise.all([affiliates.list(), commissions.list()]);
      res.set('Cache-Control', 'no-store').json({ affiliates: list.map(forPanel), commissions: ledger });
    }, refusal('Affiliate list')),
  );
  router.post(
    '/commissions/batch',
    batchCheck,
    handle(async (req, res) => {
      const only = batchCheck.of(req);
      const outcome = await commissions.markBatchPaid(async (code) => {
        const affiliate = await affiliates.byCode(code);
        if (!affiliate) return null;
        const payTo = affiliate.paypalEmail
          ? `PayPal ${affiliate.paypalEmail}`
          : affiliate.bank
            ? `${affiliate.bank.name} ${affiliate.bank.accountNumber} (${affiliate.bank.accountName})`
            : '';
        return { name: affiliate.name, payTo };
      }, only);
      res.json({ ...outcome, message: batchMessage(outcome) });
    }, refusal('Commission batch')),
  );
  const action = (name: 'approve' | 'pause' | 'remove', done: string) =>
    router.post(
      `/:code/${name}`,
      empty,
      codeCheck,
      handle<{ code: string }>(
        async (req, res) => {
          await affiliates[name](req.params.code);
          res.json({ message: done });
        },
        refusal(`Affiliate ${name}`),
      ),
    );
  action('approve', 'Affiliate approved and e-mailed.');
  action('pause', 'Affiliate paused and e-mailed.');
  action('remove', 'Affiliate removed and e-mailed.');
  router.post(
    '/:code/commission',
    commissionCheck,
    codeCheck,
    handle<{ code: string }>(async (req, res) => {
      const { percent } = commissionCheck.of(req);
      await affiliates.setCommission(req.params.code, percent);
      res.json({
        message: percent === null ? 'Commission set to the store’s default.' : `Commission set to ${percent}%.`,
      });
    }, refusal('Affiliate commission')),
  );
  router.use(answerHttpErrors(logError));
  return router;
}
