import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { App } from '../../../../src/App';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

/**
 * The affiliate API as the join page meets it, recording what is sent: signed in as ada@example.com
 * unless `signedIn` is false (then the library's sign-in endpoints sign in), with no application yet
 * unless `applied`.
 */
function joinEndpoints({ signedIn = true, applied = false } = {}) {
  const applications: unknown[] = [];
  const signIns: unknown[] = [];
  let session = signedIn;
  server.use(
    http.get('*/api/affiliates/applicant', () =>
      session
        ? HttpResponse.json({ email: 'ada@example.com', applied })
        : HttpResponse.json(
            { message: 'Please sign in with your e-mail address first: we e-mail you a code.' },
            { status: 401 },
          ),
    ),
    http.post('*/api/library/sign-in', async ({ request }) => {
      signIns.push(await request.json());
      return HttpResponse.json({ message: 'A 6-digit code is on its way.' });
    }),
    http.post('*/api/library/sign-in/code', async ({ request }) => {
      signIns.push(await request.json());
      session = true;
      return HttpResponse.json({ email: 'ada@example.com' });
    }),
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
  return { applications, signIns };
}

describe('the affiliate join page', () => {
  it('shows the account name Paystack resolved, and applies with the bank once it is confirmed', async () => {
    const { applications } = joinEndpoints();
    const { user } = renderWithProviders(<App />, { route: '/affiliates' });
    expect(await screen.findByRole('heading', { name: 'Become an affiliate' })).toBeInTheDocument();
    expect(await screen.findByText('Earn 30% of every sale your links bring within 30 days.')).toBeInTheDocument();
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail address')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
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
        phone: '+234 803 555 0101',
        promotion: 'My WhatsApp group of 2,000 writers.',
        payout: { kind: 'bank', bankCode: '058', accountNumber: '0123456789' },
      },
    ]);
  });

  it('refuses to apply with a bank account that was not checked', async () => {
    const { applications } = joinEndpoints();
    const { user } = renderWithProviders(<App />, { route: '/affiliates' });
    await user.type(await screen.findByLabelText('Full name'), 'Ada Obi');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check your account so you can confirm its name.');
    expect(applications).toEqual([]);
  });

  it('asks a visitor to sign in with the mailed code before showing the application', async () => {
    const { applications, signIns } = joinEndpoints({ signedIn: false });
    const { user } = renderWithProviders(<App />, { route: '/affiliates' });
    expect(
      await screen.findByText('To apply, sign in with your e-mail address; we e-mail you a code.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('6-digit code from the e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByLabelText('Full name')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(signIns).toEqual([{ email: 'ada@example.com' }, { email: 'ada@example.com', code: '123456' }]);
    expect(applications).toEqual([]);
  });

  it('refuses a name with a direction override, in the store’s words, and sends nothing', async () => {
    const { applications } = joinEndpoints();
    const { user } = renderWithProviders(<App />, { route: '/affiliates' });
    await user.click(await screen.findByLabelText('Full name'));
    await user.paste('Ada \u202eibO');
    await user.click(screen.getByRole('radio', { name: 'Dollars, to my PayPal account' }));
    await user.type(screen.getByLabelText('PayPal e-mail address'), 'ada.pay@example.com');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Full name contains invisible or control characters that are not allowed. Please retype it.',
    );
    expect(applications).toEqual([]);
  });

  it('tells a signed-in address that has applied already where its page is, instead of the form', async () => {
    joinEndpoints({ applied: true });
    renderWithProviders(<App />, { route: '/affiliates' });
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent === 'ada@example.com has already applied. Open your affiliate page.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });
});
