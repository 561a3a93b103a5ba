// /api/library (docs/library.md): a buyer's sign-in by e-mailed code or link, their purchases, opening
// one, its receipt, and signing out. Routes parse the request and check the session; the library
// service does the rest.
//
//   POST /sign-in                 {email}        mails a code and a link; the same answer for every address
//                                                (the link alone, {linkOnly: true}, after a day's wrong codes)
//   POST /sign-in/code            {email, code}  signs in -> the session in __session
//   POST /sign-in/link            {link}         the same with the e-mail's one-click link
//   GET  /purchases                              the address's purchases, newest first
//   POST /purchases/:id/open                     confirms this browser for it -> {url} of its download page
//   POST /purchases/:id/course                   the same -> {url} of its course player (404 without lessons)
//   GET  /purchases/:id/receipt                  the receipt PDF, made now
//   GET  /purchases/:id/license, POST /purchases/:id/license/:instanceId/deactivate   libraryLicenseRoutes.ts
//   GET  /memberships, POST /memberships/:id/cancel, /resume, /manage-link, /pay-by-transfer   libraryMembershipRoutes.ts
//   POST /sign-out                               ends this browser's session
//   POST /sign-out-everywhere                    ends every session of the address
import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { signInLinkOnlyAnswer, signInRequestAnswer } from '../../domain/library';
import { customerFields } from '../../domain/fieldRules';
import { ruleField } from '../lib/fieldSchema';
import { answerHttpErrors, failure, handle, jsonError, validate, type HttpError } from '../lib/httpErrors';
import { newDeviceId, type BrowserState, type SessionCookies } from '../lib/sessionCookie';
import type { Library } from './library';
import { createLibraryLicenseHandlers } from './libraryLicenseRoutes';
import { createLibraryMembershipHandlers, type LibraryPlans } from './libraryMembershipRoutes';
import type { LibraryRefusal } from './libraryPurchases';
import type { SessionOwner } from './sessions';
import type { SignInOutcome } from './signIns';

export const tooManyCodes = 'Too many codes for this address. Please wait an hour and try again.';
export const tooManyCodesToday = 'Too many codes for this address today. Please try again tomorrow.';
export const tooManyAttemptsToday = 'Too many attempts today; try again tomorrow.';
export const codeNotSent = 'The e-mail with your code could not be sent just now. Please try again in a minute.';
export const codeEnded = 'This code has expired or has already been used. Please ask for a new one.';
export const signInNeeded = 'Please sign in to see your library.';
export const notInLibrary = 'This purchase is not in your library.';
export const accessEnded = 'Access to this purchase has ended.';
export const noCourse = 'This purchase has no course to start.';

const signInBody = z.object({ email: ruleField(customerFields.email) });
const codeBody = z.object({
  email: ruleField(customerFields.email),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from the e-mail.' }),
});
const linkBody = z.object({ link: z.string().max(200) });

/** The library's refusal of a purchase as the buyer reads it: 404 not in the library, 410 access ended. */
function refusal(refused: LibraryRefusal): HttpError {
  if (refused.kind === 'notInLibrary') return jsonError(404, notInLibrary);
  if (refused.kind === 'ended') return jsonError(410, accessEnded);
  return jsonError(404, noCourse);
}

interface SignedIn {
  owner: SessionOwner;
  state: BrowserState;
}

const signInCheck = validate(signInBody);
const codeCheck = validate(codeBody);
const linkCheck = validate(linkBody);

/** Signing in to the library: a code asked for, then the code or the mailed link that sets the session. */
function createSignInHandlers({
  library,
  cookies,
  secureCookies,
}: {
  library: Library;
  cookies: SessionCookies;
  secureCookies: boolean;
}) {
  const answerSignIn = (res: Response, cookieHeader: string | undefined, outcome: SignInOutcome) => {
    if (outcome.kind === 'ended') throw jsonError(400, codeEnded);
    if (outcome.kind === 'tooManyToday') throw jsonError(429, tooManyAttemptsToday);
    if (outcome.kind === 'wrong') {
      const tries = outcome.triesLeft === 1 ? '1 try' : `${outcome.triesLeft} tries`;
      throw jsonError(400, `That code is not right. ${tries} left.`);
    }
    const deviceId = cookies.read(cookieHeader)?.deviceId ?? newDeviceId();
    res.append('Set-Cookie', cookies.write({ deviceId, librarySession: outcome.sessionId }, secureCookies));
    res.json({ email: outcome.email });
  };

  const requestCode = handle(
    async (req, res) => {
      const asked = await library.requestCode(signInCheck.of(req).email);
      if (asked.kind === 'tooManyCodes') {
        throw jsonError(429, asked.reason === 'hour' ? tooManyCodes : tooManyCodesToday);
      }
      // The usual answer is the same bytes for every address; the link-only one comes only after the
      // address's wrong codes of the day, which the code route has already said.
      res.json(asked.linkOnly ? { message: signInLinkOnlyAnswer, linkOnly: true } : { message: signInRequestAnswer });
    },
    (error) => failure('A library sign-in code could not be sent', error, 503, codeNotSent),
  );

  const withCode = handle(
    async (req, res) => {
      const { email, code } = codeCheck.of(req);
      answerSignIn(res, req.get('cookie'), await library.signInWithCode(email, code));
    },
    (error) => failure('A library sign-in failed', error, 500, 'Signing in failed. Please try again.'),
  );

  const withLink = handle(
    async (req, res) => {
      answerSignIn(res, req.get('cookie'), await library.signInWithLink(linkCheck.of(req).link));
    },
    (error) => failure('A library sign-in failed', error, 500, 'Signing in failed. Please try again.'),
  );

  return { requestCode, withCode, withLink };
}

