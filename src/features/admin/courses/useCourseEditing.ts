// What the course editor on a product's page does (docs/courses.md): sections and lessons added, renamed,
// moved with buttons, deleted after a confirmation; each lesson's fields; one Save for the whole
// course, refused when another admin saved since it was loaded (then reloaded with their changes).
import { useState } from 'react';
import type { AdminCourse, AdminLesson, AdminSection, LessonVideo } from '../../../../domain/courses';
import { confirmAction } from '../../../lib/alerts';
import { toAppError, type ErrorWords } from '../../../lib/errors';
import { saveCourse, type AttachedVideo } from '../api/courses';
import { useGetAdminCourseQuery, useGetDeliverablesQuery } from '../api/productExtrasApi';
import { draftProblem, newLesson, updateLesson, updateSection } from './courseDraft';

export const conflictMessage =
  'Another admin saved this course since you opened it. It has been reloaded with their changes: make yours again and save.';

/** The API's own sentence when it sent one; a dropped connection or anything else gets the editor's. */
const saveWords: ErrorWords = {
  spoken: 'all',
  codes: { 409: 'course-changed' },
  network: 'The course could not be saved. Please try again.',
  fallback: 'The course could not be saved. Please try again.',
};

/** A lesson's video in the draft once the API inspected an upload for it (main, or its low-data version). */
function draftVideo(video: LessonVideo | null, attached: AttachedVideo['attached']): LessonVideo | null {
  if (!attached) return video;
  const { fileId, kind, durationS, width, height } = attached;
  if (kind === 'main') return { fileId, lowDataFileId: null, durationS, width, height };
  return video && { ...video, lowDataFileId: fileId };
}

/**
 * The stored course, loaded again on `reload`, with the draft of its sections, which each load (and
 * each save or attach, through `setCourse`) starts again from; the product's files for the lessons'
 * attachments.
 */
function useStoredCourse(productId: string) {
  const stored = useGetAdminCourseQuery(productId);
  const deliverables = useGetDeliverablesQuery(productId);
  const [loaded, setLoaded] = useState<number | undefined>(undefined);
  const [course, setCourse] = useState<AdminCourse | null>(null);
  const [sections, setSections] = useState<AdminSection[]>([]);
  // A load that came in since the last render replaces the course and the draft (React's way to
  // adjust state to new data while rendering).
  if (stored.data && stored.fulfilledTimeStamp !== loaded) {
    setLoaded(stored.fulfilledTimeStamp);
    setCourse(stored.data);
    setSections(stored.data.sections);
  }
  const files = deliverables.data?.files ?? (deliverables.error ? [] : null);
  const reload = () => {
    void stored.refetch();
    void deliverables.refetch();
  };
  return {
    course,
    setCourse,
    sections,
    setSections,
    files,
    // A failed load stays said while it is tried again, until a load succeeds.
    loadError: stored.error ? toAppError(stored.error).message : null,
    reload,
  };
}

/** The course as loaded and as edited, and every edit the editor offers. */
export function useCourseEditing(productId: string) {
  const { course, setCourse, sections, setSections, files, loadError, reload } = useStoredCourse(productId);
  const [openLessonId, setOpenLessonId] = useState<string | null>(null);
  const [dripValid, setDripValid] = useState(true);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const unsaved = course !== null && JSON.stringify(course.sections) !== JSON.stringify(sections);

  const edit = (change: (current: AdminSection[]) => AdminSection[], said = '') => {
    setSections(change);
    setStatus(said);
  };

  const deleteSection = async (section: AdminSection) => {
    const count = section.lessons.length;
    const sure = await confirmAction(
      `Delete the section '${section.title || 'Untitled'}'?`,
      `${count === 1 ? 'Its lesson goes' : `Its ${count} lessons go`} with it when you save the course.`,
      'Yes, delete it',
    );
    if (sure)
      edit((current) => current.filter((kept) => kept.id !== section.id), 'Section deleted. Save to keep it so.');
  };

  const deleteLesson = async (lesson: AdminLesson) => {
    const sure = await confirmAction(
      `Delete the lesson '${lesson.title || 'Untitled'}'?`,
      'It goes when you save the course. Buyers keep their progress on the other lessons.',
      'Yes, delete it',
    );
    if (!sure) return;
    if (openLessonId === lesson.id) setOpenLessonId(null);
    edit(
      (current) =>
        current.map((section) => ({ ...section, lessons: section.lessons.filter((kept) => kept.id !== lesson.id) })),
      'Lesson deleted. Save to keep it so.',
    );
  };

  const addLesson = (sectionId: string) => {
    const lesson = newLesson('New lesson');
    edit(
      (current) =>
        updateSection(current, sectionId, (section) => ({ ...section, lessons: [...section.lessons, lesson] })),
      'Lesson added.',
    );
    setDripValid(true);
    setOpenLessonId(lesson.id);
  };

  const videoAttached = (lessonId: string, answer: AttachedVideo) => {
    const storedLesson = answer.sections.flatMap((section) => section.lessons).find((lesson) => lesson.id === lessonId);
    // The attach stored the video: the draft takes it, and the next save is checked against that store.
    // A lesson not saved yet is not in the answer: the API remembered the video for it, and the draft
    // takes what it inspected, for the course's Save to store with the lesson.
    setCourse(answer);
    edit(
      (current) =>
        updateLesson(current, lessonId, (lesson) => ({
          ...lesson,
          video: storedLesson?.video ?? draftVideo(lesson.video, answer.attached),
        })),
      'Video added.',
    );
  };

  const save = async () => {
    if (!course || saving) return;
    const problem = dripValid ? draftProblem(sections) : 'Fix the days after purchase first.';
    setError(problem);
    if (problem) return;
    setSaving(true);
    setStatus('');
    try {
      const saved = await saveCourse(productId, sections, course.updatedAt);
      setCourse(saved);
      setSections(saved.sections);
      setStatus('Course saved.');
    } catch (caught) {
      const failure = toAppError(caught, saveWords);
      if (failure.code === 'course-changed') {
        setError(conflictMessage);
        setOpenLessonId(null);
        reload();
      } else {
        setError(failure.message);
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    /** The course as loaded, its draft and the product's files. */
    loaded: { course, sections, files, loadError, reload },
    /** Which lesson is open, and whether its drip field holds a number. */
    lessons: { openLessonId, setOpenLessonId, setDripValid },
    /** Every change the editor makes to the draft. */
    edits: { edit, deleteSection, deleteLesson, addLesson, videoAttached },
    /** The one Save and what it said. */
    saving: { save, saving, status, error, unsaved },
  };
}
