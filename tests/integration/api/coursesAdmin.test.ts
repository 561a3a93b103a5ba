// The seller's course API on the local cloud (docs/courses.md): lessons saved and read back by admins
// only, the checks of a save, the guarded save, the Markdown preview, and lesson videos inspected
// before they join a lesson. Real ID tokens, the Firestore emulator and the Storage stand-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProductFile,
  aCourse,
  attachVideo,
  bearer,
  demoVideo,
  fixture,
  lesson,
  saveCourse,
  sendJson,
  startCourseApi,
  uploadVideo,
  type CourseApi,
} from '../../support/courseHarness';
import { db, postJson, removeSeededProducts, seedProduct } from '../../support/purchaseHarness';

let api: CourseApi;

beforeAll(async () => {
  api = await startCourseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const courseUrl = (productId: string) => `${api.url}/api/admin/courses/${productId}`;
const exportAdvice =
  'Export it as an MP4 with H.264 video and AAC audio (in HandBrake, the "Fast 720p30" preset), or as a WebM with VP9 video, and upload it again.';

describe('course content (admins only)', () => {
  it('refuses anyone but an admin: 401 without a token, 403 for a signed-in non-admin', async () => {
    const product = await seedProduct();
    const anonymous = await fetch(courseUrl(product.id));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in as an admin.' });
    const stranger = await sendJson(
      'PUT',
      courseUrl(product.id),
      { sections: [], expectedUpdatedAt: null },
      bearer(api.strangerToken),
    );
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({ message: 'Only admins may do this.' });
    const video = await postJson(
      `${courseUrl(product.id)}/videos`,
      { name: 'a.mp4', size: 10, contentType: 'video/mp4' },
      bearer(api.strangerToken),
    );
    expect(video.status).toBe(403);
    expect((await db.doc(`courseContent/${product.id}`).get()).exists).toBe(false);
  });

  it('saves sections and lessons, reads them back, and refuses a save over another admin’s', async () => {
    const product = await seedProduct();
    const empty = await fetch(courseUrl(product.id), { headers: bearer(api.adminToken) });
    expect(await empty.json()).toEqual({ productId: product.id, sections: [], updatedAt: null });
    const sections = [{ id: 's1', title: '  Basics ', lessons: [lesson('l1', 'Welcome', { dripDays: 3 })] }];
    const saved = await saveCourse(api, product.id, sections, null);
    expect(saved.sections).toEqual([
      {
        id: 's1',
        title: 'Basics',
        lessons: [
          {
            id: 'l1',
            title: 'Welcome',
            body: '# Welcome\n\nRead this first.',
            video: null,
            attachmentFileIds: [],
            preview: false,
            dripDays: 3,
          },
        ],
      },
    ]);
    const read = (await (await fetch(courseUrl(product.id), { headers: bearer(api.adminToken) })).json()) as {
      updatedAt: string;
    };
    expect(read).toEqual(saved);
    // Renamed and reordered by one admin, then a second admin saves from the page opened before.
    const renamed = await saveCourse(
      api,
      product.id,
      [{ id: 's1', title: 'Start here', lessons: [lesson('l2', 'Tools'), lesson('l1', 'Welcome')] }],
      saved.updatedAt,
    );
    expect(renamed.sections[0]?.lessons.map((entry) => entry.id)).toEqual(['l2', 'l1']);
    const stale = await sendJson(
      'PUT',
      courseUrl(product.id),
      { sections: [], expectedUpdatedAt: saved.updatedAt },
      bearer(api.adminToken),
    );
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      message:
        'Another admin saved this course after you opened it. Reload it to see their changes, then make yours again.',
    });
    const stored = (await db.doc(`courseContent/${product.id}`).get()).data() as
      { sections: { title: string }[]; updatedBy: unknown } | undefined;
    expect(stored?.sections[0]?.title).toBe('Start here');
    expect(stored?.updatedBy).toEqual(expect.any(String));
  });

  it('refuses empty titles, long texts, drip days that are not whole 1..3650, and foreign attachments', async () => {
    const product = await seedProduct();
    const fileId = await addProductFile(api, product.id, 'Kit.zip', Buffer.from('PK\u0003\u0004 kit'));
    const attempt = async (lessons: unknown[], title = 'Basics') => {
      const answer = await sendJson(
        'PUT',
        courseUrl(product.id),
        { sections: [{ id: 's1', title, lessons }], expectedUpdatedAt: null },
        bearer(api.adminToken),
      );
      return { status: answer.status, body: (await answer.json()) as { message: string } };
    };
    expect(await attempt([], '   ')).toEqual({ status: 400, body: { message: 'Give every section a title.' } });
    expect(await attempt([lesson('l1', ' ')])).toEqual({
      status: 400,
      body: { message: 'Give every lesson a title.' },
    });
    expect(await attempt([lesson('l1', 'Long', { body: 'x'.repeat(50_001) })])).toEqual({
      status: 400,
      body: { message: "A lesson's text has at most 50,000 characters." },
    });
    expect(await attempt([lesson('l1', 'Zero', { dripDays: 0 })])).toEqual({
      status: 400,
      body: { message: "'Available N days after purchase' is at least 1 day (blank: at once)." },
    });
    expect(await attempt([lesson('l1', 'Half', { dripDays: 1.5 })])).toEqual({
      status: 400,
      body: { message: "'Available N days after purchase' is a whole number of days, or blank." },
    });
    expect(await attempt([lesson('l1', 'Late', { dripDays: 3651 })])).toEqual({
      status: 400,
      body: { message: "'Available N days after purchase' is at most 3650 days." },
    });
    expect(await attempt([lesson('l1', 'Other', { attachmentFileIds: ['not-a-file-of-it'] })])).toEqual({
      status: 422,
      body: {
        message:
          "An attachment of the lesson 'Other' is not one of the product's files. Choose it from the product's files again.",
      },
    });
    expect(await attempt([lesson('l1', 'Dupe'), lesson('l1', 'Dupe again')])).toEqual({
      status: 400,
      body: { message: 'Two lessons have the same id.' },
    });
    const fine = await attempt([lesson('l1', 'Kit', { attachmentFileIds: [fileId], dripDays: 3650 })]);
    expect(fine.status).toBe(200);
  });

  it('renders the Markdown preview safely: no script, no event attributes, no javascript: links', async () => {
    const answer = await postJson(
      `${api.url}/api/admin/courses/preview`,
      {
        markdown:
          '## Setup\n\n<script>alert(1)</script>\n\n[docs](https://react.dev) [bad](javascript:alert(1)) <img src=x onerror=alert(1)>',
      },
      bearer(api.adminToken),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      html: '<h3>Setup</h3>\n&lt;script&gt;alert(1)&lt;/script&gt;\n\n<p><a href="https://react.dev/" rel="nofollow noopener noreferrer">docs</a> bad &lt;img src=x onerror=alert(1)&gt;</p>\n',
    });
    const anonymous = await postJson(`${api.url}/api/admin/courses/preview`, { markdown: 'x' });
    expect(anonymous.status).toBe(401);
  });
});

