// The rules matrix (docs/security.md): every collection x visitor, signed-in user, pending
// requester and admin x get, list, create, update, delete, then the field checks. Written with the
// SPA's own SDK (Firestore Lite); identities are the unsigned ID tokens the Auth emulator issues
// (mockUserToken). The same file runs on our emulator in `npm test` (it starts one with the
// project's firestore.rules) and, unchanged, on the official emulator in `npm run test:rules`
// (RULES_TARGET=official, FIRESTORE_EMULATOR_HOST set by `firebase emulators:exec`).
import { resolve } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  Timestamp,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  deleteField,
  doc,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';

const PROJECT_ID = 'demo-digital-store';
const official = process.env.RULES_TARGET === 'official';

type Who = 'visitor' | 'user' | 'requester' | 'admin';
type Op = 'get' | 'list' | 'create' | 'update' | 'delete';
type Outcome = 'allowed' | 'denied';

const identities: Record<Exclude<Who, 'visitor'>, { uid: string; email: string }> = {
  user: { uid: 'user-1', email: 'user1@store.test' },
  requester: { uid: 'requester-1', email: 'requester@store.test' },
  admin: { uid: 'admin-1', email: 'admin@store.test' },
};

let host = '';
let port = 0;
let stopEmulator: () => Promise<void> = async () => undefined;
const apps: FirebaseApp[] = [];
const clients = {} as Record<Who, Firestore>;

/** A signed-in user whose token says their e-mail is not verified (or says nothing about it). */
function unverifiedClient(uid: string, emailVerified: boolean | undefined): Firestore {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo' }, `rules-${uid}-${process.pid}`);
  apps.push(app);
  const db = getFirestore(app);
  const email = `${uid}@store.test`;
  const token = emailVerified === undefined ? { sub: uid, email } : { sub: uid, email, email_verified: emailVerified };
  connectFirestoreEmulator(db, host, port, { mockUserToken: token });
  return db;
}

function client(who: Who): Firestore {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo' }, `rules-${who}-${process.pid}`);
  apps.push(app);
  const db = getFirestore(app);
  if (who === 'visitor') connectFirestoreEmulator(db, host, port);
  else {
    const { uid, email } = identities[who];
    connectFirestoreEmulator(db, host, port, { mockUserToken: { sub: uid, email, email_verified: true } });
  }
  return db;
}

const longText = (n: number) => 'x'.repeat(n);
const fixedTime = AdminTimestamp.fromMillis(Date.UTC(2026, 0, 1));

// The data every case starts from, written by firebase-admin (which bypasses the rules).
async function seed(): Promise<void> {
  const admin = createAdminFirestore({ projectId: PROJECT_ID, emulatorHost: `${host}:${port}` });
  const batch = admin.batch();
  batch.set(admin.doc('products/p1'), {
    title: 'Book',
    description: 'A book.',
    priceInNgn: 1000,
    priceInUsd: 2,
    categoryId: 1,
    coverImageUrl: 'https://images.test/p1.png',
    author: 'Content Team',
    createdAt: fixedTime,
  });
  batch.set(admin.doc('productDeliverables/p1'), { url: 'https://drive.test/book.pdf' });
  batch.set(admin.doc('outlines/o1'), { productId: 'p1', outline: 'Chapter 1', outlineOrder: 1, createdAt: fixedTime });
  batch.set(admin.doc('catalogIndex/shard-0'), { entries: { p1: indexEntry({ createdAt: fixedTime }) } });
  for (const [uid, email] of [
    ['admin-1', 'admin@store.test'],
    ['admin-2', 'admin2@store.test'],
  ]) {
    batch.set(admin.doc(`admins/${uid}`), {
      uid,
      name: 'Ada',
      email,
      phone: '+234 800 000 0001',
      createdAt: fixedTime,
    });
  }
  batch.set(admin.doc('adminRequests/requester-1'), {
    uid: 'requester-1',
    name: 'Rita',
    email: 'requester@store.test',
    phone: '+234 800 000 0002',
    createdAt: fixedTime,
  });
  batch.set(admin.doc('transactions/paystack_ref1'), { productId: 'p1', amount: 1000, currency: 'NGN' });
  batch.set(admin.doc('accessGrants/g1'), { transactionId: 'paystack_ref1', productId: 'p1', uses: 0 });
  batch.set(admin.doc('courseContent/p1'), { sections: [], videos: {}, updatedAt: null });
  batch.set(admin.doc('lessonProgress/g1'), { lessons: {}, lastLessonId: null });
  batch.set(admin.doc('certificates/CERT-AAAAAAAAAAAA'), {
    transactionId: 'paystack_ref1',
    productId: 'p1',
    name: 'Ada',
    courseTitle: 'Book',
    completedAt: '2026-11-01T10:00:00.000Z',
    storagePath: 'certificates/CERT-AAAAAAAAAAAA.pdf',
  });
  batch.set(admin.doc('licenseKeys/k1'), {
    key: 'KEY-1',
    productId: 'p1',
    transactionId: 'paystack_ref1',
    status: 'active',
    activationLimit: 3,
    activations: [],
  });
  batch.set(admin.doc('licensePools/p1/keys/pk1'), { key: 'POOL-1', usedBy: null });
  batch.set(admin.doc('licensePoolKeys/pk1'), { productId: 'p1' });
  batch.set(admin.doc('affiliates/ADA'), { name: 'Ada Obi', email: 'ada@store.test', status: 'approved' });
  batch.set(admin.doc('affiliateClicks/ADA_2026-11-01'), { code: 'ADA', day: '2026-11-01', count: 3 });
  batch.set(admin.doc('affiliateMailboxes/hash-1'), { code: 'ADA' });
  batch.set(admin.doc('affiliateClickVisits/visit-1'), { code: 'ADA', day: '2026-11-01', expiresAt: fixedTime });
  batch.set(admin.doc('commissions/paystack_ref1'), { affiliateCode: 'ADA', amountMinor: 30_000, status: 'pending' });
  batch.set(admin.doc('discountCodes/SPRING'), {
    ...discountCode(),
    createdAt: fixedTime,
    createdBy: 'admin-2',
    uses: 2,
    reserved: 1,
    revenueMinor: { NGN: 382_500, USD: 0 },
  });
  batch.set(admin.doc('discountCodes/SPRING/reservations/checkout-1'), { status: 'reserved', amountMinor: 382_500 });
  batch.set(admin.doc('discountCodes/SPRING/redemptions/hash-1'), { uses: 1 });
  batch.set(admin.doc('memberships/paystack_ref1'), {
    productId: 'p1',
    kind: 'membership',
    interval: 'monthly',
    status: 'active',
    paidThrough: fixedTime,
  });
  batch.set(admin.doc('providerPlans/p1'), {
    paystack: { planCode: 'PLN_1', interval: 'monthly', amountMinor: 500_000, invoiceLimit: null },
    paystackPlanCodes: ['PLN_1'],
  });
  batch.set(admin.doc('checkouts/c1'), { reference: 'ds-c1', productId: 'p1', amount: 1000, status: 'open' });
  batch.set(admin.doc('reminderOptOuts/hash-1'), { createdAt: fixedTime });
  batch.set(admin.doc('reminderSends/hash-1'), { lastSentAt: fixedTime });
  batch.set(admin.doc('mailings/m1'), { subject: 'News', body: 'Hello', status: 'draft', createdBy: 'admin-2' });
  batch.set(admin.doc('mailings/m1/recipients/hash-1'), { email: 'ada@example.com', status: 'queued' });
  batch.set(admin.doc('mailingMinutes/2026-11-23T12:00'), { sent: 3 });
  batch.set(admin.doc('mailSuppressions/hash-1'), { reason: 'bounced', source: 'test', at: fixedTime });
  batch.set(admin.doc('sequences/p1'), { steps: [{ id: 's1', afterDays: 1, subject: 'Welcome', body: 'Hi' }] });
  batch.set(admin.doc('sequenceSends/paystack_ref1_s1'), { email: 'ada@example.com', status: 'sent' });
  batch.set(admin.doc('reviews/paystack_ref1'), { productId: 'p1', rating: 5, status: 'shown', createdAt: fixedTime });
  batch.set(admin.doc('productRatings/p1'), { count: 1, sum: 5, updatedAt: fixedTime });
  batch.set(admin.doc('paymentIssues/paystack_ref9'), {
    provider: 'paystack',
    reference: 'ref9',
    amount: 10,
    reason: 'The amount paid is less than the price of this product.',
    resolved: false,
    resolvedBy: null,
  });
  batch.set(admin.doc('providerEvents/paystack_refund.processed_1'), {
    type: 'refund.processed',
    receivedAt: '2026-01-01T00:00:00.000Z',
    appliedAt: '2026-01-01T00:00:00.000Z',
    outcome: 'applied',
  });
  batch.set(admin.doc('settings/store'), { keepAccessOnPartialRefund: true, remindersOn: true });
  batch.set(admin.doc('storeHealth/latest'), {
    ranAt: '2026-01-01T00:00:00.000Z',
    checks: [{ id: 'smtp', title: 'Mail server', status: 'good', detail: 'The mail server answers.', fix: '' }],
  });
  batch.set(admin.doc('mailFailures/f1'), { failedAt: fixedTime, subject: 'Your purchase', reason: 'ECONNECTION' });
  batch.set(admin.doc('resendRequests/r1'), {
    email: 'ada@store.test',
    createdAt: fixedTime,
    claimableAt: fixedTime,
    attempts: 0,
  });
  batch.set(admin.doc('buyerSignIns/k1'), {
    email: 'ada@store.test',
    codeHash: 'a'.repeat(64),
    linkTokenHash: 'b'.repeat(64),
    expiresAt: fixedTime,
    attempts: 0,
    sends: [fixedTime],
  });
  batch.set(admin.doc('buyerSessions/s1'), {
    email: 'ada@store.test',
    emailKey: 'k1',
    createdAt: fixedTime,
    expiresAt: fixedTime,
    revokedAt: null,
  });
  batch.set(admin.doc('contactMessages/m1'), {
    name: 'Sam',
    email: 'sam@store.test',
    phone: '0800',
    message: 'Hello',
    createdAt: fixedTime,
    handled: false,
  });
  await batch.commit();
}

