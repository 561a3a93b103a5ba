// The buyer's course routes (docs/courses.md, 'The API'), JSON for the player at /learn/{token}. Every
// route opens the purchase as the download page does: 404 {message} for a token that opens nothing,
// 410 {message, reason} once access ended (the download page's words), 403 {message,
// needsConfirmation: true} while this device has not confirmed the purchase e-mail.
//
//   GET  /api/learn/{token}                                  -> LearnCourse
//   POST /api/learn/{token}/confirm             {email}      -> LearnCourse, and the device cookie
//   GET  /api/learn/{token}/lessons/{lessonId}               -> LearnLesson (423 before a dripped lesson opens)
//   POST /api/learn/{token}/lessons/{lessonId}/video {version} -> VideoUrl
//   POST /api/learn/{token}/lessons/{lessonId}/attachments/{fileId} -> 303 to a signed URL (counted)
//   PUT  /api/learn/{token}/progress            ProgressSave -> ProgressSaved (409 Mark complete unopened)
//   POST /api/learn/{token}/certificate                      -> CertificateAnswer
//   GET  /api/learn/{token}/certificate.pdf                  -> the PDF
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { dayKeyLongDate } from '../../domain/lagosDates';
import { paths } from '../../domain/routes';
import { limitReached, wrongEmail } from '../downloads/downloadRoutes';
import type { FileStorage } from '../files/storage';
import { attachmentDisposition } from '../files/signedUrls';
import { answerHttpErrors, failure, handle, jsonError, schemaParser, validate } from '../lib/httpErrors';
import { newDeviceId, type SessionCookies } from '../lib/sessionCookie';
import { learnConfirm, progressSave, videoRequest } from './courseSchemas';
import type { OpenPurchase } from '../downloads/downloads';
import type { Learn, LessonAccess, OpenCourse } from './learn';

export const invalidLink =
  'This link is not valid. If you bought this course, have your links sent again at /purchases with the e-mail you paid with.';
export const noCourse = 'This purchase has no course to take. Open its download page instead.';
export const confirmFirst = 'This device has not opened this course before. Enter the e-mail address you bought with.';
export const noLesson = 'This lesson is no longer part of the course.';
export const noVideo = 'This lesson has no video.';
export const notAttached = 'This file is not offered with this lesson.';
export const notFinished =
  'Your certificate can be made once every lesson is complete: watch at least 90% of each video, and press Mark complete on each lesson without one.';
export const openFirst = 'Open this lesson before marking it complete.';
export const noCertificate = 'The certificate has not been made yet.';
export const unavailable = 'Videos and files are unavailable right now. Please try again later.';
export const somethingWrong = 'Something went wrong. Please try again.';

export const lockedMessage = (availableOn: string) =>
  `This lesson opens on ${dayKeyLongDate(availableOn) || availableOn}.`;

type TokenParams = { token: string };
type LessonParams = { token: string; lessonId: string };

const privateHeaders = (res: Response) => {
  res.set('Cache-Control', 'private, no-store');
  res.set('Referrer-Policy', 'same-origin');
};

/** A lesson that is gone or not open yet, as the routes answer it. */
const refuseLesson = (outcome: Exclude<LessonAccess, { kind: 'open' }>): never => {
  if (outcome.kind === 'noLesson') throw jsonError(404, noLesson);
  throw jsonError(423, lockedMessage(outcome.availableOn), { availableOn: outcome.availableOn });
};

/** A lesson attachment's download: the signed file, or the refusal; `reopen` answers as a fresh open would. */
async function answerAttachment(
  outcome: Awaited<ReturnType<Learn['attachment']>>,
  res: Response,
  reopen: () => Promise<unknown>,
): Promise<void> {
  switch (outcome.kind) {
    case 'noLesson':
    case 'locked':
      return refuseLesson(outcome);
    case 'notAttached':
    case 'noFile':
      throw jsonError(404, notAttached);
    case 'noStorage':
      throw jsonError(503, unavailable);
    case 'limit':
      throw jsonError(403, limitReached);
    case 'ended':
      // Access ended between the check and the count: answer as a fresh open would.
      await reopen();
      throw jsonError(410, somethingWrong);
    case 'signed':
      res.redirect(303, outcome.url);
  }
}

const failed = (what: string) => (error: unknown) => failure(what, error, 500, somethingWrong);

const confirmCheck = validate(learnConfirm);
const videoCheck = validate(schemaParser(videoRequest, { absentAs: {} }));
const progressCheck = validate(progressSave);

/** Checks the typed address, remembers the device (a new cookie when it had none) and reopens. */
async function confirmDevice(
  { learn, cookies, secureCookies }: { learn: Learn; cookies: SessionCookies; secureCookies: boolean },
  req: Request<TokenParams>,
  res: Response,
  purchase: OpenPurchase,
): Promise<OpenCourse> {
  const { email } = confirmCheck.of(req);
  if (!learn.isBuyerEmail(purchase, email)) throw jsonError(400, wrongEmail);
  let deviceId = purchase.deviceId;
  if (!deviceId) {
    // A browser signed in to the library keeps its session beside the new device id.
    const state = cookies.read(req.get('cookie'));
    deviceId = newDeviceId();
    res.append('Set-Cookie', cookies.write({ deviceId, librarySession: state?.librarySession ?? null }, secureCookies));
  }
  await learn.rememberDevice(purchase, deviceId);
  const confirmed = await learn.open(req.params.token, deviceId, () => Promise.resolve(null));
  if (confirmed.kind !== 'open') throw jsonError(403, confirmFirst, { needsConfirmation: true });
  return confirmed;
}

