// The course player at /learn/{token} (docs/courses.md), against our API stubbed with msw: loading,
// the new-device check, a dripped lesson, a video that errors and plays on from the same second on a
// renewed URL, Mark complete, and the certificate once every lesson is done.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnCourse, LearnLesson, LearnProgress, ProgressSave } from '../../../../domain/courses';
import { App } from '../../../../src/App';
import { buildCourse } from '../../../support/factories';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const token = 'tok-123';

/** The course these screens play: two sections of four lessons, left at the second, the last dripped. */
function playerCourse(overrides: Partial<LearnCourse> = {}): LearnCourse {
  return buildCourse({
    title: 'React Web Development Bootcamp',
    sections: [
      {
        id: 's1',
        title: 'Getting started',
        lessons: [
          { id: 'l1', title: 'Welcome', hasVideo: true, preview: true, availableOn: null, completed: true },
          {
            id: 'l2',
            title: 'Your first component',
            hasVideo: true,
            preview: false,
            availableOn: null,
            completed: false,
          },
        ],
      },
      {
        id: 's2',
        title: 'Going further',
        lessons: [
          {
            id: 'l3',
            title: 'State and effects',
            hasVideo: false,
            preview: false,
            availableOn: null,
            completed: false,
          },
          {
            id: 'l4',
            title: 'Deploying',
            hasVideo: false,
            preview: false,
            availableOn: '2026-12-03',
            completed: false,
          },
        ],
      },
    ],
    progress: { completedLessons: 1, totalLessons: 4, lastLessonId: 'l2', lastPositionS: 42, finished: false },
    // No opening lesson in the course answer: the player asks for it.
    opening: null,
    ...overrides,
  });
}

function buildLesson(id: string, overrides: Partial<LearnLesson> = {}): LearnLesson {
  return {
    id,
    title: id === 'l2' ? 'Your first component' : 'State and effects',
    html: id === 'l2' ? '<p>Components are <strong>functions</strong>.</p>' : '<p>Hooks keep state.</p>',
    video: id === 'l2' ? { durationS: 100, width: 1280, height: 720, hasLowData: false } : null,
    attachments: id === 'l2' ? [{ fileId: 'f-slides', name: 'Slides.pdf', size: 2_400_000 }] : [],
    positionS: 0,
    completed: false,
    ...overrides,
  };
}

/** The learn API for one purchase; records progress saves and video URL requests. */
interface EndpointOptions {
  course?: LearnCourse;
  needsConfirmation?: boolean;
  /** Changes to lesson l2 as the API answers it. */
  lesson?: Partial<LearnLesson>;
  expiresInMs?: number;
}

function learnEndpoints({
  course = playerCourse(),
  needsConfirmation = false,
  lesson = {},
  expiresInMs = 3_600_000,
}: EndpointOptions = {}) {
  const saves: ProgressSave[] = [];
  const videoRequests: unknown[] = [];
  const credentials: string[] = [];
  let confirmed = !needsConfirmation;
  let progress: LearnProgress = { ...course.progress };
  let urlCount = 0;
  server.use(
    http.get(`*/api/learn/${token}`, ({ request }) => {
      credentials.push(request.credentials);
      return confirmed
        ? HttpResponse.json(course)
        : HttpResponse.json(
            { message: 'This is a new device. Enter the e-mail address you paid with.', needsConfirmation: true },
            { status: 403 },
          );
    }),
    http.post(`*/api/learn/${token}/confirm`, async ({ request }) => {
      const body = (await request.json()) as { email: string };
      if (body.email !== 'ada@example.com') {
        return HttpResponse.json({ message: 'That is not the address this purchase was made with.' }, { status: 403 });
      }
      confirmed = true;
      return HttpResponse.json(course);
    }),
    http.get(`*/api/learn/${token}/lessons/:lessonId`, ({ params }) =>
      HttpResponse.json(buildLesson(String(params.lessonId), params.lessonId === 'l2' ? lesson : {})),
    ),
    http.post(`*/api/learn/${token}/lessons/:lessonId/video`, async ({ request }) => {
      videoRequests.push(await request.json());
      urlCount += 1;
      return HttpResponse.json({
        url: `https://bucket.test/video-${urlCount}.mp4`,
        expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
      });
    }),
    http.put(`*/api/learn/${token}/progress`, async ({ request }) => {
      const save = (await request.json()) as ProgressSave;
      saves.push(save);
      const done = save.completed ? progress.completedLessons + 1 : progress.completedLessons;
      progress = {
        ...progress,
        completedLessons: done,
        lastLessonId: save.lessonId,
        lastPositionS: save.positionS,
        finished: done === progress.totalLessons,
      };
      return HttpResponse.json({ ...progress, lessonId: save.lessonId, lessonCompleted: Boolean(save.completed) });
    }),
  );
  return { saves, videoRequests, credentials };
}

