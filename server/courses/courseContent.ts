// A product's course content as stored in courseContent/{productId} (docs/courses.md): sections of
// lessons, the videos the API inspected, and the time of the last save. The one decoder of the stored
// document (domain/courseContent.ts), and the plain rules the admin, buyer and preview services share.
import type { StoredCourse } from '../../domain/courseContent';
import type { AdminCourse, AdminLesson } from '../../domain/courses';

export { decodeCourse, type InspectedVideo, type StoredCourse } from '../../domain/courseContent';

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

/** When a dripped lesson opens for this purchase (null: at once). A sale without a date opens at once. */
export function opensAt(lesson: Pick<AdminLesson, 'dripDays'>, purchasedAt: Date | null): Date | null {
  if (lesson.dripDays === null || purchasedAt === null) return null;
  return new Date(purchasedAt.getTime() + lesson.dripDays * dayMs);
}
