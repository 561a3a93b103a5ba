// A buyer's request at /purchases for their links again (docs/payments.md, 'Lost e-mail'). The request
// is recorded and claimed by the call that made it, which mails the address's purchases at once; the
// endpoint answers after a fixed time whatever the address bought (purchaseRoutes.ts), since looking
// the purchases up and mailing them took 160 ms against 7 ms for an address without any, which told a
// stranger who shops here. A send that fails, or that Cloud Functions cut off after the answer, stays
// recorded: the scheduled e-mail sweep (server/function.ts retryEmails, and the local cloud's timer)
// is its retry.
import { createHash } from 'node:crypto';
import { Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { accessOpen, readSaleRecord } from '../../domain/saleRecord';
import { createPurchaseMail, type PurchaseLink, type PurchaseMailDeps } from '../mail/orderMails';
import type { AccessLinks } from '../orders/accessLinks';
import { type Fulfilment } from '../orders/fulfilment';
import { resendRequestsCollection, transactionsCollection } from '../lib/collections';

/** One pending request, under the hash of its address: a flood for one address is one request. */
interface ResendRequest {
  email: string;
  createdAt: Timestamp;
  /** Claimable from this time on: at once when recorded, then after a claim's lease ran out. */
  claimableAt: Timestamp;
  attempts: number;
}

/** Tries of one request before it is dropped (the buyer can ask again). */
export const maxResendAttempts = 5;
/** Requests one sweep looks at; the next sweep takes the rest. */
const sweepBatch = 100;

export interface ResendSweepOutcome {
  /** Requests this sweep claimed. */
  claimed: number;
  /** Of those, the ones done: mailed, or found to have no purchases to mail. */
  done: number;
}

export interface ResendRequests {
  /**
   * Records a request for `email` (trimmed and lower-cased) and claims it for this call, unless another
   * call or a sweep holds it (it is being sent now). Rejects only when it could not be stored. The
   * answer's `sending` settles once the claimed request was mailed, or left for the sweep (it never
   * rejects).
   */
  request(email: string): Promise<{ sending: Promise<void> }>;
  /** Claims the requests that are due, each by one sweep only, and mails their purchases. */
  sendPending(): Promise<ResendSweepOutcome>;
  /**
   * The sweep's step for one address: claims its request if due and mails its purchases; what it
   * did, as a sweep counts it. Tests on a shared database use it to touch only their own requests.
   */
  sendPendingFor(email: string): Promise<ResendSweepOutcome>;
}

export function createResendRequests({
  db,
  mailer,
  config,
  links,
  fulfilment,
  logError,
  now,
  leaseMs = 120_000,
}: PurchaseMailDeps & {
  db: Firestore;
  links: AccessLinks;
  fulfilment: Pick<Fulfilment, 'ensureAccess'>;
  logError: (message: string, error: unknown) => void;
  now: () => Date;
  /** How long a claim holds a request; a sweep that died holding it leaves it to a later one. */
  leaseMs?: number;
}): ResendRequests {
  const purchaseMail = createPurchaseMail({ mailer, config });
  const requests = () => db.collection(resendRequestsCollection);
  const requestRef = (email: string) => requests().doc(createHash('sha256').update(email, 'utf8').digest('hex'));

  /** Every product bought with the address, each with its working access link. */
  async function mailPurchases(email: string): Promise<void> {
    // Equality only: no composite index needed. customerEmail is stored lower-cased for this.
    const snapshot = await db.collection(transactionsCollection).where('customerEmail', '==', email).get();
    const purchases: PurchaseLink[] = [];
    for (const doc of snapshot.docs) {
      const sale = readSaleRecord(doc.data());
      if (!accessOpen(sale)) continue;
      const token = links.tokenFor(doc.id);
      await fulfilment.ensureAccess(doc.id, sale.productId, token);
      purchases.push({
        productName: sale.productName,
        transactionReference: sale.transactionReference,
        paidAt: sale.paidAt,
        accessUrl: links.urlFor(token),
      });
    }
    purchases.sort((a, b) => a.paidAt.localeCompare(b.paidAt));
    if (purchases.length > 0) await purchaseMail.sendPurchaseList(email, purchases);
  }

  /** The request, if this sweep won it: a transaction, so of two sweeps racing only one does. */
  async function claim(ref: DocumentReference): Promise<ResendRequest | null> {
    return db.runTransaction(async (transaction) => {
      const snapshot = await transaction.get(ref);
      const request = snapshot.data() as ResendRequest | undefined;
      const at = now();
      if (!request || request.claimableAt.toMillis() > at.getTime()) return null;
      const attempts = request.attempts + 1;
      transaction.update(ref, {
        claimableAt: Timestamp.fromMillis(at.getTime() + leaseMs),
        attempts,
      });
      return { ...request, attempts };
    });
  }

  /**
   * Mails a claimed request and removes it. A failure leaves it for a later sweep, unless it has had its
   * tries: at once (`retryAt` now) when the buyer's own call failed, after the lease when a sweep did.
   */
  async function deliver(ref: DocumentReference, request: ResendRequest, retryAt: Date | null): Promise<boolean> {
    try {
      await mailPurchases(request.email);
    } catch (error) {
      logError('Purchase links could not be resent', error);
      if (request.attempts >= maxResendAttempts) await ref.delete();
      else if (retryAt) await ref.update({ claimableAt: Timestamp.fromDate(retryAt) });
      return false;
    }
    await ref.delete();
    return true;
  }

  async function sendRequest(ref: DocumentReference): Promise<ResendSweepOutcome> {
    try {
      const request = await claim(ref);
      if (!request) return { claimed: 0, done: 0 };
      return { claimed: 1, done: (await deliver(ref, request, null)) ? 1 : 0 };
    } catch (error) {
      logError('A purchase links request could not be processed', error);
      return { claimed: 0, done: 0 };
    }
  }

  return {
    async request(email) {
      const ref = requestRef(email);
      // Read first rather than create and catch: a refused create comes back from the REST API as
      // ABORTED, which firebase-admin retries instead of reporting.
      const claimed = await db.runTransaction(async (transaction): Promise<ResendRequest | null> => {
        const snapshot = await transaction.get(ref);
        const at = now();
        const held = Timestamp.fromMillis(at.getTime() + leaseMs);
        if (!snapshot.exists) {
          const request: ResendRequest = { email, createdAt: Timestamp.fromDate(at), claimableAt: held, attempts: 1 };
          transaction.create(ref, request);
          return request;
        }
        const pending = snapshot.data() as ResendRequest;
        // Another call or a sweep is sending it right now: that e-mail answers this request too.
        if (pending.claimableAt.toMillis() > at.getTime()) return null;
        const attempts = pending.attempts + 1;
        transaction.update(ref, { claimableAt: held, attempts });
        return { ...pending, claimableAt: held, attempts };
      });
      if (!claimed) return { sending: Promise.resolve() };
      const sending = deliver(ref, claimed, now()).then(
        () => undefined,
        (error: unknown) => logError('A purchase links request could not be processed', error),
      );
      return { sending };
    },

    async sendPending() {
      const due = await requests()
        .where('claimableAt', '<=', Timestamp.fromDate(now()))
        .orderBy('claimableAt')
        .limit(sweepBatch)
        .get();
      const outcome: ResendSweepOutcome = { claimed: 0, done: 0 };
      for (const doc of due.docs) {
        const one = await sendRequest(doc.ref);
        outcome.claimed += one.claimed;
        outcome.done += one.done;
      }
      return outcome;
    },

    sendPendingFor(email) {
      return sendRequest(requestRef(email));
    },
  };
}
