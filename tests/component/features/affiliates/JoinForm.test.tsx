import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../../../../src/App';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

/** The affiliate API as the join page meets it, recording what is sent. */
function joinEndpoints() {
  const applications: unknown[] = [];
  server.use(
    http.get('*/api/affiliates/program', () => HttpResponse.json({ on: true, percent: 30, windowDays: 30 })),
    http.get('*/api/affiliates/banks', () =>
      HttpResponse.json({
        banks: [
          { code: '044', name: 'Access Bank' },
          { code: '058', name: 'Guaranty Trust Bank' },
        ],
      }),
    ),
    http.post('*/api/affiliates/resolve-account', async ({ request }) => {
      const body = (await request.json()) as { accountNumber: string };
      return body.accountNumber === '0000000000'
        ? HttpResponse.json(
            { message: 'Paystack could not find this account. Please check the bank and the account number.' },
            { status: 400 },
          )
        : HttpResponse.json({ accountName: 'ADA OBI' });
    }),
    http.post('*/api/affiliates/apply', async ({ request }) => {
      applications.push(await request.json());
      return HttpResponse.json(
        {
          code: 'ADA123',
          status: 'pending',
          message: 'Thank you. We have e-mailed you, and will again when the seller approves your application.',
        },
        { status: 201 },
      );
    }),
  );
  return { applications };
}

describe('the affiliate join page', () => {
  it('shows the account name Paystack resolved, and applies with the bank once it is confirmed', async () => {
    const { applications } = joinEndpoints();
    const { user } = renderWithProviders(<App />, { route: '/affiliates' });
    expect(await screen.findByRole('heading', { name: 'Become an affiliate' })).toBeInTheDocument();
    expect(await screen.findByText('Earn 30% of every sale your links bring within 30 days.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Phone number'), '+234 803 555 0101');
    await user.type(screen.getByLabelText('How will you promote the products?'), 'My WhatsApp group of 2,000 writers.');
    await screen.findByRole('option', { name: 'Guaranty Trust Bank' });
    await user.selectOptions(screen.getByLabelText('Bank'), '058');
    await user.type(screen.getByLabelText('Account number'), '0000000000');
    await user.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Paystack could not find this account. Please check the bank and the account number.',
    );
    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), '0123456789');
    await user.click(screen.getByRole('button', { name: 'Check account' }));
    expect(await screen.findByText('Account name: ADA OBI. Is this you?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, apply' }));
    expect(
      await screen.findByText(
        'Thank you. We have e-mailed you, and will again when the seller approves your application.',
      ),
    ).toBeInTheDocument();
    expect(applications).toEqual([
      {
        name: 'Ada Obi',
        email: 'ada@example.com',
        phone: '+234 803 555 0101',
        promotion: 'My WhatsApp group of 2,000 writers.',
        payout: { kind: 'bank', bankCode: '058', accountNumber: '0123456789' },
      },
    ]);
  });

  it('refuses to apply with a bank account that was not checked', async () => {
    const { applications } = joinEndpoints();
    const { user } = renderWithProviders(<App />, { route: '/affiliates' });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check your account so you can confirm its name.');
    expect(applications).toEqual([]);
  });
});
