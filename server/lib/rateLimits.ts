// The API's named rate limits (docs/security.md), built with express-rate-limit from the configuration.
// Each limiter counts per client address (req.ip: see clientAddress.ts for why a forged
// X-Forwarded-For cannot choose it) in memory, per function instance: with maxInstances N
// (server/function.ts) a client gets at most N x limit through, which is enough to stop one
// browser or script from flooding the seller's inbox, the order endpoints or the mail server,
// and needs no shared store.
import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { ServerConfig } from '../config';
import { addressKey } from './addressKey';

export type RateLimitName =
  | 'contact'
  | 'orders'
  | 'checkouts'
  | 'waitStatus'
  | 'resend'
  | 'access'
  | 'confirm'
  | 'signIn'
  | 'admin'
  | 'licenses'
  | 'licenseKey'
  | 'accountMail'
  | 'accountMailAddress'
  | 'learn'
  | 'coursePages'
  | 'reviews';

export interface RateLimitSetting {
  limit: number;
  windowMs: number;
  /** What the refused client reads (JSON {message}, or a small HTML page for the access links). */
  message: string;
  /** Always answered as JSON {message}, even to a browser that asks for a page. */
  jsonOnly?: boolean;
}

export const rateLimitMessages: Record<RateLimitName, string> = {
  contact: 'Too many messages. Please try again in a minute.',
  orders: 'Too many payment attempts. Please wait a minute and try again.',
  checkouts: 'Too many payment attempts. Please wait a minute and try again.',
  waitStatus: 'Too many checks of this payment. Please wait a minute and try again.',
  resend: 'Too many requests for your purchase links. Please try again later.',
  access: 'Too many download attempts. Please wait a minute and try again.',
  confirm: 'Too many e-mail confirmations from this connection. Please try again in 10 minutes.',
  signIn: 'Too many sign-in attempts from this connection. Please try again in 10 minutes.',
  admin: 'Too many requests. Please wait a minute and try again.',
  licenses: 'Too many license requests from this connection. Please wait a minute and try again.',
  licenseKey: 'Too many requests for this license key. Please wait a minute and try again.',
  accountMail: 'Too many requests for account e-mails from this connection. Please try again in 10 minutes.',
  accountMailAddress: 'Too many e-mails asked for this address. Please wait an hour and try again.',
  learn: 'Too many requests for this course. Please wait a minute and try again.',
  coursePages: 'Too many requests. Please wait a minute and try again.',
  reviews: 'Too many review requests. Please wait a minute and try again.',
};

export type RateLimitConfig = Pick<
  ServerConfig,
  | 'CONTACT_RATE_LIMIT'
  | 'CONTACT_RATE_WINDOW_MS'
  | 'ORDER_RATE_LIMIT'
  | 'ORDER_RATE_WINDOW_MS'
  | 'CHECKOUT_RATE_LIMIT'
  | 'CHECKOUT_RATE_WINDOW_MS'
  | 'WAIT_STATUS_RATE_LIMIT'
  | 'WAIT_STATUS_RATE_WINDOW_MS'
  | 'RESEND_RATE_LIMIT'
  | 'RESEND_RATE_WINDOW_MS'
  | 'ACCESS_RATE_LIMIT'
  | 'ACCESS_RATE_WINDOW_MS'
  | 'CONFIRM_RATE_LIMIT'
  | 'CONFIRM_RATE_WINDOW_MS'
  | 'SIGNIN_RATE_LIMIT'
  | 'SIGNIN_RATE_WINDOW_MS'
  | 'ADMIN_RATE_LIMIT'
  | 'ADMIN_RATE_WINDOW_MS'
  | 'LICENSE_RATE_LIMIT'
  | 'LICENSE_RATE_WINDOW_MS'
  | 'LICENSE_KEY_RATE_LIMIT'
  | 'LICENSE_KEY_RATE_WINDOW_MS'
  | 'ACCOUNT_MAIL_RATE_LIMIT'
  | 'ACCOUNT_MAIL_RATE_WINDOW_MS'
  | 'ACCOUNT_MAIL_ADDRESS_RATE_LIMIT'
  | 'ACCOUNT_MAIL_ADDRESS_RATE_WINDOW_MS'
  | 'TRUST_PROXY_HOPS'
