// The course player's first screen, drawn by /early-learn.js from the course answer before the app
// runs (docs/performance.md, 'The course player'): the course title, the opening lesson's title, its
// video's frame at the video's own proportions with the speed row under it, and the lesson's body,
// in the markup and Tailwind classes the player gives them (features/learn LearnPage, CoursePlayer,
// LessonView, LessonVideo, SpeedButtons; tests/component/learn/earlyLearnPaint.test.tsx holds the two
// side by side), so nothing the app draws over it lands elsewhere. Text goes in as text; the body is
// the HTML the API rendered and sanitized, as the player shows it.
import type { LearnLesson } from '../../domain/courses';
import type { PaintableCourse } from '../lib/earlyLearn';

const speeds = [1, 1.25, 1.5, 2];

const speedClass = (pressed: boolean) =>
  'min-h-11 min-w-11 rounded-lg border px-3 py-2 text-sm font-semibold ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ' +
  (pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-50');

function element(d: Document, tag: string, className: string, text?: string): HTMLElement {
  const made = d.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function videoBlock(d: Document, video: NonNullable<LearnLesson['video']>): HTMLElement {
  const block = element(d, 'div', 'space-y-3');
  const frame = element(d, 'div', 'overflow-hidden rounded-xl bg-black');
  frame.style.aspectRatio = `${video.width} / ${video.height}`;
  const status = element(d, 'p', 'flex h-full items-center justify-center p-4 text-white', 'Loading the video…');
  status.setAttribute('role', 'status');
  frame.append(status);
  const row = element(d, 'div', 'flex flex-wrap items-center justify-between gap-3');
  const group = element(d, 'div', 'flex flex-wrap gap-2');
  group.setAttribute('role', 'group');
  group.setAttribute('aria-label', 'Playback speed');
  for (const speed of speeds) {
    const button = element(d, 'button', speedClass(speed === 1), `${speed}×`);
    button.setAttribute('type', 'button');
    button.setAttribute('aria-pressed', String(speed === 1));
    group.append(button);
  }
  row.append(group);
  if (video.hasLowData) {
    const label = element(d, 'label', 'flex min-h-11 items-center gap-2 text-slate-800');
    const box = element(d, 'input', 'h-5 w-5 accent-brand-700');
    box.setAttribute('type', 'checkbox');
    box.setAttribute('role', 'switch');
    label.append(box, 'Low-data version');
    row.append(label);
  }
  block.append(frame, row);
  return block;
}

/**
 * Draws the course's first screen into the page's main element, in place of the frame's placeholder,
 * and answers it; null when the page has no main element to draw into.
 */
export function paintOpeningLesson(d: Document, course: PaintableCourse): HTMLElement | null {
  const main = d.getElementById('main');
  if (!main) return null;
  const lesson = course.opening;
  const section = element(d, 'section', 'mx-auto max-w-6xl px-4 pb-16 pt-24');
  section.setAttribute('aria-labelledby', 'early-course-title');
  const heading = element(d, 'h1', 'text-2xl font-bold text-slate-900 sm:text-3xl', course.title);
  heading.id = 'early-course-title';
  const grid = element(d, 'div', 'mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]');
  const column = element(d, 'div', 'min-w-0 space-y-6');
  column.id = 'lesson-top';
  const article = element(d, 'article', 'space-y-4');
  article.setAttribute('aria-labelledby', 'early-lesson-title');
  const lessonHeading = element(d, 'h2', 'text-2xl font-bold text-slate-900', lesson.title);
  lessonHeading.id = 'early-lesson-title';
  article.append(lessonHeading);
  if (lesson.video) article.append(videoBlock(d, lesson.video));
  const body = element(d, 'div', 'lesson-body max-w-none space-y-3 text-slate-800');
  // Rendered from the seller's Markdown and sanitized by the API (docs/courses.md), as the player shows it.
  body.innerHTML = lesson.html;
  article.append(body);
  column.append(article);
  grid.append(column);
  section.append(heading, grid);
  main.replaceChildren(section);
  return section;
}
