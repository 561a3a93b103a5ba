// The seller's refund action (docs/payments.md, 'Refunds and disputes'): claimed inside a Firestore
// transaction before the provider is called, so two admins pressing Refund at once make one provider
// call and the other sees the first one's state.
import { createHash } from 'node:crypto';
import { refundableMinor, settle, type RefundState } from '../../domain/refunds';
import { toMinor } from '../../domain/money';
import { type Currency, formatPrice, minorToDecimal } from '../../domain/money';
import type { PaypalClient } from '../payments/paypalClient';
import { ProviderUnavailableError } from '../payments/providerErrors';
import {
  loadSettings,
  providerNames,
  providerOf,
  refundUpdates,
  sendRefundMail,
  transactionOptions,
  transactionRef,
  type RefundableRecord,
  type RefundContext,
} from './refundContext';
import { adminsCollection } from '../lib/collections';

export type RefundRequestOutcome =
  /** `result`: what the provider said of this refund (made now, or still processing). */
  | { kind: 'done'; refund: RefundState; result: 'pending' | 'processed' }
  | { kind: 'refused'; refund: RefundState; reason: string }
  | { kind: 'unreachable'; refund: RefundState; reason: string }
  /** An earlier request died without the provider's answer: the admin checks the provider first. */
  | { kind: 'unconfirmed'; refund: RefundState; reason: string }
  | { kind: 'busy'; refund: RefundState }
  | { kind: 'tooMuch'; left: number; currency: Currency }
  | { kind: 'notFound' };

async function captureIdFor(
  { db }: Pick<RefundContext, 'db'>,
  id: string,
  record: RefundableRecord,
  client: PaypalClient,
): Promise<string | null> {
  if (record.captureId) return record.captureId;
  // Sales captured before the capture id was kept: the order knows it.
  const order = await client.getOrder(record.transactionReference);
  const captureId = order?.capture?.id ?? '';
  if (!captureId) return null;
  await transactionRef(db, id).update({ captureId });
  return captureId;
}

type ProviderAnswer =
  | { ok: true; refundId: string; result: 'pending' | 'processed' | 'failed'; failure?: string }
  | { ok: false; reason: string };

async function askProvider(
  { db, paystack, paypal }: RefundContext,
  id: string,
  record: RefundableRecord,
  amount: number,
  reason: string,
  requestId: string,
): Promise<ProviderAnswer> {
  const provider = providerOf(id);
  if (provider === 'demo') return { ok: true, refundId: `demo-${requestId}`, result: 'processed' };
  if (provider === 'paystack') {
    if (!paystack) return { ok: false, reason: 'Card refunds are not set up on this store (no Paystack key).' };
    const answer = await paystack.refund({ reference: record.transactionReference, amount, merchantNote: reason });
    if (!answer.ok) return answer;
    return {
      ok: true,
      refundId: `paystack-${answer.refundId || requestId}`,
      result: answer.status === 'processed' ? 'processed' : answer.status === 'failed' ? 'failed' : 'pending',
    };
  }
  if (provider === 'paypal') {
    if (!paypal) return { ok: false, reason: 'PayPal refunds are not set up on this store (no PayPal keys).' };
    const captureId = await captureIdFor({ db }, id, record, paypal);
    if (!captureId) return { ok: false, reason: 'PayPal has no completed payment for this sale to refund.' };
    const answer = await paypal.refundCapture({
      captureId,
      amount: { value: minorToDecimal(amount), currency: record.currency },
      requestId,
      note: reason,
    });
    if (!answer.ok) return answer;
    const failed = answer.status === 'FAILED' || answer.status === 'CANCELLED';
    return {
      ok: true,
      refundId: `paypal-${answer.refundId}`,
      result: answer.status === 'COMPLETED' ? 'processed' : failed ? 'failed' : 'pending',
      ...(failed ? { failure: `PayPal ${answer.status === 'FAILED' ? 'failed' : 'cancelled'} the refund.` } : {}),
    };
  }
  return { ok: false, reason: 'This sale was not paid through a provider that can refund it.' };
}

/** Ends a claim the provider refused or could not hear: nothing was refunded, the reason is kept. */
async function releaseClaim(
  { db }: RefundContext,
  id: string,
  requestId: string,
  failure: string,
): Promise<RefundState> {
  return db.runTransaction(async (t) => {
    const record = (await t.get(transactionRef(db, id))).data() as RefundableRecord;
    const current = record.refund;
    if (!current) throw new Error(`Refund state of ${id} vanished`);
    if (current.claim?.requestId !== requestId) return current;
    const refund = settle({ ...current, claim: null, failure }, toMinor(record.amountPaid));
    t.update(transactionRef(db, id), { refund });
    return refund;
  }, transactionOptions);
}

