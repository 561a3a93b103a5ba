// The audience of a mailing read from the sales (transactions/), worked out by domain/mailings.ts: the
// count an admin sees before sending and the recipients fixed when sending starts are the same.
import type { Firestore } from 'firebase-admin/firestore';
import {
  activeMemberMailboxes,
  audienceMembers,
  type AudienceMember,
  type AudienceSale,
  type MailingAudience,
} from '../../domain/mailings';
import { mailboxOf } from '../../domain/mailbox';
import { membershipFromData } from '../../domain/membership';
import { purchasedAt, readSaleRecord, type StoredFields } from '../../domain/saleRecord';
import { membershipsCollection, transactionsCollection } from '../lib/collections';

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
 * The mailboxes whose membership is open at `at`; read only when the audience asks for members. Ended
 * and completed plans are never read: their access is closed or they are not memberships.
 */
async function memberMailboxes(db: Firestore, audience: MailingAudience, at: Date): Promise<Set<string>> {
  if (!audience.activeMembers) return new Set();
  const snapshot = await db
    .collection(membershipsCollection)
    .where('status', 'in', ['active', 'pastDue', 'cancelled'])
    .get();
  return activeMemberMailboxes(
    snapshot.docs.map((doc) => membershipFromData(doc.id, doc.data())),
    at,
  );
}

/**
 * The audience's members with the ids of their sales, from every sale the store recorded, and its
 * memberships judged at `at`; with `until`, only purchases made by then (the audience is fixed when
 * sending starts).
 */
export async function readAudience(
  db: Firestore,
  audience: MailingAudience,
  { at, until = null }: { at: Date; until?: Date | null },
): Promise<AudienceMemberWithSales[]> {
  const members = await memberMailboxes(db, audience, at);
  const snapshot = await db
    .collection(transactionsCollection)
    .select('customerEmail', 'productId', 'currency', 'paidAt', 'createdAt', 'refund', 'dispute')
    .get();
  const sales = snapshot.docs
    .map((doc) => ({ id: doc.id, sale: audienceSaleOf(doc.data()) }))
    .filter(({ sale }) => !until || !sale.purchasedAt || sale.purchasedAt.getTime() <= until.getTime());
  const chosen = audienceMembers(
    sales.map(({ sale }) => sale),
    audience,
    members,
  );
  const idsByMailbox = new Map<string, string[]>();
  const wanted = new Set(chosen.map((member) => member.mailbox));
  for (const { id, sale } of sales) {
    const mailbox = mailboxOf(sale.email);
    if (!wanted.has(mailbox)) continue;
    idsByMailbox.set(mailbox, [...(idsByMailbox.get(mailbox) ?? []), id]);
  }
  return chosen.map((member) => ({ ...member, saleIds: idsByMailbox.get(member.mailbox) ?? [] }));
}
