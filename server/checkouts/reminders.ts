// One reminder for a checkout left unpaid (docs/payments.md, 'Checkout reminders'). A scheduled sweep
// (every 15 minutes deployed, every minute under `npm start`) finds checkouts older than the
// reminder delay that have no reminder decision yet, and decides each one inside a Firestore
// transaction: the first sweep to write `reminder` owns the checkout, so two sweeps racing send one
// e-mail. A reminder is never sent when the checkout was paid, the address bought the product
// meanwhile, the address unsubscribed, the mailbox got a reminder in the last 7 days, or the store
// turned reminders off; such a checkout is marked 'skipped' and never looked at again. A reminder is
// a courtesy, not a receipt: one that the mail server refused is marked 'failed', not retried.
//
// The unsubscribe link carries the checkout id and a random token kept on the checkout as its SHA-256,
// so it works across restarts and secret rotations and names no address in the URL. Opening it shows a
// page with a button (mail scanners open links; only a person's POST unsubscribes), and the e-mail's
// List-Unsubscribe-Post header lets mail clients unsubscribe in one click (RFC 8058).
//
// Anyone can open checkouts for any address, so a reminder must be worthless as a weapon: one per
// mailbox a week however many checkouts name it (reminderSends/{addressKey}, claimed in the same
// transaction as the checkout, so racing sweeps send one), and nothing the buyer typed in it (no name
// in the greeting or the To header), so a name cannot carry a phishing link into our e-mail.
import { createHash, randomBytes } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import { readStoreSettings, storeSettingsPath } from '../../domain/storeSettings';
import type { ServerConfig } from '../config';
import { addressKey, legacyAddressKey } from '../lib/addressKey';
import { formPageCsp } from '../lib/httpSecurity';
import { refuseReservedIds } from '../lib/reservedIds';
import { escapeHtml, htmlDocument, link, subjectLine } from '../mail/html';
import { type Currency, formatPrice } from '../../domain/money';
import {
  checkoutsCollection,
  reminderOptOutsCollection,
  reminderSendsCollection,
  transactionsCollection,
} from '../lib/collections';

/** At most one reminder per mailbox in this long (docs/payments.md, 'Checkout reminders'). */
export const reminderIntervalMs = 7 * 24 * 60 * 60_000;

/** What a sweep decided for a checkout; null until one did. */
export type ReminderState = 'sent' | 'skipped' | 'failed';

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface ReminderDeps {
  db: Firestore;
  mailer: Pick<Transporter, 'sendMail'>;
  config: Pick<
    ServerConfig,
    'MAIL_FROM' | 'SELLER_EMAIL' | 'STORE_NAME' | 'PUBLIC_STORE_URL' | 'REMINDER_AFTER_MINUTES'
  >;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
  /**
   * Asked before a checkout is reminded (the sweep asks Paystack, docs/payments.md 'A missed webhook'):
   * 'paid' (fulfilled now, or paid and recorded for the seller) is never reminded, 'later' is asked
   * again by the next sweep.
   */
  beforeReminding?: (checkoutId: string, data: DocumentData) => Promise<'remind' | 'paid' | 'later'>;
}

export interface ReminderOutcome {
  sent: number;
  skipped: number;
  failed: number;
}

/** The checkout fields a reminder reads (server/checkouts/checkouts.ts writes them). */
interface ReminderCheckout {
  productId: string;
  productName: string;
  currency: Currency;
  amount: number;
  discountCode: string | null;
  /** Only the address: nothing else the buyer typed goes into a reminder. */
  customer: { email: string };
  status: string;
  expiresAt: Timestamp;
  reminder: ReminderState | null;
}

function readCheckout(data: DocumentData | undefined): ReminderCheckout | null {
  if (!data) return null;
  const customer = data.customer as { email?: unknown } | undefined;
  if (
    typeof data.productId !== 'string' ||
    typeof data.productName !== 'string' ||
    (data.currency !== 'NGN' && data.currency !== 'USD') ||
    typeof data.amount !== 'number' ||
    typeof customer?.email !== 'string' ||
    !(data.expiresAt instanceof Timestamp)
  ) {
    return null;
  }
  return {
    productId: data.productId,
    productName: data.productName,
    currency: data.currency === 'NGN' ? 'NGN' : 'USD',
    amount: data.amount,
    discountCode: typeof data.discountCode === 'string' ? data.discountCode : null,
    customer: { email: customer.email },
    status: String(data.status),
    expiresAt: data.expiresAt,
    reminder: (data.reminder as ReminderState | null | undefined) ?? null,
  };
}

/** The link back to the product: the same checkout while it is valid, today's price after (with the code). */
export function resumeUrl(publicStoreUrl: string, checkoutId: string, checkout: ReminderCheckout): string {
  const origin = publicStoreUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ checkout: checkoutId });
  if (checkout.discountCode) query.set('code', checkout.discountCode);
  return `${origin}/productdetail/${encodeURIComponent(checkout.productId)}?${query.toString()}`;
}

