// The public certificate check at /certificates/{code} (docs/courses.md), against our API stubbed with msw.
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../../../../src/App';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

describe('/certificates/{code}', () => {
  it('says a known certificate is genuine, with the name, the course, the date and the store', async () => {
    server.use(
      http.get('*/api/certificates/CERT-7Q2X', () =>
        HttpResponse.json({
          code: 'CERT-7Q2X',
          name: 'Ada Obi',
          courseTitle: 'React Web Development Bootcamp',
          completedOn: '2026-12-03',
          storeName: 'Digital Store',
        }),
      ),
    );
    renderWithProviders(<App />, { route: '/certificates/CERT-7Q2X' });
    expect(await screen.findByText('This certificate is genuine')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Certificate check' })).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('React Web Development Bootcamp')).toBeInTheDocument();
    expect(screen.getByText('3 December 2026')).toBeInTheDocument();
    expect(screen.getByText('Digital Store')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Certificate check | Digital Store'));
  });

  it('says no certificate has an unknown code', async () => {
    server.use(
      http.get('*/api/certificates/NOPE', () =>
        HttpResponse.json({ message: 'Unknown certificate.' }, { status: 404 }),
      ),
    );
    renderWithProviders(<App />, { route: '/certificates/NOPE' });
    expect(await screen.findByText('No certificate has this code.')).toBeInTheDocument();
    expect(screen.queryByText('This certificate is genuine')).not.toBeInTheDocument();
  });

  it('says a withdrawn certificate was withdrawn, and shows nothing of it', async () => {
    server.use(
      http.get('*/api/certificates/CERT-GONE', () =>
        HttpResponse.json(
          { message: 'This certificate was withdrawn. The store no longer confirms it.', withdrawn: true },
          { status: 410 },
        ),
      ),
    );
    renderWithProviders(<App />, { route: '/certificates/CERT-GONE' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This certificate was withdrawn. The store no longer confirms it.',
    );
    expect(screen.queryByText('This certificate is genuine')).not.toBeInTheDocument();
    expect(screen.queryByText('Awarded to')).not.toBeInTheDocument();
  });
});
