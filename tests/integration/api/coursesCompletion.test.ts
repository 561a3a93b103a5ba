// Completion and certificates on what the server saw (docs/courses.md, 'Progress and completion'), on
// the local cloud with the API's clock moved by the test: the outside attack's four fast
// `completed: true` calls earn no certificate, a video counts only when saves covered 90% of it over at
// least half its length, Mark complete needs the lesson opened, and a certificate is withdrawn once its
// sale is revoked, refunded or disputed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LearnCourse, ProgressSaved } from '../../../domain/courses';
import {
  aCourse,
  bearer,
  buy,
  clock,
  dayMs,
  openAndMark,
  saveProgress,
  sendJson,
  startCourseApi,
  watchVideo,
  type CourseApi,
} from '../../support/courseHarness';
import { buildCustomer, db, postJson, removeSeededProducts } from '../../support/purchaseHarness';

let api: CourseApi;

beforeAll(async () => {
  api = await startCourseApi();
});
afterEach(() => {
  clock.offsetMs = 0;
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const get = (url: string, cookie = '') => fetch(url, { headers: cookie ? { cookie } : {} });
const notFinished =
  'Your certificate can be made once every lesson is complete: watch at least 90% of each video, and press Mark complete on each lesson without one.';
const saved = async (answer: Response) => {
  expect(answer.status).toBe(200);
  return (await answer.json()) as ProgressSaved;
};

describe('the certificate is earned', () => {
  it('is refused after four fast `completed: true` calls, and nothing shows complete that was not watched', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const cookie = sale.payingBrowser;
    // The attacker opened the course and both text lessons first, as a player would.
    expect((await get(sale.learnUrl, cookie)).status).toBe(200);
    for (const lessonId of ['l2', 'l4'])
      expect((await get(`${sale.learnUrl}/lessons/${lessonId}`, cookie)).status).toBe(200);
    const answers = await Promise.all(
      ['l1', 'l2', 'l3', 'l4'].map((lessonId) =>
        saveProgress(sale.learnUrl, { lessonId, positionS: 12, completed: true }, cookie),
      ),
    );
    // The dripped lesson is not open yet; the video was not watched; the opened text lessons count.
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 423, 200]);
    const bodies = (await Promise.all(
      [answers[0], answers[1], answers[3]].map((answer) => answer!.json()),
    )) as ProgressSaved[];
    expect(bodies.map((body) => [body.lessonId, body.lessonCompleted])).toEqual([
      ['l1', false],
      ['l2', true],
      ['l4', true],
    ]);
    const refused = await sendJson('POST', `${sale.learnUrl}/certificate`, {}, { cookie });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: notFinished });
    const outline = (await (await get(sale.learnUrl, cookie)).json()) as LearnCourse;
    expect(outline.progress).toMatchObject({ completedLessons: 2, totalLessons: 4, finished: false });
    expect(outline.sections.flatMap((section) => section.lessons.map((entry) => [entry.id, entry.completed]))).toEqual([
      ['l1', false],
      ['l2', true],
      ['l3', false],
      ['l4', true],
    ]);
    const sale2 = await db.doc(`transactions/${sale.transactionId}`).get();
    expect(sale2.data()?.certificate).toBeUndefined();
  });

  it('refuses Mark complete on a lesson the server never gave, with words', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const refused = await saveProgress(
      sale.learnUrl,
      { lessonId: 'l2', positionS: 0, completed: true },
      sale.payingBrowser,
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'Open this lesson before marking it complete.' });
    expect((await openAndMark(sale.learnUrl, 'l2', sale.payingBrowser)).lessonCompleted).toBe(true);
  });

  it('counts a video when saves covered 90% of it over at least half its length, and never a jump', async () => {
    const course = await aCourse(api);
    const opened = async () => {
      const sale = await buy(api, course.product.id);
      expect((await get(`${sale.learnUrl}/lessons/l1`, sale.payingBrowser)).status).toBe(200);
      return (positionS: number) =>
        saveProgress(sale.learnUrl, { lessonId: 'l1', positionS, completed: true }, sale.payingBrowser);
    };
    // A jump to the end counts nothing, and what follows it counts from there, however long after.
    const jumper = await opened();
    expect((await saved(await jumper(11))).lessonCompleted).toBe(false);
    clock.offsetMs += 60_000;
    expect((await saved(await jumper(11.5))).lessonCompleted).toBe(false);

    // 11 of the 12 seconds covered in small steps at once: covered, but in less than half its length.
    const hurried = await opened();
    for (const position of [3, 6, 9, 11]) expect((await saved(await hurried(position))).lessonCompleted).toBe(false);
    // Six seconds (half the video) after the watching began: the next save completes it.
    clock.offsetMs += 6_000;
    const done = await saved(await hurried(11.2));
    expect(done).toMatchObject({ lessonId: 'l1', lessonCompleted: true, completedLessons: 1 });
    // A completion is never undone.
    expect((await saved(await hurried(1))).lessonCompleted).toBe(true);
  });
});

describe('a certificate is honest', () => {
  it('is withdrawn after a revoke, a refund and a dispute, and stands again when access is restored', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id, { ...buildCustomer(), name: 'Tunde Bello' });
    const cookie = sale.payingBrowser;
    await watchVideo(sale.learnUrl, 'l1', cookie);
    await openAndMark(sale.learnUrl, 'l2', cookie);
    await openAndMark(sale.learnUrl, 'l4', cookie);
    clock.offsetMs = 7 * dayMs + 60_000;
    await watchVideo(sale.learnUrl, 'l3', cookie);
    const made = await sendJson('POST', `${sale.learnUrl}/certificate`, {}, { cookie });
    expect(made.status).toBe(200);
    const { code } = (await made.json()) as { code: string };
    const check = () => get(`${api.url}/api/certificates/${code}`);
    const standing = await check();
    expect(standing.status).toBe(200);
    expect(((await standing.json()) as { name: string }).name).toBe('Tunde Bello');

    const withdrawn = { message: 'This certificate was withdrawn. The store no longer confirms it.', withdrawn: true };
    const access = (revoked: boolean) =>
      postJson(`${api.url}/api/admin/transactions/${sale.transactionId}/access`, { revoked }, bearer(api.adminToken));
    expect((await access(true)).status).toBe(200);
    const afterRevoke = await check();
    expect(afterRevoke.status).toBe(410);
    expect(await afterRevoke.json()).toEqual(withdrawn);

    expect((await access(false)).status).toBe(200);
    expect((await check()).status).toBe(200);

    const ref = db.doc(`transactions/${sale.transactionId}`);
    for (const changedBy of ['refund', 'dispute']) {
      await ref.update({ accessRevoked: true, accessChangedBy: changedBy });
      const answer = await check();
      expect(answer.status).toBe(410);
      expect(await answer.json()).toEqual(withdrawn);
    }
  });
});
