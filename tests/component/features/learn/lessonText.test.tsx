// The lesson text of the outside attack, as the API renders it (tests/integration/api/coursesLessonText
// checks that answer), drawn by the early paint (/early-learn.js, src/boot/learnPaint.ts) and by the
// player: the buyer sees its words, and neither draws an element of the attacker's.
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/App';
import { paintOpeningLesson } from '../../../../src/boot/learnPaint';
import type { PaintableCourse } from '../../../../src/lib/earlyLearn';
import { buildCourse, buildOpening } from '../../../support/factories';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';
import { attackLessonText, elementNames, shownText } from '../../../support/xssCorpus';

const token = 'tok-123';

/** The API's rendering of the attack lesson (server/lib/markdown.ts). */
const attackHtml =
  '<p>Lesson notes &lt;kbd&gt; &lt;img/src=x onerror=alert(1)&gt; &lt;div/style="position:fixed;inset:0"&gt;' +
  'Session expired: &lt;a/href=//evil.example/login&gt;sign in again</p>\n';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The lesson body's markup on the page (early paint or player). */
function lessonBodyHtml(): string {
  return document.querySelector('.lesson-body')?.innerHTML ?? '';
}

describe('the attack lesson', () => {
  it('paints early as its words, with no image, box or link', () => {
    document.body.innerHTML = '<main id="main"><p role="status">Loading...</p></main>';
    const course = buildCourse({ opening: buildOpening({ video: null, html: attackHtml }) }) as PaintableCourse;
    expect(paintOpeningLesson(document, course)).toBeTruthy();
    expect(screen.getByText(attackLessonText)).toBeInTheDocument();
    const body = lessonBodyHtml();
    expect(shownText(body)).toBe(`${attackLessonText}\n`);
    expect(elementNames(body)).toEqual(['p']);
    expect(screen.queryAllByRole('img')).toEqual([]);
    expect(screen.queryAllByRole('link')).toEqual([]);
  });

  it('shows in the player as its words, with no image, box or link', async () => {
    const course = buildCourse({ opening: buildOpening({ video: null, html: attackHtml }) });
    server.use(http.get(`*/api/learn/${token}`, () => HttpResponse.json(course)));
    renderWithProviders(<App />, { route: `/learn/${token}` });
    expect(await screen.findByText(attackLessonText)).toBeInTheDocument();
    const body = lessonBodyHtml();
    expect(shownText(body)).toBe(`${attackLessonText}\n`);
    expect(elementNames(body)).toEqual(['p']);
    expect(screen.queryByRole('link', { name: 'sign in again' })).not.toBeInTheDocument();
  });
});