export function createLibraryRouter({
  library,
  plans,
  cookies,
  secureCookies,
  signInLimiter,
  logError,
}: {
  library: Library;
  /** The buyer's membership and instalment plans (the memberships service). */
  plans: LibraryPlans;
  cookies: SessionCookies;
  secureCookies: boolean;
  /** The `signIn` limiter of server/lib/rateLimits.ts: per client, on every code asked for and tried. */
  signInLimiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  };

  /** The session of the request's cookie; 401 without a live one. */
  const signedIn = async (cookieHeader: string | undefined): Promise<SignedIn> => {
    const state = cookies.read(cookieHeader);
    const owner = await library.owner(state?.librarySession ?? null);
    if (!state || !owner) throw jsonError(401, signInNeeded);
    return { owner, state };
  };

  const { requestCode, withCode, withLink } = createSignInHandlers({ library, cookies, secureCookies });

  const listPurchases = handle(
    async (req, res) => {
      const { owner } = await signedIn(req.get('cookie'));
      res.json(await library.listFor(owner));
    },
    (error) =>
      failure('A library could not be listed', error, 500, 'Your library could not be loaded. Please try again.'),
  );

  const openPurchase = handle<{ id: string }>(
    async (req, res) => {
      const { owner, state } = await signedIn(req.get('cookie'));
      const opened = await library.open(owner, req.params.id, state.deviceId);
      if (opened.kind !== 'opened') throw refusal(opened);
      res.json({ url: opened.url });
    },
    (error, req) => failure(`Library open of ${req.params.id} failed`, error, 500, 'Please try again in a moment.'),
  );

  const openCourse = handle<{ id: string }>(
    async (req, res) => {
      const { owner, state } = await signedIn(req.get('cookie'));
      const opened = await library.openCourse(owner, req.params.id, state.deviceId);
      if (opened.kind !== 'opened') throw refusal(opened);
      res.json({ url: opened.url });
    },
    (error, req) =>
      failure(`Library course open of ${req.params.id} failed`, error, 500, 'Please try again in a moment.'),
  );

  const receipt = handle<{ id: string }>(
    async (req, res) => {
      const { owner } = await signedIn(req.get('cookie'));
      const made = await library.receiptFor(owner, req.params.id);
      if (made.kind !== 'receipt') throw refusal(made);
      const { pdf, reference } = made;
      const name = `receipt-${reference.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
      res.type('application/pdf').set('Content-Disposition', `attachment; filename="${name}"`).send(Buffer.from(pdf));
    },
    (error, req) =>
      failure(`Receipt of ${req.params.id} failed`, error, 500, 'The receipt could not be made. Please try again.'),
  );

  const { license, deactivate } = createLibraryLicenseHandlers({ library, signedIn, refusal });
  const memberships = createLibraryMembershipHandlers({ plans, signedIn });

  const signOut = (everywhere: boolean) =>
    handle(
      async (req, res) => {
        const { owner, state } = await signedIn(req.get('cookie'));
        if (everywhere) await library.signOutEverywhere(owner.emailKey);
        else if (state.librarySession) await library.signOut(state.librarySession);
        res.append('Set-Cookie', cookies.write({ deviceId: state.deviceId, librarySession: null }, secureCookies));
        res.json({ signedOut: true });
      },
      (error) => failure('A library sign-out failed', error, 500, 'Signing out failed. Please try again.'),
    );

  const router = Router();
  router.use(noStore);
  router.post('/sign-in', signInLimiter, signInCheck, requestCode);
  router.post('/sign-in/code', signInLimiter, codeCheck, withCode);
  router.post('/sign-in/link', signInLimiter, linkCheck, withLink);
  router.get('/purchases', listPurchases);
  router.post('/purchases/:id/open', openPurchase);
  router.post('/purchases/:id/course', openCourse);
  router.get('/purchases/:id/receipt', receipt);
  router.get('/purchases/:id/license', license);
  router.post('/purchases/:id/license/:instanceId/deactivate', deactivate);
  router.get('/memberships', memberships.list);
  router.post('/memberships/:id/cancel', memberships.cancel);
  router.post('/memberships/:id/resume', memberships.resume);
  router.post('/memberships/:id/manage-link', memberships.manageLink);
  router.post('/memberships/:id/pay-by-transfer', memberships.payByTransfer);
  router.post('/sign-out', signOut(false));
  router.post('/sign-out-everywhere', signOut(true));
  router.use(answerHttpErrors(logError));
  return router;
}
