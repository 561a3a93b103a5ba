import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, setDoc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: 'demo-digital-store',
    firestore: { rules: readFileSync(resolve(import.meta.dirname, '../../firestore.rules'), 'utf8') },
  });
});
afterAll(() => env.cleanup());

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'admins/admin-1'), { uid: 'admin-1', name: 'Ada', email: 'ada@store.test', phone: '1' });
    await setDoc(doc(db, 'products/p1'), { title: 'Book', priceInNgn: 1000, priceInUsd: 2, categoryId: 1 });
    await setDoc(doc(db, 'productDeliverables/p1'), { url: 'https://drive.test/book.pdf' });
    await setDoc(doc(db, 'transactions/paystack_ref1'), { productId: 'p1' });
  });
});

const product = { title: 'New', priceInNgn: 500, priceInUsd: 1, categoryId: 2 };

describe('shoppers (not signed in)', () => {
  it('may read products and outlines', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertSucceeds(getDoc(doc(db, 'products/p1')));
    await assertSucceeds(getDoc(doc(db, 'outlines/o1')));
  });
  it('may not read the deliverable link, transactions or contact messages', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertFails(getDoc(doc(db, 'productDeliverables/p1')));
    await assertFails(getDoc(doc(db, 'transactions/paystack_ref1')));
    await assertFails(getDoc(doc(db, 'contactMessages/m1')));
  });
  it('may not write products or transactions', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertFails(setDoc(doc(db, 'products/p2'), product));
    await assertFails(setDoc(doc(db, 'transactions/paystack_x'), { amount: 1 }));
  });
});

describe('a signed-in user who is not an admin', () => {
  it('may ask to become an admin for their own uid only', async () => {
    const db = env.authenticatedContext('user-1').firestore();
    await assertSucceeds(setDoc(doc(db, 'adminRequests/user-1'), { uid: 'user-1', name: 'U', email: 'u@x.test' }));
    await assertFails(setDoc(doc(db, 'adminRequests/user-2'), { uid: 'user-2', name: 'U', email: 'u@x.test' }));
  });
  it('may not write products or make themselves an admin', async () => {
    const db = env.authenticatedContext('user-1').firestore();
    await assertFails(setDoc(doc(db, 'products/p2'), product));
    await assertFails(setDoc(doc(db, 'admins/user-1'), { uid: 'user-1' }));
  });
});

describe('an admin', () => {
  it('may create, update and delete products with numeric prices', async () => {
    const db = env.authenticatedContext('admin-1').firestore();
    await assertSucceeds(setDoc(doc(db, 'products/p2'), product));
    await assertFails(setDoc(doc(db, 'products/p3'), { ...product, priceInNgn: '500' }));
    await assertSucceeds(updateDoc(doc(db, 'products/p1'), { title: 'Renamed' }));
    await assertSucceeds(deleteDoc(doc(db, 'products/p1')));
  });
  it('may read deliverables but never write transactions', async () => {
    const db = env.authenticatedContext('admin-1').firestore();
    await assertSucceeds(getDoc(doc(db, 'productDeliverables/p1')));
    await assertFails(setDoc(doc(db, 'transactions/paystack_y'), { amount: 1 }));
  });
  it('may change only their own phone', async () => {
    const db = env.authenticatedContext('admin-1').firestore();
    await assertSucceeds(updateDoc(doc(db, 'admins/admin-1'), { phone: '0800' }));
    await assertFails(updateDoc(doc(db, 'admins/admin-1'), { email: 'other@store.test' }));
  });
});