export function unsubscribeUrl(publicStoreUrl: string, checkoutId: string, token: string): string {
  return `${publicStoreUrl.replace(/\/+$/, '')}/api/reminders/unsubscribe/${encodeURIComponent(checkoutId)}/${token}`;
}

export function reminderMail(
  checkout: ReminderCheckout,
  links: { resume: string; unsubscribe: string },
  storeName: string,
): { subject: string; text: string; html: string } {
  const price = formatPrice(checkout.amount, checkout.currency);
  const code = checkout.discountCode ? ` with the code ${checkout.discountCode}` : '';
  const text = [
    'Hello,',
    '',
    `You started buying ${checkout.productName} on ${storeName} (${price}${code}) but did not finish.`,
    `It is still there for you: ${links.resume}`,
    '',
    'If you have changed your mind, there is nothing to do: this is the only reminder we send.',
    `To never get a reminder from us again: ${links.unsubscribe}`,
    '',
    storeName,
  ].join('\n');
  const html = htmlDocument(
    `Your ${checkout.productName}`,
    [
      '<p>Hello,</p>',
      `<p>You started buying <strong>${escapeHtml(checkout.productName)}</strong> on ${escapeHtml(storeName)} (${escapeHtml(price)}${escapeHtml(code)}) but did not finish.</p>`,
      `<p>${link(links.resume, 'Finish your purchase')}</p>`,
      '<p>If you have changed your mind, there is nothing to do: this is the only reminder we send.</p>',
      `<p style="font-size:13px;color:#475569">${link(links.unsubscribe, 'Never send me reminders')}</p>`,
      `<p>${escapeHtml(storeName)}</p>`,
    ].join(''),
  );
  return { subject: subjectLine(`Your ${checkout.productName} is waiting`), text, html };
}

/** How many checkouts one sweep looks at; the next sweep takes the rest. */
const sweepBatch = 50;

