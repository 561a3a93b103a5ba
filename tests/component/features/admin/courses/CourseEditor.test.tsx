// The course editor on a product's page (docs/courses.md), against our API stubbed with msw and
// a fake bucket for the video's bytes: sections and lessons added, renamed, moved and deleted (after a
// confirmation), the Markdown preview, the 409 of another admin's save, and a video the API refuses.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCourse, AdminCourseSave } from '../../../../../domain/courses';
import { attachVideo, type AttachedVideo } from '../../../../../src/features/admin/api/courses';
import { CourseEditor } from '../../../../../src/features/admin/courses/CourseEditor';
import type { UploadTransport } from '../../../../../src/features/admin/files/resumableUpload';
import { setupAlerts } from '../../../../support/alerts';
import { pressInAlert } from '../../../../support/adminScreens';
import { server } from '../../../../support/msw';
import { adminToken, fetchDeliverables, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

setupAlerts();

function storedCourse(overrides: Partial<AdminCourse> = {}): AdminCourse {
  return {
    productId: 'p1',
    sections: [
      {
        id: 's1',
        title: 'Getting started',
        lessons: [
          {
            id: 'l1',
            title: 'Welcome',
            body: '',
            video: null,
            attachmentFileIds: [],
            preview: true,
            dripDays: null,
          },
          {
            id: 'l2',
            title: 'Setup',
            body: '',
            video: null,
            attachmentFileIds: [],
            preview: false,
            dripDays: null,
          },
        ],
      },
    ],
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function courseEndpoints({ course = storedCourse(), conflict = false } = {}) {
  const saves: AdminCourseSave[] = [];
  const tokens: (string | null)[] = [];
  let current = course;
  let gets = 0;
  server.use(
    http.get('*/api/admin/courses/p1', ({ request }) => {
      tokens.push(request.headers.get('authorization'));
      gets += 1;
      return HttpResponse.json(current);
    }),
    http.put('*/api/admin/courses/p1', async ({ request }) => {
      const body = (await request.json()) as AdminCourseSave;
      saves.push(body);
      if (conflict) {
        current = storedCourse({
          sections: [{ id: 's9', title: 'Written by the other admin', lessons: [] }],
          updatedAt: '2026-11-21T08:00:00.000Z',
        });
        return HttpResponse.json({ message: 'The course was changed by someone else.' }, { status: 409 });
      }
      current = { productId: 'p1', sections: body.sections, updatedAt: '2026-11-22T12:00:00.000Z' };
      return HttpResponse.json(current);
    }),
    http.post('*/api/admin/courses/preview', async ({ request }) => {
      const { markdown } = (await request.json()) as { markdown: string };
      return HttpResponse.json({ html: markdown.startsWith('# ') ? `<h1>${markdown.slice(2)}</h1>` : '<p>?</p>' });
    }),
  );
  return { saves, tokens, gets: () => gets };
}

beforeEach(() => {
  resetProductAdminQueries();
  fetchDeliverables.mockResolvedValue({
    url: '',
    files: [
      {
        id: 'f-book',
        name: 'The Book.pdf',
        size: 2_400_000,
        contentType: 'application/pdf',
        storagePath: 'x',
        order: 0,
      },
    ],
    stampPdf: true,
    downloadLimit: null,
    expiryDays: null,
  });
});

describe('the course editor', () => {
  it('adds, renames, reorders and deletes (after a confirmation), then saves with the time it loaded', async () => {
    const { saves, tokens } = courseEndpoints();
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    const title = await screen.findByLabelText('Section 1 title');
    expect(tokens).toEqual([`Bearer ${adminToken}`]);

    await user.clear(title);
    await user.type(title, 'Start here');
    await user.click(screen.getByRole('button', { name: 'Add a section' }));
    await user.click(screen.getByRole('button', { name: 'Add a lesson to Section 2' }));
    const lessonTitle = screen.getByLabelText('Lesson title');
    await user.clear(lessonTitle);
    await user.type(lessonTitle, 'Deploying');
    await user.type(screen.getByLabelText('Available days after purchase'), '7');
    await user.click(screen.getByRole('checkbox', { name: 'The Book.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Move up: section Section 2' }));
    expect(screen.getByLabelText('Section 1 title')).toHaveValue('Section 2');

    await user.click(screen.getByRole('button', { name: 'Move down: Welcome' }));
    const lessons = screen.getByRole('list', { name: 'Lessons of Start here' });
    expect(
      within(lessons)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split('Edit')[0]),
    ).toEqual(['Setup', 'WelcomeFree preview']);

    await user.click(screen.getByRole('button', { name: 'Delete: Setup' }));
    await pressInAlert(user, 'Yes, delete it');
    expect(screen.queryByText('Setup')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Lesson deleted. Save to keep it so.');
    expect(screen.getByText('You have changes that are not saved yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save the course' }));
    expect(await screen.findByText('Course saved.')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(saves[0]?.expectedUpdatedAt).toBe('2026-11-20T10:00:00.000Z');
    const [first, second] = saves[0]?.sections ?? [];
    expect(first?.title).toBe('Section 2');
    expect(
      first?.lessons.map(({ title: t, dripDays, attachmentFileIds }) => ({ t, dripDays, attachmentFileIds })),
    ).toEqual([{ t: 'Deploying', dripDays: 7, attachmentFileIds: ['f-book'] }]);
    expect(second?.title).toBe('Start here');
    expect(second?.lessons.map((lesson) => lesson.id)).toEqual(['l1']);
  });

  it('keeps a section when the confirmation is cancelled', async () => {
    courseEndpoints();
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    await user.click(await screen.findByRole('button', { name: 'Delete: section Getting started' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Its 2 lessons go with it when you save the course.')).toBeInTheDocument();
    await pressInAlert(user, 'Cancel');
    expect(screen.getByLabelText('Section 1 title')).toHaveValue('Getting started');
  });

  it('shows the lesson text as the API renders it', async () => {
    courseEndpoints();
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    await user.click(await screen.findByRole('button', { name: 'Edit: Welcome' }));
    expect(screen.getByText('Nothing to preview yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Lesson text (Markdown)'), '# Hello buyers');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByRole('heading', { level: 1, name: 'Hello buyers' })).toBeInTheDocument();
  });

  it('says another admin saved meanwhile and reloads their course', async () => {
    const endpoints = courseEndpoints({ conflict: true });
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    const title = await screen.findByLabelText('Section 1 title');
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save the course' }));
    expect(
      await screen.findByText(
        'Another admin saved this course since you opened it. It has been reloaded with their changes: make yours again and save.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Section 1 title')).toHaveValue('Written by the other admin'));
    expect(endpoints.gets()).toBe(2);
  });

  it("says 'The course could not be saved. Please try again.' inline when the connection drops, and keeps the edit", async () => {
    courseEndpoints();
    server.use(http.put('*/api/admin/courses/p1', () => HttpResponse.error()));
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    const title = await screen.findByLabelText('Section 1 title');
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save the course' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The course could not be saved. Please try again.');
    expect(title).toHaveValue('Getting started!');
    expect(screen.queryByText('Course saved.')).not.toBeInTheDocument();
    expect(screen.getByText('You have changes that are not saved yet.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the API's sentence when it refuses a lesson video", async () => {
    courseEndpoints();
    const refusal = 'Phones cannot play this video: it is HEVC. Export it again as MP4 with H.264 video and AAC audio.';
    server.use(
      http.post('*/api/admin/courses/p1/videos/v-1/attach', async ({ request }) => {
        expect(await request.json()).toEqual({ lessonId: 'l1', kind: 'main' });
        return HttpResponse.json({ message: refusal }, { status: 422 });
      }),
    );
    const transport: UploadTransport<AdminCourse> = {
      start: () => Promise.resolve({ fileId: 'v-1', url: 'https://bucket.test/start', headers: {} }),
      openSession: () => Promise.resolve('https://bucket.test/session'),
      send: (_session, file, offset, onProgress) => {
        onProgress(file.size - offset);
        return Promise.resolve('complete');
      },
      query: () => Promise.resolve(0),
      cancel: () => Promise.resolve(),
      attach: (fileId) => attachVideo('p1', fileId, 'l1', 'main'),
    };
    const { user } = renderWithProviders(<CourseEditor productId="p1" transport={transport} />);
    await user.click(await screen.findByRole('button', { name: 'Edit: Welcome' }));
    const video = new File([new Uint8Array(2048)], 'lesson.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('Video (MP4 or WebM)'), video);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload of lesson.mp4' })).toBeInTheDocument();
  });

  it('asks for a video a phone can play before uploading anything else', async () => {
    courseEndpoints();
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    await user.click(await screen.findByRole('button', { name: 'Edit: Setup' }));
    const clip = new File([new Uint8Array(10)], 'lesson.mov', { type: 'video/quicktime' });
    const upload = userEvent.setup({ applyAccept: false });
    await upload.upload(screen.getByLabelText('Video (MP4 or WebM)'), clip);
    expect(await screen.findByText('Choose an MP4 (H.264 and AAC) or WebM video.')).toBeInTheDocument();
  });

  it('attaches an uploaded video to the lesson, keeps the unsaved edits, and then offers the low-data version', async () => {
    const { saves } = courseEndpoints();
    const attached = storedCourse({ updatedAt: '2026-11-20T11:00:00.000Z' });
    const welcome = attached.sections[0]?.lessons[0];
    if (welcome) welcome.video = { fileId: 'v-1', lowDataFileId: null, durationS: 95, width: 1280, height: 720 };
    const transport: UploadTransport<AdminCourse> = {
      start: () => Promise.resolve({ fileId: 'v-1', url: 'https://bucket.test/start', headers: {} }),
      openSession: () => Promise.resolve('https://bucket.test/session'),
      send: (_session, file, offset, onProgress) => {
        onProgress(file.size - offset);
        return Promise.resolve('complete');
      },
      query: () => Promise.resolve(0),
      cancel: () => Promise.resolve(),
      attach: () => Promise.resolve(attached),
    };
    const { user } = renderWithProviders(<CourseEditor productId="p1" transport={transport} />);
    await user.click(await screen.findByRole('button', { name: 'Edit: Welcome' }));
    await user.type(screen.getByLabelText('Lesson text (Markdown)'), 'Hello');
    await user.upload(
      screen.getByLabelText('Video (MP4 or WebM)'),
      new File([new Uint8Array(4096)], 'welcome.mp4', { type: 'video/mp4' }),
    );
    expect(await screen.findByText('Video: 1:35, 1280×720')).toBeInTheDocument();
    expect(screen.getByLabelText('Low-data version (MP4 or WebM)')).toBeInTheDocument();
    expect(screen.getByLabelText('Lesson text (Markdown)')).toHaveValue('Hello');

    await user.click(screen.getByRole('button', { name: 'Save the course' }));
    expect(await screen.findByText('Course saved.')).toBeInTheDocument();
    expect(saves[0]?.expectedUpdatedAt).toBe('2026-11-20T11:00:00.000Z');
    expect(saves[0]?.sections[0]?.lessons[0]).toEqual({
      id: 'l1',
      title: 'Welcome',
      body: 'Hello',
      video: { fileId: 'v-1', lowDataFileId: null, durationS: 95, width: 1280, height: 720 },
      attachmentFileIds: [],
      preview: true,
      dripDays: null,
    });
  });

  it('takes a video for a lesson while it is being created, and saves them together in one Save', async () => {
    const { saves } = courseEndpoints();
    const attachedTo: string[] = [];
    // The API remembers the video for a lesson it has not stored yet: the course it answers has no such lesson.
    const transport: UploadTransport<AttachedVideo> = {
      start: () => Promise.resolve({ fileId: 'v-new', url: 'https://bucket.test/start', headers: {} }),
      openSession: () => Promise.resolve('https://bucket.test/session'),
      send: (_session, file, offset, onProgress) => {
        onProgress(file.size - offset);
        return Promise.resolve('complete');
      },
      query: () => Promise.resolve(0),
      cancel: () => Promise.resolve(),
      attach: (fileId) => {
        attachedTo.push(fileId);
        return Promise.resolve({
          ...storedCourse(),
          attached: { fileId: 'v-new', kind: 'main', durationS: 61, width: 640, height: 360 },
        });
      },
    };
    const { user } = renderWithProviders(<CourseEditor productId="p1" transport={transport} />);
    await user.click(await screen.findByRole('button', { name: 'Add a lesson to Getting started' }));
    await user.clear(screen.getByLabelText('Lesson title'));
    await user.type(screen.getByLabelText('Lesson title'), 'Deploying');
    await user.upload(
      screen.getByLabelText('Video (MP4 or WebM)'),
      new File([new Uint8Array(2048)], 'deploy.mp4', { type: 'video/mp4' }),
    );
    expect(await screen.findByText('Video: 1:01, 640×360')).toBeInTheDocument();
    expect(attachedTo).toEqual(['v-new']);
    expect(screen.getByLabelText('Lesson title')).toHaveValue('Deploying');
    await user.click(screen.getByRole('button', { name: 'Save the course' }));
    expect(await screen.findByText('Course saved.')).toBeInTheDocument();
    const created = saves[0]?.sections[0]?.lessons[2];
    expect(created?.title).toBe('Deploying');
    expect(created?.video).toEqual({ fileId: 'v-new', lowDataFileId: null, durationS: 61, width: 640, height: 360 });
  });

  it('refuses to save a section without a title, and says a refused drip', async () => {
    const { saves } = courseEndpoints();
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    await user.clear(await screen.findByLabelText('Section 1 title'));
    await user.click(screen.getByRole('button', { name: 'Save the course' }));
    expect(await screen.findByText('Section 1 needs a title.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Section 1 title'), 'Basics');
    await user.click(screen.getByRole('button', { name: 'Edit: Setup' }));
    await user.type(screen.getByLabelText('Available days after purchase'), 'soon');
    expect(screen.getByText('Enter a whole number of days from 1 to 3650, or leave it blank.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the course' }));
    expect(await screen.findByText('Fix the days after purchase first.')).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('says in words when the course cannot be loaded, and loads it on Try again', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/admin/courses/p1', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'The course could not be read just now. Please try again.' }, { status: 503 })
          : HttpResponse.json(storedCourse());
      }),
    );
    const { user } = renderWithProviders(<CourseEditor productId="p1" />);
    expect(await screen.findByText('The course could not be read just now. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Section 1 title')).toHaveValue('Getting started');
  });
});
