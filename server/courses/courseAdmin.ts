// The seller's side of courses (docs/courses.md, 'Editing a course'): reading and saving a product's
// course content (a guarded save: refused when another admin saved first), and lesson videos, whose
// upload the API inspects before any lesson may play it. Only the API writes courseContent.
import { newFileId } from '../files/fileService';
import type { Firestore } from 'firebase-admin/firestore';
import type { AdminCourse, AdminSection, LessonVideo } from '../../domain/courses';
import { readDeliverables } from '../files/deliverables';
import type { FileStorage } from '../files/storage';
import {
  decodeCourse,
  findLesson,
  lessonVideoPath,
  toAdminCourse,
  type InspectedVideo,
  type StoredCourse,
} from './courseContent';
import type { CourseSaveBody } from './courseSchemas';
import { rangeReader } from './courseStorage';
import { inspectVideo } from './videoInspection';
import { courseContentCollection, deliverablesCollection, productsCollection } from '../lib/collections';

export const savedMeanwhile =
  'Another admin saved this course after you opened it. Reload it to see their changes, then make yours again.';
export const uploadIncomplete = 'The video upload has not finished. Upload the video again.';

export type SaveOutcome =
  | { kind: 'noProduct' }
  | { kind: 'conflict' }
  | { kind: 'refused'; message: string }
  | { kind: 'saved'; course: AdminCourse };

export type AttachOutcome =
  | { kind: 'noProduct' }
  | { kind: 'notUploaded' }
  | { kind: 'refused'; message: string }
  | { kind: 'noMainVideo' }
  | {
      kind: 'attached';
      course: AdminCourse;
      attached: { fileId: string; kind: 'main' | 'lowData'; durationS: number; width: number; height: number };
    };

/** The lesson videos of a save, checked against what the API inspected; a refusal's sentence or the sections. */
function checkedVideos(sections: CourseSaveBody['sections'], stored: StoredCourse): AdminSection[] | string {
  const result: AdminSection[] = [];
  for (const section of sections) {
    const lessons = [];
    for (const lesson of section.lessons) {
      let video: LessonVideo | null = null;
      if (lesson.video) {
        const own = findLesson(stored, lesson.id)?.video ?? null;
        const inspected = stored.videos[lesson.video.fileId];
        const main =
          inspected?.lessonId === lesson.id && inspected.kind === 'main'
            ? inspected
            : own?.fileId === lesson.video.fileId
              ? own
              : null;
        const low = lesson.video.lowDataFileId;
        const lowInspected = low ? stored.videos[low] : undefined;
        const lowOk =
          low === null ||
          own?.lowDataFileId === low ||
          (lowInspected?.lessonId === lesson.id && lowInspected.kind === 'lowData');
        if (!main || !lowOk) {
          return `The video of the lesson '${lesson.title}' was not uploaded to it. Upload the video again.`;
        }
        video = {
          fileId: lesson.video.fileId,
          lowDataFileId: low,
          durationS: main.durationS,
          width: main.width,
          height: main.height,
        };
      }
      lessons.push({ ...lesson, video });
    }
    result.push({ id: section.id, title: section.title, lessons });
  }
  return result;
}