export function createReminderSweep(deps: ReminderDeps): () => Promise<ReminderOutcome> {
  const { db, mailer, config, now, logError } = deps;

  /** Decides one checkout in a transaction; answers the mail to send when this sweep owns it. */
  async function claim(
    checkoutId: string,
    remindersOn: boolean,
  ): Promise<{ checkout: ReminderCheckout; token: string } | 'skipped' | 'taken'> {
    const ref = db.collection(checkoutsCollection).doc(checkoutId);
    return db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const checkout = readCheckout(snapshot.data());
      if (!snapshot.exists || snapshot.get('reminder') != null) return 'taken';
      const skip = () => {
        transaction.update(ref, { reminder: 'skipped', reminderAt: Timestamp.fromDate(now()) });
        return 'skipped' as const;
      };
      // A payment on its way (a transfer, a PayPal review) is not an unfinished purchase.
      if (!checkout || checkout.status === 'paid' || checkout.status === 'pending') return skip();
      const email = checkout.customer.email.trim().toLowerCase();
      const key = addressKey(email);
      const sendRef = db.collection(reminderSendsCollection).doc(key);
      // Opt-outs recorded before mailboxes were folded are kept under the old key: still honoured.
      const [optOut, legacyOptOut, lastSend, bought] = await Promise.all([
        transaction.get(db.collection(reminderOptOutsCollection).doc(key)),
        transaction.get(db.collection(reminderOptOutsCollection).doc(legacyAddressKey(email))),
        transaction.get(sendRef),
        transaction.get(
          db
            .collection(transactionsCollection)
            .where('customerEmail', '==', email)
            .where('productId', '==', checkout.productId)
            .limit(1),
        ),
      ]);
      if (!remindersOn || optOut.exists || legacyOptOut.exists || !bought.empty) return skip();
      const lastSentAt = lastSend.get('lastSentAt') as unknown;
      if (lastSentAt instanceof Timestamp && now().getTime() - lastSentAt.toMillis() < reminderIntervalMs) {
        return skip();
      }
      // Claimed with the checkout: a sweep racing on another checkout of this mailbox reads this
      // document too, so Firestore retries it and it finds the mailbox already reminded.
      transaction.set(sendRef, { lastSentAt: Timestamp.fromDate(now()) });
      const token = randomBytes(24).toString('base64url');
      transaction.update(ref, {
        reminder: 'sent',
        reminderAt: Timestamp.fromDate(now()),
        reminderTokenHash: tokenHash(token),
      });
      return { checkout, token };
    });
  }

  return async () => {
    const outcome: ReminderOutcome = { sent: 0, skipped: 0, failed: 0 };
    const cutoff = new Date(now().getTime() - config.REMINDER_AFTER_MINUTES * 60_000);
    const due = await db
      .collection(checkoutsCollection)
      .where('reminder', '==', null)
      .where('createdAt', '<=', Timestamp.fromDate(cutoff))
      .orderBy('createdAt')
      .limit(sweepBatch)
      .get();
    if (due.empty) return outcome;
    // The store's switch, read once per sweep.
    const settings = await db.collection(storeSettingsPath.collection).doc(storeSettingsPath.id).get();
    const { remindersOn } = readStoreSettings(settings.data());
    for (const document of due.docs) {
      try {
        const before = deps.beforeReminding ? await deps.beforeReminding(document.id, document.data()) : 'remind';
        if (before === 'later') continue;
        const claimed = await claim(document.id, remindersOn && before === 'remind');
        if (claimed === 'taken') continue;
        if (claimed === 'skipped') {
          outcome.skipped += 1;
          continue;
        }
        const unsubscribe = unsubscribeUrl(config.PUBLIC_STORE_URL, document.id, claimed.token);
        const mail = reminderMail(
          claimed.checkout,
          { resume: resumeUrl(config.PUBLIC_STORE_URL, document.id, claimed.checkout), unsubscribe },
          config.STORE_NAME,
        );
        try {
          await mailer.sendMail({
            from: config.MAIL_FROM,
            // The address alone: a display name would be text the buyer typed.
            to: claimed.checkout.customer.email,
            replyTo: config.SELLER_EMAIL,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            headers: {
              'List-Unsubscribe': `<${unsubscribe}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          });
          outcome.sent += 1;
        } catch (error) {
          outcome.failed += 1;
          logError(`Reminder for checkout ${document.id} could not be sent`, error);
          await document.ref.update({ reminder: 'failed' });
        }
      } catch (error) {
        logError(`Reminder for checkout ${document.id} could not be decided`, error);
      }
    }
    return outcome;
  };
}

function page(storeName: string, title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} — ${escapeHtml(storeName)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#067647;color:#fff;cursor:pointer}button:focus-visible{outline:2px solid #0f172a;outline-offset:2px}</style>',
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join('');
}

/**
 * GET /api/reminders/unsubscribe/{checkoutId}/{token}: a page with one button; POST (the button, or a
 * mail client's one-click): the address of that checkout never gets a reminder again.
 */
export function createReminderRouter({
  db,
  storeName,
  now,
  logError,
}: {
  db: Firestore;
  storeName: string;
  now: () => Date;
  logError: (message: string, error: unknown) => void;
}): Router {
  const notValid = (res: Parameters<RequestHandler>[1]) =>
    res
      .status(404)
      .type('html')
      .send(
        page(storeName, 'This link is not valid', '<p>The link you opened does not exist or has been changed.</p>'),
      );

  /** The checkout's address when the token is its reminder token; null otherwise. */
  async function addressFor(checkoutId: string, token: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(checkoutId) || !/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
    const data = (await db.collection(checkoutsCollection).doc(checkoutId).get()).data();
    const email = (data?.customer as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || data?.reminderTokenHash !== tokenHash(token)) return null;
    return email;
  }

  const show: RequestHandler<{ checkoutId: string; token: string }> = async (req, res) => {
    // The page's button posts back here: the API's policy, allowing a form to its own origin.
    res
      .set('Cache-Control', 'no-store')
      .set('Referrer-Policy', 'no-referrer')
      .set('Content-Security-Policy', formPageCsp);
    try {
      if (!(await addressFor(req.params.checkoutId, req.params.token))) {
        notValid(res);
        return;
      }
      res
        .type('html')
        .send(
          page(
            storeName,
            'Stop reminders',
            `<p>We send one reminder when a purchase is left unfinished. Press the button and this address will never get one again.</p><form method="post"><button type="submit">Never send me reminders</button></form>`,
          ),
        );
    } catch (error) {
      logError('Reminder unsubscribe page failed', error);
      res
        .status(500)
        .type('html')
        .send(page(storeName, 'Something went wrong', '<p>Please try again.</p>'));
    }
  };

  const unsubscribe: RequestHandler<{ checkoutId: string; token: string }> = async (req, res) => {
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer');
    try {
      const email = await addressFor(req.params.checkoutId, req.params.token);
      if (!email) {
        notValid(res);
        return;
      }
      await db
        .collection(reminderOptOutsCollection)
        .doc(addressKey(email))
        .set({ createdAt: Timestamp.fromDate(now()) });
      res
        .type('html')
        .send(
          page(
            storeName,
            'You will get no more reminders',
            '<p>This address will never get a reminder from us again.</p>',
          ),
        );
    } catch (error) {
      logError('Reminder unsubscribe failed', error);
      res
        .status(500)
        .type('html')
        .send(page(storeName, 'Something went wrong', '<p>Please try again.</p>'));
    }
  };

  const router = Router();
  // A checkout id Firestore reserves ('__x__') is not a link we sent: the same page as any other.
  router.use(
    refuseReservedIds((res) => notValid(res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer'))),
  );
  router.get('/unsubscribe/:checkoutId/:token', show);
  router.post('/unsubscribe/:checkoutId/:token', unsubscribe);
  return router;
}
