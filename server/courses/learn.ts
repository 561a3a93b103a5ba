// The buyer's course (docs/courses.md, 'Taking the course'): what /learn/{token} reads and writes, on the
// download page's own rules (server/downloads/downloads.ts): the grant behind the token, ended access,
// devices that confirmed the purchase e-mail, counted downloads for attachments. Lessons with drip
// days open that many days after the purchase; before then their text, video and attachments are
// refused. Progress is kept per grant in lessonProgress/{grantId} (./progress.ts); what completes a
// lesson is the server's own record of it (./completion.ts); a completion is never undone.
import type { Firestore } from 'firebase-admin/firestore';
import type {
  AdminLesson,
  LearnCourse,
  LearnLesson,
  LearnProgress,
  ProgressSave,
  ProgressSaved,
} from '../../domain/courses';
import { lagosDayKey } from '../../domain/lagosDates';
import type { DownloadOutcome, Downloads, OpenPurchase } from '../downloads/downloads';
import type { FileStorage } from '../files/storage';
import type { Certificates } from './certificates';
import { allLessons, decodeCourse, findLesson, lessonVideoPath, opensAt, type StoredCourse } from './courseContent';
import { lessonVideoValiditySeconds, readCertificatePdf, videoUrl } from './courseStorage';
import { renderMarkdown } from './markdown';
import { createProgressStore, decodeProgress, type StoredProgress } from './progress';
import { courseContentCollection, lessonProgressCollection } from '../lib/collections';
import { purchasedAt } from '../../domain/saleRecord';

/** A purchase whose course this device may take. */
export interface OpenCourse {
  purchase: OpenPurchase;
  productId: string;
  course: StoredCourse;
  progress: StoredProgress;
}

export type CourseOpened =
  | { kind: 'invalid' }
  | { kind: 'ended'; reason: string }
  | { kind: 'noCourse' }
  | { kind: 'unconfirmed'; purchase: OpenPurchase }
  | ({ kind: 'open' } & OpenCourse);

export type LessonAccess =
  { kind: 'noLesson' } | { kind: 'locked'; availableOn: string } | { kind: 'open'; lesson: AdminLesson };

export type VideoOutcome = LessonAccess | { kind: 'noVideo' } | { kind: 'url'; url: string; expiresAt: string };

export type AttachmentOutcome = Exclude<LessonAccess, { kind: 'open' }> | { kind: 'notAttached' } | DownloadOutcome;

/** The Lagos date a dripped lesson opens on while it is still closed at `now`; null when open. */
function lessonOpensOn(open: OpenCourse, lesson: AdminLesson, now: Date): string | null {
  const at = opensAt(lesson, purchasedAt(open.purchase.transaction));
  return at && now.getTime() < at.getTime() ? lagosDayKey(at) : null;
}

function progressOf(course: StoredCourse, progress: StoredProgress): LearnProgress {
  const lessons = allLessons(course);
  const completed = lessons.filter((lesson) => progress.lessons[lesson.id]?.completedAt).length;
  const last = progress.lastLessonId;
  return {
    completedLessons: completed,
    totalLessons: lessons.length,
    lastLessonId: last,
    lastPositionS: last ? (progress.lessons[last]?.positionS ?? 0) : 0,
    finished: lessons.length > 0 && completed === lessons.length,
  };
}

/** The player's outline of the course at `now`. */
function outlineOf(open: OpenCourse, now: Date): LearnCourse {
  return {
    productId: open.productId,
    title: open.purchase.transaction.productName || 'Your course',
    sections: open.course.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: section.lessons.map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        hasVideo: lesson.video !== null,
        preview: lesson.preview,
        availableOn: lessonOpensOn(open, lesson, now),
        completed: Boolean(open.progress.lessons[lesson.id]?.completedAt),
      })),
    })),
    progress: progressOf(open.course, open.progress),
    certificateCode: open.purchase.transaction.certificate?.code ?? null,
  };
}