async function clear(): Promise<void> {
  const url = `http://${host}:${port}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  const response = await fetch(url, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Could not clear the emulator: HTTP ${response.status}`);
}

/** 'denied' when Firestore says permission-denied; any other failure fails the test. */
async function outcome(action: Promise<unknown>): Promise<Outcome> {
  try {
    await action;
    return 'allowed';
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return 'denied';
    throw error;
  }
}

function product(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'New book',
    description: 'Fresh.',
    priceInNgn: 500,
    priceInUsd: 1.5,
    categoryId: 2,
    coverImageUrl: 'https://images.test/new.png',
    author: 'Content Team',
    createdAt: serverTimestamp(),
    ...overrides,
  };
}

function outline(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { productId: 'p1', outline: 'Chapter 2', outlineOrder: 2, createdAt: serverTimestamp(), ...overrides };
}

/** A percent code's terms as the Discounts panel writes them (every term present, null for none). */
function discountCode(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    code: 'SPRING',
    kind: 'percent',
    percent: 15,
    amountOff: null,
    productIds: [],
    startsAt: null,
    endsAt: null,
    maxUses: 50,
    oncePerEmail: false,
    active: true,
    createdAt: serverTimestamp(),
    createdBy: 'admin-1',
    ...overrides,
  };
}

function profile(who: Who, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const uid = who === 'visitor' ? 'visitor-1' : identities[who].uid;
  const email = who === 'visitor' ? 'visitor@store.test' : identities[who].email;
  return { uid, name: 'Pat', email, phone: '+234 800 000 0003', createdAt: serverTimestamp(), ...overrides };
}

function indexEntry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Book',
    priceInNgn: 1000,
    priceInUsd: 2,
    coverImageUrl: 'https://images.test/p1.png',
    categoryId: 1,
    createdAt: serverTimestamp(),
    ...overrides,
  };
}

const ownUid = (who: Who) => (who === 'visitor' ? 'visitor-1' : identities[who].uid);

// Per collection: the document each get/update/delete targets, and how each operation is tried.
interface Collection {
  name: string;
  target: string;
  create: (db: Firestore, who: Who) => Promise<unknown>;
  update: (db: Firestore, who: Who) => Promise<unknown>;
}

