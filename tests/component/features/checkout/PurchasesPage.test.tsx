import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../../../../src/App';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const sameAnswer =
  'If we have purchases for this e-mail address, their access links are on their way to it and should arrive within a minute. If you do not see them, please check your spam folder.';

function resendEndpoint(respond: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/purchases/resend', async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

function renderPurchasesPage() {
  return renderWithProviders(<App />, { route: '/purchases' });
}

describe('/purchases', () => {
  it('has a labelled e-mail field and a button', async () => {
    renderPurchasesPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your purchases' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByRole('button', { name: 'Send my purchases' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open your library' })).toHaveAttribute('href', '/library');
    await waitFor(() => expect(document.title).toBe('Your purchases | Digital Store'));
  });

  it('asks the API to e-mail the purchases of that address and shows its answer', async () => {
    const bodies = resendEndpoint(() => HttpResponse.json({ message: sameAnswer }));
    const { user } = renderPurchasesPage();
    await user.type(await screen.findByLabelText('Email'), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send my purchases' }));
    expect(await screen.findByRole('status')).toHaveTextContent(sameAnswer);
    expect(bodies).toEqual([{ email: 'ada@example.com' }]);
  });

  it('refuses an address that is not one, and sends nothing', async () => {
    const bodies = resendEndpoint(() => HttpResponse.json({ message: sameAnswer }));
    const { user } = renderPurchasesPage();
    await user.type(await screen.findByLabelText('Email'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send my purchases' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it('shows the API’s reason when it asks the visitor to wait, and a general message on failure', async () => {
    let answer = () =>
      HttpResponse.json({ message: 'Too many requests. Please try again in a minute.' }, { status: 429 });
    resendEndpoint(() => answer());
    const { user } = renderPurchasesPage();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send my purchases' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again in a minute.');

    answer = () => HttpResponse.json({ message: 'boom' }, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Send my purchases' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
