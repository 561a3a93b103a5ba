// The buyer's course API on the local cloud (docs/courses.md): the new-device check, the outline, drip
// (body, video and attachments refused before the date, released after, on a clock the test moves),
// progress saved and read back on another device, video URLs that answer Range requests, attachments
// counted as downloads, and the 'Start the course' link on the download page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/storageClient';
import { signIn } from '../../support/libraryHarness';
import {
  aCourse,
  buy,
  clock,
  watchVideo,
  confirmNewDevice,
  dayMs,
  sendJson,
  startCourseApi,
  type CourseApi,
} from '../../support/courseHarness';
import { db, postJson, removeSeededProducts } from '../../support/purchaseHarness';

let api: CourseApi;

beforeAll(async () => {
  api = await startCourseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});
afterEach(() => {
  clock.offsetMs = 0;
});

const get = (url: string, cookie: string) => fetch(url, { headers: { cookie } });

type Sale = { downloads?: { count?: number; byFile?: Record<string, number> } } | undefined;
const saleOf = async (transactionId: string) => (await db.doc(`transactions/${transactionId}`).get()).data() as Sale;

/** YYYY-MM-DD in Lagos, `days` after now. */
const lagosDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + days * dayMs));

describe('opening a course', () => {
  it('asks a new device for the purchase e-mail, refuses a wrong one, then opens the outline', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const fresh = await fetch(sale.learnUrl);
    expect(fresh.status).toBe(403);
    expect(await fresh.json()).toEqual({
      message: 'This device has not opened this course before. Enter the e-mail address you bought with.',
      needsConfirmation: true,
    });
    const wrong = await postJson(`${sale.learnUrl}/confirm`, { email: 'someone.else@example.com' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      message:
        'This is not the e-mail address this purchase was made with. Check it, or use the link on the device you bought with.',
    });
    const cookie = await confirmNewDevice(sale.learnUrl, sale.customer.email.toUpperCase());
    expect(cookie).toMatch(/^__session=1\./);
    const outline = await get(sale.learnUrl, cookie);
    expect(outline.status).toBe(200);
    expect(outline.headers.get('cache-control')).toBe('private, no-store');
    expect(await outline.json()).toEqual({
      productId: course.product.id,
      title: course.product.title,
      sections: [
        {
          id: 's1',
          title: 'Basics',
          lessons: [
            { id: 'l1', title: 'Welcome', hasVideo: true, preview: true, availableOn: null, completed: false },
            { id: 'l2', title: 'Setup', hasVideo: false, preview: false, availableOn: null, completed: false },
          ],
        },
        {
          id: 's2',
          title: 'Going further',
          lessons: [
            { id: 'l3', title: 'Routing', hasVideo: true, preview: false, availableOn: lagosDay(7), completed: false },
            { id: 'l4', title: 'Deploying', hasVideo: false, preview: false, availableOn: null, completed: false },
          ],
        },
      ],
      progress: { completedLessons: 0, totalLessons: 4, lastLessonId: null, lastPositionS: 0, finished: false },
      certificateCode: null,
      // A new buyer opens at the first lesson, sent with the course.
      opening: expect.objectContaining({ id: 'l1', title: 'Welcome', positionS: 0, completed: false }),
    });
    // The paying browser was trusted at payment, as on the download page.
    expect((await get(sale.learnUrl, sale.payingBrowser)).status).toBe(200);
  });

  it('opens for a browser signed in to the library with the purchase address, not for another address', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const other = await buy(api, course.product.id);
    const session = await signIn(api.url, sale.customer.email);
    expect((await get(sale.learnUrl, session)).status).toBe(200);
    // The device stays confirmed for this purchase; another buyer's purchase still asks.
    expect((await get(`${sale.learnUrl}/lessons/l1`, session)).status).toBe(200);
    const foreign = await get(other.learnUrl, session);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      message: 'This device has not opened this course before. Enter the e-mail address you bought with.',
      needsConfirmation: true,
    });
  });

  it('answers 404 for a token that opens nothing', async () => {
    const missing = await fetch(`${api.url}/api/learn/${'A'.repeat(43)}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      message:
        'This link is not valid. If you bought this course, have your links sent again at /purchases with the e-mail you paid with.',
    });
  });

  it('shows "Start the course" on the download page of a product with lessons', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const page = await (await get(`${api.url}/api/access/${sale.token}`, sale.payingBrowser)).text();
    expect(page).toContain(`<a class="course" href="${api.url}/learn/${sale.token}">Start the course</a>`);
  });
});

describe('drip: a lesson opens N days after the purchase', () => {
  it('refuses the body, the video and the attachments before the date, and gives them after', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const cookie = sale.payingBrowser;
    const locked = {
      message: `This lesson opens on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + 7 * dayMs))}.`,
      availableOn: lagosDay(7),
    };
    const body = await get(`${sale.learnUrl}/lessons/l3`, cookie);
    expect(body.status).toBe(423);
    expect(await body.json()).toEqual(locked);
    const video = await sendJson('POST', `${sale.learnUrl}/lessons/l3/video`, { version: 'main' }, { cookie });
    expect(video.status).toBe(423);
    const file = await fetch(`${sale.learnUrl}/lessons/l3/attachments/${course.fileId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
    });
    expect(file.status).toBe(423);
    const progress = await sendJson('PUT', `${sale.learnUrl}/progress`, { lessonId: 'l3', positionS: 1 }, { cookie });
    expect(progress.status).toBe(423);
    expect((await saleOf(sale.transactionId))?.downloads?.count ?? 0).toBe(0);

    // Six days later it is still closed; seven days and a minute later it is open.
    clock.offsetMs = 6 * dayMs;
    expect((await get(`${sale.learnUrl}/lessons/l3`, cookie)).status).toBe(423);
    clock.offsetMs = 7 * dayMs + 60_000;
    const opened = await get(`${sale.learnUrl}/lessons/l3`, cookie);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({
      id: 'l3',
      title: 'Routing',
      html: '<h3>Routing</h3>\n<p>Read this first.</p>\n',
      video: { durationS: 1, width: 160, height: 90, hasLowData: false },
      attachments: [{ fileId: course.fileId, name: 'Starter.zip', size: 504 }],
      positionS: 0,
      completed: false,
    });
    const url = await sendJson('POST', `${sale.learnUrl}/lessons/l3/video`, {}, { cookie });
    expect(url.status).toBe(200);
    const outline = (await (await get(sale.learnUrl, cookie)).json()) as {
      sections: { lessons: { availableOn: string | null }[] }[];
    };
    expect(outline.sections[1]?.lessons[0]?.availableOn).toBeNull();
    const download = await fetch(`${sale.learnUrl}/lessons/l3/attachments/${course.fileId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
    });
    expect(download.status).toBe(303);
    const bytes = await call(String(download.headers.get('location')));
    expect(bytes.status).toBe(200);
    expect(bytes.body.length).toBe(504);
    // Counted as the download page counts a press.
    const counted = await saleOf(sale.transactionId);
    expect(counted?.downloads?.count).toBe(1);
    expect(counted?.downloads?.byFile?.[course.fileId]).toBe(1);
  });
});

describe('lessons, videos and progress', () => {
  it('mints a short-lived video URL per press that answers a Range request with 206', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const before = Date.now();
    const answer = await sendJson(
      'POST',
      `${sale.learnUrl}/lessons/l1/video`,
      { version: 'lowData' },
      { cookie: sale.payingBrowser },
    );
    expect(answer.status).toBe(200);
    const { url, expiresAt } = (await answer.json()) as { url: string; expiresAt: string };
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    const ranged = await call(url, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers['content-range']).toBe('bytes 0-99/607037');
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.body.length).toBe(100);
    expect(ranged.body.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const noVideo = await sendJson('POST', `${sale.learnUrl}/lessons/l2/video`, {}, { cookie: sale.payingBrowser });
    expect(noVideo.status).toBe(404);
    expect(await noVideo.json()).toEqual({ message: 'This lesson has no video.' });
    const stranger = await sendJson('POST', `${sale.learnUrl}/lessons/l1/video`, {});
    expect(stranger.status).toBe(403);
  });

  it('saves the position and completion, never undoes a completion, and follows the buyer to a new device', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const cookie = sale.payingBrowser;
    const save = (body: unknown) => sendJson('PUT', `${sale.learnUrl}/progress`, body, { cookie });
    // The browser's word alone completes nothing; the video watched does.
    const claimed = await save({ lessonId: 'l1', positionS: 11.04, completed: true });
    expect(claimed.status).toBe(200);
    expect(((await claimed.json()) as { lessonCompleted: boolean }).lessonCompleted).toBe(false);
    expect((await watchVideo(sale.learnUrl, 'l1', cookie)).lessonCompleted).toBe(true);
    const later = await save({ lessonId: 'l2', positionS: 42.5 });
    expect(await later.json()).toEqual({
      completedLessons: 1,
      totalLessons: 4,
      lastLessonId: 'l2',
      lastPositionS: 42.5,
      finished: false,
      lessonId: 'l2',
      lessonCompleted: false,
    });
    // A later save without `completed` keeps the completion.
    const again = await save({ lessonId: 'l1', positionS: 3, completed: false });
    expect(((await again.json()) as { completedLessons: number }).completedLessons).toBe(1);
    const refused = await save({ lessonId: 'l1', positionS: -1 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'The position is a number of seconds.' });
    expect((await save({ lessonId: 'gone', positionS: 1 })).status).toBe(404);

    // Racing saves from two tabs: the completion among them is kept whatever order they land in.
    expect((await get(`${sale.learnUrl}/lessons/l4`, cookie)).status).toBe(200);
    const raced = await Promise.all([
      save({ lessonId: 'l4', positionS: 1 }),
      save({ lessonId: 'l4', positionS: 2, completed: true }),
      save({ lessonId: 'l4', positionS: 3 }),
      save({ lessonId: 'l4', positionS: 4 }),
    ]);
    expect(raced.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const afterRace = (await (await get(`${sale.learnUrl}/lessons/l4`, cookie)).json()) as { completed: boolean };
    expect(afterRace.completed).toBe(true);
    expect((await save({ lessonId: 'l1', positionS: 3 })).status).toBe(200);

    const phone = await confirmNewDevice(sale.learnUrl, sale.customer.email);
    const outline = (await (await get(sale.learnUrl, phone)).json()) as {
      progress: unknown;
      sections: { lessons: { completed: boolean }[] }[];
      opening: unknown;
    };
    expect(outline.progress).toEqual({
      completedLessons: 2,
      totalLessons: 4,
      lastLessonId: 'l1',
      lastPositionS: 3,
      finished: false,
    });
    expect(outline.sections[0]?.lessons.map((entry) => entry.completed)).toEqual([true, false]);
    const lessonOne = (await (await get(`${sale.learnUrl}/lessons/l1`, phone)).json()) as {
      positionS: number;
      completed: boolean;
    };
    expect({ positionS: lessonOne.positionS, completed: lessonOne.completed }).toEqual({
      positionS: 3,
      completed: true,
    });
    // The course answer carries the lesson it opens at, exactly as the lesson's own route answers it.
    expect(outline.opening).toEqual(lessonOne);
    expect(outline.opening).toMatchObject({ id: 'l1', positionS: 3, completed: true });
    const grantId = (await db.collection('accessGrants').where('transactionId', '==', sale.transactionId).get()).docs[0]
      ?.id;
    const stored = (await db.doc(`lessonProgress/${grantId}`).get()).data() as
      { lessons: Record<string, unknown>; lastLessonId: unknown } | undefined;
    expect(stored?.lessons.l1).toEqual({
      positionS: 3,
      completedAt: expect.any(String),
      openedAt: expect.any(String),
      savedAt: expect.any(String),
      watched: [{ from: 0, to: 12 }],
      watchStartedAt: expect.any(String),
    });
    expect(stored?.lastLessonId).toBe('l1');
  });
});
