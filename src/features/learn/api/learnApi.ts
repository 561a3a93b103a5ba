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
import { api, runQuery } from '../../../lib/api';
import { learnCourseUrl } from '../../../lib/earlyLearn';
import { toAppError, type AppError, type ErrorWords } from '../../../lib/errors';
import { requestJson, type HttpMethod } from '../../../lib/http';

/**
 * What went wrong, as the player shows it: `code` says which screen ('needs-confirmation', 'ended',
 * 'not-found', 'locked', ...), `message` is the API's own sentence when it sent one.
 */
export interface LearnError extends AppError {
  /** For 'locked': the Lagos day (YYYY-MM-DD) the lesson opens. */
  availableOn?: string;
}

const learnWords: ErrorWords = {
  spoken: 'all',
  codes: {
    400: 'refused',
    403: (body) => (body.needsConfirmation === true ? 'needs-confirmation' : 'forbidden'),
    404: 'not-found',
    410: 'ended',
    423: 'locked',
    429: 'too-many',
  },
  keep: ['availableOn'],
  network: 'Connection failed. Check it and try again.',
};

/** The player's reading of a failure (lib/errors.ts maps it, in the player's words). */
export const learnError = (error: unknown): LearnError => toAppError(error, learnWords);

/** One call with the device cookie; rejects with HttpError (learnWords put it into words). */
export function learnCall<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return requestJson<T>(method, url, { body, credentials: 'include' });
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
        runQuery(
          async () => keepOpening(dispatch, token, await learnCall<LearnCourse>('GET', learnUrl(token))),
          learnWords,
        ),
    }),
    confirmLearnDevice: build.mutation<LearnCourse, { token: string; email: string }>({
      queryFn: ({ token, email }, { dispatch }) =>
        runQuery(
          async () =>
            keepOpening(dispatch, token, await learnCall<LearnCourse>('POST', `${learnUrl(token)}/confirm`, { email })),
          learnWords,
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
      queryFn: ({ token, lessonId }) =>
        runQuery(() => learnCall<LearnLesson>('GET', lessonUrl(token, lessonId)), learnWords),
    }),
    saveLearnProgress: build.mutation<ProgressSaved, { token: string; save: ProgressSave }>({
      queryFn: ({ token, save }) =>
        runQuery(() => learnCall<ProgressSaved>('PUT', `${learnUrl(token)}/progress`, save), learnWords),
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
      queryFn: (token) =>
        runQuery(() => learnCall<CertificateAnswer>('POST', `${learnUrl(token)}/certificate`), learnWords),
    }),
    verifyCertificate: build.query<CertificateVerification, string>({
      queryFn: (code) =>
        runQuery(() => learnCall<CertificateVerification>('GET', `/api/certificates/${enc(code)}`), learnWords),
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
