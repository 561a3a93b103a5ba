// Stand-in for src/features/admin/api/paymentIssues.ts, the 'Needs attention' list's Firestore boundary,
// typed against the real module so a changed signature breaks the build here. Use it with
//   vi.mock('<path to>/src/features/admin/api/paymentIssues', () => import('<path to>/paymentIssues.mock'));
// By default there is no open issue; marking one resolved takes it off the stored list.
import { vi } from 'vitest';
import type { PaymentIssue } from '../../src/features/admin/api/paymentIssues';

type Queries = typeof import('../../src/features/admin/api/paymentIssues');

export const openIssuesLimit = 100;
export const fetchOpenPaymentIssues = vi.fn<Queries['fetchOpenPaymentIssues']>();
export const markPaymentIssueResolved = vi.fn<Queries['markPaymentIssueResolved']>();

const mock = { openIssuesLimit, fetchOpenPaymentIssues, markPaymentIssueResolved } satisfies Queries;

export function buildPaymentIssue(overrides: Partial<PaymentIssue> = {}): PaymentIssue {
  return {
    id: 'paystack_ds-00000000000000000001',
    provider: 'paystack',
    reference: 'ds-00000000000000000001',
    amount: 4499,
    currency: 'NGN',
    productName: 'Freelance Writing Playbook',
    productId: 'demo-freelance-writing',
    expectedAmount: 4500,
    expectedCurrency: 'NGN',
    customerName: 'Ada Obi',
    customerEmail: 'ada@example.com',
    customerPhone: '+234 803 123 4567',
    reason: 'The amount paid is less than the price of this product.',
    eventType: '',
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export let storedIssues: PaymentIssue[] = [];

export function resetPaymentIssues(issues: PaymentIssue[] = []) {
  storedIssues = issues.map((issue) => ({ ...issue }));
  for (const fn of [mock.fetchOpenPaymentIssues, mock.markPaymentIssueResolved]) fn.mockReset();
  // Newest first, as the real query answers.
  fetchOpenPaymentIssues.mockImplementation(async () =>
    storedIssues.map((issue) => ({ ...issue })).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  );
  markPaymentIssueResolved.mockImplementation(async (id) => {
    storedIssues = storedIssues.filter((issue) => issue.id !== id);
  });
}

resetPaymentIssues();
