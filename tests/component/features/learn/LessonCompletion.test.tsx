// The player shows only what the API counted (docs/courses.md, 'Progress and completion'), against our
// API stubbed with msw: a video lesson offers no Mark complete and stays unticked when the API saw too
// little of it, and a refused Mark complete says why.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnProgress, ProgressSave } from '../../../../domain/courses';
import { App } from '../../../../src/App';
import { buildCourse, buildOpening } from '../../../support/factories';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const token = 'tok-123';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** An API that counts nothing: progress saves are kept, completions refused or not counted. */
function stingyApi(markRefusal: string | null) {
  const course = buildCourse({ opening: buildOpening() });
  const saves: ProgressSave[] = [];
  const progress: LearnProgress = course.progress;
  server.use(
    http.get(`*/api/learn/${token}`, () => HttpResponse.json(course)),
    http.get(`*/api/learn/${token}/lessons/l2`, () =>
      HttpResponse.json(buildOpening({ id: 'l2', title: 'Tools', html: '<p>Install Node.</p>', video: null })),
    ),
    http.post(`*/api/learn/${token}/lessons/:lessonId/video`, () =>
      HttpResponse.json({
        url: 'https://bucket.test/v.mp4',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    ),
    http.put(`*/api/learn/${token}/progress`, async ({ request }) => {
      const save = (await request.json()) as ProgressSave;
      saves.push(save);
      if (save.completed && markRefusal) return HttpResponse.json({ message: markRefusal }, { status: 409 });
      return HttpResponse.json({
        ...progress,
        lastLessonId: save.lessonId,
        lessonId: save.lessonId,
        lessonCompleted: false,
      });
    }),
  );
  return { saves };
}

describe('completion in the player', () => {
  it('offers no Mark complete on a video, and leaves it unticked when the API did not count it', async () => {
    const { saves } = stingyApi(null);
    renderWithProviders(<App />, { route: `/learn/${token}` });
    const video = await screen.findByLabelText<HTMLVideoElement>('Video: Welcome <b>buyer</b>');
    await waitFor(() => expect(video).toHaveAttribute('src', 'https://bucket.test/v.mp4'));
    expect(
      screen.getByText('This lesson completes by itself once you have watched 90% of its video.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark complete' })).not.toBeInTheDocument();
    fireEvent.loadedMetadata(video);
    fireEvent.play(video);
    video.currentTime = 11;
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(saves).toEqual([{ lessonId: 'l1', positionS: 11, completed: true }]));
    // The API saw too little of the video: nothing is ticked or counted.
    expect(await screen.findByText('0 of 2 lessons')).toBeInTheDocument();
    const list = screen.getByRole('navigation', { name: 'Course content' });
    expect(within(list).getByRole('button', { name: 'Welcome <b>buyer</b>' })).toBeInTheDocument();
    expect(screen.queryByText('Completed')).not.toBeInTheDocument();
  });

  it('says why a Mark complete was refused, and does not tick the lesson', async () => {
    stingyApi('Open this lesson before marking it complete.');
    const { user } = renderWithProviders(<App />, { route: `/learn/${token}` });
    const list = await screen.findByRole('navigation', { name: 'Course content' });
    await user.click(within(list).getByRole('button', { name: 'Tools' }));
    await screen.findByText('Install Node.');
    await user.click(screen.getByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Open this lesson before marking it complete.');
    expect(within(list).getByRole('button', { name: 'Tools' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark complete' })).toBeEnabled();
  });
});
