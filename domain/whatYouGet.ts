// 'What you get' on the product page (docs/storefront.md): what a buyer receives, worked out by the
// API from the product's private delivery settings (its files, its course, its license keys) and
// published as counts and kinds only, never a file's name, path or link. One shape, one decoder and
// one wording, shared by the API that computes it and the page that shows it.
import type { LessonVideo } from './courses';
import type { DeliverableFile } from './deliverableFiles';
import { typeLabel } from './deliverableFiles';
import type { LicenseKeySettings } from './licenseKeys';

export interface WhatYouGet {
  /** How many files the buyer downloads. */
  fileCount: number;
  /** Their kinds in a word a buyer knows ('PDF', 'ZIP'), each once, in the seller's order. */
  fileKinds: string[];
  /** The course's lessons and seconds of video; null when the product has no course. */
  course: { lessons: number; videoSeconds: number } | null;
  /** A license key with each sale, for this many devices (null = no limit); null when no key. */
  licenseKey: { devices: number | null } | null;
}

/** Nothing to say: a product without files, course or key (the page then shows no list). */
export const nothingListed: WhatYouGet = { fileCount: 0, fileKinds: [], course: null, licenseKey: null };

/** The public summary of what the seller set up to deliver. */
export function whatYouGetFrom(
  files: ReadonlyArray<Pick<DeliverableFile, 'contentType' | 'name'>>,
  course: {
    sections: ReadonlyArray<{ lessons: ReadonlyArray<{ video: Pick<LessonVideo, 'durationS'> | null }> }>;
  } | null,
  licenseKeys: Pick<LicenseKeySettings, 'on' | 'activationLimit'>,
): WhatYouGet {
  const lessons = course ? course.sections.flatMap((section) => section.lessons) : [];
  const videoSeconds = lessons.reduce((sum, lesson) => sum + Math.max(0, lesson.video?.durationS ?? 0), 0);
  return {
    fileCount: files.length,
    fileKinds: [...new Set(files.map(typeLabel))],
    course: lessons.length > 0 ? { lessons: lessons.length, videoSeconds: Math.round(videoSeconds) } : null,
    licenseKey: licenseKeys.on ? { devices: licenseKeys.activationLimit } : null,
  };
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
const positiveOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : null;
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The summary as JSON hands it over (the API's answer, the page's embedded data); odd values read as nothing. */
export function whatYouGetFromData(data: unknown): WhatYouGet {
  const value = record(data);
  if (!value) return nothingListed;
  const kinds = Array.isArray(value.fileKinds)
    ? value.fileKinds.filter((kind): kind is string => typeof kind === 'string' && kind.length > 0).slice(0, 20)
    : [];
  const course = record(value.course);
  const key = record(value.licenseKey);
  const lessons = course ? count(course.lessons) : 0;
  return {
    fileCount: count(value.fileCount),
    fileKinds: kinds,
    course: course && lessons > 0 ? { lessons, videoSeconds: count(course.videoSeconds) } : null,
    licenseKey: key ? { devices: positiveOrNull(key.devices) } : null,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Video time to the minute: '3 h 20 min', '2 h', '45 min'; under a minute counts as one. */
export function formatVideoTime(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The lines of the list, in order: files, course, key. Empty when there is nothing to list. */
export function whatYouGetLines(summary: WhatYouGet): string[] {
  const lines: string[] = [];
  if (summary.fileCount > 0) {
    const kinds = summary.fileKinds.length > 0 ? `: ${summary.fileKinds.join(', ')}` : '';
    lines.push(`${plural(summary.fileCount, 'file', 'files')}${kinds}`);
  }
  if (summary.course) {
    const lessons = plural(summary.course.lessons, 'lesson', 'lessons');
    const video = summary.course.videoSeconds > 0 ? `, ${formatVideoTime(summary.course.videoSeconds)} of video` : '';
    lines.push(`${lessons}${video}`);
  }
  if (summary.licenseKey) {
    const { devices } = summary.licenseKey;
    lines.push(
      devices === null
        ? 'A license key, with no limit on devices'
        : `A license key for ${plural(devices, 'device', 'devices')}`,
    );
  }
  return lines;
}
