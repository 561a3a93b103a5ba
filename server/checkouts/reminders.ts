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
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { readCheckoutRecord, type CheckoutRecord } from '../../domain/checkoutRecord';
import type { Transporter } from 'nodemailer';
import { readStoreSettings, storeSettingsPath } from '../../domain/storeSettings';
import type { ServerConfig } from '../config';
import { addressKey, legacyAddressKey } from '../lib/addressKey';
import { escapeHtml, htmlDocument, link, subjectLine } from '../mail/html';
import { formatPrice } from '../../domain/money';
import { paths } from '../../domain/routes';
import {
  checkoutsCollection,
  reminderOptOutsCollection,
  reminderSendsCollection,
  transactionsCollection,
} from '../lib/collections';

/** At most one reminder per mailbox in this long (docs/payments.md, 'Checkout reminders'). */
export const reminderIntervalMs = 7 * 24 * 60 * 60_000;

/** What a sweep decided for a checkout; null until one did. */
export type { ReminderState } from '../../domain/checkoutRecord';

/** How a reminder's unsubscribe token is kept on its checkout. */
export function tokenHash(token: string): string {
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
  beforeReminding?: (checkoutId: string, checkout: CheckoutRecord | null) => Promise<'remind' | 'paid' | 'later'>;
}

export interface ReminderOutcome {
  sent: number;
  skipped: number;
  failed: number;
}

/** The checkout fields a reminder reads (domain/checkoutRecord.ts decodes them). */
type ReminderCheckout = Pick<
  CheckoutRecord,
  'productId' | 'productName' | 'currency' | 'amount' | 'discountCode' | 'status' | 'expiresAt' | 'reminder'
> & {
  /** Only the address: nothing else the buyer typed goes into a reminder. */
  customer: { email: string };
};

function readCheckout(data: DocumentData | undefined): ReminderCheckout | null {
  const checkout = readCheckoutRecord(data);
  if (!checkout) return null;
  const { productId, productName, currency, amount, discountCode, status, expiresAt, reminder } = checkout;
  return {
    productId,
    productName,
    currency,
    amount,
    discountCode,
    customer: { email: checkout.customer.email },
    status,
    expiresAt,
    reminder,
  };
}

/** The link back to the product: the same checkout while it is valid, today's price after (with the code). */
export function resumeUrl(publicStoreUrl: string, checkoutId: string, checkout: ReminderCheckout): string {
  const origin = publicStoreUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ checkout: checkoutId });
  if (checkout.discountCode) query.set('code', checkout.discountCode);
  return `${origin}${paths.product(checkout.productId)}?${query.toString()}`;
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
        const before = deps.beforeReminding
          ? await deps.beforeReminding(document.id, readCheckoutRecord(document.data()))
          : 'remind';
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