const collections: Collection[] = [
  {
    name: 'products',
    target: 'p1',
    create: (db) => setDoc(doc(db, 'products/new-product'), product()),
    update: (db) => updateDoc(doc(db, 'products/p1'), { title: 'Renamed' }),
  },
  {
    name: 'productDeliverables',
    target: 'p1',
    create: (db) => setDoc(doc(db, 'productDeliverables/new-product'), { url: 'https://drive.test/new.pdf' }),
    update: (db) => updateDoc(doc(db, 'productDeliverables/p1'), { url: 'https://drive.test/v2.pdf' }),
  },
  {
    name: 'outlines',
    target: 'o1',
    create: (db) => setDoc(doc(db, 'outlines/new-outline'), outline()),
    update: (db) => updateDoc(doc(db, 'outlines/o1'), { outline: 'Chapter one' }),
  },
  {
    name: 'catalogIndex',
    target: 'shard-0',
    create: (db) => setDoc(doc(db, 'catalogIndex/shard-1'), { entries: { p2: indexEntry({ title: 'Other' }) } }),
    update: (db) => setDoc(doc(db, 'catalogIndex/shard-0'), { entries: { p1: { title: 'Renamed' } } }, { merge: true }),
  },
  {
    name: 'admins',
    target: 'admin-2',
    create: (db) =>
      setDoc(doc(db, 'admins/new-admin'), { ...profile('user'), uid: 'new-admin', email: 'new@store.test' }),
    update: (db) => updateDoc(doc(db, 'admins/admin-2'), { phone: '0800 000' }),
  },
  {
    name: 'adminRequests',
    target: 'requester-1',
    create: (db, who) => setDoc(doc(db, `adminRequests/${ownUid(who)}`), profile(who)),
    update: (db) => updateDoc(doc(db, 'adminRequests/requester-1'), { phone: '0800 000' }),
  },
  {
    name: 'transactions',
    target: 'paystack_ref1',
    create: (db) => setDoc(doc(db, 'transactions/paystack_ref2'), { productId: 'p1', amount: 1 }),
    update: (db) => updateDoc(doc(db, 'transactions/paystack_ref1'), { amount: 1 }),
  },
  {
    name: 'accessGrants',
    target: 'g1',
    create: (db) => setDoc(doc(db, 'accessGrants/g2'), { transactionId: 'paystack_ref1', productId: 'p1', uses: 0 }),
    update: (db) => updateDoc(doc(db, 'accessGrants/g1'), { uses: 5 }),
  },
  {
    name: 'courseContent',
    target: 'p1',
    create: (db) => setDoc(doc(db, 'courseContent/new-product'), { sections: [], updatedAt: null }),
    update: (db) => updateDoc(doc(db, 'courseContent/p1'), { sections: [] }),
  },
  {
    name: 'lessonProgress',
    target: 'g1',
    create: (db) => setDoc(doc(db, 'lessonProgress/g2'), { lessons: {}, lastLessonId: null }),
    update: (db) => updateDoc(doc(db, 'lessonProgress/g1'), { lastLessonId: 'l1' }),
  },
  {
    name: 'certificates',
    target: 'CERT-AAAAAAAAAAAA',
    create: (db) => setDoc(doc(db, 'certificates/CERT-BBBBBBBBBBBB'), { name: 'Eve', courseTitle: 'Book' }),
    update: (db) => updateDoc(doc(db, 'certificates/CERT-AAAAAAAAAAAA'), { name: 'Eve' }),
  },
  {
    name: 'licenseKeys',
    target: 'k1',
    create: (db) =>
      setDoc(doc(db, 'licenseKeys/k2'), { key: 'KEY-2', productId: 'p1', status: 'active', activations: [] }),
    update: (db) => updateDoc(doc(db, 'licenseKeys/k1'), { activations: [], status: 'active' }),
  },
  {
    name: 'licensePools/p1/keys',
    target: 'pk1',
    create: (db) => setDoc(doc(db, 'licensePools/p1/keys/pk2'), { key: 'POOL-2', usedBy: null }),
    update: (db) => updateDoc(doc(db, 'licensePools/p1/keys/pk1'), { usedBy: 'paystack_ref9' }),
  },
  {
    name: 'licensePoolKeys',
    target: 'pk1',
    create: (db) => setDoc(doc(db, 'licensePoolKeys/pk2'), { productId: 'p1' }),
    update: (db) => updateDoc(doc(db, 'licensePoolKeys/pk1'), { productId: 'p2' }),
  },
  {
    name: 'affiliates',
    target: 'ADA',
    create: (db) => setDoc(doc(db, 'affiliates/EVE'), { name: 'Eve', email: 'eve@store.test', status: 'approved' }),
    update: (db) => updateDoc(doc(db, 'affiliates/ADA'), { status: 'approved', commissionPercent: 90 }),
  },
  {
    name: 'affiliateClicks',
    target: 'ADA_2026-11-01',
    create: (db) => setDoc(doc(db, 'affiliateClicks/ADA_2026-11-02'), { code: 'ADA', count: 1000 }),
    update: (db) => updateDoc(doc(db, 'affiliateClicks/ADA_2026-11-01'), { count: 1000 }),
  },
  {
    name: 'affiliateClickVisits',
    target: 'visit-1',
    create: (db) => setDoc(doc(db, 'affiliateClickVisits/visit-2'), { code: 'ADA', day: '2026-11-02' }),
    update: (db) => updateDoc(doc(db, 'affiliateClickVisits/visit-1'), { day: '2026-11-02' }),
  },
  {
    name: 'affiliateMailboxes',
    target: 'hash-1',
    create: (db) => setDoc(doc(db, 'affiliateMailboxes/hash-2'), { code: 'EVE' }),
    update: (db) => updateDoc(doc(db, 'affiliateMailboxes/hash-1'), { code: 'EVE' }),
  },
  {
    name: 'commissions',
    target: 'paystack_ref1',
    create: (db) => setDoc(doc(db, 'commissions/paystack_ref2'), { affiliateCode: 'ADA', amountMinor: 1 }),
    update: (db) => updateDoc(doc(db, 'commissions/paystack_ref1'), { status: 'paid', amountMinor: 99_999 }),
  },
  {
    name: 'discountCodes',
    target: 'SPRING',
    create: (db) => setDoc(doc(db, 'discountCodes/AUTUMN'), discountCode({ code: 'AUTUMN' })),
    update: (db) => updateDoc(doc(db, 'discountCodes/SPRING'), { percent: 20 }),
  },
  {
    name: 'discountCodes/SPRING/reservations',
    target: 'checkout-1',
    create: (db) => setDoc(doc(db, 'discountCodes/SPRING/reservations/checkout-2'), { status: 'reserved' }),
    update: (db) => updateDoc(doc(db, 'discountCodes/SPRING/reservations/checkout-1'), { status: 'released' }),
  },
  {
    name: 'discountCodes/SPRING/redemptions',
    target: 'hash-1',
    create: (db) => setDoc(doc(db, 'discountCodes/SPRING/redemptions/hash-2'), { uses: 1 }),
    update: (db) => updateDoc(doc(db, 'discountCodes/SPRING/redemptions/hash-1'), { uses: 0 }),
  },
  {
    name: 'memberships',
    target: 'paystack_ref1',
    // A forged plan, or a period moved by a client, would open what nobody paid for.
    create: (db) => setDoc(doc(db, 'memberships/paystack_ref2'), { productId: 'p1', status: 'active' }),
    update: (db) => updateDoc(doc(db, 'memberships/paystack_ref1'), { paidThrough: new Date(Date.UTC(2099, 0, 1)) }),
  },
  {
    name: 'providerPlans',
    target: 'p1',
    // A forged plan code would send another product's renewals to this one.
    create: (db) => setDoc(doc(db, 'providerPlans/p2'), { paystackPlanCodes: ['PLN_2'] }),
    update: (db) => updateDoc(doc(db, 'providerPlans/p1'), { paystackPlanCodes: ['PLN_9'] }),
  },
  {
    name: 'checkouts',
    target: 'c1',
    create: (db) => setDoc(doc(db, 'checkouts/c2'), { reference: 'ds-c2', productId: 'p1', amount: 1 }),
    update: (db) => updateDoc(doc(db, 'checkouts/c1'), { amount: 1 }),
  },
  {
    name: 'reminderOptOuts',
    target: 'hash-1',
    create: (db) => setDoc(doc(db, 'reminderOptOuts/hash-2'), { createdAt: new Date() }),
    update: (db) => updateDoc(doc(db, 'reminderOptOuts/hash-1'), { createdAt: new Date() }),
  },
  {
    name: 'reminderSends',
    target: 'hash-1',
    create: (db) => setDoc(doc(db, 'reminderSends/hash-2'), { lastSentAt: new Date() }),
    update: (db) => updateDoc(doc(db, 'reminderSends/hash-1'), { lastSentAt: new Date() }),
  },
  {
    name: 'mailings',
    target: 'm1',
    create: (db, who) =>
      setDoc(doc(db, 'mailings/m2'), { subject: 'News', body: 'Hello', status: 'draft', createdBy: who }),
    // Sending it straight from the client, past the API's queue.
    update: (db) => updateDoc(doc(db, 'mailings/m1'), { status: 'scheduled' }),
  },
  {
    name: 'mailings/m1/recipients',
    target: 'hash-1',
    create: (db) => setDoc(doc(db, 'mailings/m1/recipients/hash-2'), { email: 'bo@example.com', status: 'queued' }),
    update: (db) => updateDoc(doc(db, 'mailings/m1/recipients/hash-1'), { status: 'sent' }),
  },
  {
    name: 'mailingMinutes',
    target: '2026-11-23T12:00',
    create: (db) => setDoc(doc(db, 'mailingMinutes/2026-11-23T12:01'), { sent: 0 }),
    update: (db) => updateDoc(doc(db, 'mailingMinutes/2026-11-23T12:00'), { sent: 0 }),
  },
  {
    name: 'mailSuppressions',
    target: 'hash-1',
    create: (db) => setDoc(doc(db, 'mailSuppressions/hash-2'), { reason: 'unsubscribed' }),
    // Undoing a bounce or a complaint from a client.
    update: (db) => updateDoc(doc(db, 'mailSuppressions/hash-1'), { reason: 'unsubscribed' }),
  },
  {
    name: 'sequences',
    target: 'p1',
    create: (db) => setDoc(doc(db, 'sequences/p2'), { steps: [] }),
    update: (db) => updateDoc(doc(db, 'sequences/p1'), { steps: [] }),
  },
  {
    name: 'sequenceSends',
    target: 'paystack_ref1_s1',
    // Claiming a step for a sale from a client, so the buyer never gets it.
    create: (db) => setDoc(doc(db, 'sequenceSends/paystack_ref2_s1'), { status: 'sent' }),
    update: (db) => updateDoc(doc(db, 'sequenceSends/paystack_ref1_s1'), { status: 'failed' }),
  },
  {
    name: 'reviews',
    target: 'paystack_ref1',
    // A review no purchase backs, or another buyer's review edited.
    create: (db) => setDoc(doc(db, 'reviews/paystack_ref2'), { productId: 'p1', rating: 5, status: 'shown' }),
    update: (db) => updateDoc(doc(db, 'reviews/paystack_ref1'), { rating: 1 }),
  },
  {
    name: 'productRatings',
    target: 'p1',
    // A made-up average.
    create: (db) => setDoc(doc(db, 'productRatings/p2'), { count: 100, sum: 500 }),
    update: (db) => updateDoc(doc(db, 'productRatings/p1'), { count: 100, sum: 500 }),
  },
  {
    name: 'paymentIssues',
    target: 'paystack_ref9',
    create: (db) => setDoc(doc(db, 'paymentIssues/paystack_ref10'), { reason: 'made up', resolved: false }),
    // Marking resolved as oneself: what the Sales panel's 'Mark resolved' writes.
    update: (db, who) =>
      updateDoc(doc(db, 'paymentIssues/paystack_ref9'), {
        resolved: true,
        resolvedBy: who === 'visitor' ? null : identities[who].uid,
      }),
  },
  {
    name: 'providerEvents',
    target: 'paystack_refund.processed_1',
    create: (db) =>
      setDoc(doc(db, 'providerEvents/paypal_WH-1'), { type: 'PAYMENT.CAPTURE.REFUNDED', outcome: 'applied' }),
    update: (db) => updateDoc(doc(db, 'providerEvents/paystack_refund.processed_1'), { outcome: 'ignored' }),
  },
  {
    name: 'storeHealth',
    target: 'latest',
    // A forged report would hide a critical check from the seller, or raise a false alarm.
    create: (db) => setDoc(doc(db, 'storeHealth/paystackWebhook'), { lastEventAt: new Date() }),
    update: (db) => updateDoc(doc(db, 'storeHealth/latest'), { checks: [] }),
  },
  {
    name: 'mailFailures',
    target: 'f1',
    create: (db) => setDoc(doc(db, 'mailFailures/f2'), { failedAt: new Date(), subject: 'made up' }),
    update: (db) => updateDoc(doc(db, 'mailFailures/f1'), { subject: 'hidden' }),
  },
  {
    name: 'settings',
    target: 'store',
    // The matrix's create writes the store document afresh (it exists), as the panel's save does.
    create: (db) => setDoc(doc(db, 'settings/store'), { keepAccessOnPartialRefund: false, remindersOn: true }),
    update: (db) => updateDoc(doc(db, 'settings/store'), { remindersOn: false }),
  },
  {
    name: 'resendRequests',
    target: 'r1',
    create: (db) =>
      setDoc(doc(db, 'resendRequests/r2'), {
        email: 'eve@store.test',
        createdAt: new Date(),
        claimableAt: new Date(),
        attempts: 0,
      }),
    update: (db) => updateDoc(doc(db, 'resendRequests/r1'), { claimableAt: new Date(0) }),
  },
  {
    name: 'buyerSignIns',
    target: 'k1',
    create: (db) =>
      setDoc(doc(db, 'buyerSignIns/k2'), { codeHash: 'c'.repeat(64), attempts: 0, expiresAt: new Date() }),
    update: (db) => updateDoc(doc(db, 'buyerSignIns/k1'), { attempts: 0 }),
  },
  {
    name: 'buyerSessions',
    target: 's1',
    create: (db) =>
      setDoc(doc(db, 'buyerSessions/s2'), {
        emailKey: 'k1',
        createdAt: new Date(),
        expiresAt: new Date(),
        revokedAt: null,
      }),
    update: (db) => updateDoc(doc(db, 'buyerSessions/s1'), { revokedAt: null, email: 'eve@store.test' }),
  },
  {
    name: 'contactMessages',
    target: 'm1',
    create: (db) => setDoc(doc(db, 'contactMessages/m2'), { name: 'Eve', message: 'spam', handled: false }),
    update: (db) => updateDoc(doc(db, 'contactMessages/m1'), { handled: true }),
  },
];

