// Courses on the local cloud (docs/courses.md): the certificate made once under racing requests and
// checked publicly (revealing nothing else), refunded, disputed and revoked access to lessons, and free
// previews for preview lessons only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { call } from '../../support/storageClient';
import type { AdminCourse } from '../../../domain/courses';
import {
  aCourse,
  bearer,
  buy,
  clock,
  dayMs,
  openAndMark,
  saveCourse,
  sendJson,
  startCourseApi,
  type CourseApi,
  watchVideo,
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

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  const text = content.items
    .filter((item): item is TextItem => 'str' in item)
    .map((item) => item.str)
    .join(' ');
  await pdf.destroy();
  return text;
}

describe('the certificate', () => {
  it('is refused until every lesson is complete, then made once however many requests race', async () => {
    const course = await aCourse(api);
    const customer = { ...buildCustomer(), name: 'Chiamaka Ọlá Eze' };
    const sale = await buy(api, course.product.id, customer);
    const cookie = sale.payingBrowser;
    const early = await sendJson('POST', `${sale.learnUrl}/certificate`, {}, { cookie });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      message:
        'Your certificate can be made once every lesson is complete: watch at least 90% of each video, and press Mark complete on each lesson without one.',
    });
    const complete = (lessonId: string) =>
      sendJson('PUT', `${sale.learnUrl}/progress`, { lessonId, positionS: 5, completed: true }, { cookie });
    // Completed as the server sees it: the video watched, the text lessons opened and marked.
    expect((await watchVideo(sale.learnUrl, 'l1', cookie)).lessonCompleted).toBe(true);
    for (const lessonId of ['l2', 'l4'])
      expect((await openAndMark(sale.learnUrl, lessonId, cookie)).lessonCompleted).toBe(true);
    // Three of four: still refused. The dripped lesson opens seven days after the purchase.
    expect((await sendJson('POST', `${sale.learnUrl}/certificate`, {}, { cookie })).status).toBe(409);
    expect((await complete('l3')).status).toBe(423);
    clock.offsetMs = 7 * dayMs + 60_000;
    expect((await watchVideo(sale.learnUrl, 'l3', cookie)).lessonCompleted).toBe(true);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendJson('POST', `${sale.learnUrl}/certificate`, {}, { cookie })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as { code: string }[];
    const code = bodies[0]!.code;
    expect(code).toMatch(/^CERT-[A-HJ-NP-Z2-9]{12}$/);
    for (const body of bodies) {
      expect(body).toEqual({
        code,
        pdfUrl: `/api/learn/${sale.token}/certificate.pdf`,
        verifyUrl: `/certificates/${code}`,
      });
    }
    const kept = await db.collection('certificates').where('transactionId', '==', sale.transactionId).get();
    expect(kept.docs.map((doc) => doc.id)).toEqual([code]);
    expect(kept.docs[0]?.data()).toEqual({
      transactionId: sale.transactionId,
      productId: course.product.id,
      name: 'Chiamaka Ọlá Eze',
      courseTitle: course.product.title,
      completedAt: expect.any(String),
      storeName: 'Digital Store',
      storagePath: `certificates/${code}.pdf`,
      createdAt: expect.any(String),
    });

    const pdf = await get(`${sale.learnUrl}/certificate.pdf`, cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Chiamaka Ọlá Eze');
    expect(text).toContain(course.product.title);
    expect(text).toContain(`Verification code: ${code}`);
    expect(text).toContain('Digital Store');
    const outline = (await (await get(sale.learnUrl, cookie)).json()) as { certificateCode: string; progress: unknown };
    expect(outline.certificateCode).toBe(code);

    const check = await get(`${api.url}/api/certificates/${code}`);
    expect(check.status).toBe(200);
    const verification = (await check.json()) as Record<string, unknown>;
    expect(verification).toEqual({
      code,
      name: 'Chiamaka Ọlá Eze',
      courseTitle: course.product.title,
      completedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      storeName: 'Digital Store',
    });
    expect(JSON.stringify(verification)).not.toContain(customer.email);
    const unknown = await get(`${api.url}/api/certificates/CERT-ABCDEFGHJKLM`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      message: 'No certificate has this code. Check the code on the certificate.',
    });
  });
});

