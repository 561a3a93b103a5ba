// The 'Preview' beside a course's outline (docs/courses.md), against our API stubbed with msw: shown
// only when the API lists free preview lessons; its dialog plays the lesson, keeps focus inside and
// gives it back to the button on Escape.
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { LearnLesson } from '../../../../domain/courses';
import { CoursePreviewButton } from '../../../../src/features/catalog/components/CoursePreviewButton';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const welcome: LearnLesson = {
  id: 'l1',
  title: 'Welcome',
  html: '<p>What you will build in this course.</p>',
  video: { durationS: 30, width: 640, height: 360, hasLowData: false },
  attachments: [],
  positionS: 0,
  completed: false,
  previewVideoUrl: 'https://bucket.test/preview-l1.mp4?expires=60',
};

function previewEndpoints(lessons: { id: string; title: string; sectionTitle: string; hasVideo: boolean }[]) {
  server.use(
    http.get('*/api/courses/p-react/preview', () => HttpResponse.json({ productId: 'p-react', lessons })),
    http.get('*/api/courses/p-react/preview/l1', () => HttpResponse.json(welcome)),
    http.get('*/api/courses/p-react/preview/l3', () =>
      HttpResponse.json({ ...welcome, id: 'l3', title: 'Hooks', html: '<p>State in a function.</p>', video: null }),
    ),
  );
}

describe('the course preview', () => {
  it('plays the free preview lesson in a dialog that keeps focus and gives it back on Escape', async () => {
    previewEndpoints([
      { id: 'l1', title: 'Welcome', sectionTitle: 'Getting started', hasVideo: true },
      { id: 'l3', title: 'Hooks', sectionTitle: 'Going further', hasVideo: false },
    ]);
    const { user } = renderWithProviders(<CoursePreviewButton productId="p-react" />);
    const button = await screen.findByRole('button', { name: 'Preview' });
    await user.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Preview: Welcome' });
    expect(await within(dialog).findByText('What you will build in this course.')).toBeInTheDocument();
    const video = within(dialog).getByLabelText('Video: Welcome');
    expect(video).toHaveAttribute('src', 'https://bucket.test/preview-l1.mp4?expires=60');
    expect(video).toHaveAttribute('controlslist', 'nodownload');

    const first = within(dialog).getByRole('button', { name: 'Welcome', pressed: true });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Hooks' }));
    expect(await within(dialog).findByText('State in a function.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Preview: Hooks' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Video: Hooks')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('shows no Preview button when the course has no preview lesson', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/courses/p-react/preview', () => {
        asked += 1;
        return HttpResponse.json({ productId: 'p-react', lessons: [] });
      }),
    );
    renderWithProviders(<CoursePreviewButton productId="p-react" />);
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
  });
});