export function createLearnRouter({
  learn,
  cookies,
  storage,
  confirmLimiter,
  librarySessionEmail,
  secureCookies,
  logError,
}: {
  learn: Learn;
  cookies: SessionCookies;
  storage: () => FileStorage | null;
  /** The download page's limiter of e-mail confirmations: one count for both. */
  confirmLimiter: RequestHandler;
  librarySessionEmail: (sessionId: string) => Promise<string | null>;
  secureCookies: boolean;
  logError: (message: string, error: unknown) => void;
}): Router {
  /** The open course, or the refusal every route shares (thrown). `confirming` skips the device check. */
  const openCourse = async (req: Request<TokenParams>, confirming = false) => {
    const state = cookies.read(req.get('cookie'));
    const opened = await learn.open(req.params.token, state?.deviceId ?? null, () =>
      state?.librarySession ? librarySessionEmail(state.librarySession) : Promise.resolve(null),
    );
    switch (opened.kind) {
      case 'invalid':
        throw jsonError(404, invalidLink);
      case 'ended':
        throw jsonError(410, opened.reason, { reason: opened.reason });
      case 'noCourse':
        throw jsonError(404, noCourse);
      case 'unconfirmed':
        if (confirming) return { kind: 'unconfirmed' as const, purchase: opened.purchase };
        throw jsonError(403, confirmFirst, { needsConfirmation: true });
      case 'open':
        return opened;
    }
  };

  const opened = async (req: Request<TokenParams>): Promise<OpenCourse> => {
    const course = await openCourse(req);
    if (course.kind !== 'open') throw jsonError(403, confirmFirst, { needsConfirmation: true });
    return course;
  };

  const bucket = () => {
    const files = storage();
    if (!files) throw jsonError(503, unavailable);
    return files;
  };

  const show = handle<TokenParams>(async (req, res) => {
    privateHeaders(res);
    res.json(await learn.outline(await opened(req)));
  }, failed('Opening a course failed'));

  const confirm = handle<TokenParams>(async (req, res) => {
    privateHeaders(res);
    const course = await openCourse(req, true);
    const confirmed =
      course.kind === 'open'
        ? course
        : await confirmDevice({ learn, cookies, secureCookies }, req, res, course.purchase);
    res.json(await learn.outline(confirmed));
  }, failed('Confirming a course device failed'));

  const lesson = handle<LessonParams>(async (req, res) => {
    privateHeaders(res);
    const course = await opened(req);
    const outcome = learn.lesson(course, req.params.lessonId);
    if (outcome.kind !== 'lesson') return refuseLesson(outcome);
    await learn.markOpened(course, req.params.lessonId);
    res.json(outcome.lesson);
  }, failed('Opening a lesson failed'));

  const video = handle<LessonParams>(async (req, res) => {
    privateHeaders(res);
    const course = await opened(req);
    const { version } = videoCheck.of(req);
    const outcome = await learn.video(bucket(), course, req.params.lessonId, version);
    if (outcome.kind === 'noVideo') throw jsonError(404, noVideo);
    if (outcome.kind === 'url') {
      res.json({ url: outcome.url, expiresAt: outcome.expiresAt });
      return;
    }
    if (outcome.kind !== 'open') refuseLesson(outcome);
  }, failed('A lesson video URL failed'));

  const attachment = handle<LessonParams & { fileId: string }>(async (req, res) => {
    privateHeaders(res);
    const outcome = await learn.attachment(await opened(req), req.params.lessonId, req.params.fileId);
    await answerAttachment(outcome, res, () => opened(req));
  }, failed('A lesson attachment download failed'));

  const progress = handle<TokenParams>(async (req, res) => {
    privateHeaders(res);
    const outcome = await learn.saveProgress(await opened(req), progressCheck.of(req));
    if (outcome.kind === 'notOpened') throw jsonError(409, openFirst);
    if (outcome.kind !== 'saved') return refuseLesson(outcome);
    res.json(outcome.progress);
  }, failed('Saving course progress failed'));

  const certificate = handle<TokenParams>(async (req, res) => {
    privateHeaders(res);
    const record = await learn.certificate(bucket(), await opened(req));
    if (!record) throw jsonError(409, notFinished);
    res.json({
      code: record.code,
      pdfUrl: `/api/learn/${encodeURIComponent(req.params.token)}/certificate.pdf`,
      verifyUrl: paths.certificate(record.code),
    });
  }, failed('Making a certificate failed'));

  const certificatePdf = handle<TokenParams>(async (req, res) => {
    privateHeaders(res);
    const course = await opened(req);
    const pdf = await learn.certificatePdf(bucket(), course);
    if (!pdf) throw jsonError(404, noCertificate);
    const title = course.purchase.transaction.productName || 'Course';
    res.set('Content-Disposition', attachmentDisposition(`Certificate - ${title}.pdf`));
    res.type('application/pdf').send(pdf);
  }, failed('Sending a certificate failed'));

  const router = Router();
  router.get('/:token', show);
  router.post('/:token/confirm', confirmLimiter, confirmCheck, confirm);
  router.get('/:token/lessons/:lessonId', lesson);
  router.post('/:token/lessons/:lessonId/video', videoCheck, video);
  router.post('/:token/lessons/:lessonId/attachments/:fileId', attachment);
  router.put('/:token/progress', progressCheck, progress);
  router.post('/:token/certificate', certificate);
  router.get('/:token/certificate.pdf', certificatePdf);
  router.use(answerHttpErrors(logError));
  return router;
}