// The expected answer for each collection, operation and caller (A = allowed, - = denied), in the
// order visitor, user, requester, admin. This is the table in docs/security.md.
const expected: Record<string, Record<Op, string>> = {
  products: { get: 'AAAA', list: 'AAAA', create: '---A', update: '---A', delete: '---A' },
  productDeliverables: { get: '---A', list: '---A', create: '---A', update: '---A', delete: '---A' },
  outlines: { get: 'AAAA', list: 'AAAA', create: '---A', update: '---A', delete: '---A' },
  // The search's index: public to read; admins write entries, nobody deletes a shard.
  catalogIndex: { get: 'AAAA', list: 'AAAA', create: '---A', update: '---A', delete: '----' },
  // get/update/delete target another admin's record (admin-2); the admin is admin-1.
  admins: { get: '---A', list: '---A', create: '---A', update: '----', delete: '---A' },
  // get/update/delete target the pending requester's own request; create writes the caller's own
  // (the requester's already exists, so theirs is a rewrite, which no one may do).
  adminRequests: { get: '--AA', list: '---A', create: '-A-A', update: '----', delete: '---A' },
  transactions: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  accessGrants: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // Courses: admins read the content, which only the API writes (it inspects videos and checks the
  // lessons); progress and certificates are the API's alone.
  courseContent: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  lessonProgress: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  certificates: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // License keys and the seller's pool: admins read them (Sales, the pool count); the API alone writes.
  licenseKeys: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  'licensePools/p1/keys': { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  // Which product's pool holds each key: the API's alone.
  licensePoolKeys: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  providerEvents: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // Store health: the API's alone; admins read the report through the admin-only API route.
  storeHealth: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  mailFailures: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // The affiliate program: admins read it all; the API alone writes (approvals, clicks, commissions).
  affiliates: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  affiliateClicks: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  commissions: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  // Which affiliate holds a mailbox (one application per mailbox): the API's alone.
  affiliateMailboxes: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // Which visitors were counted today (keyed hashes): the API's alone, not even admins read them.
  affiliateClickVisits: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // Admins read and write the store's switches; nobody deletes them (the defaults would come back
  // silently).
  settings: { get: '---A', list: '---A', create: '---A', update: '---A', delete: '----' },
  resendRequests: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // A buyer's sign-in codes and sessions: no client, not even an admin, may read or forge them.
  buyerSignIns: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  buyerSessions: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  contactMessages: { get: '---A', list: '---A', create: '----', update: '---A', delete: '----' },
  // Admins write the terms; the API alone counts uses and keeps each checkout's reservation and the
  // hashed addresses of buyers.
  discountCodes: { get: '---A', list: '---A', create: '---A', update: '---A', delete: '---A' },
  'discountCodes/SPRING/reservations': { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  'discountCodes/SPRING/redemptions': { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  checkouts: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // Memberships: admins read them (Members); the API alone writes them.
  memberships: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  // A product's Paystack plans: the API's alone.
  providerPlans: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  reminderOptOuts: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  reminderSends: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  paymentIssues: { get: '---A', list: '---A', create: '----', update: '---A', delete: '----' },
  // E-mails to buyers: admins read the mailings; everything else goes through the API alone.
  mailings: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  'mailings/m1/recipients': { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  mailingMinutes: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  mailSuppressions: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // After-purchase sequences: admins read the steps and save them through the API.
  sequences: { get: '---A', list: '---A', create: '----', update: '----', delete: '----' },
  sequenceSends: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  // Reviews: through the API alone, both ways; a product's rating is public and only the API keeps it.
  reviews: { get: '----', list: '----', create: '----', update: '----', delete: '----' },
  productRatings: { get: 'AAAA', list: 'AAAA', create: '----', update: '----', delete: '----' },
};

const who: Who[] = ['visitor', 'user', 'requester', 'admin'];
const ops: Op[] = ['get', 'list', 'create', 'update', 'delete'];

const matrix = collections.flatMap((c) =>
  ops.flatMap((op) =>
    who.map((caller, i) => ({
      collection: c,
      op,
      caller,
      expected: expected[c.name]?.[op][i] === 'A' ? 'allowed' : 'denied',
    })),
  ),
);

function run(c: Collection, op: Op, caller: Who): Promise<unknown> {
  const db = clients[caller];
  switch (op) {
    case 'get':
      return getDoc(doc(db, c.name, c.target));
    case 'list':
      // Within the public list cap (100), so the matrix shows who may list; the cap has its own cases.
      return getDocs(query(collection(db, c.name), limit(100)));
    case 'create':
      return c.create(db, caller);
    case 'update':
      return c.update(db, caller);
    case 'delete':
      return deleteDoc(doc(db, c.name, c.target));
  }
}

beforeAll(async () => {
  setLogLevel('silent');
  if (official) {
    const [h, p] = (process.env.FIRESTORE_EMULATOR_HOST ?? '').split(':');
    if (!h || !p)
      throw new Error('RULES_TARGET=official needs FIRESTORE_EMULATOR_HOST (firebase emulators:exec sets it).');
    host = h;
    port = Number(p);
  } else {
    const { startFirestoreEmulator } = await import('../../local/firestore/server');
    const emulator = await startFirestoreEmulator({
      port: 0,
      rulesFile: resolve(import.meta.dirname, '../../firestore.rules'),
    });
    host = emulator.host;
    port = emulator.port;
    stopEmulator = () => emulator.close();
  }
  for (const caller of who) clients[caller] = client(caller);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await stopEmulator();
});

beforeEach(async () => {
  await clear();
  await seed();
});

describe(`the rules matrix: ${matrix.length} cases`, () => {
  it.each(matrix.map((c) => [c.collection.name, c.op, c.caller, c.expected, c] as const))(
    '%s: %s by a %s is %s',
    async (_name, op, caller, expectedOutcome, c) => {
      expect(await outcome(run(c.collection, op, caller))).toBe(expectedOutcome);
    },
  );
});

describe('products: admins write only valid products', () => {
  const create = (data: Record<string, unknown>) => outcome(setDoc(doc(clients.admin, 'products/checked'), data));
  it.each([
    ['a price given as text', { priceInNgn: '500' }],
    ['a price of 0', { priceInNgn: 0 }],
    // Prices are what the providers will charge: finite, in whole kobo or cents, and at least the
    // smallest charge each takes (Paystack NGN 50.00, PayPal USD 0.01; see firestore.rules).
    ['an NGN price of Infinity', { priceInNgn: Infinity }],
    ['a USD price of Infinity', { priceInUsd: Infinity }],
    ['an NGN price of NaN', { priceInNgn: NaN }],
    ['a USD price of 0.001 (it would sell at 0 cents)', { priceInUsd: 0.001 }],
    ['an NGN price with three decimals', { priceInNgn: 500.005 }],
    ["an NGN price below Paystack's smallest charge (49.99)", { priceInNgn: 49.99 }],
    ['a negative USD price', { priceInUsd: -1 }],
    ['category 0', { categoryId: 0 }],
    ['category 4 (no such category)', { categoryId: 4 }],
    ['category 1.5', { categoryId: 1.5 }],
    ["category '3' given as text", { categoryId: '3' }],
    ['an extra key (the deliverable link)', { url: 'https://drive.test/leak.pdf' }],
    ['a title of 201 characters', { title: longText(201) }],
    ['a description of 10,001 characters', { description: longText(10_001) }],
    ['an http cover URL', { coverImageUrl: 'http://images.test/p.png' }],
    ['a javascript: cover URL', { coverImageUrl: 'javascript:alert(1)' }],
    ['an author that is not a string', { author: 7 }],
    ['createdAt set by the client instead of request.time', { createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)) }],
    // How it is charged (docs/memberships.md): only the two plans, with their own fields.
    ['a weekly membership', { pricing: { kind: 'membership', interval: 'weekly' } }],
    ['a membership without its interval', { pricing: { kind: 'membership' } }],
    ['a membership with a count', { pricing: { kind: 'membership', interval: 'monthly', count: 3 } }],
    ['1 instalment', { pricing: { kind: 'instalments', count: 1 } }],
    ['7 instalments', { pricing: { kind: 'instalments', count: 7 } }],
    ['2.5 instalments', { pricing: { kind: 'instalments', count: 2.5 } }],
    ['instalments counted as text', { pricing: { kind: 'instalments', count: '3' } }],
    ['a pricing that is not a map', { pricing: 'membership' }],
    ['an unknown kind of pricing', { pricing: { kind: 'lifetime' } }],
  ])('refuses %s', async (_what, overrides) => {
    expect(await create(product(overrides))).toBe('denied');
  });
  it.each([
    ["each provider's smallest charge", { priceInNgn: 50, priceInUsd: 0.01 }],
    ['prices in kobo and cents', { priceInNgn: 1999.99, priceInUsd: 19.99 }],
    ['whole naira and a USD price with one decimal', { priceInNgn: 7500, priceInUsd: 0.3 }],
    ['a monthly membership', { pricing: { kind: 'membership', interval: 'monthly' } }],
    ['a yearly membership', { pricing: { kind: 'membership', interval: 'yearly' } }],
    ['2 instalments', { pricing: { kind: 'instalments', count: 2 } }],
    ['6 instalments', { pricing: { kind: 'instalments', count: 6 } }],
  ])('accepts %s', async (_what, prices) => {
    expect(await create(product(prices))).toBe('allowed');
  });
  it.each([
    ['Ebooks', 1],
    ['Courses', 2],
    ['Tools', 3],
  ])('accepts a product in %s (category %i), posted or moved there', async (_name, categoryId) => {
    expect(await create(product({ categoryId }))).toBe('allowed');
    expect(await outcome(updateDoc(doc(clients.admin, 'products/p1'), { categoryId }))).toBe('allowed');
  });
  it('refuses moving a product to category 4, and a visitor moving it to Tools', async () => {
    expect(await outcome(updateDoc(doc(clients.admin, 'products/p1'), { categoryId: 4 }))).toBe('denied');
    expect(await outcome(updateDoc(doc(clients.visitor, 'products/p1'), { categoryId: 3 }))).toBe('denied');
  });
  it('refuses a product without an author', async () => {
    const { author: _author, ...withoutAuthor } = product();
    expect(await create(withoutAuthor)).toBe('denied');
  });
  it('accepts a 200-character title, a 10,000-character description and the local image host', async () => {
    expect(
      await create(
        product({
          title: longText(200),
          description: longText(10_000),
          coverImageUrl: 'http://127.0.0.1:9400/digital_products/a.png',
        }),
      ),
    ).toBe('allowed');
  });
  it('refuses an update that moves createdAt or adds a key', async () => {
    const ref = doc(clients.admin, 'products/p1');
    expect(await outcome(updateDoc(ref, { createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)) }))).toBe('denied');
    expect(await outcome(updateDoc(ref, { featured: true }))).toBe('denied');
    expect(await outcome(updateDoc(ref, { priceInUsd: 0 }))).toBe('denied');
    expect(await outcome(updateDoc(ref, { priceInNgn: Infinity }))).toBe('denied');
    expect(await outcome(updateDoc(ref, { priceInUsd: 2.005 }))).toBe('denied');
  });
  it('lets an admin post a product and its deliverable in one batch', async () => {
    const batch = writeBatch(clients.admin);
    batch.set(doc(clients.admin, 'products/batched'), product());
    batch.set(doc(clients.admin, 'productDeliverables/batched'), { url: 'https://drive.test/batched.pdf' });
    expect(await outcome(batch.commit())).toBe('allowed');
  });
  it('lets an admin edit a product in a transaction', async () => {
    const db = clients.admin;
    const result = runTransaction(db, async (t) => {
      const snapshot = await t.get(doc(db, 'products/p1'));
      t.update(snapshot.ref, { title: `${String(snapshot.get('title'))} (2nd edition)` });
    });
    expect(await outcome(result)).toBe('allowed');
    expect((await getDoc(doc(db, 'products/p1'))).get('title')).toBe('Book (2nd edition)');
  });
});

