// The Messages panel's data access (src/features/admin/api/contactMessages.ts) with the real
// Firestore Lite and Auth SDKs against a Firestore emulator of its own that enforces the project's
// rules and composite indexes, so the count and the pages hold exactly the messages seeded here.
import { resolve } from 'node:path';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRulesFile } from '../../../local/cloud';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { signUpStranger } from '../../support/authEmulatorUsers';

type Queries = typeof import('../../../src/features/admin/api/contactMessages');
type AuthApi = typeof import('../../../src/features/admin/api/auth');

const cloud = inject('cloud');
let emulator: FirestoreEmulator;
let db: Firestore;
let queries: Queries;
let auth: AuthApi;

// 25 unhandled and 20 handled messages, one a minute from 08:00 UTC on 1 November 2026, message 0
// the oldest; messages 43 and 44 share their time to the nanosecond, so only the id tells them apart.
const base = Date.UTC(2026, 10, 1, 8, 0, 0);
const handledOnes = new Set([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39]);

beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    rulesFile: projectRulesFile,
    indexesFile: resolve(import.meta.dirname, '../../../firestore.indexes.json'),
  });
  const firestoreHost = `127.0.0.1:${emulator.port}`;
  db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: firestoreHost });
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  await seedDemoAdmin(db, cloud.authUrl);
  const batch = db.batch();
  for (let n = 0; n < 45; n += 1) {
    const at = n === 44 ? base + 43 * 60_000 : base + n * 60_000;
    batch.set(db.doc(`contactMessages/m${String(n).padStart(2, '0')}`), {
      name: `Sender ${n}`,
      email: `sender${n}@example.com`,
      phone: '+234 803 123 4567',
      message: `Message number ${n}`,
      createdAt: Timestamp.fromMillis(at),
      handled: handledOnes.has(n),
    });
  }
  await batch.commit();
  queries = await import('../../../src/features/admin/api/contactMessages');
  auth = await import('../../../src/features/admin/api/auth');
  await auth.signIn(demoAdmin.email, demoAdmin.password);
});
afterAll(async () => {
  await auth.signOutAdmin();
  await emulator.close();
});

const ids = (page: { messages: Array<{ id: string }> }) => page.messages.map((m) => m.id);
const range = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => `m${String(from - i).padStart(2, '0')}`);

describe('contact messages as an admin, under the rules', () => {
  it('counts the unhandled messages with an aggregation', async () => {
    expect(await queries.countUnhandledMessages()).toBe(25);
  });

  it('pages through all messages newest first, 20 a page, with cursors', async () => {
    const first = await queries.fetchMessagesPage('all', null);
    // 44 and 43 share their time: the id orders them, descending.
    expect(ids(first)).toEqual(range(44, 25));
    expect(first.messages[0]).toEqual({
      id: 'm44',
      name: 'Sender 44',
      email: 'sender44@example.com',
      phone: '+234 803 123 4567',
      message: 'Message number 44',
      createdAt: '2026-11-01T08:43:00.000Z',
      handled: false,
      cursor: { seconds: (base + 43 * 60_000) / 1000, nanoseconds: 0, id: 'm44' },
    });
    expect(first.next).toEqual({ seconds: (base + 25 * 60_000) / 1000, nanoseconds: 0, id: 'm25' });

    const second = await queries.fetchMessagesPage('all', first.next);
    expect(ids(second)).toEqual(range(24, 5));
    const third = await queries.fetchMessagesPage('all', second.next);
    expect(ids(third)).toEqual(range(4, 0));
    expect(third.next).toBeNull();
  });

  it('keeps the two messages of one instant on either side of a page boundary', async () => {
    const after44 = await queries.fetchMessagesPage('all', {
      seconds: (base + 43 * 60_000) / 1000,
      nanoseconds: 0,
      id: 'm44',
    });
    expect(ids(after44).slice(0, 2)).toEqual(['m43', 'm42']);
  });

  it('lists only unhandled messages under that filter (the composite index is declared)', async () => {
    const first = await queries.fetchMessagesPage('unhandled', null);
    expect(first.messages).toHaveLength(20);
    expect(first.messages.every((m) => !m.handled)).toBe(true);
    expect(ids(first).slice(0, 6)).toEqual(['m44', 'm43', 'm42', 'm41', 'm40', 'm38']);
    const second = await queries.fetchMessagesPage('unhandled', first.next);
    expect(ids(second)).toEqual(['m08', 'm06', 'm04', 'm02', 'm00']);
    expect(second.next).toBeNull();
  });

  it('marks a message handled and unhandled again, changing only `handled`', async () => {
    const before = (await db.doc('contactMessages/m42').get()).data();
    await queries.setMessageHandled('m42', true);
    expect(await queries.countUnhandledMessages()).toBe(24);
    expect((await db.doc('contactMessages/m42').get()).data()).toEqual({ ...before, handled: true });
    expect(ids(await queries.fetchMessagesPage('unhandled', null))).not.toContain('m42');

    await queries.setMessageHandled('m42', false);
    expect(await queries.countUnhandledMessages()).toBe(25);
    expect((await db.doc('contactMessages/m42').get()).data()).toEqual(before);
  });
});

describe('contact messages for anyone else', () => {
  afterAll(async () => {
    await auth.signIn(demoAdmin.email, demoAdmin.password);
  });

  it('refuses a signed-in user without an admins record: no list, no count, no update', async () => {
    const stranger = await signUpStranger(cloud.authUrl);
    await auth.signIn(stranger.email, 'stranger-pass-2026');
    const denied = { code: 'permission-denied', message: 'You do not have permission to do that.' };
    await expect(queries.fetchMessagesPage('all', null)).rejects.toEqual(denied);
    await expect(queries.fetchMessagesPage('unhandled', null)).rejects.toEqual(denied);
    await expect(queries.countUnhandledMessages()).rejects.toEqual(denied);
    await expect(queries.setMessageHandled('m00', true)).rejects.toEqual(denied);
    expect((await db.doc('contactMessages/m00').get()).get('handled')).toBe(false);
  });

  it('refuses a visitor who is not signed in', async () => {
    await auth.signOutAdmin();
    await expect(queries.fetchMessagesPage('all', null)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(queries.setMessageHandled('m00', true)).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
