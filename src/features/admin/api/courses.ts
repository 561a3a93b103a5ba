// A product's course content as the admin edits it (docs/courses.md): the API holds every byte of it,
// so the editor reads and saves through these calls with the admin's ID token, never Firestore.
import type { AdminCourse, AdminSection, VideoUploadStart } from '../../../../domain/courses';
import { callAsAdmin } from './adminHttp';
import type { StartedUpload } from './deliverableFiles';

const enc = encodeURIComponent;
const courseUrl = (productId: string) => `/api/admin/courses/${enc(productId)}`;

export type VideoKind = 'main' | 'lowData';

export async function fetchCourse(productId: string): Promise<AdminCourse> {
  return (await callAsAdmin('GET', courseUrl(productId))) as AdminCourse;
}

/** Refused with 409 when another admin saved since `expectedUpdatedAt`. */
export async function saveCourse(
  productId: string,
  sections: AdminSection[],
  expectedUpdatedAt: string | null,
): Promise<AdminCourse> {
  return (await callAsAdmin('PUT', courseUrl(productId), { sections, expectedUpdatedAt })) as AdminCourse;
}

/** The lesson body as buyers will see it: the API's sanitized rendering of the Markdown. */
export async function previewMarkdown(markdown: string): Promise<string> {
  const answer = (await callAsAdmin('POST', '/api/admin/courses/preview', { markdown })) as { html?: unknown };
  return typeof answer.html === 'string' ? answer.html : '';
}

/** The types a lesson video may have (MP4 or WebM, docs/courses.md). */
export function videoContentType(file: { type: string; name: string }): VideoUploadStart['contentType'] | null {
  if (file.type === 'video/mp4' || /\.mp4$/i.test(file.name)) return 'video/mp4';
  if (file.type === 'video/webm' || /\.webm$/i.test(file.name)) return 'video/webm';
  return null;
}

/**
 * Opens a lesson video's upload: the browser then sends the bytes straight to the bucket, resumable,
 * as the product's files go. The session is opened with the same headers the API signed for files
 * (the answer's own `headers` when it sends them).
 */
export async function startVideoUpload(
  productId: string,
  file: { name: string; size: number; type: string },
): Promise<StartedUpload> {
  const contentType = videoContentType(file);
  if (!contentType) throw new Error('Choose an MP4 or WebM video.');
  const start: VideoUploadStart = { name: file.name, size: file.size, contentType };
  const answer = (await callAsAdmin('POST', `${courseUrl(productId)}/videos`, start)) as {
    fileId: string;
    uploadUrl: string;
    headers?: Record<string, string>;
  };
  return {
    fileId: answer.fileId,
    url: answer.uploadUrl,
    headers: answer.headers ?? {
      'content-type': contentType,
      'x-goog-content-length-range': `0,${file.size}`,
      'x-goog-resumable': 'start',
    },
  };
}

/**
 * The stored course after an attach, with what the API found in the video: a lesson not saved yet is
 * not in the course, and its draft takes `attached` (the course's Save then stores it with the lesson).
 */
export type AttachedVideo = AdminCourse & {
  attached?: { fileId: string; kind: VideoKind; durationS: number; width: number; height: number };
};

/**
 * Attaches an uploaded video to a lesson once the API has inspected it, or remembers it for a lesson
 * not saved yet (422 with how to export it when phones cannot play it).
 */
export async function attachVideo(
  productId: string,
  fileId: string,
  lessonId: string,
  kind: VideoKind,
): Promise<AttachedVideo> {
  return (await callAsAdmin('POST', `${courseUrl(productId)}/videos/${enc(fileId)}/attach`, {
    lessonId,
    kind,
  })) as AttachedVideo;
}