describe('outlines and deliverables: admins write only valid ones', () => {
  it.each([
    ['an outlineOrder of 1.5', { outlineOrder: 1.5 }],
    ['an outline of 2,001 characters', { outline: longText(2001) }],
    ['an extra key', { title: 'x' }],
    ['createdAt set by the client', { createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)) }],
  ])('refuses an outline with %s', async (_what, overrides) => {
    expect(await outcome(setDoc(doc(clients.admin, 'outlines/checked'), outline(overrides)))).toBe('denied');
  });
  it('refuses an outline of a product that does not exist, on create and on update', async () => {
    expect(await outcome(setDoc(doc(clients.admin, 'outlines/orphan'), outline({ productId: 'missing' })))).toBe(
      'denied',
    );
    expect(await outcome(updateDoc(doc(clients.admin, 'outlines/o1'), { productId: 'missing' }))).toBe('denied');
  });
  it('accepts an outline written in the same batch as its product', async () => {
    const batch = writeBatch(clients.admin);
    batch.set(doc(clients.admin, 'products/with-outline'), product());
    batch.set(doc(clients.admin, 'outlines/with-product'), outline({ productId: 'with-outline' }));
    expect(await outcome(batch.commit())).toBe('allowed');
  });
  it('accepts an outline of 2,000 characters', async () => {
    const data = outline({ outline: longText(2000) });
    expect(await outcome(setDoc(doc(clients.admin, 'outlines/checked'), data))).toBe('allowed');
  });
  it.each([
    ['an http link', { url: 'http://drive.test/book.pdf' }],
    ['an extra key', { url: 'https://drive.test/book.pdf', note: 'x' }],
    ['a link that is not a string', { url: 5 }],
  ])('refuses a deliverable with %s', async (_what, data) => {
    expect(await outcome(setDoc(doc(clients.admin, 'productDeliverables/checked'), data))).toBe('denied');
  });
});

