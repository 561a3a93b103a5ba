// A course player's course answer for component tests (domain/courses.ts LearnCourse): one section of
// two lessons, the first with a video (and its low-data version) and titles carrying markup, which
// must show as text.
import type { LearnCourse, LearnLesson } from '../../domain/courses';

export function buildOpening(overrides: Partial<LearnLesson> = {}): LearnLesson {
  return {
    id: 'l1',
    title: 'Welcome <b>buyer</b>',
    html: '<h2>What you will build</h2>\n<p>A small store with <strong>React</strong>.</p>\n<ul>\n<li>Watch the video</li>\n</ul>',
    video: { durationS: 12, width: 640, height: 360, hasLowData: true },
    attachments: [],
    positionS: 0,
    completed: false,
    ...overrides,
  };
}

export function buildCourse(overrides: Partial<LearnCourse> = {}): LearnCourse {
  return {
    productId: 'p-react',
    title: 'React & <i>TypeScript</i> Bootcamp',
    sections: [
      {
        id: 's1',
        title: 'Getting started',
        lessons: [
          {
            id: 'l1',
            title: 'Welcome <b>buyer</b>',
            hasVideo: true,
            preview: true,
            availableOn: null,
            completed: false,
          },
          { id: 'l2', title: 'Tools', hasVideo: false, preview: false, availableOn: null, completed: false },
        ],
      },
    ],
    progress: { completedLessons: 0, totalLessons: 2, lastLessonId: null, lastPositionS: 0, finished: false },
    certificateCode: null,
    opening: buildOpening(),
    ...overrides,
  };
}
