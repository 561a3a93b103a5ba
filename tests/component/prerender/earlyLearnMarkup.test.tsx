// What /early-learn.js paints before the app (src/boot/learnPaint.ts) is the course player's own
// markup: for the same course answer, each element it draws is the element React renders at the same
// place, with the same classes and attributes (docs/performance.md, 'The course player'), so the
// player replaces it without anything moving.
import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCourse, buildOpening } from '../../support/factories';
import { App } from '../../../src/App';
import { paintOpeningLesson } from '../../../src/boot/learnPaint';
import type { PaintableCourse } from '../../../src/lib/earlyLearn';
import { server } from '../../support/msw';
import { renderWithProviders } from '../../support/renderWithProviders';

const token = 'tok-123';
const frame = '<main id="main"><p role="status">Loading...</p></main>';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The attributes that say what an element is and looks like (not the ids React generates). */
function looks(element: Element): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const { name, value } of Array.from(element.attributes)) {
    if (!['id', 'for', 'aria-labelledby'].includes(name)) kept[name] = value;
  }
  return kept;
}

/** Each element the early script paints is the element React renders at the same place, alike. */
function expectSameMarkup(early: Element, rendered: Element, where: string) {
  expect(rendered.tagName, where).toBe(early.tagName);
  expect(looks(rendered), where).toEqual(looks(early));
  if (early.classList.contains('lesson-body') || early.children.length === 0) {
    expect(rendered.innerHTML, where).toBe(early.innerHTML);
    return;
  }
  Array.from(early.children).forEach((child, i) => {
    const counterpart = rendered.children[i];
    expect(counterpart, `${where} > ${child.tagName}`).toBeTruthy();
    if (counterpart) expectSameMarkup(child, counterpart, `${where} > ${child.tagName.toLowerCase()}[${i}]`);
  });
}

describe("the early screen and the player's", () => {
  it('are the same elements with the same classes, for a lesson with a video and one without', async () => {
    for (const opening of [buildOpening(), buildOpening({ video: null })]) {
      const course = buildCourse({ opening });
      document.body.innerHTML = frame;
      expect(paintOpeningLesson(document, course as PaintableCourse)).toBeTruthy();
      const painted = document.querySelector('#main > section');
      expect(painted).toBeTruthy();
      const earlyScreen = painted?.cloneNode(true) as Element;
      document.body.innerHTML = '';

      server.use(
        http.get(`*/api/learn/${token}`, () => HttpResponse.json(course)),
        // The video's URL is still on its way: the frame shows 'Loading the video…', as painted early.
        http.post(`*/api/learn/${token}/lessons/l1/video`, async () => {
          await delay('infinite');
          return HttpResponse.json({});
        }),
      );
      const view = renderWithProviders(<App />, { route: `/learn/${token}` });
      // The lesson's foot: a video completes by being watched, a text lesson by Mark complete.
      if (opening.video)
        await screen.findByText('This lesson completes by itself once you have watched 90% of its video.');
      else await screen.findByRole('button', { name: 'Mark complete' });
      const rendered = document.querySelector('#main > section');
      expect(rendered).toBeTruthy();
      if (rendered) expectSameMarkup(earlyScreen, rendered, 'section');
      view.unmount();
    }
  });
});