describe('productDeliverables: the API alone writes files; the delivery switches are for admins', () => {
  const file = {
    id: 'f1',
    name: 'Book.pdf',
    size: 10,
    contentType: 'application/pdf',
    storagePath: 'deliverables/p1/f1',
    order: 0,
  };
  // Every caller, for each write that touches `files`: nobody writes them but the API (firebase-admin).
  const fileWrites: Record<string, (db: Firestore) => Promise<unknown>> = {
    'create with files': (db) =>
      setDoc(doc(db, 'productDeliverables/with-files'), { url: 'https://drive.test/a.pdf', files: [file] }),
    'add files': (db) => updateDoc(doc(db, 'productDeliverables/p1'), { files: [file] }),
    'files only': (db) => setDoc(doc(db, 'productDeliverables/only-files'), { files: [] }),
  };
  it.each(who.flatMap((caller) => Object.keys(fileWrites).map((write) => [write, caller] as const)))(
    'refuses %s for the %s',
    async (write, caller) => {
      expect(await outcome(fileWrites[write]!(clients[caller]))).toBe('denied');
    },
  );

  it('refuses an admin changing or removing the files the API attached', async () => {
    const admin = createAdminFirestore({ projectId: PROJECT_ID, emulatorHost: `${host}:${port}` });
    await admin.doc('productDeliverables/p1').set({ url: 'https://drive.test/book.pdf', files: [file] });
    const renamed = [{ ...file, storagePath: 'deliverables/other/f9' }];
    expect(await outcome(updateDoc(doc(clients.admin, 'productDeliverables/p1'), { files: renamed }))).toBe('denied');
    expect(await outcome(updateDoc(doc(clients.admin, 'productDeliverables/p1'), { files: deleteField() }))).toBe(
      'denied',
    );
    // The switches beside them stay the admin's.
    expect(
      await outcome(updateDoc(doc(clients.admin, 'productDeliverables/p1'), { stampPdf: false, downloadLimit: 3 })),
    ).toBe('allowed');
  });

  it('lets an admin set the switches and drop the outside link', async () => {
    const ref = doc(clients.admin, 'productDeliverables/p1');
    expect(await outcome(updateDoc(ref, { licenseKeys: { on: true, activationLimit: 3, source: 'generated' } }))).toBe(
      'allowed',
    );
    expect(await outcome(updateDoc(ref, { licenseKeys: { on: false, activationLimit: null, source: 'pool' } }))).toBe(
      'allowed',
    );
    expect(await outcome(updateDoc(ref, { stampPdf: false, downloadLimit: 5, expiryDays: 30 }))).toBe('allowed');
    expect(await outcome(updateDoc(ref, { downloadLimit: null, expiryDays: null }))).toBe('allowed');
    expect(await outcome(updateDoc(ref, { url: deleteField() }))).toBe('allowed');
    expect(
      await outcome(
        setDoc(doc(clients.admin, 'productDeliverables/settings-only'), {
          stampPdf: true,
          downloadLimit: null,
          expiryDays: null,
        }),
      ),
    ).toBe('allowed');
  });

  it.each([
    ['a download limit of 0', { downloadLimit: 0 }],
    ['a fractional download limit', { downloadLimit: 1.5 }],
    ['a download limit as text', { downloadLimit: '3' }],
    ['an expiry of 0 days', { expiryDays: 0 }],
    ['an expiry over ten years', { expiryDays: 3651 }],
    ['a stamping switch that is not a boolean', { stampPdf: 'yes' }],
    ['an http link', { url: 'http://drive.test/book.pdf' }],
    ['license keys without a source', { licenseKeys: { on: true, activationLimit: 3 } }],
    ['an activation limit of 0', { licenseKeys: { on: true, activationLimit: 0, source: 'generated' } }],
    ['an unknown key source', { licenseKeys: { on: true, activationLimit: null, source: 'elsewhere' } }],
    ['license keys switched on with text', { licenseKeys: { on: 'yes', activationLimit: null, source: 'pool' } }],
    ['an extra license key field', { licenseKeys: { on: true, activationLimit: 3, source: 'pool', seats: 9 } }],
  ])('refuses %s', async (_what, data) => {
    expect(await outcome(updateDoc(doc(clients.admin, 'productDeliverables/p1'), data))).toBe('denied');
  });
});

describe('admins: no self-promotion, own phone only, never delete yourself', () => {
  it('refuses a signed-in user or a pending requester making themself an admin', async () => {
    expect(await outcome(setDoc(doc(clients.user, 'admins/user-1'), profile('user')))).toBe('denied');
    expect(await outcome(setDoc(doc(clients.requester, 'admins/requester-1'), profile('requester')))).toBe('denied');
  });
  it('refuses an admin record whose uid field is not its id', async () => {
    const data = { ...profile('user'), uid: 'someone-else' };
    expect(await outcome(setDoc(doc(clients.admin, 'admins/new-admin'), data))).toBe('denied');
  });
  it('lets an admin approve a request: the admin record and the deleted request in one batch', async () => {
    const db = clients.admin;
    const batch = writeBatch(db);
    batch.set(doc(db, 'admins/requester-1'), profile('requester'));
    batch.delete(doc(db, 'adminRequests/requester-1'));
    expect(await outcome(batch.commit())).toBe('allowed');
  });
  it('lets an admin change their own phone, and nothing else of their record', async () => {
    const own = doc(clients.admin, 'admins/admin-1');
    expect(await outcome(updateDoc(own, { phone: '+234 800 000 0009' }))).toBe('allowed');
    expect(await outcome(updateDoc(own, { phone: longText(31) }))).toBe('denied');
    expect(await outcome(updateDoc(own, { email: 'other@store.test' }))).toBe('denied');
    expect(await outcome(updateDoc(own, { name: 'Someone else' }))).toBe('denied');
  });
  it("refuses an admin changing another admin's phone", async () => {
    expect(await outcome(updateDoc(doc(clients.admin, 'admins/admin-2'), { phone: '1' }))).toBe('denied');
  });
  it('refuses an admin deleting their own record', async () => {
    expect(await outcome(deleteDoc(doc(clients.admin, 'admins/admin-1')))).toBe('denied');
  });
  it('lets each signed-in user read their own (missing) admin record, and no one else', async () => {
    expect(await outcome(getDoc(doc(clients.user, 'admins/user-1')))).toBe('allowed');
    expect(await outcome(getDoc(doc(clients.requester, 'admins/requester-1')))).toBe('allowed');
    expect(await outcome(getDoc(doc(clients.user, 'admins/admin-1')))).toBe('denied');
    expect(await outcome(getDoc(doc(clients.visitor, 'admins/admin-1')))).toBe('denied');
  });
});

