// Courses (docs/courses.md): the shapes the API and the SPA agree on for course content, the
// player and certificates. The API (server/courses) owns every byte of it: lesson content,
// progress and certificates are readable and writable only through these routes, never through
// Firestore from a browser.
//
// Admin (ID token of an admin, like every /api/admin route):
//   GET    /api/admin/courses/{productId}                      -> AdminCourse
//   PUT    /api/admin/courses/{productId}   AdminCourseSave    -> AdminCourse (409 {message} when
//          expectedUpdatedAt is not the stored one: another admin saved meanwhile)
//   POST   /api/admin/courses/preview       {markdown}         -> {html} (the sanitized rendering)
//   POST   /api/admin/courses/{productId}/videos  VideoUploadStart -> {fileId, uploadUrl} (the browser
//          uploads straight to the bucket, resumable, as product files do)
//   POST   /api/admin/courses/{productId}/videos/{fileId}/attach  {lessonId, kind} -> AdminCourse
//          (inspects the object; 422 {message} saying how to export when phones cannot play it)
//
// Buyer (the access token of the purchase; the `__session` cookie carries the device, as on the
// download page; every answer 404 {message} for an unknown token, 410 {message, reason} when access
// ended, 403 {message, needsConfirmation: true} when this device must confirm the purchase e-mail):
//   GET    /api/learn/{token}                                  -> LearnCourse
//   POST   /api/learn/{token}/confirm       {email}            -> LearnCourse (confirms the device)
//   GET    /api/learn/{token}/lessons/{lessonId}               -> LearnLesson (423 {message,
//          availableOn} for a dripped lesson not yet open)
//   POST   /api/learn/{token}/lessons/{lessonId}/video  {version: 'main'|'lowData'} -> VideoUrl
//   POST   /api/learn/{token}/lessons/{lessonId}/attachments/{fileId} -> 303 to a signed URL (a counted,
//          stamped download, exactly as the download page's press)
//   PUT    /api/learn/{token}/progress      ProgressSave       -> LearnProgress
//   POST   /api/learn/{token}/certificate                      -> CertificateAnswer (made once, kept)
//   GET    /api/learn/{token}/certificate.pdf                  -> the PDF
//
// Anyone:
//   GET    /api/courses/{productId}/preview                    -> PreviewOutline (preview lessons only)
//   GET    /api/courses/{productId}/preview/{lessonId}         -> LearnLesson (short-lived video URL;
//          404 for a lesson that is not a free preview; rate limited)
//   GET    /api/certificates/{code}                            -> CertificateVerification (404 unknown)

/** A lesson video as the API attached it after inspecting the upload. */
export interface LessonVideo {
  fileId: string;
  /** The smaller version for slow connections, if the seller uploaded one. */
  lowDataFileId: string | null;
  durationS: number;
  width: number;
  height: number;
}

export interface AdminLesson {
  id: string;
  title: string;
  /** Markdown as the seller wrote it. */
  body: string;
  video: LessonVideo | null;
  /** Ids of the product's files (productDeliverables.files) offered with the lesson. */
  attachmentFileIds: string[];
  preview: boolean;
  /** Days after purchase before the lesson opens; null = at once. */
  dripDays: number | null;
}

export interface AdminSection {
  id: string;
  title: string;
  lessons: AdminLesson[];
}

export interface AdminCourse {
  productId: string;
  sections: AdminSection[];
  /** ISO time of the last save; null before the first. */
  updatedAt: string | null;
}

/**
 * What the editor saves. A lesson's `video` may only keep the video the API attached to that lesson
 * or be null (detached); the API refuses any other video it did not inspect.
 */
export interface AdminCourseSave {
  sections: AdminSection[];
  expectedUpdatedAt: string | null;
}

export interface VideoUploadStart {
  name: string;
  size: number;
  contentType: 'video/mp4' | 'video/webm';
}

/** A lesson in the player's list. */
export interface LearnLessonSummary {
  id: string;
  title: string;
  hasVideo: boolean;
  preview: boolean;
  /** ISO date (YYYY-MM-DD, Lagos) the lesson opens; null when open now. */
  availableOn: string | null;
  completed: boolean;
}

