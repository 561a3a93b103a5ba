// The bodies the course routes accept (docs/courses.md, 'The API'), checked with zod: a refusal is the
// first issue's sentence, answered 400.
import { z } from 'zod';
import { maxBodyChars } from './markdown';

/** Section, lesson and file ids: what the editor makes, and always a valid Firestore path segment. */
export const idPattern = /^(?!__)[A-Za-z0-9_-]{1,128}$/;
export const maxSections = 50;
export const maxLessons = 300;
export const maxTitleChars = 200;
/** All lesson bodies together: a course is one Firestore document, which holds at most 1 MiB. */
export const maxCourseBodyChars = 700_000;

const id = (what: string) => z.string({ error: `The ${what} id is missing.` }).regex(idPattern, `Not a ${what} id.`);

const title = (what: string) =>
  z
    .string({ error: `Give the ${what} a title.` })
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, `Give every ${what} a title.`)
        .max(maxTitleChars, `A ${what} title has at most ${maxTitleChars} characters.`),
    );

const video = z
  .object({
    fileId: id('video'),
    lowDataFileId: id('video').nullable().default(null),
  })
  .nullable()
  .default(null);

const lesson = z.object({
  id: id('lesson'),
  title: title('lesson'),
  body: z
    .string({ error: 'The lesson text is missing.' })
    .max(maxBodyChars, `A lesson's text has at most ${maxBodyChars.toLocaleString('en-US')} characters.`),
  video,
  attachmentFileIds: z.array(id('file')).max(50, 'A lesson has at most 50 attachments.').default([]),
  preview: z.boolean({ error: "'Free preview' is yes or no." }).default(false),
  dripDays: z
    .number({ error: "'Available N days after purchase' is a whole number of days, or blank." })
    .int("'Available N days after purchase' is a whole number of days, or blank.")
    .min(1, "'Available N days after purchase' is at least 1 day (blank: at once).")
    .max(3650, "'Available N days after purchase' is at most 3650 days.")
    .nullable()
    .default(null),
});

const section = z.object({
  id: id('section'),
  title: title('section'),
  lessons: z.array(lesson).max(maxLessons, `A course has at most ${maxLessons} lessons.`),
});

export const courseSave = z
  .object({
    sections: z.array(section).max(maxSections, `A course has at most ${maxSections} sections.`),
    expectedUpdatedAt: z.string().max(64).nullable(),
  })
  .superRefine((value, ctx) => {
    const sectionIds = new Set<string>();
    const lessonIds = new Set<string>();
    let lessons = 0;
    let bodyChars = 0;
    for (const entry of value.sections) {
      if (sectionIds.has(entry.id)) ctx.addIssue({ code: 'custom', message: 'Two sections have the same id.' });
      sectionIds.add(entry.id);
      for (const item of entry.lessons) {
        if (lessonIds.has(item.id)) ctx.addIssue({ code: 'custom', message: 'Two lessons have the same id.' });
        lessonIds.add(item.id);
        lessons += 1;
        bodyChars += item.body.length;
      }
    }
    if (lessons > maxLessons) ctx.addIssue({ code: 'custom', message: `A course has at most ${maxLessons} lessons.` });
    if (bodyChars > maxCourseBodyChars) {
      ctx.addIssue({
        code: 'custom',
        message: `The lessons' texts together have more than ${maxCourseBodyChars.toLocaleString('en-US')} characters. Move long text into attachments.`,
      });
    }
  });

export type CourseSaveBody = z.infer<typeof courseSave>;

export const markdownPreview = z.object({
  markdown: z
    .string({ error: 'The text to preview is missing.' })
    .max(maxBodyChars, `A lesson's text has at most ${maxBodyChars.toLocaleString('en-US')} characters.`),
});

export const videoUploadStart = z.object({
  name: z.string({ error: 'The video has no name.' }).trim().min(1, 'The video has no name.').max(300),
  size: z.number({ error: 'The video size is missing.' }).int().min(1, 'The video is empty.'),
  contentType: z.enum(['video/mp4', 'video/webm'], {
    error: 'Upload an MP4 or WebM video (H.264 and AAC in an MP4 plays on every phone).',
  }),
});

export const videoAttach = z.object({
  lessonId: id('lesson'),
  kind: z.enum(['main', 'lowData'], { error: "A video is the lesson's main video or its low-data version." }),
});

export const learnConfirm = z.object({
  email: z.string({ error: 'Enter the e-mail address you bought with.' }).max(320),
});

export const videoRequest = z.object({
  version: z.enum(['main', 'lowData']).default('main'),
});

export const progressSave = z.object({
  lessonId: id('lesson'),
  positionS: z
    .number({ error: 'The position is a number of seconds.' })
    .min(0, 'The position is a number of seconds.')
    .max(100 * 3600, 'The position is a number of seconds.'),
  completed: z.boolean().optional(),
});