export async function requestRefund(
  ctx: RefundContext,
  id: string,
  input: { amount?: number; reason: string },
  adminUid: string,
): Promise<RefundRequestOutcome> {
  const { db, logError, now, staleClaimMs } = ctx;
  const at = now().toISOString();
  // Sales shows who refunded by name; the uid stays the record of who it was.
  const adminRecord = (await db.doc(`${adminsCollection}/${adminUid}`).get()).data();
  const byName = typeof adminRecord?.name === 'string' ? adminRecord.name : '';
  const claimed = await db.runTransaction(async (t) => {
    const record = (await t.get(transactionRef(db, id))).data() as RefundableRecord | undefined;
    if (!record) return { kind: 'notFound' as const };
    const paid = toMinor(record.amountPaid);
    const current = record.refund;
    const claim = current?.claim;
    if (current && claim && now().getTime() - Date.parse(claim.at) < staleClaimMs) {
      return { kind: 'busy' as const, refund: current };
    }
    const provider = providerOf(id);
    if (current && claim && provider && provider !== 'demo') {
      // The request behind this claim died without hearing the provider, which may have made the
      // refund (Paystack has no idempotency key to make a second call harmless). The claim is ended
      // and the admin told to look first; a refund that was made shows here when its event arrives,
      // and pressing Refund again afterwards asks the provider anew.
      const name = providerNames[provider];
      const reason = `An earlier refund request of ${formatPrice(claim.amount / 100, record.currency)} got no answer from ${name}, so it may have been made. Check your ${name} dashboard first: a refund made there shows here when ${name} reports it. If there is none, press Refund again.`;
      const refund = settle({ ...current, claim: null, failure: reason }, paid);
      t.update(transactionRef(db, id), { refund });
      return { kind: 'unconfirmed' as const, refund, reason };
    }
    // A stale demo claim's amount is free again: no money moved.
    const base = current ? settle({ ...current, claim: null }, paid) : undefined;
    const left = refundableMinor(base, paid);
    const amount = input.amount === undefined ? left : toMinor(input.amount);
    // A refund still pending at the provider is what a second admin sees when it leaves too little.
    if (base?.status === 'pending' && (left === 0 || amount > left)) return { kind: 'busy' as const, refund: base };
    if (left === 0 || amount > left || amount <= 0) {
      return { kind: 'tooMuch' as const, left: left / 100, currency: record.currency };
    }
    // The same sale, state and amount give the same request id, so a retry after a lost answer
    // is one refund at PayPal, not two.
    const spent = paid - left;
    const requestId = createHash('sha256').update(`${id}:${spent}:${amount}`).digest('hex').slice(0, 32);
    const refund = settle(
      {
        amount: amount / 100,
        at: current?.at ?? null,
        by: adminUid,
        byName,
        providerRef: current?.providerRef ?? '',
        reason: input.reason,
        failure: null,
        claim: { amount, by: adminUid, at, requestId },
        entries: current?.entries ?? {},
      },
      paid,
    );
    t.update(transactionRef(db, id), { refund });
    return { kind: 'claimed' as const, record, amount, requestId };
  }, transactionOptions);
  if (claimed.kind !== 'claimed') return claimed;

  const { record, amount, requestId } = claimed;
  let answer: ProviderAnswer;
  try {
    answer = await askProvider(ctx, id, record, amount, input.reason, requestId);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      logError(`Refund of ${id}: ${error.provider} unreachable (${error.detail})`, null);
      const reason = `${error.provider} could not be reached, so the refund may not have been made. Check your ${error.provider} dashboard before trying again.`;
      return { kind: 'unreachable', refund: await releaseClaim(ctx, id, requestId, reason), reason };
    }
    await releaseClaim(ctx, id, requestId, 'The refund could not be completed. Please try again.');
    throw error;
  }
  if (!answer.ok) {
    return { kind: 'refused', refund: await releaseClaim(ctx, id, requestId, answer.reason), reason: answer.reason };
  }

  const settings = await loadSettings(db);
  const done = await db.runTransaction(async (t) => {
    const current = (await t.get(transactionRef(db, id))).data() as RefundableRecord;
    const stillOurs = current.refund?.claim?.requestId === requestId;
    const applied = refundUpdates(
      current,
      {
        refundId: answer.refundId,
        amount,
        result: answer.result,
        failure: answer.failure,
        by: adminUid,
        byName,
        reason: input.reason,
        at: now().toISOString(),
      },
      settings,
      // A provider event may have counted this refund first; the admin still asked for it.
      stillOurs ? { claim: null, by: adminUid, byName, reason: input.reason } : {},
    );
    t.update(transactionRef(db, id), applied.updates);
    return applied;
  }, transactionOptions);
  await sendRefundMail(ctx, id, done.mail);
  // Judged by this answer, not by the sale: an earlier refund that went through does not make this
  // one's failure a success.
  if (answer.result === 'failed') {
    const reason = answer.failure ?? done.refund.failure ?? 'The provider could not make the refund.';
    return { kind: 'refused', refund: done.refund, reason };
  }
  return { kind: 'done', refund: done.refund, result: answer.result };
}