/** The course with the lesson it opens at: where the buyer left off if it is open, else the first open one. */
function withOpening(
  course: LearnCourse,
  lessonOf: (id: string) => { kind: string; lesson?: LearnLesson },
): LearnCourse {
  const lessons = course.sections.flatMap((section) => section.lessons);
  const openAt =
    lessons.find((summary) => summary.id === course.progress.lastLessonId && !summary.availableOn) ??
    lessons.find((summary) => !summary.availableOn);
  const opening = openAt ? lessonOf(openAt.id) : null;
  return { ...course, opening: opening?.kind === 'lesson' ? (opening.lesson ?? null) : null };
}

function accessOf(open: OpenCourse, lessonId: string, now: Date): LessonAccess {
  const lesson = findLesson(open.course, lessonId);
  if (!lesson) return { kind: 'noLesson' };
  const availableOn = lessonOpensOn(open, lesson, now);
  return availableOn ? { kind: 'locked', availableOn } : { kind: 'open', lesson };
}

/** The purchase's certificate, made now if every lesson is complete; null while some are not. */
async function certificateOfCourse(certificates: Certificates, files: FileStorage, open: OpenCourse) {
  const lessons = allLessons(open.course);
  const done = lessons.map((entry) => open.progress.lessons[entry.id]?.completedAt ?? null);
  if (lessons.length === 0 || done.some((at) => at === null)) return null;
  const completedAt = new Date(Math.max(...done.map((at) => Date.parse(at ?? ''))));
  return certificates.makeOnce(files, {
    transactionId: open.purchase.transactionId,
    productId: open.productId,
    name: open.purchase.transaction.customerName,
    courseTitle: open.purchase.transaction.productName,
    completedAt,
  });
}

/** The kept certificate's PDF; null before it was made. */
async function certificatePdfOf(files: FileStorage, open: OpenCourse) {
  const record = open.purchase.transaction.certificate;
  return record ? readCertificatePdf(files, record.storagePath) : null;
}