describe('adminRequests: own uid, own e-mail, fixed fields', () => {
  const ask = (overrides: Record<string, unknown>, id = 'user-1') =>
    outcome(setDoc(doc(clients.user, `adminRequests/${id}`), profile('user', overrides)));
  it.each([
    ['an e-mail that is not the account e-mail', { email: 'someone@store.test' }],
    ['an extra key', { role: 'admin' }],
    ['a name of 101 characters', { name: longText(101) }],
    ['a phone of 31 characters', { phone: longText(31) }],
    ['createdAt that is not a timestamp', { createdAt: 'today' }],
    ['createdAt set by the client instead of request.time', { createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)) }],
  ])('refuses a request with %s', async (_what, overrides) => {
    expect(await ask(overrides)).toBe('denied');
  });
  // The reviewing admin reads the request's e-mail as who is asking: it must be an address the
  // requester proved they own (Firebase Auth's email_verified claim).
  it.each([
    ['says the e-mail is not verified', 'unverified-1', false],
    ['says nothing about verification', 'unverified-2', undefined],
  ] as const)('refuses a request from an account whose token %s', async (_what, uid, emailVerified) => {
    const db = unverifiedClient(uid, emailVerified);
    const data = profile('user', { uid, email: `${uid}@store.test` });
    expect(await outcome(setDoc(doc(db, `adminRequests/${uid}`), data))).toBe('denied');
  });
  it('refuses a request for another uid', async () => {
    expect(await ask({ uid: 'user-2' }, 'user-2')).toBe('denied');
  });
  it('refuses a pending requester withdrawing their own request (admins delete)', async () => {
    expect(await outcome(deleteDoc(doc(clients.requester, 'adminRequests/requester-1')))).toBe('denied');
  });
  it('refuses a signed-in user querying the requests, even their own', async () => {
    const own = query(collection(clients.requester, 'adminRequests'), where('uid', '==', 'requester-1'));
    expect(await outcome(getDocs(own))).toBe('denied');
  });
});

describe('settings: the store document with exactly its two flags and its Paystack channels', () => {
  it('refuses another document, a missing or extra flag, and a flag that is not a boolean', async () => {
    const admin = clients.admin;
    const valid = { keepAccessOnPartialRefund: false, remindersOn: true };
    expect(await outcome(setDoc(doc(admin, 'settings/store'), valid))).toBe('allowed');
    expect(await outcome(setDoc(doc(admin, 'settings/other'), valid))).toBe('denied');
    expect(await outcome(setDoc(doc(admin, 'settings/store'), { remindersOn: true }))).toBe('denied');
    expect(await outcome(setDoc(doc(admin, 'settings/store'), { ...valid, extra: 1 }))).toBe('denied');
    expect(await outcome(setDoc(doc(admin, 'settings/store'), { ...valid, remindersOn: 'yes' }))).toBe('denied');
    expect(await outcome(updateDoc(doc(admin, 'settings/store'), { keepAccessOnPartialRefund: 0 }))).toBe('denied');
    expect(await outcome(updateDoc(doc(admin, 'settings/store'), { remindersOn: deleteField() }))).toBe('denied');
  });

  it('accepts one to five known Paystack channels, and refuses none, an unknown one or a non-list', async () => {
    const admin = clients.admin;
    const valid = { keepAccessOnPartialRefund: true, remindersOn: true };
    const all = ['card', 'bank', 'ussd', 'bank_transfer', 'qr'];
    expect(await outcome(setDoc(doc(admin, 'settings/store'), { ...valid, paystackChannels: all }))).toBe('allowed');
    expect(await outcome(setDoc(doc(admin, 'settings/store'), { ...valid, paystackChannels: ['ussd'] }))).toBe(
      'allowed',
    );
    expect(await outcome(setDoc(doc(admin, 'settings/store'), { ...valid, paystackChannels: [] }))).toBe('denied');
    expect(
      await outcome(setDoc(doc(admin, 'settings/store'), { ...valid, paystackChannels: ['card', 'crypto'] })),
    ).toBe('denied');
    expect(await outcome(setDoc(doc(admin, 'settings/store'), { ...valid, paystackChannels: 'card' }))).toBe('denied');
    expect(await outcome(updateDoc(doc(admin, 'settings/store'), { paystackChannels: [] }))).toBe('denied');
  });

  it('accepts the affiliate settings with their five fields in range, and refuses out-of-range or extra ones', async () => {
    const admin = clients.admin;
    const valid = { keepAccessOnPartialRefund: true, remindersOn: true };
    const affiliates = { on: true, percent: 30, windowDays: 30, approvalRequired: true, holdDays: 30 };
    const store = doc(admin, 'settings/store');
    expect(await outcome(setDoc(store, { ...valid, affiliates }))).toBe('allowed');
    expect(await outcome(setDoc(store, { ...valid, affiliates: { ...affiliates, percent: 91 } }))).toBe('denied');
    expect(await outcome(setDoc(store, { ...valid, affiliates: { ...affiliates, percent: 0 } }))).toBe('denied');
    expect(await outcome(setDoc(store, { ...valid, affiliates: { ...affiliates, percent: 12.5 } }))).toBe('denied');
    expect(await outcome(setDoc(store, { ...valid, affiliates: { ...affiliates, windowDays: 0 } }))).toBe('denied');
    expect(await outcome(setDoc(store, { ...valid, affiliates: { ...affiliates, holdDays: -1 } }))).toBe('denied');
    expect(await outcome(setDoc(store, { ...valid, affiliates: { ...affiliates, payout: 'auto' } }))).toBe('denied');
    expect(await outcome(setDoc(store, { ...valid, affiliates: { on: true } }))).toBe('denied');
  });
});

describe('contactMessages: admins set handled and nothing else', () => {
  it.each([
    ['the message', { message: 'edited' }],
    ['handled as text', { handled: 'yes' }],
  ])('refuses an admin changing %s', async (_what, data) => {
    expect(await outcome(updateDoc(doc(clients.admin, 'contactMessages/m1'), data))).toBe('denied');
  });
});

