// A course's free preview lessons, open to anyone (docs/courses.md): the list beside the outline, and
// one lesson with a short-lived URL of its video. Plain calls to the API, no Firestore.
import type { LearnLesson, PreviewOutline } from '../../../../domain/courses';
import { requestJson } from '../../../lib/http';

const previewUrl = (productId: string) => `/api/courses/${encodeURIComponent(productId)}/preview`;

/** The product's preview lessons; an empty list when it has none (or the API cannot say). */
export async function fetchPreviewOutline(productId: string): Promise<PreviewOutline['lessons']> {
  try {
    const answer = await requestJson<PreviewOutline>('GET', previewUrl(productId));
    return Array.isArray(answer?.lessons) ? answer.lessons : [];
  } catch {
    return [];
  }
}

export function fetchPreviewLesson(productId: string, lessonId: string): Promise<LearnLesson> {
  return requestJson<LearnLesson>('GET', `${previewUrl(productId)}/${encodeURIComponent(lessonId)}`);
}
