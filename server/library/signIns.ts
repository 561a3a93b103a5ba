// Signing in to the library (docs/library.md): a 6-digit code and a one-click link mailed to the address,
// valid 10 minutes, single use, 5 wrong tries end the code. Each address has a daily budget: at most 10
// wrong codes in 24 hours across all its codes (then no code is taken until the day is over), and at
// most 3 mails an hour and 10 a day, so a stranger can neither guess on for long nor flood the owner's
// inbox. The link is a 256-bit secret no one guesses, so wrong codes never end it, and once the day's
// wrong codes are spent a request still mails a link, only without a code: a stranger who spends the
// budget cannot lock the owner out. Only hashes are stored
// (buyerSignIns/{key of the address}); the code's hash is keyed, because a plain hash of a 6-digit
// number is undone by trying the million of them.
//
// Asking for a code does the same work for every address (one transaction, one e-mail) and never
// looks at purchases, so neither the answer nor its time tells a stranger whether an address bought.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { addressKey } from '../lib/addressKey';
import { newSessionId } from '../lib/sessionCookie';
import { createSessionRecords } from './sessions';
import { buyerSignInsCollection } from '../lib/collections';

export const codeMinutes = 10;
export const maxCodeAttempts = 5;
export const maxCodesPerHour = 3;
export const maxCodesPerDay = 10;
export const maxWrongCodesPerDay = 10;
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/**
 * What asking for a code comes to: a code and link to mail (`code` null once the address's 10 wrong
 * codes of the day are spent: the link alone is mailed), or a refusal with nothing mailed: 'hour' past
 * 3 mails within the hour, 'day' past 10 mails within 24 hours.
 */
export type CodeStart =
  | { kind: 'started'; code: string | null; linkToken: string; emailKey: string }
  | { kind: 'tooManyCodes'; reason: 'hour' | 'day' };

/** What a code or link try comes to. */
export type SignInOutcome =
  | { kind: 'signedIn'; sessionId: string; email: string; emailKey: string }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'ended' }
  /** The address's 10 wrong codes of the day are spent: no code is taken, right or wrong. */
  | { kind: 'tooManyToday' };

interface SignInRecord {
  email: string;
  codeHash: string | null;
  linkTokenHash: string | null;
  expiresAt: Timestamp;
  attempts: number;
  /** When each mail was sent, within the last 24 hours. */
  sends: Timestamp[];
  /** When each wrong code was tried, within the last 24 hours, across all the address's codes. */
  wrongCodes?: Timestamp[];
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The times of the last 24 hours (older ones are dropped when the record is next written). */
const withinDay = (times: Timestamp[] | undefined, at: Date) =>
  (times ?? []).filter((time) => at.getTime() - time.toMillis() < dayMs);

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
  const start = async (email: string): Promise<CodeStart> => {
    const address = email.trim().toLowerCase();
    const key = addressKey(address);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const linkToken = randomBytes(32).toString('base64url');
    const at = now();
    return db.runTransaction(async (t): Promise<CodeStart> => {
      const record = (await t.get(ref(key))).data() as Partial<SignInRecord> | undefined;
      const wrongCodes = withinDay(record?.wrongCodes, at);
      const sends = withinDay(record?.sends, at);
      if (sends.length >= maxCodesPerDay) return { kind: 'tooManyCodes', reason: 'day' };
      if (sends.filter((sent) => at.getTime() - sent.toMillis() < hourMs).length >= maxCodesPerHour) {
        return { kind: 'tooManyCodes', reason: 'hour' };
      }
      // With the day's wrong codes spent no code is stored or mailed, so none can be typed; the link
      // still is, and it signs in whatever the wrong codes.
      const linkOnly = wrongCodes.length >= maxWrongCodesPerDay;
      t.set(ref(key), {
        email: address,
        codeHash: linkOnly ? null : codeHash(key, code),
        linkTokenHash: sha256(linkToken),
        expiresAt: Timestamp.fromMillis(at.getTime() + codeMinutes * 60 * 1000),
        attempts: 0,
        sends: [...sends, Timestamp.fromDate(at)],
        wrongCodes,
      } satisfies SignInRecord);
      return { kind: 'started', code: linkOnly ? null : code, linkToken, emailKey: key };
    });
  };

  /** Single use: the code and the link end together, and the session begins. */
  const signInWith = (t: Transaction, key: string, record: SignInRecord, sessionId: string): SignInOutcome => {
    t.update(ref(key), { codeHash: null, linkTokenHash: null });
    sessions.create(t, sessionId, { email: record.email, emailKey: key });
    return { kind: 'signedIn', sessionId, email: record.email, emailKey: key };
  };

  /**
   * One try of a code: refused outright once the day's wrong codes are spent; a match signs in; a
   * miss counts towards the code's five and the address's ten a day (the link is left alone).
   */
  const codeAttempt = async (key: string, given: string): Promise<SignInOutcome> => {
    const at = now();
    const sessionId = newSessionId();
    return db.runTransaction(async (t): Promise<SignInOutcome> => {
      const record = (await t.get(ref(key))).data() as SignInRecord | undefined;
      if (!record) return { kind: 'ended' };
      const wrongCodes = withinDay(record.wrongCodes, at);
      if (wrongCodes.length >= maxWrongCodesPerDay) return { kind: 'tooManyToday' };
      if (
        record.codeHash === null ||
        record.attempts >= maxCodeAttempts ||
        record.expiresAt.toMillis() <= at.getTime()
      ) {
        return { kind: 'ended' };
      }
      if (sameHex(record.codeHash, given)) return signInWith(t, key, record, sessionId);
      const attempts = record.attempts + 1;
      const spent = wrongCodes.length + 1 >= maxWrongCodesPerDay;
      const exhausted = spent || attempts >= maxCodeAttempts;
      t.update(ref(key), {
        attempts,
        wrongCodes: [...wrongCodes, Timestamp.fromDate(at)],
        ...(exhausted ? { codeHash: null } : {}),
      });
      if (spent) return { kind: 'tooManyToday' };
      return exhausted ? { kind: 'ended' } : { kind: 'wrong', triesLeft: maxCodeAttempts - attempts };
    });
  };

  /**
   * One try of a link (by the address's key): a match signs in, whatever the day's wrong codes; a
   * miss is not counted (the token cannot be guessed, and counting would let anyone end it).
   */
  const linkAttempt = async (key: string, given: string): Promise<SignInOutcome> => {
    const at = now();
    const sessionId = newSessionId();
    return db.runTransaction(async (t): Promise<SignInOutcome> => {
      const record = (await t.get(ref(key))).data() as SignInRecord | undefined;
      if (!record || record.expiresAt.toMillis() <= at.getTime() || !sameHex(record.linkTokenHash, given)) {
        return { kind: 'ended' };
      }
      return signInWith(t, key, record, sessionId);
    });
  };

  const withCode = (email: string, code: string): Promise<SignInOutcome> => {
    const key = addressKey(email.trim().toLowerCase());
    return codeAttempt(key, codeHash(key, code));
  };

  /** The link's value is `{key of the address}.{token}` (its only secret part is the token). */
  const withLink = (link: string): Promise<SignInOutcome> => {
    const match = /^([0-9a-f]{64})\.([A-Za-z0-9_-]{43})$/.exec(link);
    if (!match?.[1] || !match[2]) return Promise.resolve({ kind: 'ended' });
    return linkAttempt(match[1], sha256(match[2]));
  };

  return { start, withCode, withLink };
}

export type SignIns = ReturnType<typeof createSignIns>;
