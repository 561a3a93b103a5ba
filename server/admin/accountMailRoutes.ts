// /api/admin-account (docs/admin.md): the admin account e-mails, sent by the API over the store's SMTP.
//
//   POST /password-reset      {email}                 mails a reset link when an account has the address;
//                                                      the same answer, in the same time, either way
//   POST /verification-email  Authorization: Bearer   mails the signed-in account a verification link
//
// Both are limited per client (`accountMail`) and per address mailed (`accountMailAddress`,
// server/lib/rateLimits.ts).
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { customerFields } from '../../domain/fieldRules';
import { ruleField } from '../lib/fieldSchema';
import { answerHttpErrors, failure, handle, jsonError, validate } from '../lib/httpErrors';
import type { AccountMailLocals } from '../lib/rateLimits';
import type { IdTokenVerifier } from './adminAuth';
import { NoAddressError, type AccountMails } from './accountMails';

export const resetRequestAnswer =
  'If an account exists for this address, a link to reset its password is on its way to it.';
export const signInFirst = 'Please sign in first.';
export const verificationNotSent = 'The verification e-mail could not be sent just now. Please try again in a minute.';
export const noAddressToVerify = 'This account has no e-mail address to verify.';

/**
 * The reset answer comes no sooner than this after the request arrived: looking an account up,
 * making its link and sending the mail take time that a request for an unknown address does not,
 * and the time must not tell the two apart. It is longer than a mail server's usual answer.
 */
export const resetAnswerFloorMs = 1500;

const resetBody = z.object({ email: ruleField(customerFields.email) });

interface AccountLocals extends AccountMailLocals {
  accountUid?: string;
}

export function createAccountMailRouter({
  mails,
  auth,
  clientLimiter,
  addressLimiter,
  logError,
  answerFloorMs = resetAnswerFloorMs,
}: {
  mails: AccountMails;
  auth: IdTokenVerifier;
  clientLimiter: RequestHandler;
  addressLimiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
  answerFloorMs?: number;
}): Router {
  const router = Router();
  const resetCheck = validate(resetBody);

  const passwordReset = handle(
    async (req, res) => {
      const floor = new Promise((resolve) => setTimeout(resolve, answerFloorMs));
      const sending = mails.sendPasswordReset(resetCheck.of(req).email).catch((error: unknown) => {
        // Logged for the seller; the answer stays the one every address gets.
        logError('A password reset e-mail could not be sent', error);
      });
      // The answer comes when the floor is over, not when the mail is: a slow mail server would
      // otherwise tell an address with an account (link made, mail sent) from one without. A send
      // still under way then finishes after the answer.
      await Promise.race([Promise.all([floor, sending]), floor]);
      res.json({ success: true, message: resetRequestAnswer });
    },
    (error) => failure('A password reset request failed', error, 500, 'Something went wrong. Please try again.'),
  );

  /** The ID token's account, and its address for the per-address limit; 401 without a valid token. */
  const signedInAccount: RequestHandler = async (req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    let token;
    try {
      token = match?.[1] ? await auth.verifyIdToken(match[1]) : null;
    } catch {
      token = null;
    }
    if (!token) {
      next(jsonError(401, signInFirst));
      return;
    }
    if (!token.email) {
      next(jsonError(400, noAddressToVerify));
      return;
    }
    const locals = res.locals as AccountLocals;
    locals.accountUid = token.uid;
    locals.accountEmail = token.email;
    next();
  };

  const verificationEmail = handle(
    async (_req, res) => {
      const outcome = await mails.sendVerification((res.locals as AccountLocals).accountUid ?? '');
      res.json(
        outcome.kind === 'sent'
          ? { sent: true, message: `A verification link is on its way to ${outcome.email}.` }
          : { sent: false, message: 'This e-mail address is already verified.' },
      );
    },
    (error) =>
      error instanceof NoAddressError
        ? jsonError(400, noAddressToVerify)
        : failure('A verification e-mail could not be sent', error, 503, verificationNotSent),
  );

  router.post('/password-reset', clientLimiter, resetCheck, addressLimiter, passwordReset);
  router.post('/verification-email', clientLimiter, signedInAccount, addressLimiter, verificationEmail);
  router.use(answerHttpErrors(logError));
  return router;
}
