// The admin's routes for e-mails to buyers (docs/emails.md, 'The admin's routes'): admins only (ID token
// and admins record), the admin rate limit first, bodies validated, every refusal a readable {message}.
//
//   GET  /api/admin/mailings                    -> {mailings: [...]} newest first, with counts
//   GET  /api/admin/mailings/{id}               -> {mailing: {...listed, body}} to reopen and edit
//   POST /api/admin/mailings                    {subject, body, audience} -> {id}
//   PUT  /api/admin/mailings/{id}               {subject, body, audience} -> the draft changed
//   POST /api/admin/mailings/count              {audience} -> {recipients}
//   POST /api/admin/mailings/{id}/test                     -> a copy to the admin's own address
//   POST /api/admin/mailings/{id}/send          {at?}      -> sent now, or at a Lagos time
import { Router, type RequestHandler } from 'express';
import { adminUidOf } from '../admin/saleRoutes';
import { answerHttpErrors, failure, handle, jsonError, schemaParser, validate } from '../lib/httpErrors';
import type { Mailings } from './mailings';
import { countBodySchema, isMailingId, mailingBodySchema, sendBodySchema } from './mailingSchemas';

export const mailingNotFound = 'This e-mail could not be found.';
export const mailingStarted = 'This e-mail is already being sent and can no longer be changed.';
export const mailingInPast = 'Choose a time that has not passed yet.';
export const noAdminAddress = 'Your admin account has no e-mail address to send the test to.';
export const testSent = 'A test copy was sent to your e-mail address.';
export const mailingFailed = 'Something went wrong. Please try again.';

type IdParams = { id: string };

const idCheck: RequestHandler<IdParams> = (req, _res, next) => {
  next(isMailingId(req.params.id) ? undefined : jsonError(404, mailingNotFound));
};

const failed = (what: string) => (error: unknown) => failure(`Mailing ${what} failed`, error, 500, mailingFailed);

export function createMailingRouter({
  mailings,
  requireAdmin,
  limiter,
  logError,
}: {
  mailings: Mailings;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const draftBody = validate(mailingBodySchema);
  const countBody = validate(countBodySchema);
  const sendBody = validate(schemaParser(sendBodySchema, { absentAs: {} }));

  const list = handle(async (_req, res) => {
    res.json({ mailings: await mailings.list() });
  }, failed('list'));

  const get = handle<IdParams>(async (req, res) => {
    const mailing = await mailings.get(req.params.id);
    if (!mailing) throw jsonError(404, mailingNotFound);
    res.json({ mailing });
  }, failed('read'));

  const create = handle(async (req, res) => {
    res.status(201).json({ id: await mailings.create(draftBody.of(req), adminUidOf(res)) });
  }, failed('create'));

  const update = handle<IdParams>(async (req, res) => {
    const outcome = await mailings.update(req.params.id, draftBody.of(req));
    if (outcome === 'notFound') throw jsonError(404, mailingNotFound);
    if (outcome === 'started') throw jsonError(409, mailingStarted);
    res.json({ id: req.params.id });
  }, failed('update'));

  const count = handle(async (req, res) => {
    res.json({ recipients: await mailings.count(countBody.of(req).audience) });
  }, failed('count'));

  const test = handle<IdParams>(
    async (req, res) => {
      const outcome = await mailings.testSend(req.params.id, adminUidOf(res));
      if (outcome === 'notFound') throw jsonError(404, mailingNotFound);
      if (outcome === 'noAddress') throw jsonError(409, noAdminAddress);
      res.json({ message: testSent });
    },
    (error) => failure('Mailing test send failed', error, 502, 'The test e-mail could not be sent. Please try again.'),
  );

  const send = handle<IdParams>(async (req, res) => {
    const outcome = await mailings.schedule(req.params.id, sendBody.of(req).at ?? null);
    if (outcome === 'notFound') throw jsonError(404, mailingNotFound);
    if (outcome === 'started') throw jsonError(409, mailingStarted);
    if (outcome === 'past') throw jsonError(400, mailingInPast);
    res.json({ id: req.params.id, status: 'scheduled' });
  }, failed('send'));

  const router = Router();
  router.get('/', limiter, requireAdmin, list);
  router.post('/', limiter, requireAdmin, draftBody, create);
  router.post('/count', limiter, requireAdmin, countBody, count);
  router.get('/:id', limiter, requireAdmin, idCheck, get);
  router.put('/:id', limiter, requireAdmin, idCheck, draftBody, update);
  router.post('/:id/test', limiter, requireAdmin, idCheck, test);
  router.post('/:id/send', limiter, requireAdmin, idCheck, sendBody, send);
  router.use(answerHttpErrors(logError));
  return router;
}
