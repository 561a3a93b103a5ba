// Signing in to the library (docs/library.md): a 6-digit code and a one-click link mailed to the address,
// valid 10 minutes, single use, 5 wrong tries end them, at most 3 an hour per address. Only hashes
// are stored (buyerSignIns/{key of the address}); the code's hash is keyed, because a plain hash of
// a 6-digit number is undone by trying the million of them.
//
// Asking for a code does the same work for every address (one transaction, one e-mail) and never
// looks at purchases, so neither the answer nor its time tells a stranger whether an address bought.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { addressKey } from '../lib/addressKey';
import { newSessionId } from '../lib/sessionCookie';
import { createSessionRecords } from './sessions';

export const buyerSignInsCollection = 'buyerSignIns';
export const codeMinutes = 10;
export const maxCodeAttempts = 5;
export const maxCodesPerHour = 3;
const hourMs = 60 * 60 * 1000;

/** The address asked for more than 3 codes within the hour. */
export class TooManyCodesError extends Error {
  override name = 'TooManyCodesError';
}

/** What a code or link try comes to. */
export type SignInOutcome =
  | { kind: 'signedIn'; sessionId: string; email: string; emailKey: string }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'ended' };

interface SignInRecord {
  email: string;
  codeHash: string | null;
  linkTokenHash: string | null;
  expiresAt: Timestamp;
  attempts: number;
  sends: Timestamp[];
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function sameHex(a: string | null, b: string): boolean {
  if (a === null || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

export function createSignIns({ db, secret, now }: { db: Firestore; secret: string; now: () => Date }) {
  const ref = (key: string) => db.collection(buyerSignInsCollection).doc(key);
  const codeHash = (key: string, code: string) =>
    createHmac('sha256', secret).update(`library-code:${key}:${code}`).digest('hex');
  const sessions = createSessionRecords({ db, now });

  /** Stores a new code and link for the address (the old ones end) and answers them, to be mailed. */
  const start = async (email: string): Promise<{ code: string; linkToken: string; emailKey: string }> => {
    const address = email.trim().toLowerCase();
    const key = addressKey(address);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const linkToken = randomBytes(32).toString('base64url');
    const at = now();
    await db.runTransaction(async (t) => {
      const record = (await t.get(ref(key))).data() as Partial<SignInRecord> | undefined;
      const recent = (record?.sends ?? []).filter((sent) => at.getTime() - sent.toMillis() < hourMs);
      if (recent.length >= maxCodesPerHour) throw new TooManyCodesError();
      t.set(ref(key), {
        email: address,
        codeHash: codeHash(key, code),
        linkTokenHash: sha256(linkToken),
        expiresAt: Timestamp.fromMillis(at.getTime() + codeMinutes * 60 * 1000),
        attempts: 0,
        sends: [...recent, Timestamp.fromDate(at)],
      } satisfies SignInRecord);
    });
    return { code, linkToken, emailKey: key };
  };

  /**
   * One try of a code (by address) or a link (by the address's key): a match signs in and ends both,
   * a miss counts towards the five, and an expired, used or exhausted sign-in answers 'ended'.
   */
  const attempt = async (key: string, matches: (record: SignInRecord) => boolean): Promise<SignInOutcome> => {
    const at = now();
    const sessionId = newSessionId();
    return db.runTransaction(async (t) => {
      const record = (await t.get(ref(key))).data() as SignInRecord | undefined;
      if (
        !record ||
        record.codeHash === null ||
        record.attempts >= maxCodeAttempts ||
        record.expiresAt.toMillis() <= at.getTime()
      ) {
        return { kind: 'ended' } as const;
      }
      if (!matches(record)) {
        const attempts = record.attempts + 1;
        const exhausted = attempts >= maxCodeAttempts;
        t.update(ref(key), {
          attempts,
          ...(exhausted ? { codeHash: null, linkTokenHash: null } : {}),
        });
        return exhausted
          ? ({ kind: 'ended' } as const)
          : ({ kind: 'wrong', triesLeft: maxCodeAttempts - attempts } as const);
      }
      // Single use: the code and the link end together.
      t.update(ref(key), { codeHash: null, linkTokenHash: null });
      sessions.create(t, sessionId, { email: record.email, emailKey: key });
      return { kind: 'signedIn', sessionId, email: record.email, emailKey: key } as const;
    });
  };

  const withCode = (email: string, code: string): Promise<SignInOutcome> => {
    const key = addressKey(email.trim().toLowerCase());
    const given = codeHash(key, code);
    return attempt(key, (record) => sameHex(record.codeHash, given));
  };

  /** The link's value is `{key of the address}.{token}` (its only secret part is the token). */
  const withLink = (link: string): Promise<SignInOutcome> => {
    const match = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/.exec(link);
    if (!match?.[1] || !match[2]) return Promise.resolve({ kind: 'ended' });
    const given = sha256(match[2]);
    return attempt(match[1], (record) => sameHex(record.linkTokenHash, given));
  };

  return { start, withCode, withLink };
}

export type SignIns = ReturnType<typeof createSignIns>;