describe('ended access', () => {
  it('answers 410 with the download page’s words for a revoked, a refunded and a disputed purchase', async () => {
    const course = await aCourse(api);
    const sale = await buy(api, course.product.id);
    const cookie = sale.payingBrowser;
    const revoke = await postJson(
      `${api.url}/api/admin/transactions/${sale.transactionId}/access`,
      { revoked: true },
      bearer(api.adminToken),
    );
    expect(revoke.status).toBe(200);
    const ended = 'The seller has ended access to this purchase.';
    for (const answer of [
      await get(sale.learnUrl, cookie),
      await get(`${sale.learnUrl}/lessons/l1`, cookie),
      await sendJson('POST', `${sale.learnUrl}/lessons/l1/video`, {}, { cookie }),
      await sendJson('PUT', `${sale.learnUrl}/progress`, { lessonId: 'l1', positionS: 1 }, { cookie }),
    ]) {
      expect(answer.status).toBe(410);
      expect(await answer.json()).toEqual({ message: ended, reason: ended });
    }
    const ref = db.doc(`transactions/${sale.transactionId}`);
    await ref.update({ accessRevoked: true, accessChangedBy: 'refund' });
    const refunded = await fetch(`${sale.learnUrl}/lessons/l2/attachments/${course.fileId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
    });
    expect(refunded.status).toBe(410);
    const words = 'This purchase was refunded, so its downloads have ended.';
    expect(await refunded.json()).toEqual({ message: words, reason: words });
    await ref.update({ accessRevoked: true, accessChangedBy: 'dispute' });
    const disputed = await get(`${sale.learnUrl}/lessons/l1`, cookie);
    expect(disputed.status).toBe(410);
    expect(((await disputed.json()) as { reason: string }).reason).toBe(
      'This purchase is under a payment dispute, so its downloads are paused.',
    );
    // Restored: the course opens again.
    await ref.update({ accessRevoked: false, accessChangedBy: 'admin' });
    expect((await get(`${sale.learnUrl}/lessons/l1`, cookie)).status).toBe(200);
  });
});

describe('free previews', () => {
  it('lists only preview lessons and plays them through a short-lived URL; other lessons are 404', async () => {
    const course = await aCourse(api);
    const outline = await get(`${api.url}/api/courses/${course.product.id}/preview`);
    expect(outline.status).toBe(200);
    expect(await outline.json()).toEqual({
      productId: course.product.id,
      lessons: [{ id: 'l1', title: 'Welcome', sectionTitle: 'Basics', hasVideo: true }],
    });
    const before = Date.now();
    const lesson = await get(`${api.url}/api/courses/${course.product.id}/preview/l1`);
    expect(lesson.status).toBe(200);
    const shown = (await lesson.json()) as { previewVideoUrl: string; attachments: unknown[]; html: string };
    expect(shown).toEqual({
      id: 'l1',
      title: 'Welcome',
      html: '<h3>Welcome</h3>\n<p>Read this first.</p>\n',
      video: { durationS: 12, width: 640, height: 360, hasLowData: false },
      attachments: [],
      positionS: 0,
      completed: false,
      previewVideoUrl: expect.any(String),
    });
    const expires = Number(new URL(shown.previewVideoUrl).searchParams.get('X-Goog-Expires'));
    expect(expires).toBe(600);
    expect(Date.now() - before).toBeLessThan(60_000);
    const ranged = await call(shown.previewVideoUrl, { headers: { range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    for (const lessonId of ['l2', 'l3', 'missing']) {
      const refused = await get(`${api.url}/api/courses/${course.product.id}/preview/${lessonId}`);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: 'This lesson is not a free preview.' });
    }
  });

  it('keeps the outline a minute per API instance, and shows a save made through that instance at once', async () => {
    const course = await aCourse(api);
    const outlineUrl = `${api.url}/api/courses/${course.product.id}/preview`;
    const titles = async () =>
      ((await (await get(outlineUrl)).json()) as { lessons: { title: string }[] }).lessons.map((entry) => entry.title);
    expect(await titles()).toEqual(['Welcome']);

    // Another instance's editor marks 'Setup' a preview (written straight to the course here): this
    // instance answers from what it kept, without reading the course again, for the minute.
    const ref = db.collection('courseContent').doc(course.product.id);
    const stored = (await ref.get()).data() as { sections: { lessons: { id: string; preview: boolean }[] }[] };
    const markSetup = stored.sections.map((section) => ({
      ...section,
      lessons: section.lessons.map((entry) => (entry.id === 'l2' ? { ...entry, preview: true } : entry)),
    }));
    await ref.update({ sections: markSetup });
    expect(await titles()).toEqual(['Welcome']);

    // A save through this instance's editor drops what it kept: 'Deploying' shows with the others.
    const read = await fetch(`${api.url}/api/admin/courses/${course.product.id}`, { headers: bearer(api.adminToken) });
    const current = (await read.json()) as AdminCourse;
    const withDeploying = current.sections.map((section) => ({
      ...section,
      lessons: section.lessons.map((entry) => (entry.id === 'l4' ? { ...entry, preview: true } : entry)),
    }));
    await saveCourse(api, course.product.id, withDeploying, current.updatedAt);
    expect(await titles()).toEqual(['Welcome', 'Setup', 'Deploying']);
  });

  it('limits preview requests per client', async () => {
    const limited = await startCourseApi({ ACCESS_RATE_LIMIT: '3' });
    try {
      const course = await aCourse(limited);
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        statuses.push((await get(`${limited.url}/api/courses/${course.product.id}/preview`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
