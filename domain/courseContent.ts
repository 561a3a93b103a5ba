// A product's course content as stored in courseContent/{productId} (docs/courses.md): sections of
// lessons, the videos the API inspected, and the time of the last save. The one decoder of the stored
// document: an entry without an id is left out, any other missing or mistyped field reads as empty.
import type { AdminLesson, AdminSection, LessonVideo } from './courses';

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
export function decodeCourse(data: Record<string, unknown> | undefined): StoredCourse {
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
