// Stand-in for src/features/admin/api/discountCodes.ts, the Discounts panel's Firestore boundary,
// typed against the real module so a changed signature breaks the build here. Use it with
//   vi.mock('<path to>/src/features/admin/api/discountCodes', () => import('<path to>/discountCodes.mock'));
// The default answers come from an in-memory list that behaves like the real module (newest first, a
// taken name refused, the counters left alone by every write), so a test can create, edit, pause and
// delete and watch the list change.
import { vi } from 'vitest';
import type { DiscountCode } from '../../domain/discounts';
import type { AppError } from '../../src/lib/errors';
import { buildDiscountCode } from './factories';

type Queries = typeof import('../../src/features/admin/api/discountCodes');

export const discountCodesLimit = 200;
export const fetchDiscountCodes = vi.fn<Queries['fetchDiscountCodes']>();
export const createDiscountCode = vi.fn<Queries['createDiscountCode']>();
export const updateDiscountCode = vi.fn<Queries['updateDiscountCode']>();
export const setDiscountCodeActive = vi.fn<Queries['setDiscountCodeActive']>();
export const deleteDiscountCode = vi.fn<Queries['deleteDiscountCode']>();

export function codeExistsError(code: string): AppError {
  return {
    code: 'already-exists',
    message: `The code ${code} already exists. Choose another name, or edit that code.`,
  };
}

const mock = {
  discountCodesLimit,
  fetchDiscountCodes,
  createDiscountCode,
  updateDiscountCode,
  setDiscountCodeActive,
  deleteDiscountCode,
  codeExistsError,
} satisfies Queries;

/** The stored codes the default answers read (newest first) and the writes change. */
export let storedCodes: DiscountCode[] = [];

/** Forgets calls and answers from `codes` as the real module answers from Firestore. */
export function resetDiscountCodes(codes: DiscountCode[] = []) {
  storedCodes = codes.map((code) => ({ ...code }));
  for (const fn of [
    mock.fetchDiscountCodes,
    mock.createDiscountCode,
    mock.updateDiscountCode,
    mock.setDiscountCodeActive,
    mock.deleteDiscountCode,
  ]) {
    fn.mockReset();
  }
  fetchDiscountCodes.mockImplementation(async () => storedCodes.map((code) => ({ ...code })));
  createDiscountCode.mockImplementation(async (code, terms) => {
    if (storedCodes.some((stored) => stored.code === code)) throw codeExistsError(code);
    storedCodes = [buildDiscountCode({ ...terms, code, createdAt: new Date().toISOString() }), ...storedCodes];
  });
  updateDiscountCode.mockImplementation(async (code, terms) => {
    storedCodes = storedCodes.map((stored) => (stored.code === code ? { ...stored, ...terms } : stored));
  });
  setDiscountCodeActive.mockImplementation(async (code, active) => {
    storedCodes = storedCodes.map((stored) => (stored.code === code ? { ...stored, active } : stored));
  });
  deleteDiscountCode.mockImplementation(async (code) => {
    storedCodes = storedCodes.filter((stored) => stored.code !== code);
  });
}
