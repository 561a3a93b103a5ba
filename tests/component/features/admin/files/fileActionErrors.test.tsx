// The attached files' actions refused by our API (msw) or the connection (docs/admin.md, 'Saves'): the
// seller reads a sentence where 'Name saved.' would have been, never the raw failure.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliverableFilesSection } from '../../../../../src/features/admin/files/DeliverableFilesSection';
import { server } from '../../../../support/msw';
import { fetchDeliverables, resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';
import { renderWithProviders } from '../../../../support/renderWithProviders';

vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

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
        storagePath: 'deliverables/p1/f-book',
        order: 0,
      },
    ],
    stampPdf: true,
    downloadLimit: null,
    expiryDays: null,
  });
});

describe("a file's refused rename", () => {
  it.each([
    {
      when: 'the API fails without a sentence',
      respond: () => new HttpResponse(null, { status: 500 }),
      said: 'Something went wrong. Please try again.',
    },
    {
      when: 'the API refuses with its own sentence',
      respond: () => HttpResponse.json({ message: 'A file name is at most 120 characters.' }, { status: 400 }),
      said: 'A file name is at most 120 characters.',
    },
    {
      when: 'the connection drops',
      respond: () => HttpResponse.error(),
      said: 'The store could not be reached. Check your connection and try again.',
    },
  ])('is said in words when $when, and the name is not said to be saved', async ({ respond, said }) => {
    server.use(http.patch('*/api/admin/products/p1/files/f-book', respond));
    const user = userEvent.setup();
    renderWithProviders(<DeliverableFilesSection productId="p1" />);
    const name = await screen.findByLabelText('Name shown to buyers');
    await user.clear(name);
    await user.type(name, 'Renamed.pdf');
    await user.click(screen.getByRole('button', { name: 'Save the name of The Book.pdf' }));
    expect(await screen.findByText(said)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/Request failed|Failed to fetch|status 500/)).not.toBeInTheDocument();
    expect(screen.queryByText('Name saved.')).not.toBeInTheDocument();
  });
});
