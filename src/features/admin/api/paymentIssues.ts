// Payments that need the seller's attention (docs/admin.md, 'Needs attention'): the API records a payment
// the provider confirmed but that could not be fulfilled automatically; admins read the open ones and
// mark them resolved, as themselves (the rules allow `resolved` and `resolvedBy` and nothing else).
// Tests mock this module at its boundary (tests/support/paymentIssues.mock.ts).
import { collection, doc, getDocs, limit, query, updateDoc, where } from 'firebase/firestore/lite';
import { isoDate } from '../../../../domain/dates';
import { toAppError, type AppError } from '../../../lib/errors';
import { getAuthLazy, getDb } from '../../../lib/firebase';

export const openIssuesLimit = 100;

export interface PaymentIssue {
  id: string;
  provider: string;
  reference: string;
  /** What the provider says was paid, in major units (NaN when it did not say). */
  amount: number;
  currency: string;
  productName: string;
  productId: string;
  expectedAmount: number | null;
  expectedCurrency: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  reason: string;
  /**
   * The provider's refund or dispute event when the issue is one for a payment the store has no sale
   * for ('' for a payment that could not be fulfilled).
   */
  eventType: string;
  /** ISO date, '' when unknown. */
  createdAt: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function amount(value: unknown): number {
  return typeof value === 'number' ? value : Number.NaN;
}

function read(id: string, data: Record<string, unknown>): PaymentIssue {
  const customer = (typeof data.customer === 'object' && data.customer !== null ? data.customer : {}) as Record<
    string,
    unknown
  >;
  return {
    id,
    provider: text(data.provider),
    reference: text(data.reference),
    amount: amount(data.amount),
    currency: text(data.currency),
    productName: text(data.productName),
    productId: text(data.productId),
    expectedAmount: typeof data.expectedAmount === 'number' ? data.expectedAmount : null,
    expectedCurrency: typeof data.expectedCurrency === 'string' ? data.expectedCurrency : null,
    customerName: text(customer.name),
    customerEmail: text(customer.email),
    customerPhone: text(customer.phone),
    reason: text(data.reason),
    eventType:
      typeof data.event === 'object' && data.event !== null ? text((data.event as { type?: unknown }).type) : '',
    createdAt: isoDate(data.createdAt, ''),
  };
}

/** The unresolved issues, newest first. Few by nature, so one equality query sorted here (no index). */
export async function fetchOpenPaymentIssues(): Promise<PaymentIssue[]> {
  try {
    const snapshot = await getDocs(
      query(collection(getDb(), 'paymentIssues'), where('resolved', '==', false), limit(openIssuesLimit)),
    );
    return snapshot.docs
      .map((d) => read(d.id, d.data()))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  } catch (error) {
    throw toAppError(error);
  }
}

export async function markPaymentIssueResolved(issueId: string): Promise<void> {
  try {
    const uid = (await getAuthLazy()).currentUser?.uid;
    if (!uid) {
      const signedOut: AppError = { code: 'unauthenticated', message: 'Please sign in again.' };
      throw signedOut;
    }
    await updateDoc(doc(getDb(), 'paymentIssues', issueId), { resolved: true, resolvedBy: uid });
  } catch (error) {
    throw toAppError(error);
  }
}
