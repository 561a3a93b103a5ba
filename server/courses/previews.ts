// Free preview lessons (docs/courses.md, 'Previews'): anyone may read the lessons the seller marked
// 'Free preview', with a short-lived video URL, and nothing else of the course. Attachments are the
// product's paid files, so a preview never lists them.
import type { Firestore } from 'firebase-admin/firestore';
import type { LearnLesson, PreviewOutline } from '../../domain/courses';
import type { FileStorage } from '../files/storage';
import { decodeCourse, findLesson, lessonVideoPath } from './courseContent';
import { previewVideoValiditySeconds, videoUrl } from './courseStorage';
import { learnLesson } from './learn';
import { keptAnswers } from '../lib/keptAnswers';
import { courseContentCollection, productsCollection } from '../lib/collections';

/** How long an instance keeps a course's preview outline; a save through this instance drops it at once. */
export const previewOutlineCacheMs = 60_000;

export function createPreviews({ db }: { db: Firestore }) {
  const courseOf = async (productId: string) => {
    const [product, course] = await db.getAll(
      db.collection(productsCollection).doc(productId),
      db.collection(courseContentCollection).doc(productId),
    );
    return product?.exists ? decodeCourse(course?.data()) : null;
  };

  // Every product page asks (its 'Preview' button): one read a minute per instance, not one a view.
  const outlines = keptAnswers<string, PreviewOutline | null>(previewOutlineCacheMs);

  /** The preview lessons of a product's course; null: no such product. */
  const outline = (productId: string): Promise<PreviewOutline | null> =>
    outlines.get(productId, () => readOutline(productId));

  const readOutline = async (productId: string): Promise<PreviewOutline | null> => {
    const course = await courseOf(productId);
    if (!course) return null;
    return {
      productId,
      lessons: course.sections.flatMap((section) =>
        section.lessons
          .filter((lesson) => lesson.preview)
          .map((lesson) => ({
            id: lesson.id,
            title: lesson.title,
            sectionTitle: section.title,
            hasVideo: lesson.video !== null,
          })),
      ),
    };
  };

  /** One preview lesson with its video URL; null for a lesson that is not a free preview. */
  const lesson = async (
    files: FileStorage | null,
    productId: string,
    lessonId: string,
  ): Promise<LearnLesson | null> => {
    const course = await courseOf(productId);
    const found = course ? findLesson(course, lessonId) : undefined;
    if (!found?.preview) return null;
    const shown = learnLesson({ ...found, attachmentFileIds: [] }, [], { positionS: 0, completed: false });
    if (!found.video || !files) return shown;
    const signed = await videoUrl(files, lessonVideoPath(productId, found.video.fileId), previewVideoValiditySeconds);
    return { ...shown, previewVideoUrl: signed.url };
  };

  return { outline, lesson, forget: (productId: string) => outlines.forget(productId) };
}

export type Previews = ReturnType<typeof createPreviews>;
