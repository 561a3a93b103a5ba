// A product's course content as stored in courseContent/{productId} (docs/courses.md): sections of
// lessons, the videos the API inspected, and the time of the last save. The one decoder of the stored
// document, and the plain rules the admin, buyer and preview services share.
import type { DocumentData } from 'firebase-admin/firestore';
import type { AdminCourse, AdminLesson, AdminSection, LessonVideo } from '../../domain/courses';

/** A video the API inspected after its upload, remembered for the lesson it was uploaded for. */
export interface InspectedVideo {
  lessonId: string;
  kind: 'main' | 'lowData';
  durationS: number;
  width: number;
  height: number;
  size: number;
}

export interface StoredCourse {
  sections: AdminSection[];
  /** Inspected uploads by file id: a save may put only these (or a lesson's own video) on a lesson. */
  videos: Record<string, InspectedVideo>;
  updatedAt: string | null;
}

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

function decodeVideo(value: unknown): LessonVideo | null {
  if (typeof value !== 'object' || value === null) return null;
  const video = value as Record<string, unknown>;
  if (typeof video.fileId !== 'string') return null;
  return {
    fileId: video.fileId,
    lowDataFileId: typeof video.lowDataFileId === 'string' ? video.lowDataFileId : null,
    durationS: num(video.durationS),
    width: num(video.width),
    height: num(video.height),
  };
}

function decodeLesson(value: unknown): AdminLesson | null {
  if (typeof value !== 'object' || value === null) return null;
  const lesson = value as Record<string, unknown>;
  if (typeof lesson.id !== 'string') return null;
  return {
    id: lesson.id,
    title: str(lesson.title),
    body: str(lesson.body),
    video: decodeVideo(lesson.video),
    attachmentFileIds: Array.isArray(lesson.attachmentFileIds)
      ? lesson.attachmentFileIds.filter((id): id is string => typeof id === 'string')
      : [],
    preview: lesson.preview === true,
    dripDays: typeof lesson.dripDays === 'number' && lesson.dripDays > 0 ? lesson.dripDays : null,
  };
}

function decodeInspected(value: unknown): InspectedVideo | null {
  if (typeof value !== 'object' || value === null) return null;
  const video = value as Record<string, unknown>;
  if (typeof video.lessonId !== 'string' || (video.kind !== 'main' && video.kind !== 'lowData')) return null;
  return {
    lessonId: video.lessonId,
    kind: video.kind,
    durationS: num(video.durationS),
    width: num(video.width),
    height: num(video.height),
    size: num(video.size),
  };
}

/** The stored document (undefined: none yet) as the services use it. */
export function decodeCourse(data: DocumentData | undefined): StoredCourse {
  const sections = Array.isArray(data?.sections) ? (data.sections as unknown[]) : [];
  const videos: Record<string, InspectedVideo> = {};
  const storedVideos = data?.videos as Record<string, unknown> | undefined;
  if (storedVideos && typeof storedVideos === 'object') {
    for (const [fileId, value] of Object.entries(storedVideos)) {
      const video = decodeInspected(value);
      if (video) videos[fileId] = video;
    }
  }
  return {
    sections: sections.flatMap((value) => {
      if (typeof value !== 'object' || value === null) return [];
      const section = value as Record<string, unknown>;
      if (typeof section.id !== 'string') return [];
      const lessons = Array.isArray(section.lessons) ? (section.lessons as unknown[]) : [];
      return [
        {
          id: section.id,
          title: str(section.title),
          lessons: lessons.map(decodeLesson).filter((lesson): lesson is AdminLesson => lesson !== null),
        },
      ];
    }),
    videos,
    updatedAt: typeof data?.updatedAt === 'string' ? data.updatedAt : null,
  };
}

export function toAdminCourse(productId: string, course: StoredCourse): AdminCourse {
  return { productId, sections: course.sections, updatedAt: course.updatedAt };
}

/** Every lesson in course order. */
export function allLessons(course: Pick<StoredCourse, 'sections'>): AdminLesson[] {
  return course.sections.flatMap((section) => section.lessons);
}

export function findLesson(course: Pick<StoredCourse, 'sections'>, lessonId: string): AdminLesson | undefined {
  return allLessons(course).find((lesson) => lesson.id === lessonId);
}

/** Where a lesson video's object lives in the bucket. */
export function lessonVideoPath(productId: string, fileId: string): string {
  return `lessons/${productId}/${fileId}`;
}

const dayMs = 24 * 60 * 60 * 1000;

/** When the purchase was made: the provider's payment time, else when the sale was recorded; null unknown. */
export function purchaseTime(transaction: DocumentData): Date | null {
  const paid = typeof transaction.paidAt === 'string' ? Date.parse(transaction.paidAt) : Number.NaN;
  if (Number.isFinite(paid)) return new Date(paid);
  const createdAt = transaction.createdAt as { toMillis?: () => number } | undefined;
  const created = createdAt?.toMillis?.() ?? Number.NaN;
  return Number.isFinite(created) ? new Date(created) : null;
}

/** When a dripped lesson opens for this purchase (null: at once). A sale without a date opens at once. */
export function opensAt(lesson: Pick<AdminLesson, 'dripDays'>, purchasedAt: Date | null): Date | null {
  if (lesson.dripDays === null || purchasedAt === null) return null;
  return new Date(purchasedAt.getTime() + lesson.dripDays * dayMs);
}

const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of the instant in Lagos. */
export function lagosDate(at: Date): string {
  return lagosDay.format(at);
}
