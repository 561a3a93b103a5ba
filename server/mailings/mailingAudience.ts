// The audience of a mailing read from the sales (transactions/), worked out by domain/mailings.ts: the
// count an admin sees before sending and the recipients fixed when sending starts are the same.
import type { Firestore } from 'firebase-admin/firestore';
import { audienceMembers, type AudienceMember, type AudienceSale, type MailingAudience } from '../../domain/mailings';
import { mailboxOf } from '../../domain/mailbox';
import { purchasedAt, readSaleRecord, type StoredFields } from '../../domain/saleRecord';
import { transactionsCollection } from '../lib/collections';

/** One stored sale as the audience reads it: refunded in full, or lost to a dispute, is not owned. */
export function audienceSaleOf(data: StoredFields): AudienceSale {
  const sale = readSaleRecord(data);
  return {
    email: sale.customerEmail,
    productId: sale.productId,
    currency: sale.currency,
    purchasedAt: purchasedAt(sale),
    refunded: sale.refund.full || sale.disputeStatus === 'lost',
  };
}

export interface AudienceMemberWithSales extends AudienceMember {
  /** The ids of the mailbox's sales, read again when its e-mail is claimed (a refund since). */
  saleIds: string[];
}

/**
 * The audience's members with the ids of their sales, from every sale the store recorded; with `until`,
 * only purchases made by then (the audience is fixed when sending starts).
 */
export async function readAudience(
  db: Firestore,
  audience: MailingAudience,
  until: Date | null = null,
): Promise<AudienceMemberWithSales[]> {
  const snapshot = await db
    .collection(transactionsCollection)
    .select('customerEmail', 'productId', 'currency', 'paidAt', 'createdAt', 'refund', 'dispute')
    .get();
  const sales = snapshot.docs
    .map((doc) => ({ id: doc.id, sale: audienceSaleOf(doc.data()) }))
    .filter(({ sale }) => !until || !sale.purchasedAt || sale.purchasedAt.getTime() <= until.getTime());
  const members = audienceMembers(
    sales.map(({ sale }) => sale),
    audience,
  );
  const idsByMailbox = new Map<string, string[]>();
  const wanted = new Set(members.map((member) => member.mailbox));
  for (const { id, sale } of sales) {
    const mailbox = mailboxOf(sale.email);
    if (!wanted.has(mailbox)) continue;
    idsByMailbox.set(mailbox, [...(idsByMailbox.get(mailbox) ?? []), id]);
  }
  return members.map((member) => ({ ...member, saleIds: idsByMailbox.get(member.mailbox) ?? [] }));
}
