// The demo course (docs/courses.md, 'The demo course'): 'React Web Development Bootcamp' gets two
// sections and four lessons, the repository's short H.264/AAC video on its free preview lesson and one
// lesson dripped 7 days after purchase. The video goes into the Cloud Storage stand-in under
// lessons/{productId}/ and the course into courseContent exactly as the API stores them.
import { readFileSync } from 'node:fs';
import type { Bucket } from '@google-cloud/storage';
import type { Firestore } from 'firebase-admin/firestore';
import type { AdminSection } from '../../domain/courses';

export const demoCourseProductId = 'demo-react-bootcamp';
const videoFileId = 'demo-lesson-video';

/** The shipped demo video: 12 s, 640x360, H.264 baseline and AAC, moov first (+faststart). */
export const demoLessonVideo = { durationS: 12, width: 640, height: 360 };

function demoSections(): AdminSection[] {
  const lesson = (id: string, title: string, body: string) => ({
    id,
    title,
    body,
    video: null,
    attachmentFileIds: [],
    preview: false,
    dripDays: null,
  });
  return [
    {
      id: 'getting-started',
      title: 'Getting started',
      lessons: [
        {
          ...lesson(
            'welcome',
            'Welcome to the bootcamp',
            '## What you will build\n\nA small online store with **React** and **TypeScript**, from the first component to a live deploy.\n\n- Watch the short video\n- Then set up your tools in the next lesson',
          ),
          video: { fileId: videoFileId, lowDataFileId: null, ...demoLessonVideo },
          preview: true,
        },
        lesson(
          'tools',
          'Setting up your tools',
          'Install [Node.js](https://nodejs.org) (version 20 or newer), then create the project:\n\n```sh\nnpm create vite@latest my-store -- --template react-ts\ncd my-store\nnpm install\nnpm run dev\n```',
        ),
      ],
    },
    {
      id: 'building',
      title: 'Building with React',
      lessons: [
        lesson(
          'components',
          'Components and props',
          'A component is a function that returns markup:\n\n```tsx\nfunction Price({ amount }: { amount: number }) {\n  return <p>₦{amount.toLocaleString()}</p>;\n}\n```\n\nProps flow down; state lives where it changes.',
        ),
        {
          ...lesson(
            'deploying',
            'Routing and deploying',
            'Add `react-router-dom`, give each page a route, then deploy the build to Firebase Hosting.',
          ),
          dripDays: 7,
        },
      ],
    },
  ];
}

/** Uploads the demo video and writes the course; answers how many lessons it made. */
export async function seedDemoCourse({ db, bucket }: { db: Firestore; bucket: Bucket }): Promise<number> {
  const video = readFileSync(new URL('./media/demo-lesson.mp4', import.meta.url));
  await bucket
    .file(`lessons/${demoCourseProductId}/${videoFileId}`)
    .save(video, { contentType: 'video/mp4', resumable: false });
  const sections = demoSections();
  await db.doc(`courseContent/${demoCourseProductId}`).set({
    sections,
    videos: { [videoFileId]: { lessonId: 'welcome', kind: 'main', ...demoLessonVideo, size: video.length } },
    updatedAt: new Date().toISOString(),
    updatedBy: 'seed',
  });
  return sections.reduce((count, section) => count + section.lessons.length, 0);
}
