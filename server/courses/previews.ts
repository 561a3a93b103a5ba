// Free preview lessons (docs/courses.md, 'Previews'): anyone may read the lessons the seller marked
// 'Free preview', with a short-lived video URL, and nothing else of the course. Attachments are the
// product's paid files, so a preview never lists them.
import type { Firestore } from 'firebase-admin/firestore';
import type { LearnLesson, PreviewOutline } from '../../domain/courses';
import type { FileStorage } from '../files/storage';
import { courseContentCollection, decodeCourse, findLesson, lessonVideoPath } from './courseContent';
import { previewVideoValiditySeconds, videoUrl } from './courseStorage';
import { learnLesson } from './learn';

export function createPreviews({ db }: { db: Firestore }) {
  const courseOf = async (productId: string) => {
    const [product, course] = await db.getAll(
      db.collection('products').doc(productId),
      db.collection(courseContentCollection).doc(productId),
    );
    return product?.exists ? decodeCourse(course?.data()) : null;
  };

  /** The preview lessons of a product's course; null: no such product. */
  const outline = async (productId: string): Promise<PreviewOutline | null> => {
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

  return { outline, lesson };
}

export type Previews = ReturnType<typeof createPreviews>;
