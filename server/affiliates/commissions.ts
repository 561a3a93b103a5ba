// Commissions (docs/affiliates.md): one commissions/{transactionId} per attributed sale, written in the
// fulfilment transaction (so a replayed or racing fulfilment writes none), then moved on by refunds and
// disputes and by the seller's batch payouts. A split commission was paid by Paystack at the moment of
// sale; every other one waits on the ledger: pending, payable once its hold has passed, paid in a batch.
import { randomBytes } from 'node:crypto';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import {
  commissionAfterRefund,
  commissionMinor,
  effectiveStatus,
  readAffiliateSettings,
  readCommissionRecord,
  type CommissionRecord,
  type CommissionStatus,
  type SaleAttribution,
} from '../../domain/affiliates';
import { toMinor, type Currency } from '../../domain/money';
import { storeSettingsPath } from '../../domain/storeSettings';
import { readSaleRecord, type SaleRecord } from '../../domain/saleRecord';
import type { SaleAddition, SaleContribution } from '../orders/saleContributions';
import { commissionsCollection, transactionsCollection } from '../lib/collections';

export interface Commission extends Omit<CommissionRecord, 'status'> {
  transactionId: string;
  /** As stored, except that a pending commission past its hold reads 'payable'. */
  status: CommissionStatus;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Read inside the fulfilment transaction (before its writes): the commission of a new sale and the
 * fields the sale gains. The amount is recomputed on the amount sold (equal to the checkout's unless
 * the sale was priced at payment time).
 */
async function prepareCommission(
  t: Transaction,
  db: Firestore,
  input: {
    attribution: SaleAttribution;
    saleAmountMinor: number;
    currency: Currency;
    productName: string;
    paidAt: Date;
  },
): Promise<SaleAddition> {
  const { attribution, saleAmountMinor, currency, paidAt } = input;
  const settings = (await t.get(db.collection(storeSettingsPath.collection).doc(storeSettingsPath.id))).data();
  const { holdDays } = readAffiliateSettings(settings?.affiliates);
  // The checkout's commission when the sale keeps its price (the same rule on the same amount).
  const amount = commissionMinor(saleAmountMinor, attribution.percent);
  const split = attribution.split !== null && attribution.splitVerified;
  const record: CommissionRecord = {
    affiliateCode: attribution.affiliateCode,
    currency,
    baseMinor: saleAmountMinor,
    percent: attribution.percent,
    earnedMinor: amount,
    amountMinor: amount,
    status: split ? 'split' : 'pending',
    productName: input.productName,
    soldAt: paidAt.toISOString(),
    payableAt: split ? null : new Date(paidAt.getTime() + holdDays * dayMs).toISOString(),
    paidAt: split ? paidAt.toISOString() : null,
    batchId: null,
  };
  return {
    saleFields: {
      affiliateCode: attribution.affiliateCode,
      commissionMinor: amount,
      commissionPaidBy: split ? ('split' as const) : ('ledger' as const),
    },
    write(tx: Transaction, transactionId: string) {
      tx.create(db.collection(commissionsCollection).doc(transactionId), record);
    },
  };
}

/**
 * The affiliate program's part of a sale (orders/saleContributions.ts): the commission of a sale an
 * affiliate's link brought, written once, with the sale.
 */
export function commissionContribution(db: Firestore): SaleContribution {
  return {
    name: 'commission',
    prepare: async (t, sale) => {
      const attribution = sale.checkout?.affiliate;
      if (!attribution) return null;
      return prepareCommission(t, db, {
        attribution,
        saleAmountMinor: sale.amountMinor,
        currency: sale.currency,
        productName: sale.productName,
        paidAt: sale.paidAt,
      });
    },
  };
}

function readCommission(id: string, record: CommissionRecord, now: Date): Commission {
  return { ...record, transactionId: id, status: effectiveStatus(record.status, record.payableAt, now) };
}

export interface BatchOutcome {
  batchId: string;
  count: number;
  /** Payable commissions left out because their sale is disputed or its access revoked (held). */
  held: number;
  csv: string;
}

/**
 * A sale whose commission is held: disputed (open, or lost before the refund settles it) or with its
 * access revoked, by the seller or by a dispute. The commission waits until that is resolved.
 */
export function saleHoldsCommission(sale: SaleRecord): boolean {
  const dispute = sale.disputeStatus;
  return dispute === 'open' || dispute === 'lost' || sale.accessRevoked === true;
}

function csvCell(value: string | number): string {
  const text = String(value);
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function createCommissions({ db, now }: { db: Firestore; now: () => Date }) {
  const ref = (id: string) => db.collection(commissionsCollection).doc(id);

  const list = async (filter: { affiliateCode?: string } = {}): Promise<Commission[]> => {
    const base = db.collection(commissionsCollection);
    const query = filter.affiliateCode ? base.where('affiliateCode', '==', filter.affiliateCode) : base;
    const snapshot = await query.limit(2000).get();
    const at = now();
    return snapshot.docs
      .map((doc) => readCommission(doc.id, readCommissionRecord(doc.data()), at))
      .sort((a, b) => b.soldAt.localeCompare(a.soldAt));
  };

  /**
   * Brings a sale's commission in line with its refunds and dispute (idempotent: run after each refund
   * or dispute change): a full refund or a lost dispute reverses it (owed back when the affiliate was
   * already paid, by the split or a batch); a partial refund reduces it in proportion.
   */
  const settleAfterRefund = async (transactionId: string): Promise<void> => {
    await db.runTransaction(async (t) => {
      const storedCommission = (await t.get(ref(transactionId))).data();
      const commission = storedCommission ? readCommissionRecord(storedCommission) : null;
      if (!commission || commission.status === 'reversed' || commission.status === 'owedBack') return;
      const stored = (await t.get(db.collection(transactionsCollection).doc(transactionId))).data();
      if (!stored) return;
      const sale = readSaleRecord(stored);
      const paidMinor = toMinor(sale.amountPaid);
      const refundedMinor = sale.refund.full ? paidMinor : toMinor(sale.refund.refunded);
      const lost = sale.disputeStatus === 'lost';
      const amount = lost ? 0 : commissionAfterRefund(commission.earnedMinor, paidMinor, refundedMinor);
      const alreadyPaid = commission.status === 'split' || commission.status === 'paid';
      if (amount === 0) {
        t.update(ref(transactionId), alreadyPaid ? { status: 'owedBack' } : { status: 'reversed', amountMinor: 0 });
        t.update(db.collection(transactionsCollection).doc(transactionId), {
          commissionMinor: alreadyPaid ? commission.amountMinor : 0,
        });
      } else if (amount !== commission.amountMinor && !alreadyPaid) {
        t.update(ref(transactionId), { amountMinor: amount });
        t.update(db.collection(transactionsCollection).doc(transactionId), { commissionMinor: amount });
      }
    });
  };

  /** Marks every payable commission (of one affiliate, if named) paid under one batch id, and answers the payout CSV. */
  const markBatchPaid = async (
    payees: (code: string) => Promise<{ name: string; payTo: string } | null>,
    only: { affiliateCode?: string | undefined } = {},
  ): Promise<BatchOutcome> => {
    const at = now();
    const due = await db
      .collection(commissionsCollection)
      .where('status', '==', 'pending')
      .where('payableAt', '<=', at.toISOString())
      .limit(500)
      .get();
    const batchId = `batch-${at.toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
    const paid: Commission[] = [];
    let held = 0;
    for (const doc of due.docs) {
      if (only.affiliateCode && doc.get('affiliateCode') !== only.affiliateCode) continue;
      const done = await db.runTransaction(async (t) => {
        const stored = (await t.get(doc.ref)).data();
        const current = stored ? readCommissionRecord(stored) : null;
        // The sale is read in the same transaction, so a dispute or revocation written meanwhile
        // cannot slip between this check and the payment.
        const sale = readSaleRecord((await t.get(db.collection(transactionsCollection).doc(doc.id))).data());
        // Reversed or paid by another batch meanwhile: not this batch's.
        if (
          !current ||
          current.status !== 'pending' ||
          current.payableAt === null ||
          current.payableAt > at.toISOString()
        ) {
          return null;
        }
        if (saleHoldsCommission(sale)) return 'held' as const;
        t.update(doc.ref, { status: 'paid', paidAt: at.toISOString(), batchId });
        return readCommission(doc.id, { ...current, status: 'paid', batchId }, at);
      });
      if (done === 'held') held += 1;
      else if (done) paid.push(done);
    }
    return { batchId, count: paid.length, held, csv: await batchCsv(paid, payees) };
  };

  return { list, settleAfterRefund, markBatchPaid };
}

/** One row per affiliate and currency: what to send and where (PayPal Payouts or a bank transfer). */
async function batchCsv(
  paid: Commission[],
  payees: (code: string) => Promise<{ name: string; payTo: string } | null>,
): Promise<string> {
  const groups = new Map<string, { code: string; currency: Currency; amountMinor: number; sales: number }>();
  for (const commission of paid) {
    const key = `${commission.affiliateCode}|${commission.currency}`;
    const group = groups.get(key) ?? {
      code: commission.affiliateCode,
      currency: commission.currency,
      amountMinor: 0,
      sales: 0,
    };
    group.amountMinor += commission.amountMinor;
    group.sales += 1;
    groups.set(key, group);
  }
  const rows = [['affiliate', 'code', 'pay to', 'amount', 'currency', 'sales']];
  for (const group of groups.values()) {
    const payee = await payees(group.code);
    rows.push([
      payee?.name ?? '',
      group.code,
      payee?.payTo ?? '',
      (group.amountMinor / 100).toFixed(2),
      group.currency,
      String(group.sales),
    ]);
  }
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`;
}

export type Commissions = ReturnType<typeof createCommissions>;