describe('discountCodes: admins write valid terms only, never the counters', () => {
  const create = (id: string, data: Record<string, unknown>) =>
    outcome(setDoc(doc(clients.admin, `discountCodes/${id}`), data));
  const fixed = { kind: 'fixed', percent: null, amountOff: { NGN: 500, USD: 2.5 } };
  const start = Timestamp.fromMillis(Date.UTC(2026, 10, 1, 8));
  const end = Timestamp.fromMillis(Date.UTC(2026, 11, 1, 8));

  it.each([
    ['a percent code with every option', {}],
    ['a percent code of 1', { percent: 1 }],
    ['a percent code of 100', { percent: 100 }],
    ['a fixed code in both currencies', fixed],
    ['a fixed code of one kobo and one cent', { ...fixed, amountOff: { NGN: 0.01, USD: 0.01 } }],
    ['a start and an end', { startsAt: start, endsAt: end }],
    ['only an end', { endsAt: end }],
    ['a list of products', { productIds: ['p1', 'p2'] }],
    ['no limit, once per e-mail, paused', { maxUses: null, oncePerEmail: true, active: false }],
  ])('accepts %s', async (_what, overrides) => {
    expect(await create('AUTUMN', discountCode({ code: 'AUTUMN', ...overrides }))).toBe('allowed');
  });
  it('accepts a code of 3 and one of 32 characters with - and _', async () => {
    expect(await create('A-_', discountCode({ code: 'A-_' }))).toBe('allowed');
    const long = `${'A'.repeat(30)}-1`;
    expect(await create(long, discountCode({ code: long }))).toBe('allowed');
  });
  it.each([
    ['a lower-case id', 'autumn', { code: 'autumn' }],
    ['an id of 2 characters', 'AB', { code: 'AB' }],
    ['an id of 33 characters', 'A'.repeat(33), { code: 'A'.repeat(33) }],
    ['an id with a space', 'AUT UMN', { code: 'AUT UMN' }],
    ['a code field that is not the id', 'AUTUMN', { code: 'WINTER' }],
  ])('refuses %s', async (_what, id, overrides) => {
    expect(await create(id, discountCode(overrides))).toBe('denied');
  });
  it.each([
    ['a percent of 0', { percent: 0 }],
    ['a percent of 101', { percent: 101 }],
    ['a percent of 12.5', { percent: 12.5 }],
    ['a percent given as text', { percent: '15' }],
    ['a percent code with an amount off too', { amountOff: { NGN: 500, USD: 2 } }],
    ['a fixed code without the USD amount', { ...fixed, amountOff: { NGN: 500 } }],
    ['a fixed code with a third currency', { ...fixed, amountOff: { NGN: 500, USD: 2, EUR: 2 } }],
    ['a fixed code of 0', { ...fixed, amountOff: { NGN: 0, USD: 2 } }],
    ['a fixed code with three decimals', { ...fixed, amountOff: { NGN: 500, USD: 2.005 } }],
    ['a fixed code with a percent too', { ...fixed, percent: 10 }],
    ['another kind', { kind: 'free' }],
    ['an end before the start', { startsAt: end, endsAt: start }],
    ['an end equal to the start', { startsAt: start, endsAt: start }],
    ['a start that is not a time', { startsAt: '2026-11-01' }],
    ['a limit of 0', { maxUses: 0 }],
    ['a limit of 1.5', { maxUses: 1.5 }],
    ['101 products', { productIds: Array.from({ length: 101 }, (_, i) => `p${i}`) }],
    ['products given as text', { productIds: 'p1' }],
    ['once per e-mail as text', { oncePerEmail: 'yes' }],
    ['active missing', { active: undefined }],
    ['an extra key', { note: 'x' }],
    ['uses set by the admin', { uses: 0 }],
    ['reserved set by the admin', { reserved: 0 }],
    ['revenue set by the admin', { revenueMinor: { NGN: 0, USD: 0 } }],
    ['createdAt set by the client', { createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)) }],
    ['createdBy another admin', { createdBy: 'admin-2' }],
  ])('refuses a code with %s', async (_what, overrides) => {
    const data = discountCode({ code: 'AUTUMN', ...overrides });
    for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
    expect(await create('AUTUMN', data)).toBe('denied');
  });
  it('refuses a create over an existing code (it is an update of createdAt, createdBy and the counters)', async () => {
    expect(await create('SPRING', discountCode())).toBe('denied');
  });
  it('lets an admin edit every term, pause and resume, and switch a code between kinds', async () => {
    const ref = doc(clients.admin, 'discountCodes/SPRING');
    const terms = {
      kind: 'fixed',
      percent: null,
      amountOff: { NGN: 1000, USD: 1.5 },
      productIds: ['p1'],
      startsAt: start,
      endsAt: end,
      maxUses: 10,
      oncePerEmail: true,
      active: false,
    };
    expect(await outcome(updateDoc(ref, terms))).toBe('allowed');
    expect(await outcome(updateDoc(ref, { active: true }))).toBe('allowed');
    expect(await outcome(updateDoc(ref, { kind: 'percent', percent: 100, amountOff: null }))).toBe('allowed');
    // The counters are the API's and stay as they were.
    expect((await getDoc(ref)).data()).toMatchObject({ uses: 2, reserved: 1, revenueMinor: { NGN: 382_500, USD: 0 } });
  });
  it.each([
    ['uses', { uses: 0 }],
    ['reserved', { reserved: 0 }],
    ['the revenue', { revenueMinor: { NGN: 0, USD: 0 } }],
    ['one currency of the revenue', { 'revenueMinor.NGN': 0 }],
    ['the code', { code: 'AUTUMN' }],
    ['createdAt', { createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)) }],
    ['createdBy', { createdBy: 'admin-1' }],
    ['a term to an invalid value', { percent: 0 }],
    ['the counters away', { uses: deleteField() }],
  ])('refuses an admin changing %s', async (_what, data) => {
    expect(await outcome(updateDoc(doc(clients.admin, 'discountCodes/SPRING'), data))).toBe('denied');
  });
  it('refuses a signed-in user or a visitor reading a code, even by its exact name', async () => {
    expect(await outcome(getDoc(doc(clients.user, 'discountCodes/SPRING')))).toBe('denied');
    expect(await outcome(getDoc(doc(clients.visitor, 'discountCodes/SPRING')))).toBe('denied');
  });
  it('lets an admin create a code in a transaction that first checks the name is free', async () => {
    const db = clients.admin;
    const result = runTransaction(db, async (t) => {
      const ref = doc(db, 'discountCodes/WINTER');
      if ((await t.get(ref)).exists()) throw new Error('taken');
      t.set(ref, discountCode({ code: 'WINTER' }));
    });
    expect(await outcome(result)).toBe('allowed');
  });
});

describe('paymentIssues: admins set resolved and resolvedBy (themselves) and nothing else', () => {
  it.each([
    ['the amount', { amount: 99999 }],
    ['the reason', { reason: 'edited' }],
    ['resolved as text', { resolved: 'yes', resolvedBy: 'admin-1' }],
    ['resolvedBy another admin', { resolved: true, resolvedBy: 'admin-2' }],
    ['resolved without saying who', { resolved: true }],
  ])('refuses an admin changing %s', async (_what, data) => {
    expect(await outcome(updateDoc(doc(clients.admin, 'paymentIssues/paystack_ref9'), data))).toBe('denied');
  });
});

describe('public lists are capped at 100 documents', () => {
  it.each(['products', 'outlines'])('%s: refuses a list without a limit or above 100, allows 100', async (name) => {
    for (const caller of who) {
      const db = clients[caller];
      expect(await outcome(getDocs(collection(db, name)))).toBe('denied');
      expect(await outcome(getDocs(query(collection(db, name), limit(101))))).toBe('denied');
      expect(await outcome(getDocs(query(collection(db, name), limit(100))))).toBe('allowed');
    }
  });
  it('allows a filtered product page of 24, as the storefront asks', async () => {
    const page = query(collection(clients.visitor, 'products'), where('categoryId', '==', 1), limit(24));
    expect((await getDocs(page)).docs.map((d) => d.id)).toEqual(['p1']);
  });
});

describe('catalogIndex: admins change one entry per write, in the shard layout', () => {
  it('lets an admin post a product and its index entry in one batch, and delete the entry', async () => {
    const db = clients.admin;
    const batch = writeBatch(db);
    batch.set(doc(db, 'products/new-product'), product());
    batch.set(doc(db, 'catalogIndex/shard-3'), { entries: { 'new-product': indexEntry() } }, { merge: true });
    expect(await outcome(batch.commit())).toBe('allowed');
    const remove = writeBatch(db);
    remove.delete(doc(db, 'products/new-product'));
    remove.set(doc(db, 'catalogIndex/shard-3'), { entries: { 'new-product': deleteField() } }, { merge: true });
    expect(await outcome(remove.commit())).toBe('allowed');
  });
  it('refuses two entries in one write, a field beside entries, and a shard id outside the layout', async () => {
    const db = clients.admin;
    const two = { entries: { a: indexEntry(), b: indexEntry() } };
    expect(await outcome(setDoc(doc(db, 'catalogIndex/shard-0'), two, { merge: true }))).toBe('denied');
    expect(await outcome(setDoc(doc(db, 'catalogIndex/shard-2'), two))).toBe('denied');
    const extra = { entries: { a: indexEntry() }, note: 'x' };
    expect(await outcome(setDoc(doc(db, 'catalogIndex/shard-2'), extra))).toBe('denied');
    expect(await outcome(setDoc(doc(db, 'catalogIndex/everything'), { entries: {} }))).toBe('denied');
  });
});

describe('batches, queries and counts', () => {
  it('refuses a whole batch when one write is refused, and writes nothing of it', async () => {
    const db = clients.user;
    const batch = writeBatch(db);
    batch.set(doc(db, 'adminRequests/user-1'), profile('user'));
    batch.set(doc(db, 'products/sneaky'), product());
    expect(await outcome(batch.commit())).toBe('denied');
    expect(await outcome(getDoc(doc(clients.admin, 'adminRequests/user-1')))).toBe('allowed');
    expect((await getDoc(doc(clients.admin, 'adminRequests/user-1'))).exists()).toBe(false);
  });
  it('counts public collections for anyone and private ones for admins only', async () => {
    expect(await outcome(getCount(query(collection(clients.visitor, 'products'), limit(100))))).toBe('allowed');
    expect(await outcome(getCount(collection(clients.visitor, 'transactions')))).toBe('denied');
    expect((await getCount(collection(clients.admin, 'transactions'))).data().count).toBe(1);
  });
});
