// A product's 'E-mails after purchase' section (docs/emails.md, 'After-purchase sequence'): the
// sequence routes stubbed with msw, the admin's ID token from the mocked Firebase boundary.
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SequenceSection } from '../../../../../src/features/admin/mailings/SequenceSection';
import { server } from '../../../../support/msw';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

const welcome = { id: 'welcome1', afterDays: 1, subject: 'Welcome', body: 'Start with chapter 1.' };

function sequenceEndpoints(stored: unknown[], refusal?: string) {
  const puts: unknown[] = [];
  server.use(
    http.get('*/api/admin/sequences/excel-mastery', () => HttpResponse.json({ steps: stored })),
    http.put('*/api/admin/sequences/excel-mastery', async ({ request }) => {
      const body = (await request.json()) as { steps: Array<Record<string, unknown>> };
      puts.push(body);
      if (refusal) return HttpResponse.json({ message: refusal }, { status: 400 });
      return HttpResponse.json({
        steps: body.steps.map((step, index) => ({ ...step, id: step.id ?? `new${index}` })),
      });
    }),
    http.post('*/api/admin/courses/preview', () => HttpResponse.json({ html: '<p>Rendered</p>' })),
  );
  return puts;
}

beforeEach(() => {
  resetProductAdminQueries();
});

describe('the E-mails after purchase section', () => {
  it('shows the saved e-mails, adds one and saves them, keeping the kept one’s id', async () => {
    const puts = sequenceEndpoints([welcome]);
    const { user } = renderWithProviders(<SequenceSection productId="excel-mastery" />);
    expect(await screen.findByLabelText('Subject (e-mail 1)')).toHaveValue('Welcome');
    expect(screen.getByLabelText('Days after purchase (e-mail 1)')).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Add an e-mail' }));
    const days = screen.getByLabelText('Days after purchase (e-mail 2)');
    await user.clear(days);
    await user.type(days, '5');
    await user.type(screen.getByLabelText('Subject (e-mail 2)'), 'How was it?');
    await user.type(screen.getByLabelText('Body in Markdown (e-mail 2)'), 'Tell us what you think.');
    const second = screen.getByRole('group', { name: 'E-mail 2' });
    expect(await within(second).findByText('Rendered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save e-mails after purchase' }));

    expect(await screen.findByText('E-mails after purchase saved: 2 (day 1, day 5).')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        steps: [
          { id: 'welcome1', afterDays: 1, subject: 'Welcome', body: 'Start with chapter 1.' },
          { afterDays: 5, subject: 'How was it?', body: 'Tell us what you think.' },
        ],
      },
    ]);
  });

  it('allows at most 5 e-mails', async () => {
    sequenceEndpoints([]);
    const { user } = renderWithProviders(<SequenceSection productId="excel-mastery" />);
    expect(await screen.findByText('No e-mails after purchase yet.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add an e-mail' });
    for (let step = 0; step < 5; step += 1) await user.click(add);
    expect(screen.getByLabelText('Subject (e-mail 5)')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByText('A sequence has at most 5 e-mails.')).toBeInTheDocument();
  });

  it('removes an e-mail and saves an empty sequence', async () => {
    const puts = sequenceEndpoints([welcome]);
    const { user } = renderWithProviders(<SequenceSection productId="excel-mastery" />);
    await user.click(await screen.findByRole('button', { name: 'Remove e-mail 1' }));
    await user.click(screen.getByRole('button', { name: 'Save e-mails after purchase' }));
    expect(await screen.findByText('E-mails after purchase saved: none will be sent.')).toBeInTheDocument();
    expect(puts).toEqual([{ steps: [] }]);
  });

  it('refuses days that are not a whole number without asking the API, and shows the API’s refusal in words', async () => {
    const puts = sequenceEndpoints([welcome], 'Each e-mail goes at most 365 days after the purchase.');
    const { user } = renderWithProviders(<SequenceSection productId="excel-mastery" />);
    const days = await screen.findByLabelText('Days after purchase (e-mail 1)');
    await user.clear(days);
    await user.type(days, 'two');
    await user.click(screen.getByRole('button', { name: 'Save e-mails after purchase' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Days after the purchase must be a whole number.');
    expect(puts).toEqual([]);

    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Save e-mails after purchase' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mails after purchase were not saved. Each e-mail goes at most 365 days after the purchase.',
    );
  });
});