export function createCourseAdmin({
  db,
  maxVideoBytes,
  now = () => new Date(),
}: {
  db: Firestore;
  maxVideoBytes: number;
  now?: () => Date;
}) {
  const courseRef = (productId: string) => db.collection(courseContentCollection).doc(productId);
  const productRef = (productId: string) => db.collection(productsCollection).doc(productId);

  /** The course of a product (empty before its first save); null: no such product. */
  const read = async (productId: string): Promise<AdminCourse | null> => {
    const [product, course] = await db.getAll(productRef(productId), courseRef(productId));
    if (!product?.exists) return null;
    return toAdminCourse(productId, decodeCourse(course?.data()));
  };

  const save = async (productId: string, body: CourseSaveBody, adminUid: string): Promise<SaveOutcome> =>
    db.runTransaction(async (t) => {
      const [product, deliverables, courseSnap] = await t.getAll(
        productRef(productId),
        db.collection(deliverablesCollection).doc(productId),
        courseRef(productId),
      );
      if (!product?.exists) return { kind: 'noProduct' } as const;
      const stored = decodeCourse(courseSnap?.data());
      if (stored.updatedAt !== body.expectedUpdatedAt) return { kind: 'conflict' } as const;
      const fileIds = new Set(readDeliverables(deliverables?.data()).files.map((file) => file.id));
      for (const lesson of body.sections.flatMap((section) => section.lessons)) {
        if (lesson.attachmentFileIds.some((fileId) => !fileIds.has(fileId))) {
          return {
            kind: 'refused',
            message: `An attachment of the lesson '${lesson.title}' is not one of the product's files. Choose it from the product's files again.`,
          } as const;
        }
      }
      const sections = checkedVideos(body.sections, stored);
      if (typeof sections === 'string') return { kind: 'refused', message: sections } as const;
      const updatedAt = now().toISOString();
      t.set(courseRef(productId), { sections, videos: stored.videos, updatedAt, updatedBy: adminUid });
      return { kind: 'saved', course: { productId, sections, updatedAt } } as const;
    });

  /** A signed resumable upload URL for a new lesson video; null: no such product. */
  const startVideoUpload = async (
    files: FileStorage,
    productId: string,
    facts: { size: number; contentType: string },
    origin: string,
  ) => {
    if (!(await productRef(productId).get()).exists) return null;
    const fileId = newFileId();
    const upload = await files.uploadUrl(productId, fileId, {
      contentType: facts.contentType,
      size: facts.size,
      origin,
      folder: 'lessons',
    });
    return { fileId, uploadUrl: upload.url, ...upload };
  };

  /** Inspects an uploaded video and attaches it to the lesson (or remembers it for an unsaved one). */
  const attachVideo = async (
    files: FileStorage,
    productId: string,
    fileId: string,
    target: { lessonId: string; kind: 'main' | 'lowData' },
  ): Promise<AttachOutcome> => {
    if (!(await productRef(productId).get()).exists) return { kind: 'noProduct' };
    const storagePath = lessonVideoPath(productId, fileId);
    const stored = await files.objectMetadata(storagePath);
    if (!stored) return { kind: 'notUploaded' };
    const check =
      stored.size > maxVideoBytes
        ? ({ ok: false, reason: `A video may be at most ${maxVideoBytes} bytes.` } as const)
        : await inspectVideo(rangeReader(files, storagePath), stored.size);
    if (!check.ok) {
      // Unless a lesson already plays it (a replayed attach), a refused upload is removed.
      const course = decodeCourse((await courseRef(productId).get()).data());
      if (!course.videos[fileId]) await files.deleteObject(storagePath);
      return { kind: 'refused', message: check.reason };
    }
    const { durationS, width, height } = check.facts;
    const inspected: InspectedVideo = { ...target, durationS, width, height, size: stored.size };
    return db.runTransaction(async (t) => {
      const course = decodeCourse((await t.get(courseRef(productId))).data());
      const lesson = findLesson(course, target.lessonId);
      if (lesson && target.kind === 'lowData' && !lesson.video) return { kind: 'noMainVideo' } as const;
      if (lesson && target.kind === 'main') {
        lesson.video = { fileId, lowDataFileId: null, durationS, width, height };
      } else if (lesson?.video && target.kind === 'lowData') {
        lesson.video = { ...lesson.video, lowDataFileId: fileId };
      }
      course.videos[fileId] = inspected;
      // Not a save of the course: updatedAt stays, so the editor's own next save is not refused.
      t.set(courseRef(productId), { sections: course.sections, videos: course.videos }, { merge: true });
      return {
        kind: 'attached',
        course: toAdminCourse(productId, course),
        attached: { fileId, kind: target.kind, durationS, width, height },
      } as const;
    });
  };

  return { read, save, startVideoUpload, attachVideo };
}

export type CourseAdmin = ReturnType<typeof createCourseAdmin>;