>;

export function rateLimitSettings(config: RateLimitConfig): Record<RateLimitName, RateLimitSetting> {
  return {
    contact: {
      limit: config.CONTACT_RATE_LIMIT,
      windowMs: config.CONTACT_RATE_WINDOW_MS,
      message: rateLimitMessages.contact,
    },
    orders: {
      limit: config.ORDER_RATE_LIMIT,
      windowMs: config.ORDER_RATE_WINDOW_MS,
      message: rateLimitMessages.orders,
    },
    checkouts: {
      limit: config.CHECKOUT_RATE_LIMIT,
      windowMs: config.CHECKOUT_RATE_WINDOW_MS,
      message: rateLimitMessages.checkouts,
    },
    waitStatus: {
      limit: config.WAIT_STATUS_RATE_LIMIT,
      windowMs: config.WAIT_STATUS_RATE_WINDOW_MS,
      message: rateLimitMessages.waitStatus,
    },
    resend: {
      limit: config.RESEND_RATE_LIMIT,
      windowMs: config.RESEND_RATE_WINDOW_MS,
      message: rateLimitMessages.resend,
    },
    access: {
      limit: config.ACCESS_RATE_LIMIT,
      windowMs: config.ACCESS_RATE_WINDOW_MS,
      message: rateLimitMessages.access,
    },
    confirm: {
      limit: config.CONFIRM_RATE_LIMIT,
      windowMs: config.CONFIRM_RATE_WINDOW_MS,
      message: rateLimitMessages.confirm,
    },
    signIn: {
      limit: config.SIGNIN_RATE_LIMIT,
      windowMs: config.SIGNIN_RATE_WINDOW_MS,
      message: rateLimitMessages.signIn,
    },
    admin: { limit: config.ADMIN_RATE_LIMIT, windowMs: config.ADMIN_RATE_WINDOW_MS, message: rateLimitMessages.admin },
    licenses: {
      limit: config.LICENSE_RATE_LIMIT,
      windowMs: config.LICENSE_RATE_WINDOW_MS,
      message: rateLimitMessages.licenses,
    },
    licenseKey: {
      limit: config.LICENSE_KEY_RATE_LIMIT,
      windowMs: config.LICENSE_KEY_RATE_WINDOW_MS,
      message: rateLimitMessages.licenseKey,
    },
    accountMail: {
      limit: config.ACCOUNT_MAIL_RATE_LIMIT,
      windowMs: config.ACCOUNT_MAIL_RATE_WINDOW_MS,
      message: rateLimitMessages.accountMail,
    },
    accountMailAddress: {
      limit: config.ACCOUNT_MAIL_ADDRESS_RATE_LIMIT,
      windowMs: config.ACCOUNT_MAIL_ADDRESS_RATE_WINDOW_MS,
      message: rateLimitMessages.accountMailAddress,
    },
    // Sized from the access links' setting: a player saves progress every few seconds, so the learn
    // page has four times the download page's room; previews and certificates have the same.
    learn: {
      limit: config.ACCESS_RATE_LIMIT * 4,
      windowMs: config.ACCESS_RATE_WINDOW_MS,
      message: rateLimitMessages.learn,
      jsonOnly: true,
    },
    coursePages: {
      limit: config.ACCESS_RATE_LIMIT,
      windowMs: config.ACCESS_RATE_WINDOW_MS,
      message: rateLimitMessages.coursePages,
      jsonOnly: true,
    },
    // A buyer's review reads and writes (docs/reviews.md): a form opened and saved a few times, so a
    // third of the download page's room; the product page's list of reviews shares coursePages.
    reviews: {
      limit: Math.max(1, Math.floor(config.ACCESS_RATE_LIMIT / 3)),
      windowMs: config.ACCESS_RATE_WINDOW_MS,
      message: rateLimitMessages.reviews,
      jsonOnly: true,
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The license API's second counter: per license key named in the JSON body (hashed, so no key is
 * kept in memory), whoever calls, so many clients together cannot try one key without end.
 */
function licenseKeyOf(req: Request): string {
  const body: unknown = req.body;
  const key = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).license_key : undefined;
  return createHash('sha256')
    .update(typeof key === 'string' ? key.trim() : '')
    .digest('hex');
}

/** What a route that mails an account puts in res.locals: the address it is about to mail. */
export interface AccountMailLocals {
  accountEmail?: string;
}

/**
 * The account e-mails' second counter: per address mailed (hashed, as the license key), whoever
 * asks, so many clients together cannot fill one inbox; every spelling of one mailbox counts once.
 * The address is the one a route has already established (res.locals.accountEmail, from a verified
 * ID token) or else the one the JSON body names.
 */
function accountAddressOf(req: Request, res: Response): string {
  const established = (res.locals as AccountMailLocals).accountEmail;
  const body: unknown = req.body;
  const named = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
  const address = established ?? (typeof named === 'string' ? named : '');
  return addressKey(address);
}

/**
 * Who a per-client limit counts: the client's address (an IPv6 one by its /56, as the library's own
 * default does). A request whose client has already disconnected has no address any more; those
 * share one counter rather than failing inside the limiter with a logged stack trace.
 */
export function clientKey(req: Pick<Request, 'ip'>): string {
  return req.ip === undefined ? 'client-gone' : ipKeyGenerator(req.ip, 56);
}

function createLimiter(
  setting: RateLimitSetting,
  trustProxyHops: number,
  keyGenerator: (req: Request, res: Response) => string = clientKey,
): RequestHandler {
  return rateLimit({
    keyGenerator,
    windowMs: setting.windowMs,
    limit: setting.limit,
    // RateLimit and RateLimit-Policy headers; Retry-After is sent with every 429.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    validate: {
      // The app is built once per instance, on its first request (server/function.ts).
      creationStack: false,
      // With 0 hops a forwarded header is ignored on purpose (the local cloud), not a misconfiguration.
      xForwardedForHeader: trustProxyHops > 0,
    },
    handler: (req, res) => {
      res.status(429);
      // A download link and its forms are opened in the browser: a readable page, not JSON.
      if (
        !setting.jsonOnly &&
        (req.method === 'GET' || req.is('urlencoded')) &&
        req.accepts(['json', 'html']) === 'html'
      ) {
        res
          .type('html')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Please wait</title></head><body><p>${escapeHtml(setting.message)}</p></body></html>`,
          );
        return;
      }
      res.json({ message: setting.message });
    },
  });
}

export type RateLimits = Record<RateLimitName, RequestHandler>;

/**
 * One limiter per name, each with its own counters. Build once per app: every call starts fresh
 * counters. Mount `contact` on POST /api/contact, `orders` on POST /api/orders and the PayPal
 * order and subscription routes, `checkouts` on POST /api/checkouts, `waitStatus` on the waiting page's
 * GET /api/checkouts/:id/status, `licenses` and `licenseKey` on the license API, `resend` on
 * POST /api/purchases/resend, `access` on GET /api/access/:token,
 * `admin` on the admin API routes, `accountMail` then `accountMailAddress` on the admin account
 * e-mails (server/admin/accountMailRoutes.ts), `learn` on /api/learn, and `coursePages` on the course
 * previews, certificates, a product's 'what you get' and its reviews (one counter for all four), and
 * `reviews` on a buyer's own review (server/reviews/reviewRoutes.ts).
 */
export function createRateLimits(config: RateLimitConfig): RateLimits {
  const settings = rateLimitSettings(config);
  const limits = {} as RateLimits;
  for (const name of Object.keys(settings) as RateLimitName[]) {
    limits[name] = createLimiter(
      settings[name],
      config.TRUST_PROXY_HOPS,
      name === 'licenseKey' ? licenseKeyOf : name === 'accountMailAddress' ? accountAddressOf : undefined,
    );
  }
  return limits;
}
