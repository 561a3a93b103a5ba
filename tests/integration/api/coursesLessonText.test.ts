// Lesson text through every path that renders it (docs/courses.md, 'Lesson text'; docs/security.md,
// 'Text the store renders'), on the local cloud: the outside attack's lesson and the XSS corpus saved by
// the seller, then read back from the player's course answer (which the early paint draws), its lesson
// answer, the public preview and the editor's live preview. Every answer parses to nothing outside the
// allowlist, and the attack shows as its words wherever a buyer or visitor reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnCourse, LearnLesson } from '../../../domain/courses';
import { attackLesson, attackLessonText, outsideAllowlist, shownText, xssCorpus } from '../../support/xssCorpus';
import { bearer, buy, lesson, saveCourse, startCourseApi, type CourseApi } from '../../support/courseHarness';
import { postJson, removeSeededProducts, seedProduct } from '../../support/purchaseHarness';

let api: CourseApi;

beforeAll(async () => {
  api = await startCourseApi({ ACCESS_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const get = (url: string, cookie = '') => fetch(url, { headers: cookie ? { cookie } : {} });

/** The attack as the API renders it. */
const attackHtml =
  '<p>Lesson notes &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt; &lt;div/style="position:fixed;inset:0"&gt;' +
  'Session expired: &lt;a/href=//evil.example/login&gt;sign in again</p>\n';

/** A course whose lessons are the corpus, in order (x0 is the attack), each a free preview. */
async function hostileCourse() {
  const product = await seedProduct({ title: `Hostile Course ${Date.now()}` });
  const lessons = xssCorpus.map((body, index) => lesson(`x${index}`, `Payload ${index}`, { body, preview: true }));
  await saveCourse(api, product.id, [{ id: 's1', title: 'Notes', lessons }], null);
  return { product, sale: await buy(api, product.id) };
}

describe('the attack lesson', () => {
  it('shows as words in the course answer, the early paint, the player’s lesson, the preview and the editor', async () => {
    const { product, sale } = await hostileCourse();
    const cookie = sale.payingBrowser;

    const answer = await get(sale.learnUrl, cookie);
    expect(answer.status).toBe(200);
    const course = (await answer.json()) as LearnCourse;
    expect(course.opening?.id).toBe('x0');
    expect(course.opening?.html).toBe(attackHtml);

    // The early paint (/early-learn.js) and the player insert this answer as it is
    // (tests/component/features/learn/lessonText.test.tsx paints it).
    expect(shownText(course.opening?.html ?? '')).toBe(`${attackLessonText}\n`);
    expect(outsideAllowlist(course.opening?.html ?? '')).toEqual([]);

    const player = await get(`${sale.learnUrl}/lessons/x0`, cookie);
    expect(((await player.json()) as LearnLesson).html).toBe(attackHtml);
    const preview = await get(`${api.url}/api/courses/${product.id}/preview/x0`);
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as LearnLesson).html).toBe(attackHtml);
    const editor = await postJson(
      `${api.url}/api/admin/courses/preview`,
      { markdown: attackLesson },
      bearer(api.adminToken),
    );
    expect(await editor.json()).toEqual({ html: attackHtml });
  });
});

describe('the XSS corpus', () => {
  it('renders with nothing outside the allowlist through the player, the preview and the editor', async () => {
    const { product, sale } = await hostileCourse();
    const cookie = sale.payingBrowser;
    const found: Record<string, string[]> = {};
    for (const [index, payload] of xssCorpus.entries()) {
      const player = (await (await get(`${sale.learnUrl}/lessons/x${index}`, cookie)).json()) as LearnLesson;
      const preview = (await (
        await get(`${api.url}/api/courses/${product.id}/preview/x${index}`)
      ).json()) as LearnLesson;
      const editor = await postJson(
        `${api.url}/api/admin/courses/preview`,
        { markdown: payload },
        bearer(api.adminToken),
      );
      const { html } = (await editor.json()) as { html: string };
      const outside = [player.html, preview.html, html].flatMap(outsideAllowlist);
      if (outside.length > 0) found[payload] = outside;
      // The three paths render the same text the same way.
      expect(preview.html).toBe(player.html);
      expect(html).toBe(player.html);
    }
    expect(found).toEqual({});
  });
});
