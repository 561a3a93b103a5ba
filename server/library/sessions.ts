// Library sessions (docs/library.md): buyerSessions/{SHA-256 of the session id}, 30 days, revocable one
// by one (Sign out) or all of an address at once (Sign out of every device). The id itself lives only
// in the browser's signed cookie; a database export holds no working session.
import { createHash } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { librarySessionDays } from '../lib/sessionCookie';
import { buyerSessionsCollection } from '../lib/collections';

/** Whose session it is: the address the code was sent to, as typed (lower-cased), and its key. */
export interface SessionOwner {
  email: string;
  emailKey: string;
}

const sessionDocId = (sessionId: string) => createHash('sha256').update(`session:${sessionId}`).digest('hex');

export function createSessionRecords({ db, now }: { db: Firestore; now: () => Date }) {
  const ref = (sessionId: string) => db.collection(buyerSessionsCollection).doc(sessionDocId(sessionId));

  /** Writes a new session inside the sign-in's transaction. */
  const create = (t: Transaction, sessionId: string, owner: SessionOwner) => {
    const at = now().getTime();
    t.create(ref(sessionId), {
      email: owner.email,
      emailKey: owner.emailKey,
      createdAt: Timestamp.fromMillis(at),
      expiresAt: Timestamp.fromMillis(at + librarySessionDays * 24 * 60 * 60 * 1000),
      revokedAt: null,
    });
  };

  /** The owner of a live session; null for an unknown, expired or revoked one. */
  const owner = async (sessionId: string | null): Promise<SessionOwner | null> => {
    if (!sessionId) return null;
    const data = (await ref(sessionId).get()).data();
    if (!data || data.revokedAt !== null) return null;
    const expiresAt = data.expiresAt as Timestamp | undefined;
    if (!expiresAt || expiresAt.toMillis() <= now().getTime()) return null;
    if (typeof data.email !== 'string' || typeof data.emailKey !== 'string') return null;
    return { email: data.email, emailKey: data.emailKey };
  };

  const revoke = async (sessionId: string): Promise<void> => {
    await ref(sessionId).set({ revokedAt: Timestamp.fromDate(now()) }, { merge: true });
  };

  /** Ends every session of the address, on every device. */
  const revokeAll = async (emailKey: string): Promise<void> => {
    const snapshot = await db.collection(buyerSessionsCollection).where('emailKey', '==', emailKey).get();
    const at = Timestamp.fromDate(now());
    const live = snapshot.docs.filter((doc) => doc.get('revokedAt') === null);
    for (let i = 0; i < live.length; i += 400) {
      const batch = db.batch();
      for (const doc of live.slice(i, i + 400)) batch.update(doc.ref, { revokedAt: at });
      await batch.commit();
    }
  };

  return { create, owner, revoke, revokeAll };
}

export type SessionRecords = ReturnType<typeof createSessionRecords>;