export interface LearnSection {
  id: string;
  title: string;
  lessons: LearnLessonSummary[];
}

export interface LearnProgress {
  completedLessons: number;
  totalLessons: number;
  lastLessonId: string | null;
  /** Seconds into lastLessonId's video. */
  lastPositionS: number;
  /** Every lesson complete: the certificate can be made. */
  finished: boolean;
}

export interface LearnCourse {
  productId: string;
  title: string;
  sections: LearnSection[];
  progress: LearnProgress;
  /** The certificate's code once made, else null. */
  certificateCode: string | null;
  /**
   * The lesson the course opens at (where the buyer left off if it is open, else the first open
   * lesson), as GET .../lessons/{id} answers it, so the player paints it with the course: one request
   * fewer before the first lesson shows. Null when no lesson is open yet.
   */
  opening?: LearnLesson | null;
}

export interface LessonAttachment {
  fileId: string;
  name: string;
  size: number;
}

export interface LearnLesson {
  id: string;
  title: string;
  /** The lesson body, already rendered and sanitized by the API. */
  html: string;
  video: { durationS: number; width: number; height: number; hasLowData: boolean } | null;
  attachments: LessonAttachment[];
  /** Seconds into the video where the buyer stopped; 0 for a new lesson or a preview. */
  positionS: number;
  completed: boolean;
  /** Previews only: a short-lived URL of the video, ready to play. */
  previewVideoUrl?: string;
}

export interface VideoUrl {
  url: string;
  /** ISO time the URL stops working; the player asks again before or after. */
  expiresAt: string;
}

export interface ProgressSave {
  lessonId: string;
  /** Seconds into the video (to a tenth), 0 for a lesson without one. */
  positionS: number;
  /**
   * The buyer pressed Mark complete (a lesson without a video, after opening it). A lesson with a
   * video completes by what the API saw played, whatever this says. A completion is never undone.
   */
  completed?: boolean;
}

/** PUT .../progress's answer: the course's progress and whether the API counts the saved lesson complete. */
export interface ProgressSaved extends LearnProgress {
  lessonId: string;
  lessonCompleted: boolean;
}

export interface PreviewOutline {
  productId: string;
  lessons: { id: string; title: string; sectionTitle: string; hasVideo: boolean }[];
}

export interface CertificateAnswer {
  code: string;
  /** The PDF's address (GET, same token and device rules). */
  pdfUrl: string;
  /** The public verification page, /certificates/{code}. */
  verifyUrl: string;
}

/** All the public verification page shows about a certificate. */
export interface CertificateVerification {
  code: string;
  name: string;
  courseTitle: string;
  /** ISO date (YYYY-MM-DD) the course was completed. */
  completedOn: string;
  storeName: string;
}

/**
 * A video watched this far through completes its lesson by itself: the API counts the stretches it saw
 * played (docs/courses.md, 'Progress and completion'), never the player's word.
 */
export const autoCompleteFraction = 0.9;
/** ...and those stretches must have been saved over at least this share of the video's running time. */
export const minWatchTimeFraction = 0.5;
/** The player's fastest speed: a save that moved further than this allows counts as a jump, not watching. */
export const fastestPlaybackRate = 2;
/** The player saves the position this often while a video plays (and on pause). */
export const progressSaveIntervalS = 10;

/** certificates/{code} as stored (docs/courses.md, 'Certificates'). */
export interface StoredCertificate {
  /** The sale it was made for; '' when the record names none. */
  transactionId: string;
  productId: string;
  name: string;
  courseTitle: string;
  /** ISO time the course was completed ('' when unreadable). */
  completedAt: string;
  /** The store's name when it was made; null for a record without one (the store's name now is shown). */
  storeName: string | null;
  storagePath: string;
}

export function readCertificateRecord(data: Record<string, unknown> | undefined): StoredCertificate {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    transactionId: text(data?.transactionId),
    productId: text(data?.productId),
    name: text(data?.name),
    courseTitle: text(data?.courseTitle),
    completedAt: text(data?.completedAt),
    storeName: typeof data?.storeName === 'string' ? data.storeName : null,
    storagePath: text(data?.storagePath),
  };
}
