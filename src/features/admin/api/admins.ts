// Firestore access for admins/{uid} and adminRequests/{uid} (docs/security.md), through Firestore Lite.
// firestore.rules decide who may do what; a refusal comes back as an AppError, never hidden.
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { isoDate } from '../../../../domain/dates';
import type { AdminInfo, AdminRequest } from '../../../lib/admin';
import { toAppError } from '../../../lib/errors';
import { getDb } from '../../../lib/firebase';

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

const adminConverter: FirestoreDataConverter<AdminInfo> = {
  toFirestore(admin) {
    return admin;
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): AdminInfo {
    const data = snapshot.data();
    return {
      uid: str(data.uid) || snapshot.id,
      name: str(data.name),
      email: str(data.email),
      phone: str(data.phone),
      createdAt: isoDate(data.createdAt, ''),
    };
  },
};

const admins = () => collection(getDb(), 'admins').withConverter(adminConverter);
const requests = () => collection(getDb(), 'adminRequests').withConverter(adminConverter);

async function mapped<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toAppError(error);
  }
}

export interface NewAdmin {
  uid: string;
  name: string;
  email: string;
  phone: string;
}

/** The admins record of `uid`, or null when the account has none (not approved yet). */
export function fetchAdmin(uid: string): Promise<AdminInfo | null> {
  return mapped(async () => {
    const snapshot = await getDoc(doc(admins(), uid));
    return snapshot.exists() ? snapshot.data() : null;
  });
}

/** The rules let an admin change only the phone of their own record. */
export function updateAdminPhone(uid: string, phone: string): Promise<void> {
  return mapped(async () => updateDoc(doc(getDb(), 'admins', uid), { phone: phone.trim() }));
}

/** Written by the signed-in admin for someone else (Register Admin panel). */
export function createAdminRecord(admin: NewAdmin): Promise<void> {
  return mapped(async () =>
    setDoc(doc(getDb(), 'admins', admin.uid), { ...fieldsOf(admin), createdAt: serverTimestamp() }),
  );
}

/** Whether `uid` has filed its request to become an admin (each signed-in user reads their own). */
export function hasAdminRequest(uid: string): Promise<boolean> {
  return mapped(async () => (await getDoc(doc(getDb(), 'adminRequests', uid))).exists());
}

/**
 * Written by the person who signed up, as themself, once their e-mail is verified (the rules take a
 * request only from a verified address): the request an admin approves.
 */
export function submitAdminRequest(request: NewAdmin): Promise<void> {
  return mapped(async () =>
    setDoc(doc(getDb(), 'adminRequests', request.uid), { ...fieldsOf(request), createdAt: serverTimestamp() }),
  );
}

export function fetchAdminRequests(): Promise<AdminRequest[]> {
  return mapped(async () => {
    const snapshot = await getDocs(query(requests(), orderBy('createdAt', 'asc')));
    return snapshot.docs.map((d) => d.data());
  });
}

/** The admins record and the end of the request in one batch: both happen or neither. */
export function approveAdminRequest(request: AdminRequest): Promise<void> {
  return mapped(async () => {
    const db = getDb();
    const batch = writeBatch(db);
    batch.set(doc(db, 'admins', request.uid), { ...fieldsOf(request), createdAt: serverTimestamp() });
    batch.delete(doc(db, 'adminRequests', request.uid));
    await batch.commit();
  });
}

export function rejectAdminRequest(uid: string): Promise<void> {
  return mapped(async () => deleteDoc(doc(getDb(), 'adminRequests', uid)));
}

function fieldsOf(admin: NewAdmin) {
  return { uid: admin.uid, name: admin.name.trim(), email: admin.email.trim(), phone: admin.phone.trim() };
}
