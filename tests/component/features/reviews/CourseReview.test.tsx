// Rating a course from its last lesson (docs/reviews.md): the player offers 'Rate {course}' on the last
// lesson only, and the form saves through the access link's token the player was opened with. Our API
// is stubbed with msw, as the player's other component tests do.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../../../../src/App';
import { buildCourse, buildOpening } from '../../../support/factories';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const token = 'tok-rate';
const title = 'React & <i>TypeScript</i> Bootcamp';

describe('rating a course from its last lesson', () => {
  it('offers the review on the last lesson only, and saves it by the course link', async () => {
    const saved: unknown[] = [];
    server.use(
      http.get(`*/api/learn/${token}`, () =>
        HttpResponse.json(buildCourse({ opening: buildOpening({ id: 'l1', video: null }) })),
      ),
      http.get(`*/api/learn/${token}/lessons/l2`, () =>
        HttpResponse.json(buildOpening({ id: 'l2', title: 'Tools', html: '<p>Install Node.</p>', video: null })),
      ),
      http.get(`*/api/reviews/access/${token}`, () =>
        HttpResponse.json({ productId: 'p-react', productName: title, review: null }),
      ),
      http.put(`*/api/reviews/access/${token}`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(
          {
            productId: 'p-react',
            productName: title,
            review: { rating: 5, title: '', text: '', status: 'shown' },
            message: 'Thank you! Your review is saved.',
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<App />, { route: `/learn/${token}` });
    const list = await screen.findByRole('navigation', { name: 'Course content' });
    expect(screen.queryByRole('button', { name: `Rate ${title}` })).toBeNull();

    await user.click(within(list).getByRole('button', { name: 'Tools' }));
    await screen.findByText('Install Node.');
    await user.click(screen.getByRole('button', { name: `Rate ${title}` }));
    const form = await screen.findByRole('form', { name: `Your review of ${title}` });
    await user.click(within(form).getByRole('radio', { name: '5 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Thank you! Your review is saved.');
    expect(saved).toEqual([{ rating: 5, title: '', text: '' }]);
  });
});
