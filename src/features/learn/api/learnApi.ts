// The course player's calls to the API (docs/courses.md). The access token is in the path and the
// `__session` cookie carries the device, exactly as on the download page, so every call sends the
// cookie (credentials: 'include'). Lesson content, progress and certificates are the API's alone: the
// SPA never reads them from Firestore.
import type {
  CertificateAnswer,
  CertificateVerification,
  LearnCourse,
  LearnLesson,
  ProgressSave,
  ProgressSaved,
  VideoUrl,
} from '../../../../domain/courses';
import { api } from '../../../lib/api';
import { learnCourseUrl } from '../../../lib/earlyLearn';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { HttpError, requestJson, type HttpMethod } from '../../../lib/http';

/**
 * What went wrong, as the player shows it: `code` says which screen ('needs-confirmation', 'ended',
 * 'not-found', 'locked', ...), `message` is the API's own sentence when it sent one.
 */
export interface LearnError extends AppError {
  /** For 'locked': the Lagos day (YYYY-MM-DD) the lesson opens. */
  availableOn?: string;
}

const codes: Record<number, string> = {
  400: 'refused',
  403: 'forbidden',
  404: 'not-found',
  410: 'ended',
  423: 'locked',
  429: 'too-many',
};

export function learnError(error: unknown): LearnError {
  if (!(error instanceof HttpError)) return { code: 'network', message: 'Connection failed. Check it and try again.' };
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
  const code =
    error.status === 403 && body.needsConfirmation === true ? 'needs-confirmation' : (codes[error.status] ?? 'http');
  const message = error.serverMessage ?? fallbackMessage;
  return typeof body.availableOn === 'string' ? { code, message, availableOn: body.availableOn } : { code, message };
}

/** One call with the device cookie; rejects with HttpError (learnError turns it into words). */
export function learnCall<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return requestJson<T>(method, url, { body, credentials: 'include' });
}

async function run<T>(load: () => Promise<T>): Promise<{ data: T } | { error: LearnError }> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: learnError(error) };
  }
}

const enc = encodeURIComponent;
export const learnUrl = learnCourseUrl;
export const lessonUrl = (token: string, lessonId: string) => `${learnUrl(token)}/lessons/${enc(lessonId)}`;
/** The counted, stamped download of a lesson's attachment: a form POSTs here and follows the 303. */
export const attachmentUrl = (token: string, lessonId: string, fileId: string) =>
  `${lessonUrl(token, lessonId)}/attachments/${enc(fileId)}`;

/**
 * The course answer carries the lesson it opens at: kept as that lesson's own answer before the course
 * arrives, so the player shows it without asking again (docs/performance.md, 'The course player').
 */
async function keepOpening(dispatch: (action: unknown) => unknown, token: string, course: LearnCourse) {
  const { opening, ...rest } = course;
  if (opening) {
    await dispatch(learnApi.util.upsertQueryData('getLearnLesson', { token, lessonId: opening.id }, opening));
  }
  return rest;
}

export const learnApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLearnCourse: build.query<LearnCourse, string>({
      queryFn: (token, { dispatch }) =>
        run(async () => keepOpening(dispatch, token, await learnCall<LearnCourse>('GET', learnUrl(token)))),
    }),
    confirmLearnDevice: build.mutation<LearnCourse, { token: string; email: string }>({
      queryFn: ({ token, email }, { dispatch }) =>
        run(async () =>
          keepOpening(dispatch, token, await learnCall<LearnCourse>('POST', `${learnUrl(token)}/confirm`, { email })),
        ),
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The confirmed device now reads the course: the confirmation's answer is the course itself.
          await dispatch(learnApi.util.upsertQueryData('getLearnCourse', token, data));
        } catch {
          // The form shows the refusal.
        }
      },
    }),
    getLearnLesson: build.query<LearnLesson, { token: string; lessonId: string }>({
      queryFn: ({ token, lessonId }) => run(() => learnCall<LearnLesson>('GET', lessonUrl(token, lessonId))),
    }),
    saveLearnProgress: build.mutation<ProgressSaved, { token: string; save: ProgressSave }>({
      queryFn: ({ token, save }) => run(() => learnCall<ProgressSaved>('PUT', `${learnUrl(token)}/progress`, save)),
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        try {
          const { data: saved } = await queryFulfilled;
          const { lessonId, lessonCompleted, ...progress } = saved;
          // A lesson shows complete only when the API counted it (docs/courses.md), never on the press alone.
          dispatch(
            learnApi.util.updateQueryData('getLearnCourse', token, (course) => {
              course.progress = progress;
              if (!lessonCompleted) return;
              for (const section of course.sections) {
                for (const lesson of section.lessons) if (lesson.id === lessonId) lesson.completed = true;
              }
            }),
          );
          if (lessonCompleted) {
            dispatch(
              learnApi.util.updateQueryData('getLearnLesson', { token, lessonId }, (lesson) => {
                lesson.completed = true;
              }),
            );
          }
        } catch {
          // A lost position save is retried by the next one; a refused Mark complete is shown by its button.
        }
      },
    }),
    makeCertificate: build.mutation<CertificateAnswer, string>({
      queryFn: (token) => run(() => learnCall<CertificateAnswer>('POST', `${learnUrl(token)}/certificate`)),
    }),
    verifyCertificate: build.query<CertificateVerification, string>({
      queryFn: (code) => run(() => learnCall<CertificateVerification>('GET', `/api/certificates/${enc(code)}`)),
    }),
  }),
});

/**
 * The course answer the page asked for from the HTML (lib/earlyLearn), put in the cache as the player's
 * own answers for the course and its opening lesson, so its first render shows them without asking.
 */
export async function primeLearnCourse(
  dispatch: (action: unknown) => unknown,
  token: string,
  course: LearnCourse,
): Promise<void> {
  const rest = await keepOpening(dispatch, token, course);
  await dispatch(learnApi.util.upsertQueryData('getLearnCourse', token, rest));
}

/** A fresh signed URL of a lesson's video, asked for per press of play (and again when one expires). */
export function fetchVideoUrl(token: string, lessonId: string, version: 'main' | 'lowData'): Promise<VideoUrl> {
  return learnCall<VideoUrl>('POST', `${lessonUrl(token, lessonId)}/video`, { version });
}

export const {
  useGetLearnCourseQuery,
  useConfirmLearnDeviceMutation,
  useGetLearnLessonQuery,
  useSaveLearnProgressMutation,
  useMakeCertificateMutation,
  useVerifyCertificateQuery,
} = learnApi;
