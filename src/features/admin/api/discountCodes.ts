// Discount codes for the dashboard's Discounts panel (docs/admin.md, 'Discounts'). Admins write the
// terms; the API alone counts uses, open reservations and revenue (firestore.rules refuse an admin
// write that touches them), so every write here names the terms only.
import {
  Timestamp,
  collection,
  deleteDoc,
  doc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  updateDoc,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import {
  discountCodeFromData,
  discountCodesCollection,
  type DiscountCode,
  type DiscountTerms,
} from '../../../../domain/discounts';
import type { AppError } from '../../../lib/errors';
import { getAuthLazy, getDb } from '../../../lib/firebase';

/** The most codes the panel lists; a store runs a handful at a time. */
export const discountCodesLimit = 200;

const codeConverter: FirestoreDataConverter<DiscountCode> = {
  toFirestore(code) {
    return code;
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): DiscountCode {
    return discountCodeFromData(snapshot.id, snapshot.data());
  },
};

const codes = () => collection(getDb(), discountCodesCollection).withConverter(codeConverter);

/** The code named `code` exists already (codes are unique: the name is the document id). */
export function codeExistsError(code: string): AppError {
  return {
    code: 'already-exists',
    message: `The code ${code} already exists. Choose another name, or edit that code.`,
  };
}

const time = (iso: string | null) => (iso ? Timestamp.fromDate(new Date(iso)) : null);

/** The terms as stored: every term present, null for "none" (the rules want them all). */
function storedTerms(terms: DiscountTerms) {
  const fixed = terms.kind === 'fixed';
  return {
    kind: terms.kind,
    percent: fixed ? null : terms.percent,
    amountOff: fixed ? { NGN: terms.amountOff.NGN, USD: terms.amountOff.USD } : null,
    productIds: [...terms.productIds],
    startsAt: time(terms.startsAt),
    endsAt: time(terms.endsAt),
    maxUses: terms.maxUses,
    oncePerEmail: terms.oncePerEmail,
    active: terms.active,
  };
}

/** Newest first; a single-field order needs no composite index. */
export async function fetchDiscountCodes(): Promise<DiscountCode[]> {
  const snapshot = await getDocs(query(codes(), orderBy('createdAt', 'desc'), limit(discountCodesLimit)));
  return snapshot.docs.map((d) => d.data());
}

/**
 * Creates `code` (upper case, already checked) with these terms, or fails with codeExistsError when
 * the name is taken. A transaction, so two admins creating one name at once cannot both succeed.
 */
export async function createDiscountCode(code: string, terms: DiscountTerms): Promise<void> {
  const db = getDb();
  const uid = (await getAuthLazy()).currentUser?.uid;
  if (!uid) {
    const signedOut: AppError = { code: 'unauthenticated', message: 'Please sign in again.' };
    throw signedOut;
  }
  const ref = doc(db, discountCodesCollection, code);
  await runTransaction(db, async (transaction) => {
    if ((await transaction.get(ref)).exists()) throw codeExistsError(code);
    // The rules want createdAt to be the request time and createdBy the admin writing it.
    transaction.set(ref, { code, ...storedTerms(terms), createdAt: serverTimestamp(), createdBy: uid });
  });
}

/** Changes the terms of an existing code; its counters stay the API's. */
export async function updateDiscountCode(code: string, terms: DiscountTerms): Promise<void> {
  await updateDoc(doc(getDb(), discountCodesCollection, code), storedTerms(terms));
}

/** Pauses (false) or resumes (true) a code. */
export async function setDiscountCodeActive(code: string, active: boolean): Promise<void> {
  await updateDoc(doc(getDb(), discountCodesCollection, code), { active });
}

/** Checkouts already holding the code keep their price; the API honours them. */
export async function deleteDiscountCode(code: string): Promise<void> {
  await deleteDoc(doc(getDb(), discountCodesCollection, code));
}