export function createLearn({
  db,
  downloads,
  certificates,
  now = () => new Date(),
}: {
  db: Firestore;
  downloads: Downloads;
  certificates: Certificates;
  now?: () => Date;
}) {
  const progressRef = (grantId: string) => db.collection(lessonProgressCollection).doc(grantId);
  const access = (open: OpenCourse, lessonId: string) => accessOf(open, lessonId, now());

  const progressStore = createProgressStore({ db, now });
  const markOpened = (open: OpenCourse, lessonId: string) =>
    progressStore.markOpened(open.purchase, open.progress, lessonId);

  /** The player's outline with the lesson it opens at, which counts as opened. */
  const outline = async (open: OpenCourse) => {
    const course = withOpening(outlineOf(open, now()), (id) => lesson(open, id));
    if (course.opening) await markOpened(open, course.opening.id);
    return course;
  };

  /**
   * The course behind a token for the device the cookie names. `libraryEmail` is the address of the
   * browser's library session, if it has one: a session of the buyer's address confirms the device.
   */
  const open = async (
    token: string,
    deviceId: string | null,
    libraryEmail: () => Promise<string | null>,
  ): Promise<CourseOpened> => {
    const opened = await downloads.open(token, deviceId);
    if (opened.kind !== 'open') return opened;
    const productId = opened.transaction.productId;
    const [courseSnap, progressSnap] = await db.getAll(
      db.collection(courseContentCollection).doc(productId || 'no-product'),
      progressRef(opened.grantId),
    );
    const course = decodeCourse(courseSnap?.data());
    if (allLessons(course).length === 0) return { kind: 'noCourse' };
    let purchase = opened;
    if (!opened.deviceConfirmed) {
      const email = deviceId ? await libraryEmail() : null;
      if (deviceId === null || email === null || email !== opened.transaction.customerEmail) {
        return { kind: 'unconfirmed', purchase: opened };
      }
      await downloads.rememberDeviceOn(opened.grantId, opened.transactionId, deviceId);
      purchase = { ...opened, deviceKnown: true, deviceConfirmed: true };
    }
    return { kind: 'open', purchase, productId, course, progress: decodeProgress(progressSnap?.data()) };
  };

  const lesson = (
    open: OpenCourse,
    lessonId: string,
  ): Exclude<LessonAccess, { kind: 'open' }> | { kind: 'lesson'; lesson: LearnLesson } => {
    const found = access(open, lessonId);
    if (found.kind !== 'open') return found;
    const state = open.progress.lessons[lessonId];
    return {
      kind: 'lesson',
      lesson: learnLesson(found.lesson, open.purchase.deliverables.files, {
        positionS: state?.positionS ?? 0,
        completed: Boolean(state?.completedAt),
      }),
    };
  };

  const video = async (
    files: FileStorage,
    open: OpenCourse,
    lessonId: string,
    version: 'main' | 'lowData',
  ): Promise<VideoOutcome> => {
    const found = access(open, lessonId);
    if (found.kind !== 'open') return found;
    const lessonVideo = found.lesson.video;
    if (!lessonVideo) return { kind: 'noVideo' };
    // Without a low-data version the main video plays.
    const fileId = version === 'lowData' ? (lessonVideo.lowDataFileId ?? lessonVideo.fileId) : lessonVideo.fileId;
    const signed = await videoUrl(files, lessonVideoPath(open.productId, fileId), lessonVideoValiditySeconds);
    return { kind: 'url', ...signed };
  };

  const attachment = async (open: OpenCourse, lessonId: string, fileId: string): Promise<AttachmentOutcome> => {
    const found = access(open, lessonId);
    if (found.kind !== 'open') return found;
    if (!found.lesson.attachmentFileIds.includes(fileId)) return { kind: 'notAttached' };
    // The download page's own press: counted, limited and stamped as a file's download is.
    return downloads.download(open.purchase, fileId);
  };

  /** Saves a position (and a Mark complete); the lesson completes only by ./completion.ts's rules. */
  const saveProgress = async (
    open: OpenCourse,
    save: ProgressSave,
  ): Promise<
    Exclude<LessonAccess, { kind: 'open' }> | { kind: 'notOpened' } | { kind: 'saved'; progress: ProgressSaved }
  > => {
    const found = access(open, save.lessonId);
    if (found.kind !== 'open') return found;
    const outcome = await progressStore.save(open.purchase, found.lesson, {
      positionS: save.positionS,
      markComplete: save.completed === true,
    });
    if (outcome.kind !== 'saved') return outcome;
    return {
      kind: 'saved',
      progress: {
        ...progressOf(open.course, outcome.progress),
        lessonId: save.lessonId,
        lessonCompleted: outcome.lessonCompleted,
      },
    };
  };

  return {
    open,
    isBuyerEmail: (purchase: OpenPurchase, given: string) => downloads.isBuyerEmail(purchase, given),
    rememberDevice: (purchase: OpenPurchase, deviceId: string) =>
      downloads.rememberDeviceOn(purchase.grantId, purchase.transactionId, deviceId),
    outline,
    lesson,
    markOpened,
    video,
    attachment,
    saveProgress,
    certificate: (files: FileStorage, open: OpenCourse) => certificateOfCourse(certificates, files, open),
    certificatePdf: certificatePdfOf,
  };
}

/** A lesson as the player (or a preview) shows it: rendered text, video facts, named attachments. */
export function learnLesson(
  lesson: AdminLesson,
  files: ReadonlyArray<{ id: string; name: string; size: number }>,
  state: { positionS: number; completed: boolean },
): LearnLesson {
  return {
    id: lesson.id,
    title: lesson.title,
    html: renderMarkdown(lesson.body),
    video: lesson.video
      ? {
          durationS: lesson.video.durationS,
          width: lesson.video.width,
          height: lesson.video.height,
          hasLowData: lesson.video.lowDataFileId !== null,
        }
      : null,
    attachments: lesson.attachmentFileIds.flatMap((fileId) => {
      const file = files.find((entry) => entry.id === fileId);
      return file ? [{ fileId, name: file.name, size: file.size }] : [];
    }),
    positionS: state.positionS,
    completed: state.completed,
  };
}

export type Learn = ReturnType<typeof createLearn>;
