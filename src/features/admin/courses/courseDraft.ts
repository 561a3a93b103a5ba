// The editor's edits to a course's sections and lessons (docs/courses.md), as plain functions over the
// draft: nothing is stored until the admin presses Save.
import type { AdminLesson, AdminSection } from '../../../../domain/courses';

/** A new id for a section or lesson the admin adds (the API keeps the ids it is given). */
export function newId(prefix: 's' | 'l'): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 16)
      : Math.random().toString(36).slice(2, 14);
  return `${prefix}-${random}`;
}

export function newLesson(title: string): AdminLesson {
  return { id: newId('l'), title, body: '', video: null, attachmentFileIds: [], preview: false, dripDays: null };
}

export function newSection(title: string): AdminSection {
  return { id: newId('s'), title, lessons: [] };
}

/** The list with the item at `index` moved one place up (-1) or down (1); unchanged at an end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(index, 1);
  if (item !== undefined) copy.splice(target, 0, item);
  return copy;
}

export function updateSection(
  sections: readonly AdminSection[],
  sectionId: string,
  change: (section: AdminSection) => AdminSection,
): AdminSection[] {
  return sections.map((section) => (section.id === sectionId ? change(section) : section));
}

export function updateLesson(
  sections: readonly AdminSection[],
  lessonId: string,
  change: (lesson: AdminLesson) => AdminLesson,
): AdminSection[] {
  return sections.map((section) =>
    section.lessons.some((lesson) => lesson.id === lessonId)
      ? { ...section, lessons: section.lessons.map((lesson) => (lesson.id === lessonId ? change(lesson) : lesson)) }
      : section,
  );
}

/** What a draft is missing before it can be saved, in the seller's words; null when it can be. */
export function draftProblem(sections: readonly AdminSection[]): string | null {
  for (const [index, section] of sections.entries()) {
    if (!section.title.trim()) return `Section ${index + 1} needs a title.`;
    for (const lesson of section.lessons) {
      if (!lesson.title.trim()) return `Every lesson of '${section.title}' needs a title.`;
      if (lesson.dripDays !== null && (!Number.isInteger(lesson.dripDays) || lesson.dripDays < 1)) {
        return `'${lesson.title}': the days after purchase must be a whole number from 1, or blank.`;
      }
    }
  }
  return null;
}