let played: ReturnType<typeof vi.fn<() => Promise<void>>>;

beforeEach(() => {
  played = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(played);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function renderPlayer() {
  return renderWithProviders(<App />, { route: `/learn/${token}` });
}

describe('/learn/{token}', () => {
  it('shows the lesson the course answer carries without asking for it again', async () => {
    const opening = buildLesson('l2', { html: '<p>Sent with the course.</p>', positionS: 42 });
    learnEndpoints({ course: playerCourse({ opening }) });
    const lessonRequests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.includes('/lessons/')) lessonRequests.push(request.url);
    });
    renderPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your first component' })).toBeInTheDocument();
    expect(screen.getByText('Sent with the course.')).toBeInTheDocument();
    expect(lessonRequests.filter((url) => !url.endsWith('/video'))).toEqual([]);
    server.events.removeAllListeners();
  });

  it('says it is loading, then opens at the last lesson and the saved second, with the device cookie sent', async () => {
    const { credentials } = learnEndpoints();
    renderPlayer();
    expect(await screen.findByText('Loading your course…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'React Web Development Bootcamp' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your first component' })).toBeInTheDocument();
    expect(screen.getByText('1 of 4 lessons')).toBeInTheDocument();
    expect(credentials).toEqual(['include']);
    await waitFor(() => expect(document.title).toBe('React Web Development Bootcamp | Digital Store'));

    const video = await screen.findByLabelText<HTMLVideoElement>('Video: Your first component');
    expect(video).toHaveAttribute('src', 'https://bucket.test/video-1.mp4');
    expect(video).toHaveAttribute('controlslist', 'nodownload');
    // Nothing of the video is fetched before the first press of play; it starts at the saved second.
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('playsinline');
    expect(video.currentTime).toBe(42);
    fireEvent.play(video);
    expect(video).toHaveAttribute('preload', 'metadata');
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42);

    expect(screen.getByText('functions')).toBeInTheDocument();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download Slides.pdf' }).form).toHaveAttribute(
      'action',
      `/api/learn/${token}/lessons/l2/attachments/f-slides`,
    );
    const speeds = screen.getByRole('group', { name: 'Playback speed' });
    await screen.findByRole('button', { name: '1×', pressed: true });
    fireEvent.click(within(speeds).getByRole('button', { name: '1.5×' }));
    expect(within(speeds).getByRole('button', { name: '1.5×' })).toHaveAttribute('aria-pressed', 'true');
    expect(video.playbackRate).toBe(1.5);
  });

  it('asks a new device for the purchase e-mail, refuses a wrong one, and opens the course after the right one', async () => {
    learnEndpoints({ needsConfirmation: true });
    const { user } = renderPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm it is you' })).toBeInTheDocument();
    expect(screen.getByText('This is a new device. Enter the e-mail address you paid with.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'eve@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm and open the course' }));
    expect(await screen.findByText('That is not the address this purchase was made with.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Confirm and open the course' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your first component' })).toBeInTheDocument();
    expect(screen.getByText('1 of 4 lessons')).toBeInTheDocument();
  });

  it('shows a dripped lesson with its Lagos date and does not let it open', async () => {
    learnEndpoints();
    renderPlayer();
    const list = await screen.findByRole('navigation', { name: 'Course content' });
    expect(within(list).getByText('Available on 3 December 2026')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Deploying/ })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'State and effects' })).toBeInTheDocument();
  });

  it('asks for a new URL when the video errors and plays on from the same second', async () => {
    const { videoRequests, saves } = learnEndpoints();
    renderPlayer();
    const video = await screen.findByLabelText<HTMLVideoElement>('Video: Your first component');
    await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/video-1.mp4'));
    fireEvent.loadedMetadata(video);
    fireEvent.play(video);
    video.currentTime = 57.5;
    fireEvent.timeUpdate(video);

    fireEvent.error(video);
    await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/video-2.mp4'));
    expect(videoRequests).toEqual([{ version: 'main' }, { version: 'main' }]);
    // The new source starts at 0 until its metadata arrives; then the player seeks back and plays.
    video.currentTime = 0;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(57.5);
    expect(played).toHaveBeenCalled();

    fireEvent.pause(video);
    await waitFor(() => expect(saves).toEqual([{ lessonId: 'l2', positionS: 57.5 }]));
  });

  it('completes a lesson by Mark complete, ticks it and counts it; a video watched to 90% completes itself', async () => {
    const { saves } = learnEndpoints();
    const { user } = renderPlayer();
    const video = await screen.findByLabelText<HTMLVideoElement>('Video: Your first component');
    await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/video-1.mp4'));
    fireEvent.loadedMetadata(video);
    Object.defineProperty(video, 'duration', { configurable: true, value: 100 });
    fireEvent.play(video);
    video.currentTime = 91;
    fireEvent.timeUpdate(video);
    expect(await screen.findByText('2 of 4 lessons')).toBeInTheDocument();
    expect(saves).toEqual([{ lessonId: 'l2', positionS: 91, completed: true }]);
    const list = screen.getByRole('navigation', { name: 'Course content' });
    expect(within(list).getByRole('button', { name: 'Your first component (completed)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'State and effects' })).toBeInTheDocument();
    await screen.findByText('Hooks keep state.');
    await user.click(screen.getByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByText('3 of 4 lessons')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'State and effects (completed)' })).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('offers the certificate once every lesson is done and links to its PDF and its verification page', async () => {
    const course = playerCourse({
      progress: { completedLessons: 4, totalLessons: 4, lastLessonId: 'l3', lastPositionS: 0, finished: true },
    });
    learnEndpoints({ course });
    server.use(
      http.post(`*/api/learn/${token}/certificate`, () =>
        HttpResponse.json({
          code: 'CERT-7Q2X',
          pdfUrl: `/api/learn/${token}/certificate.pdf`,
          verifyUrl: '/certificates/CERT-7Q2X',
        }),
      ),
    );
    const { user } = renderPlayer();
    await user.click(await screen.findByRole('button', { name: 'Get your certificate' }));
    expect(await screen.findByRole('link', { name: 'Download your certificate (PDF)' })).toHaveAttribute(
      'href',
      `/api/learn/${token}/certificate.pdf`,
    );
    expect(screen.getByRole('link', { name: 'Its verification page' })).toHaveAttribute(
      'href',
      '/certificates/CERT-7Q2X',
    );
  });

  it('says when access ended, and when the link is not valid (with the way to get links again)', async () => {
    server.use(
      http.get(`*/api/learn/${token}`, () =>
        HttpResponse.json(
          { message: 'This purchase was refunded, so its access has ended.', reason: 'refunded' },
          { status: 410 },
        ),
      ),
    );
    const view = renderPlayer();
    expect(await screen.findByText('This purchase was refunded, so its access has ended.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Access ended' })).toBeInTheDocument();
    view.unmount();

    server.use(
      http.get(`*/api/learn/${token}`, () => HttpResponse.json({ message: 'Unknown link.' }, { status: 404 })),
    );
    renderPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'get your access links again' })).toHaveAttribute('href', '/purchases');
  });

  it('starts on the low-data version on a slow connection, and switches back to the full one at the same second', async () => {
    const { videoRequests } = learnEndpoints({
      lesson: { video: { durationS: 100, width: 1280, height: 720, hasLowData: true } },
    });
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: { effectiveType: '3g', saveData: false },
    });
    try {
      const { user } = renderPlayer();
      const video = await screen.findByLabelText<HTMLVideoElement>('Video: Your first component');
      await waitFor(() => expect(videoRequests).toEqual([{ version: 'lowData' }]));
      const lowData = screen.getByRole('switch', { name: 'Low-data version' });
      expect(lowData).toBeChecked();
      fireEvent.loadedMetadata(video);
      video.currentTime = 63;
      fireEvent.timeUpdate(video);
      await user.click(lowData);
      await waitFor(() => expect(videoRequests).toEqual([{ version: 'lowData' }, { version: 'main' }]));
      await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/video-2.mp4'));
      expect(lowData).not.toBeChecked();
      video.currentTime = 0;
      fireEvent.loadedMetadata(video);
      expect(video.currentTime).toBe(63);
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });

  it('saves the position every 10 seconds while playing and on pause', async () => {
    const { saves } = learnEndpoints();
    let now = Date.parse('2026-11-26T10:00:00Z');
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    renderPlayer();
    const video = await screen.findByLabelText<HTMLVideoElement>('Video: Your first component');
    await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/video-1.mp4'));
    fireEvent.loadedMetadata(video);
    fireEvent.play(video);
    video.currentTime = 45;
    now += 4000;
    fireEvent.timeUpdate(video);
    video.currentTime = 52;
    now += 6500;
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(saves).toEqual([{ lessonId: 'l2', positionS: 52 }]));
    video.currentTime = 55;
    now += 3000;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    await waitFor(() =>
      expect(saves).toEqual([
        { lessonId: 'l2', positionS: 52 },
        { lessonId: 'l2', positionS: 55 },
      ]),
    );
  });

  it('asks for a new URL before playing once the one it has expired, and plays from the same second', async () => {
    const { videoRequests } = learnEndpoints({ expiresInMs: 1000 });
    renderPlayer();
    const video = await screen.findByLabelText<HTMLVideoElement>('Video: Your first component');
    await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/video-1.mp4'));
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42);
    fireEvent.play(video);
    await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/video-2.mp4'));
    expect(videoRequests).toHaveLength(2);
    video.currentTime = 0;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(42);
    expect(played).toHaveBeenCalled();
  });
});
