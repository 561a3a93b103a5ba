// Signing in to the library on the local cloud (docs/library.md): the code and link read back from the
// mail catcher, their limits, the signed session cookie, signing out, and the sign-in request's answer
// and time for a buyer and a stranger. Our own API, Firestore emulator and SMTP; nothing faked.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../../../server/lib/addressKey';
import { db, postJson, startPurchaseApi, uniqueTag, type PurchaseApi } from '../../support/purchaseHarness';
import { cookieOf, libraryGet, libraryPost, signIn, signInMailTo } from '../../support/libraryHarness';

let api: PurchaseApi;
beforeAll(async () => {
  api = await startPurchaseApi({ SIGNIN_RATE_LIMIT: '1000' });
});
afterAll(() => api.close());

const address = () => `reader.${uniqueTag()}@example.com`;
const ask = (email: string, url = api.url) => postJson(`${url}/api/library/sign-in`, { email });
const tryCode = (email: string, code: string) => postJson(`${api.url}/api/library/sign-in/code`, { email, code });
const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('signing in with the code', () => {
  it('mails a 6-digit code; the code signs in with an httpOnly signed cookie; the code is stored only as a hash', async () => {
    const email = address();
    const asked = await ask(email);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({
      message:
        'If this address is right, a 6-digit code and a sign-in link are on their way to it. They work for 10 minutes.',
    });
    const { code } = await signInMailTo(email);
    const stored = (await db.doc(`buyerSignIns/${addressKey(email)}`).get()).data() ?? {};
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.attempts).toBe(0);

    const signedIn = await tryCode(email, code);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ email });
    expect(signedIn.headers.get('set-cookie')).toMatch(/; Path=\/api; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const library = await libraryGet(api.url, '/purchases', cookieOf(signedIn));
    expect(library.status).toBe(200);
    expect(await library.json()).toEqual({ email, purchases: [] });
  });

  it('refuses a used code, an expired code, and the right code after 5 wrong ones', async () => {
    const reused = address();
    await ask(reused);
    const { code } = await signInMailTo(reused);
    expect((await tryCode(reused, code)).status).toBe(200);
    const again = await tryCode(reused, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      message: 'This code has expired or has already been used. Please ask for a new one.',
    });

    const expired = address();
    await ask(expired);
    const expiredCode = (await signInMailTo(expired)).code;
    await db.doc(`buyerSignIns/${addressKey(expired)}`).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const late = await tryCode(expired, expiredCode);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      message: 'This code has expired or has already been used. Please ask for a new one.',
    });

    const guessed = address();
    await ask(guessed);
    const right = (await signInMailTo(guessed)).code;
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(((await (await tryCode(guessed, wrongCodeOf(right))).json()) as { message: string }).message);
    expect(answers).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      'This code has expired or has already been used. Please ask for a new one.',
    ]);
    const sixth = await tryCode(guessed, right);
    expect(sixth.status).toBe(400);
    expect(sixth.headers.get('set-cookie')).toBeNull();
  });

  it('gives an address at most 3 codes an hour, and a client at most its limit of sign-in requests', async () => {
    const email = address();
    expect([(await ask(email)).status, (await ask(email)).status, (await ask(email)).status]).toEqual([200, 200, 200]);
    const fourth = await ask(email);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      message: 'Too many codes for this address. Please wait an hour and try again.',
    });

    const strict = await startPurchaseApi({ SIGNIN_RATE_LIMIT: '2' });
    try {
      expect((await ask(address(), strict.url)).status).toBe(200);
      expect((await ask(address(), strict.url)).status).toBe(200);
      const third = await ask(address(), strict.url);
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({
        message: 'Too many sign-in attempts from this connection. Please try again in 10 minutes.',
      });
    } finally {
      await strict.close();
    }
  });

  it('signs in with the one-click link once; a second use or an edited link is refused', async () => {
    const email = address();
    await ask(email);
    const { link } = await signInMailTo(email);
    const value = new URL(link).searchParams.get('signin') ?? '';
    expect(value).toMatch(/^[0-9a-f]{64}\.[A-Za-z0-9_-]{43}$/);
    // One character changed (never to itself: a token ending in 'A' gets a 'B').
    const changed = `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;
    const edited = await postJson(`${api.url}/api/library/sign-in/link`, { link: changed });
    expect(edited.status).toBe(400);
    const opened = await postJson(`${api.url}/api/library/sign-in/link`, { link: value });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ email });
    expect((await libraryGet(api.url, '/purchases', cookieOf(opened))).status).toBe(200);
    expect((await postJson(`${api.url}/api/library/sign-in/link`, { link: value })).status).toBe(400);
  });
});

describe('the session cookie', () => {
  it('is refused when altered, including to another address session', async () => {
    const mine = await signIn(api.url, address());
    const theirs = await signIn(api.url, address());
    const [, device, , mac] = /^__session=1\.([^.]+)\.([^.]+)\.([^.]+)$/.exec(mine) ?? [];
    const theirSession = /^__session=1\.[^.]+\.([^.]+)\./.exec(theirs)?.[1];
    const swapped = `__session=1.${device}.${theirSession}.${mac}`;
    const flipped = mine.slice(0, -2) + (mine.endsWith('A') ? 'BB' : 'AA');
    for (const cookie of [swapped, flipped, '', '__session=abc.def']) {
      const refused = await libraryGet(api.url, '/purchases', cookie);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Please sign in to see your library.' });
    }
  });

  it("'Sign out' ends this browser's session; 'Sign out of every device' ends them all, and a kept cookie is refused", async () => {
    const email = address();
    const phone = await signIn(api.url, email);
    const laptop = await signIn(api.url, email, { mailCount: 2 });
    const out = await libraryPost(api.url, '/sign-out', phone);
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(
      /^__session=1\.[A-Za-z0-9_-]{22}\.\.[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=34560000/,
    );
    expect((await libraryGet(api.url, '/purchases', phone)).status).toBe(401);
    expect((await libraryGet(api.url, '/purchases', laptop)).status).toBe(200);

    const tablet = await signIn(api.url, email, { mailCount: 3 });
    expect((await libraryPost(api.url, '/sign-out-everywhere', tablet)).status).toBe(200);
    expect((await libraryGet(api.url, '/purchases', laptop)).status).toBe(401);
    expect((await libraryGet(api.url, '/purchases', tablet)).status).toBe(401);
    expect((await libraryPost(api.url, '/sign-out', laptop)).status).toBe(401);
  });
});

describe('what a stranger learns', () => {
  it('answers a buyer and a stranger with the same bytes, in the same time (medians of 30 within 20 ms)', async () => {
    const tag = uniqueTag();
    const buyers = Array.from({ length: 30 }, (_, i) => `buyer${i}.${tag}@example.com`);
    const strangers = Array.from({ length: 30 }, (_, i) => `stranger${i}.${tag}@example.com`);
    const batch = db.batch();
    buyers.forEach((email, i) =>
      batch.set(db.doc(`transactions/demo_LIB${tag}${i}`), {
        customerEmail: email,
        productName: 'Timing Guide',
        productId: 'timing-guide',
        amountPaid: 7500,
        currency: 'NGN',
        accessRevoked: false,
        createdAt: Timestamp.now(),
      }),
    );
    await batch.commit();
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await ask(email);
      const body = await response.text();
      return { ms: performance.now() - started, status: response.status, body };
    };
    await timed(`warmup.${tag}@example.com`);
    const buyerRuns = [];
    const strangerRuns = [];
    for (let i = 0; i < 30; i += 1) {
      buyerRuns.push(await timed(buyers[i] ?? ''));
      strangerRuns.push(await timed(strangers[i] ?? ''));
    }
    const median = (runs: Array<{ ms: number }>) => {
      const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
      return ((sorted[14] ?? 0) + (sorted[15] ?? 0)) / 2;
    };
    expect(new Set([...buyerRuns, ...strangerRuns].map((run) => `${run.status} ${run.body}`))).toEqual(
      new Set([
        '200 {"message":"If this address is right, a 6-digit code and a sign-in link are on their way to it. They work for 10 minutes."}',
      ]),
    );
    expect(Math.abs(median(buyerRuns) - median(strangerRuns))).toBeLessThan(20);
  });
});
