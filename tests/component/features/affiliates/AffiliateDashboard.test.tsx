import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AffiliatePageAnswer } from '../../../../domain/affiliates';
import { App } from '../../../../src/App';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

const page: AffiliatePageAnswer = {
  code: 'ADA',
  name: 'Ada Obi',
  status: 'approved',
  payout: { kind: 'bank', bankName: 'Guaranty Trust Bank', last4: '6789' },
  percent: 30,
  clicks: 12,
  sales: [
    {
      transactionId: 'demo_1',
      productName: 'Freelance Writing Playbook',
      paidAt: '2026-11-22T09:00:05.000Z',
      currency: 'NGN',
      amountMinor: 750_000,
      commissionMinor: 225_000,
      status: 'split',
    },
  ],
  totals: { NGN: { split: 225_000 }, USD: { payable: 270 } },
  products: [{ id: 'demo-freelance-writing', title: 'Freelance Writing Playbook' }],
};

describe('the affiliate’s own page', () => {
  it('asks for the mailed code, then shows clicks, sales, totals and a link per product', async () => {
    let signedIn = false;
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/affiliates/me', () =>
        signedIn
          ? HttpResponse.json(page)
          : HttpResponse.json({ message: 'Please sign in with the e-mail address you applied with.' }, { status: 401 }),
      ),
      http.post('*/api/library/sign-in', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'A 6-digit code is on its way.' });
      }),
      http.post('*/api/library/sign-in/code', async ({ request }) => {
        bodies.push(await request.json());
        signedIn = true;
        return HttpResponse.json({ email: 'ada@demo.store' });
      }),
    );
    const { user } = renderWithProviders(<App />, { route: '/affiliates/me' });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@demo.store');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('6-digit code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === 'P' && element.textContent === 'Code ADA · 30% commission · 12 clicks',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Paid to your Guaranty Trust Bank account ending 6789.')).toBeInTheDocument();
    expect(screen.getByText('NGN: Paid by Paystack split ₦2,250')).toBeInTheDocument();
    expect(screen.getByText('USD: Payable $2.70')).toBeInTheDocument();
    expect(screen.getByText('2026-11-22 · ₦7,500 · commission ₦2,250 · Paid by Paystack split')).toBeInTheDocument();
    expect(
      screen.getByText(
        `Freelance Writing Playbook: ${window.location.origin}/productdetail/demo-freelance-writing?ref=ADA`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the link to Freelance Writing Playbook' })).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ada@demo.store' }, { email: 'ada@demo.store', code: '123456' }]);
  });

  it('asks for no code when only a link was mailed, and says to come back after using it', async () => {
    const linkOnly =
      'Too many wrong codes were typed for this address today, so there is no code this time. If this address is right, a sign-in link is on its way to it instead: open it within 10 minutes to sign in.';
    server.use(
      http.get('*/api/affiliates/me', () =>
        HttpResponse.json({ message: 'Please sign in with the e-mail address you applied with.' }, { status: 401 }),
      ),
      http.post('*/api/library/sign-in', () => HttpResponse.json({ message: linkOnly, linkOnly: true })),
    );
    const { user } = renderWithProviders(<App />, { route: '/affiliates/me' });
    await user.type(await screen.findByLabelText('E-mail address'), 'ada@demo.store');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('status')).toHaveTextContent(linkOnly);
    expect(screen.getByText('Once the link has signed you in, come back to this page.')).toBeInTheDocument();
    expect(screen.queryByLabelText('6-digit code from the e-mail')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
  });

  it('shows a PayPal payout by its address', async () => {
    server.use(
      http.get('*/api/affiliates/me', () =>
        HttpResponse.json({ ...page, payout: { kind: 'paypal', paypalEmail: 'ada.pay@example.com' } }),
      ),
    );
    renderWithProviders(<App />, { route: '/affiliates/me' });
    expect(await screen.findByText('Paid to your PayPal account ada.pay@example.com.')).toBeInTheDocument();
    expect(screen.queryByText(/account ending/)).not.toBeInTheDocument();
  });
});