describe('lesson videos (inspected before they play)', () => {
  it('refuses a file that is not MP4 or WebM, and removes it from the bucket', async () => {
    const product = await seedProduct();
    await saveCourse(api, product.id, [{ id: 's1', title: 'Basics', lessons: [lesson('l1', 'Welcome')] }], null);
    const fileId = await uploadVideo(api, product.id, Buffer.from('%PDF-1.4 pretending to be a video, long enough'));
    const refused = await attachVideo(api, product.id, fileId, 'l1');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: `This file is not an MP4 or WebM video. ${exportAdvice}` });
    const again = await attachVideo(api, product.id, fileId, 'l1');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'The video upload has not finished. Upload the video again.' });
  });

  it('refuses an HEVC (H.265) MP4 with how to export for phones', async () => {
    const product = await seedProduct();
    await saveCourse(api, product.id, [{ id: 's1', title: 'Basics', lessons: [lesson('l1', 'Welcome')] }], null);
    const fileId = await uploadVideo(api, product.id, fixture('hevc.mp4'));
    const refused = await attachVideo(api, product.id, fileId, 'l1');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: `This video uses HEVC (H.265), which many phones and browsers cannot play. ${exportAdvice}`,
    });
    const course = (await db.doc(`courseContent/${product.id}`).get()).data() as
      { sections: { lessons: { video: unknown }[] }[] } | undefined;
    expect(course?.sections[0]?.lessons[0]?.video).toBeNull();
  });

  it('attaches an H.264/AAC MP4 with its facts, a WebM as the low-data version, and keeps them on save', async () => {
    const product = await seedProduct();
    const first = await saveCourse(
      api,
      product.id,
      [{ id: 's1', title: 'Basics', lessons: [lesson('l1', 'Welcome')] }],
      null,
    );
    const mainId = await uploadVideo(api, product.id, demoVideo());
    const attached = await attachVideo(api, product.id, mainId, 'l1');
    expect(attached.status).toBe(200);
    const answer = (await attached.json()) as {
      sections: { lessons: { video: unknown }[] }[];
      attached: unknown;
      updatedAt: string;
    };
    expect(answer.attached).toEqual({ fileId: mainId, kind: 'main', durationS: 12, width: 640, height: 360 });
    expect(answer.sections[0]?.lessons[0]?.video).toEqual({
      fileId: mainId,
      lowDataFileId: null,
      durationS: 12,
      width: 640,
      height: 360,
    });
    // Attaching is not a save: the editor's next guarded save still goes through.
    expect(answer.updatedAt).toBe(first.updatedAt);
    const lowId = await uploadVideo(api, product.id, fixture('vp9-opus.webm'), 'video/webm');
    const low = await attachVideo(api, product.id, lowId, 'l1', 'lowData');
    expect(low.status).toBe(200);
    const withLow = (await low.json()) as { attached: unknown };
    expect(withLow.attached).toEqual({ fileId: lowId, kind: 'lowData', durationS: 1, width: 160, height: 90 });
    const video = { fileId: mainId, lowDataFileId: lowId, durationS: 999, width: 1, height: 1 };
    const saved = await saveCourse(
      api,
      product.id,
      [{ id: 's1', title: 'Basics', lessons: [lesson('l1', 'Welcome', { video })] }],
      first.updatedAt,
    );
    // The facts are the API's own, whatever the editor sends.
    expect(saved.sections[0]?.lessons[0]?.video).toEqual({
      fileId: mainId,
      lowDataFileId: lowId,
      durationS: 12,
      width: 640,
      height: 360,
    });
  });

  it('refuses a save that puts a video the API did not inspect for that lesson', async () => {
    const { product, videoId, updatedAt } = await aCourse(api);
    const current = (await (await fetch(courseUrl(product.id), { headers: bearer(api.adminToken) })).json()) as {
      sections: { id: string; title: string; lessons: ReturnType<typeof lesson>[] }[];
    };
    const moved = current.sections.map((section) => ({
      ...section,
      lessons: section.lessons.map((entry) =>
        entry.id === 'l4' ? { ...entry, video: { fileId: videoId, lowDataFileId: null } } : entry,
      ),
    }));
    const refused = await sendJson(
      'PUT',
      courseUrl(product.id),
      { sections: moved, expectedUpdatedAt: updatedAt },
      bearer(api.adminToken),
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      message: "The video of the lesson 'Deploying' was not uploaded to it. Upload the video again.",
    });
  });
});
