import type { CreateOrderActions, OnApproveActions, OnCancelledActions, PayPalScriptOptions } from '@paypal/paypal-js';
import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { usePaystackPayment } from 'react-paystack';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentDialog } from '../../../../src/features/checkout/components/PaymentDialog';
import type { PaymentRequest } from '../../../../src/features/checkout/paymentRequest';
import { alertBackdrop, alertIcon, setupAlerts } from '../../../support/alerts';
import { server } from '../../../support/msw';
import { renderWithProviders } from '../../../support/renderWithProviders';

// The payment libraries are replaced at their module boundary, typed against the real modules: the
// dialog is tested for what it gives them and what it does with their callbacks. Our API is msw.
type InitializePayment = ReturnType<typeof usePaystackPayment>;
type PaystackStart = Parameters<InitializePayment>[0];

const paystack = vi.hoisted(() => ({
  hookConfigs: [] as Array<{ publicKey: string }>,
  starts: [] as PaystackStart[],
  failWith: null as Error | null,
}));

vi.mock(import('react-paystack'), () => ({
  usePaystackPayment: (hookConfig) => {
    paystack.hookConfigs.push(hookConfig);
    return (options) => {
      if (paystack.failWith) throw paystack.failWith;
      paystack.starts.push(options);
    };
  },
}));

type BuyerStep = { kind: 'approve' } | { kind: 'cancel' } | { kind: 'error'; error: Record<string, unknown> };

interface FakePayPal {
  providerOptions: PayPalScriptOptions[];
  script: 'pending' | 'resolved' | 'rejected';
  next: BuyerStep;
  clicksRejected: number;
  errors: Array<Record<string, unknown>>;
}

const paypal = vi.hoisted((): FakePayPal => ({
  providerOptions: [],
  script: 'resolved',
  next: { kind: 'approve' },
  clicksRejected: 0,
  errors: [],
}));

/** Plays what PayPal's SDK does with the buttons' callbacks when the buyer uses them. */
async function playPayPal(props: PayPalButtonsComponentProps) {
  let allowed = true;
  await props.onClick?.({}, { resolve: async () => {}, reject: async () => void (allowed = false) });
  if (!allowed) {
    paypal.clicksRejected += 1;
    return;
  }
  const step = paypal.next;
  if (step.kind === 'cancel') return props.onCancel?.({}, {} as OnCancelledActions);
  if (step.kind === 'error') return props.onError?.(step.error);
  let orderID: string;
  try {
    orderID = await props.createOrder!({ paymentSource: 'paypal' }, {} as CreateOrderActions);
  } catch (error) {
    // The SDK hands a failed createOrder to onError.
    return props.onError?.({ message: error instanceof Error ? error.message : String(error) });
  }
  await props.onApprove!({ orderID, payerID: 'PAYER123' }, {} as OnApproveActions);
}

vi.mock(import('@paypal/react-paypal-js'), () => ({
  PayPalScriptProvider: ({ options, children }) => {
    paypal.providerOptions.push(options);
    return <>{children}</>;
  },
  usePayPalScriptReducer: () => [
    {
      options: { clientId: 'test' },
      isInitial: false,
      isPending: paypal.script === 'pending',
      isRejected: paypal.script === 'rejected',
      isResolved: paypal.script === 'resolved',
    },
    () => {},
  ],
  PayPalButtons: (props) => (
    <button type="button" onClick={() => void playPayPal(props)}>
      PayPal
    </button>
  ),
}));

setupAlerts();

const ngn: PaymentRequest = {
  amount: 7500,
  currency: 'NGN',
  productName: 'Freelance Writing Playbook',
  productId: 'demo-freelance-writing',
};
const usd: PaymentRequest = { ...ngn, amount: 9, currency: 'USD' };

const demoOnly = { paystackPublicKey: '', paypalClientId: '', demo: true };
const withProviders = { paystackPublicKey: 'pk_test_public_123', paypalClientId: 'paypal-client-abc', demo: true };

const buyer = { name: 'Ada Chioma Obi', email: 'ada@example.com', phone: '+234 803 123 4567' };
const customer = { ...buyer, confirmEmail: buyer.email };
const okAnswer = { transactionId: 'demo_x', emailSent: true, accessUrl: 'http://store.test/api/access/token-abc' };

/** What the API's checkout answers (POST /api/checkouts); `amount` set by a test, else the page's price. */
const checkouts = {
  bodies: [] as Array<Record<string, unknown>>,
  amount: null as number | null,
  count: 0,
  split: null as null | { subaccount: string; transactionCharge: number; bearer: 'account' },
};

function answerCheckouts() {
  server.use(
    http.post('*/api/checkouts', async ({ request }) => {
      const body = (await request.json()) as { currency: 'NGN' | 'USD'; provider?: string };
      checkouts.bodies.push(body);
      checkouts.count += 1;
      const id = checkouts.count.toString(16).padStart(20, '0');
      const provider = body.provider ?? (body.currency === 'NGN' ? 'paystack' : 'paypal');
      const prefix = provider === 'demo' ? 'demo' : provider === 'paystack' ? 'ds' : 'pp';
      const amount = checkouts.amount ?? (body.currency === 'NGN' ? 7500 : 9);
      return HttpResponse.json(
        {
          checkoutId: id,
          reference: `${prefix}-${id}`,
          provider,
          amount,
          listPrice: amount,
          discount: 0,
          currency: body.currency,
          expiresAt: '2026-11-22T10:00:00.000Z',
          // The seller's Store settings choose the popup's ways to pay.
          ...(provider === 'paystack' ? { channels: ['card', 'bank_transfer', 'ussd'] } : {}),
          ...(provider === 'paystack' && checkouts.split ? { split: checkouts.split } : {}),
        },
        { status: 201 },
      );
    }),
  );
}

const purchaseSuccessful =
  'Purchase successful! Details and access to the product have been sent to your email. Thanks for your patronage.';

beforeEach(() => {
  paystack.hookConfigs.length = 0;
  paystack.starts.length = 0;
  paystack.failWith = null;
  paypal.providerOptions.length = 0;
  paypal.script = 'resolved';
  paypal.next = { kind: 'approve' };
  paypal.clicksRejected = 0;
  checkouts.bodies.length = 0;
  checkouts.amount = null;
  checkouts.count = 0;
  checkouts.split = null;
  answerCheckouts();
});

function renderDialog(request: PaymentRequest, payments = demoOnly) {
  const onClose = vi.fn();
  const view = renderWithProviders(<PaymentDialog request={request} payments={payments} onClose={onClose} />);
  return { ...view, onClose };
}

/** Our dialog; while a sweetalert2 message is open the page behind it is aria-hidden. */
function paymentDialog() {
  return screen.getByRole('dialog', { name: 'Complete Payment', hidden: true });
}

function field(label: string) {
  return within(paymentDialog()).getByLabelText(label);
}

async function fillForm(user: UserEvent, values: Partial<typeof customer> = {}) {
  const filled = { ...customer, ...values };
  // Pasted rather than typed key by key: the same change events, a fraction of the time.
  for (const [label, value] of [
    ['Full Name', filled.name],
    ['Email', filled.email],
    ['Confirm Email', filled.confirmEmail],
    ['Phone Number', filled.phone],
  ] as const) {
    await user.click(field(label));
    await user.paste(value);
  }
}

/** A sweetalert2 message, found by its title. */
function findAlert(title: string, timeout = 4000) {
  return screen.findByRole('dialog', { name: title }, { timeout });
}

async function dismissAlert(user: UserEvent, title: string) {
  const alert = await findAlert(title);
  await user.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
}

/**
 * The one success screen: the dialog itself, now titled 'Payment complete', naming the address, with no
 * alert on top of it and no dialog still titled 'Complete Payment'.
 */
async function expectPaymentComplete() {
  const dialog = await screen.findByRole('dialog', { name: 'Payment complete' }, { timeout: 4000 });
  expect(within(dialog).getByRole('status')).toHaveTextContent(
    `Payment successful${purchaseSuccessful}Your access link was sent to ada@example.com.`,
  );
  expect(screen.queryByRole('dialog', { name: 'Complete Payment', hidden: true })).toBeNull();
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  return dialog;
}

/** The success screen, once shown. */
function completeDialog() {
  return screen.getByRole('dialog', { name: 'Payment complete' });
}

function recordPosts(url: string, respond: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(url, async ({ request }) => {
      bodies.push(await request.json());
      return respond();
    }),
  );
  return bodies;
}

function expectFormKept() {
  expect(field('Full Name')).toHaveValue(customer.name);
  expect(field('Email')).toHaveValue(customer.email);
  expect(field('Confirm Email')).toHaveValue(customer.confirmEmail);
  expect(field('Phone Number')).toHaveValue(customer.phone);
}

describe('the payment form', () => {
  it('shows the product, the amount and four labelled, required fields of the right types', () => {
    renderDialog(ngn);
    const dialog = screen.getByRole('dialog', { name: 'Complete Payment' });
    expect(within(dialog).getByText('Freelance Writing Playbook')).toBeInTheDocument();
    expect(within(dialog).getByText('₦7,500')).toBeInTheDocument();
    expect(field('Full Name')).toHaveAttribute('type', 'text');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Confirm Email')).toHaveAttribute('type', 'email');
    expect(field('Phone Number')).toHaveAttribute('type', 'tel');
    for (const label of ['Full Name', 'Email', 'Confirm Email', 'Phone Number']) {
      expect(field(label)).toBeRequired();
    }
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(field('Full Name')).toHaveFocus();
  });

  it('says which fields are missing or malformed and sends nothing', async () => {
    const posted = recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
    const { user } = renderDialog(ngn);
    await user.type(field('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    expect(within(paymentDialog()).getByText('Please enter your full name.')).toBeInTheDocument();
    expect(within(paymentDialog()).getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(within(paymentDialog()).getByText('Please confirm your email address.')).toBeInTheDocument();
    expect(within(paymentDialog()).getByText('Please enter your phone number.')).toBeInTheDocument();
    expect(field('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Full Name')).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it("alerts 'Emails do not match!' and keeps what was typed", async () => {
    const posted = recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
    const { user } = renderDialog(ngn);
    await fillForm(user, { confirmEmail: 'ada@example.org' });
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    await dismissAlert(user, 'Emails do not match!');
    expect(field('Confirm Email')).toHaveValue('ada@example.org');
    expect(field('Full Name')).toHaveValue(customer.name);
    expect(posted).toEqual([]);
  });

  it.each([
    [
      'a right-to-left override',
      'Ada \u202Egnp.exe',
      'Full Name contains invisible or control characters that are not allowed. Please retype it.',
    ],
    [
      'a left-to-right isolate',
      'Ada \u2066Obi',
      'Full Name contains invisible or control characters that are not allowed. Please retype it.',
    ],
    // An <input> drops CR and LF itself; U+2028 is the line break it keeps.
    ['a line separator', 'Ada\u2028Bcc: evil@example.com', 'Your name must be on a single line.'],
  ])(
    'refuses a name with %s with the rule’s sentence, keeps the form and sends nothing',
    async (_label, name, sentence) => {
      const posted = recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
      const { user } = renderDialog(ngn);
      await fillForm(user, { name });
      await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
      expect(within(paymentDialog()).getByText(sentence)).toBeInTheDocument();
      expect(field('Full Name')).toHaveAttribute('aria-invalid', 'true');
      expect(field('Full Name')).toHaveAccessibleDescription(sentence);
      expect(field('Full Name')).toHaveValue(name);
      expect(field('Email')).toHaveValue(customer.email);
      expect(field('Phone Number')).toHaveValue(customer.phone);
      expect(posted).toEqual([]);
    },
  );

  it('closes on Cancel and on Escape', async () => {
    const { user, onClose } = renderDialog(ngn);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('says payment is unavailable when neither a provider key nor demo payments are configured', () => {
    renderDialog(usd, { paystackPublicKey: '', paypalClientId: '', demo: false });
    expect(
      screen.getByText('Payment in this currency is not available right now. Please try again later.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /pay/i })).not.toBeInTheDocument();
  });
});

describe('demo payment', () => {
  it.each([
    ['NGN', ngn, 'Complete demo payment of ₦7,500'],
    ['USD', usd, 'Complete demo payment of $9'],
  ] as const)(
    'posts a demo order in %s and shows the purchase and its access link',
    async (currency, request, button) => {
      const posted = recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
      const { user } = renderDialog(request);
      expect(screen.getByText('Demo payment: no money is taken')).toBeVisible();
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: button }));

      await expectPaymentComplete();
      expect(posted).toEqual([
        {
          provider: 'demo',
          reference: expect.stringMatching(/^demo-[0-9a-f]{20}$/),
          productId: 'demo-freelance-writing',
          currency,
          customer,
        },
      ]);
      const link = within(completeDialog()).getByRole('link', { name: 'Open your product' });
      expect(link).toHaveAttribute('href', 'http://store.test/api/access/token-abc');
      expect(link).toHaveAttribute('target', '_blank');
    },
  );

  it('uses a new reference for every payment', async () => {
    const posted = recordPosts('*/api/orders', () =>
      HttpResponse.json({ message: 'This payment reference was already used for another product.' }, { status: 409 }),
    );
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    const references = (posted as Array<{ reference: string }>).map((body) => body.reference);
    expect(references).toHaveLength(2);
    expect(references[0]).not.toBe(references[1]);
  });

  it("says 'Transaction saved, but failed to send email notifications.' and still shows the access link", async () => {
    recordPosts('*/api/orders', () => HttpResponse.json({ ...okAnswer, emailSent: false }));
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment complete' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Payment successfulTransaction saved, but failed to send email notifications.' +
        "We'll keep trying to e-mail your access link to ada@example.com; it is also right here.",
    );
    expect(within(dialog).getByRole('link', { name: 'Open your product' })).toHaveAttribute(
      'href',
      'http://store.test/api/access/token-abc',
    );
  });

  it("says 'Failed to save transaction or send emails.' when the order is not recorded, keeps the form and records the same order on retry", async () => {
    let fail = true;
    const posted = recordPosts('*/api/orders', () =>
      fail
        ? HttpResponse.json({ message: 'Failed to save transaction or send emails.' }, { status: 500 })
        : HttpResponse.json(okAnswer),
    );
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    const alert = await findAlert('Failed to save transaction or send emails.');
    expect(alert).not.toHaveTextContent(/500|status/i);
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    expectFormKept();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectPaymentComplete();
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual(posted[0]);
  });

  it('passes on the API’s advice to retry when the payment provider could not be reached (502)', async () => {
    recordPosts('*/api/orders', () =>
      HttpResponse.json({ message: 'Could not reach the payment provider. Please try again.' }, { status: 502 }),
    );
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    const alert = await findAlert('Failed to save transaction or send emails.');
    expect(alert).toHaveTextContent('Could not reach the payment provider. Please try again.');
    expect(alert).not.toHaveTextContent('502');
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says the store could not be reached when the network fails', async () => {
    server.use(http.post('*/api/orders', () => HttpResponse.error()));
    const { user } = renderDialog(usd);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: /complete demo payment/i }));
    const alert = await findAlert('Failed to save transaction or send emails.');
    expect(alert).toHaveTextContent('The store could not be reached. Check your connection and try again.');
  });
});

describe('Paystack (NGN)', () => {
  async function openPopup(user: UserEvent, values: Partial<typeof customer> = {}) {
    await fillForm(user, values);
    await user.click(await screen.findByRole('button', { name: 'Pay ₦7,500' }));
  }

  it('opens the popup with amount × 100 in NGN, the buyer, a unique reference and the metadata', async () => {
    const { user } = renderDialog(ngn, withProviders);
    expect(screen.queryByText('Demo payment: no money is taken')).not.toBeInTheDocument();
    await openPopup(user);
    expect(paystack.hookConfigs.at(-1)).toEqual({ publicKey: 'pk_test_public_123' });
    expect(paystack.starts).toHaveLength(1);
    const { config } = paystack.starts[0]!;
    expect(config).toEqual({
      email: 'ada@example.com',
      amount: 750000,
      currency: 'NGN',
      firstname: 'Ada',
      lastname: 'Chioma Obi',
      phone: '+234 803 123 4567',
      reference: expect.stringMatching(/^ds-[0-9a-f]{20}$/),
      channels: ['card', 'bank_transfer', 'ussd'],
      onBankTransferConfirmationPending: expect.any(Function),
      metadata: {
        productId: 'demo-freelance-writing',
        checkoutId: expect.stringMatching(/^[0-9a-f]{20}$/),
        customer,
        custom_fields: [{ display_name: 'Product', variable_name: 'product', value: 'Freelance Writing Playbook' }],
      },
    });

    await user.click(screen.getByRole('button', { name: 'Pay ₦7,500' }));
    expect(paystack.starts[1]!.config?.reference).not.toBe(config?.reference);
  });

  it('sends the kept affiliate link with the checkout and opens the popup with the affiliate’s split', async () => {
    localStorage.setItem('affiliateRef', JSON.stringify({ version: 1, code: 'ADA', expiresAt: Date.now() + 60_000 }));
    checkouts.split = { subaccount: 'ACCT_demo1', transactionCharge: 525_000, bearer: 'account' };
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user);
    expect(checkouts.bodies.at(-1)).toMatchObject({ ref: 'ADA' });
    expect(paystack.starts[0]!.config).toMatchObject({
      amount: 750000,
      subaccount: 'ACCT_demo1',
      transaction_charge: 525_000,
      bearer: 'account',
    });
  });

  it('sends no affiliate link once its window has passed', async () => {
    localStorage.setItem('affiliateRef', JSON.stringify({ version: 1, code: 'ADA', expiresAt: Date.now() - 1 }));
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user);
    expect(checkouts.bodies.at(-1)).not.toHaveProperty('ref');
    expect(paystack.starts[0]!.config).not.toHaveProperty('subaccount');
  });

  it('gives the whole name as the first name when it has no space', async () => {
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user, { name: 'Chioma' });
    expect(paystack.starts[0]!.config).toMatchObject({ firstname: 'Chioma' });
    expect(paystack.starts[0]!.config).not.toHaveProperty('lastname', expect.any(String));
  });

  it("alerts 'Emails do not match!' before the popup opens", async () => {
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user, { confirmEmail: 'ada@example.org' });
    await findAlert('Emails do not match!');
    expect(paystack.starts).toEqual([]);
  });

  it("says 'Payment cancelled.' when the popup is closed and keeps the form", async () => {
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user);
    paystack.starts[0]!.onClose?.();
    await dismissAlert(user, 'Payment cancelled.');
    expectFormKept();
    expect(screen.getByRole('button', { name: 'Pay ₦7,500' })).toBeEnabled();
  });

  it("says 'Payment failed: {message}' when the popup cannot start", async () => {
    paystack.failWith = new Error('Invalid transaction parameters');
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user);
    await dismissAlert(user, 'Payment failed: Invalid transaction parameters');
    expectFormKept();
  });

  it("blocks with 'Processing payment...' while the API records the order, then shows 'Payment successful' on the success screen", async () => {
    let answer: (response: Response) => void = () => {};
    const posted = recordPosts('*/api/orders', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user);
    const { config, onSuccess } = paystack.starts[0]!;
    onSuccess?.({ reference: config?.reference, status: 'success', message: 'Approved' });

    const processing = await findAlert('Processing payment...');
    // Not dismissable by a click outside (docs/storefront.md, 'Messages').
    await user.click(alertBackdrop());
    expect(processing).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel', hidden: true })).toBeDisabled();

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      provider: 'paystack',
      reference: config?.reference,
      productId: 'demo-freelance-writing',
      currency: 'NGN',
      customer,
    });
    answer(HttpResponse.json(okAnswer));
    await expectPaymentComplete();
    expect(within(completeDialog()).getByRole('link', { name: 'Open your product' })).toHaveAttribute(
      'href',
      okAnswer.accessUrl,
    );
  });

  it('after a paid popup whose recording failed, retries the same reference without opening the popup again', async () => {
    let fail = true;
    const posted = recordPosts('*/api/orders', () =>
      fail
        ? HttpResponse.json({ message: 'Could not reach the payment provider. Please try again.' }, { status: 502 })
        : HttpResponse.json(okAnswer),
    );
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user);
    paystack.starts[0]!.onSuccess?.({ reference: paystack.starts[0]!.config?.reference });
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    expect(screen.queryByRole('button', { name: 'Pay ₦7,500' })).not.toBeInTheDocument();
    expect(screen.getByText(/do not pay again/i)).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectPaymentComplete();
    expect(paystack.starts).toHaveLength(1);
    expect(posted).toHaveLength(2);
    expect(posted[1]).toEqual(posted[0]);
    expect(posted[0]).toMatchObject({ provider: 'paystack', reference: paystack.starts[0]!.config?.reference });
  });

  it('shows why the API did not accept the payment (402) and lets the buyer pay again', async () => {
    recordPosts('*/api/orders', () =>
      HttpResponse.json({ message: 'The payment was not completed.' }, { status: 402 }),
    );
    const { user } = renderDialog(ngn, withProviders);
    await openPopup(user);
    paystack.starts[0]!.onSuccess?.({ reference: paystack.starts[0]!.config?.reference });
    const alert = await findAlert('Failed to save transaction or send emails.');
    expect(alert).toHaveTextContent('The payment was not completed.');
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    expectFormKept();
    expect(screen.getByRole('button', { name: 'Pay ₦7,500' })).toBeEnabled();
  });
});

describe('PayPal (USD)', () => {
  function recordPayPal(
    create: () => Response = () => HttpResponse.json({ id: 'ORDER-7XY' }),
    capture: () => Response = () => HttpResponse.json(okAnswer),
  ) {
    return {
      created: recordPosts('*/api/paypal/orders', create),
      captured: recordPosts('*/api/paypal/orders/:id/capture', capture),
    };
  }

  async function payWithPayPal(user: UserEvent, values: Partial<typeof customer> = {}) {
    await fillForm(user, values);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
  }

  it('loads the PayPal buttons with the client id in USD', async () => {
    renderDialog(usd, withProviders);
    expect(await screen.findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(paypal.providerOptions.at(-1)).toMatchObject({ clientId: 'paypal-client-abc', currency: 'USD' });
    expect(screen.queryByText('Demo payment: no money is taken')).not.toBeInTheDocument();
  });

  it('creates the order through the API, captures it on approval and shows the purchase', async () => {
    const { created, captured } = recordPayPal();
    let capturedUrl = '';
    server.use(
      http.post('*/api/paypal/orders/:id/capture', async ({ request }) => {
        capturedUrl = new URL(request.url).pathname;
        captured.push(await request.json());
        return HttpResponse.json(okAnswer);
      }),
    );
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    await expectPaymentComplete();
    expect(checkouts.bodies).toEqual([{ productId: 'demo-freelance-writing', currency: 'USD', customer }]);
    expect(created).toEqual([{ checkoutId: expect.stringMatching(/^[0-9a-f]{20}$/) }]);
    expect(capturedUrl).toBe('/api/paypal/orders/ORDER-7XY/capture');
    expect(captured).toEqual([{ productId: 'demo-freelance-writing', customer }]);
    expect(within(completeDialog()).getByRole('link', { name: 'Open your product' })).toHaveAttribute(
      'href',
      okAnswer.accessUrl,
    );
  });

  it("alerts 'Emails do not match!' and creates no order when the addresses differ", async () => {
    const { created } = recordPayPal();
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user, { confirmEmail: 'ada@example.org' });
    await dismissAlert(user, 'Emails do not match!');
    expect(paypal.clicksRejected).toBe(1);
    expect(created).toEqual([]);
    expect(field('Confirm Email')).toHaveValue('ada@example.org');
  });

  it("shows the API's refusal of the order ('Emails do not match!') once, not as a PayPal error", async () => {
    recordPayPal(() => HttpResponse.json({ message: 'Emails do not match!' }, { status: 400 }));
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    await dismissAlert(user, 'Emails do not match!');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog', { name: /PayPal error/ })).not.toBeInTheDocument();
    expectFormKept();
  });

  it('says the store could not be reached when the order cannot be created, once', async () => {
    server.use(http.post('*/api/paypal/orders', () => HttpResponse.error()));
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    await dismissAlert(user, 'PayPal error: The store could not be reached. Check your connection and try again.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog', { name: /PayPal error|unknown error/ })).not.toBeInTheDocument();
    expectFormKept();
  });

  it("says 'PayPal payment failed: {message}' when the capture is refused", async () => {
    recordPayPal(undefined, () =>
      HttpResponse.json({ message: 'The payment was declined by PayPal.' }, { status: 402 }),
    );
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    await dismissAlert(user, 'PayPal payment failed: The payment was declined by PayPal.');
    expectFormKept();
  });

  it("says 'Failed to save transaction or send emails.' when the captured payment is not recorded", async () => {
    recordPayPal(undefined, () =>
      HttpResponse.json({ message: 'Failed to save transaction or send emails.' }, { status: 500 }),
    );
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says 'PayPal error: {message}' for an error from PayPal", async () => {
    paypal.next = { kind: 'error', error: { message: 'Window closed unexpectedly' } };
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    await dismissAlert(user, 'PayPal error: Window closed unexpectedly');
    expectFormKept();
  });

  it("says 'An unknown error occurred.' for an error without a message", async () => {
    paypal.next = { kind: 'error', error: {} };
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    await dismissAlert(user, 'An unknown error occurred.');
  });

  it("says 'PayPal payment cancelled.' as information when the buyer cancels", async () => {
    paypal.next = { kind: 'cancel' };
    const { user } = renderDialog(usd, withProviders);
    await payWithPayPal(user);
    const alert = await findAlert('PayPal payment cancelled.');
    expect(alertIcon(alert, 'info')).toHaveStyle({ display: 'flex' });
    await dismissAlert(user, 'PayPal payment cancelled.');
    expectFormKept();
  });

  it("says 'Failed to load the PayPal JS SDK script.' when the script cannot load", async () => {
    paypal.script = 'rejected';
    renderDialog(usd, withProviders);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the PayPal JS SDK script.');
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('says PayPal is loading while the script loads', async () => {
    paypal.script = 'pending';
    renderDialog(usd, withProviders);
    expect(await screen.findByText('Loading PayPal...')).toBeInTheDocument();
  });
});

describe('the checkout sets the price', () => {
  it('asks the API for a checkout of the product in the currency, naming the demo payment only', async () => {
    recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' }));
    await expectPaymentComplete();
    expect(checkouts.bodies).toEqual([
      { productId: 'demo-freelance-writing', currency: 'NGN', customer, provider: 'demo' },
    ]);
  });

  it('says the price changed before a demo payment, and pays the new price when Pay is pressed again', async () => {
    checkouts.amount = 8000;
    const posted = recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' }));

    const notice = await within(paymentDialog()).findByRole('alert');
    expect(notice).toHaveTextContent('The price of this product has changed to ₦8,000.');
    expect(notice).toHaveTextContent('Press Pay again to pay the new price.');
    expect(within(paymentDialog()).getByText('₦8,000')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦8,000' }));
    await expectPaymentComplete();
    expect(checkouts.bodies).toHaveLength(2);
    expect(posted).toEqual([expect.objectContaining({ provider: 'demo', reference: `demo-${'2'.padStart(20, '0')}` })]);
  });

  it('opens the Paystack popup only once the buyer has seen the new price, for the checkout amount', async () => {
    checkouts.amount = 6000;
    const { user } = renderDialog(ngn, withProviders);
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'Pay ₦7,500' }));
    expect(await within(paymentDialog()).findByRole('alert')).toHaveTextContent(
      'The price of this product has changed to ₦6,000.',
    );
    expect(paystack.starts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay ₦6,000' }));
    await waitFor(() => expect(paystack.starts).toHaveLength(1));
    expect(paystack.starts[0]!.config).toMatchObject({ amount: 600000, reference: `ds-${'2'.padStart(20, '0')}` });
  });

  it('creates no PayPal order until the buyer has seen the new price', async () => {
    checkouts.amount = 12;
    const created = recordPosts('*/api/paypal/orders', () => HttpResponse.json({ id: 'ORDER-NEW' }));
    recordPosts('*/api/paypal/orders/:id/capture', () => HttpResponse.json(okAnswer));
    const { user } = renderDialog(usd, withProviders);
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await within(paymentDialog()).findByRole('alert')).toHaveTextContent(
      'The price of this product has changed to $12.',
    );
    expect(created).toEqual([]);
    expect(screen.queryByRole('dialog', { name: /PayPal error|unknown error/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await expectPaymentComplete();
    expect(created).toEqual([{ checkoutId: '2'.padStart(20, '0') }]);
  });

  it('says the product is no longer available when the checkout finds it deleted, and offers no payment', async () => {
    server.use(
      http.post('*/api/checkouts', () =>
        HttpResponse.json({ message: 'This product is no longer available.' }, { status: 404 }),
      ),
    );
    const { user } = renderDialog(ngn, withProviders);
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'Pay ₦7,500' }));
    expect(await within(paymentDialog()).findByRole('alert')).toHaveTextContent('This product is no longer available.');
    expect(paystack.starts).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it("shows the API's refusal of the checkout as its own sentence", async () => {
    server.use(
      http.post('*/api/checkouts', () =>
        HttpResponse.json(
          { message: 'Too many payment attempts. Please wait a minute and try again.' },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' }));
    await dismissAlert(user, 'Too many payment attempts. Please wait a minute and try again.');
    expectFormKept();
  });

  it('says the payment was received and the seller will contact the buyer when the order needs attention', async () => {
    const received =
      'Your payment was received, but your order could not be completed automatically. The seller has been told and will contact you at ada@example.com to send your product or refund you.';
    recordPosts('*/api/orders', () => HttpResponse.json({ paymentIssue: true, message: received }, { status: 202 }));
    const { user } = renderDialog(ngn, withProviders);
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'Pay ₦7,500' }));
    await waitFor(() => expect(paystack.starts).toHaveLength(1));
    paystack.starts[0]!.onSuccess?.({ reference: paystack.starts[0]!.config?.reference });

    const alert = await findAlert('Payment received');
    expect(alert).toHaveTextContent(received);
    expect(alertIcon(alert, 'info')).toHaveStyle({ display: 'flex' });
    await dismissAlert(user, 'Payment received');
    const dialog = paymentDialog();
    expect(within(dialog).getByRole('status')).toHaveTextContent(received);
    expect(within(dialog).queryByRole('link', { name: 'Open your product' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('says the same for a PayPal payment that needs attention', async () => {
    const received = 'Your payment was received, but your order could not be completed automatically.';
    recordPosts('*/api/paypal/orders', () => HttpResponse.json({ id: 'ORDER-ISSUE' }));
    recordPosts('*/api/paypal/orders/:id/capture', () =>
      HttpResponse.json({ paymentIssue: true, message: received }, { status: 202 }),
    );
    const { user } = renderDialog(usd, withProviders);
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    await dismissAlert(user, 'Payment received');
    expect(within(paymentDialog()).getByRole('status')).toHaveTextContent(received);
  });
});

describe('discount codes', () => {
  /** The API's quote: SPRING takes 15% off, FREE100 everything; others are refused with `refusal`. */
  const quotes = { bodies: [] as Array<Record<string, unknown>>, refusal: 'No such code.', fail: false };

  function answerQuotes() {
    quotes.bodies.length = 0;
    quotes.refusal = 'No such code.';
    quotes.fail = false;
    server.use(
      http.post('*/api/checkouts/quote', async ({ request }) => {
        const body = (await request.json()) as { code: string; currency: 'NGN' | 'USD' };
        quotes.bodies.push(body);
        if (quotes.fail) return HttpResponse.error();
        const list = body.currency === 'NGN' ? 7500 : 9;
        if (body.code === 'SPRING') {
          const discount = body.currency === 'NGN' ? 1125 : 1.35;
          return HttpResponse.json({
            code: 'SPRING',
            currency: body.currency,
            listPrice: list,
            discount,
            amount: body.currency === 'NGN' ? 6375 : 7.65,
          });
        }
        if (body.code === 'FREE100') {
          return HttpResponse.json({
            code: 'FREE100',
            currency: body.currency,
            listPrice: list,
            discount: list,
            amount: 0,
          });
        }
        return HttpResponse.json({ message: quotes.refusal }, { status: 400 });
      }),
      http.post('*/api/checkouts', async ({ request }) => {
        const body = (await request.json()) as { currency: 'NGN' | 'USD'; code?: string; provider?: string };
        checkouts.bodies.push(body);
        checkouts.count += 1;
        const id = checkouts.count.toString(16).padStart(20, '0');
        const free = body.code === 'FREE100';
        const provider = free ? 'free' : (body.provider ?? 'paystack');
        const prefix = provider === 'free' ? 'free' : provider === 'demo' ? 'demo' : 'ds';
        return HttpResponse.json(
          {
            checkoutId: id,
            reference: `${prefix}-${id}`,
            provider,
            amount: free ? 0 : body.code === 'SPRING' ? 6375 : 7500,
            listPrice: 7500,
            discount: free ? 7500 : body.code === 'SPRING' ? 1125 : 0,
            ...(body.code ? { code: body.code } : {}),
            currency: body.currency,
            expiresAt: '2026-11-22T10:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
  }

  beforeEach(answerQuotes);

  async function applyCode(user: UserEvent, code: string) {
    await user.click(field('Discount code'));
    await user.paste(code);
    await user.click(within(paymentDialog()).getByRole('button', { name: 'Apply' }));
  }

  it('has a labelled Discount code field with Apply', () => {
    renderDialog(ngn);
    expect(field('Discount code')).toHaveAttribute('type', 'text');
    expect(field('Discount code')).not.toBeRequired();
    expect(within(paymentDialog()).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('shows the list price struck through and the new price for a valid code, and pays with the code', async () => {
    const posted = recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
    const { user } = renderDialog(ngn);
    await applyCode(user, 'spring');

    const dialog = paymentDialog();
    expect(await within(dialog).findByText('Code SPRING applied: ₦1,125 off.')).toBeInTheDocument();
    const struck = within(dialog).getByRole('deletion');
    expect(struck).toHaveTextContent('List price ₦7,500');
    expect(within(dialog).getByText('₦6,375')).toBeInTheDocument();
    expect(quotes.bodies).toEqual([{ productId: 'demo-freelance-writing', currency: 'NGN', code: 'SPRING' }]);

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦6,375' }));
    await expectPaymentComplete();
    expect(checkouts.bodies).toEqual([
      { productId: 'demo-freelance-writing', currency: 'NGN', customer, provider: 'demo', code: 'SPRING' },
    ]);
    expect(posted).toHaveLength(1);
  });

  it.each([
    'This code has expired.',
    'This code does not apply to this product.',
    'This code has been used up.',
    'This code has already been used with this e-mail address.',
    'No such code.',
    'This code is not available right now.',
    'This code is not valid yet.',
  ])('says why a code cannot be used: %s', async (reason) => {
    quotes.refusal = reason;
    const { user } = renderDialog(ngn);
    await applyCode(user, 'WINTER');
    const dialog = paymentDialog();
    expect(await within(dialog).findByText(reason)).toBeInTheDocument();
    expect(field('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Discount code')).toHaveAccessibleDescription(reason);
    expect(within(dialog).queryByRole('deletion')).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' })).toBeInTheDocument();
  });

  it('asks for a code when Apply is pressed on an empty field, asking the API nothing', async () => {
    const { user } = renderDialog(ngn);
    await user.click(within(paymentDialog()).getByRole('button', { name: 'Apply' }));
    expect(await within(paymentDialog()).findByText('Please enter a code.')).toBeInTheDocument();
    expect(quotes.bodies).toEqual([]);
  });

  it('says the code could not be checked when the store cannot be reached', async () => {
    quotes.fail = true;
    const { user } = renderDialog(ngn);
    await applyCode(user, 'SPRING');
    expect(
      await within(paymentDialog()).findByText('The code could not be checked. Check your connection and try again.'),
    ).toBeInTheDocument();
  });

  it('sends the typed e-mail address with the code, for codes that are once per address', async () => {
    const { user } = renderDialog(ngn);
    await fillForm(user);
    await applyCode(user, 'SPRING');
    await within(paymentDialog()).findByText('Code SPRING applied: ₦1,125 off.');
    expect(quotes.bodies).toEqual([
      { productId: 'demo-freelance-writing', currency: 'NGN', code: 'SPRING', email: customer.email },
    ]);
  });

  it('goes back to the full price when the code is removed', async () => {
    const { user } = renderDialog(ngn);
    await applyCode(user, 'SPRING');
    await within(paymentDialog()).findByText('Code SPRING applied: ₦1,125 off.');
    await user.click(within(paymentDialog()).getByRole('button', { name: 'Remove' }));
    expect(field('Discount code')).toHaveValue('');
    expect(within(paymentDialog()).queryByRole('deletion')).toBeNull();
    expect(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' })).toBeInTheDocument();
  });

  it('opens with the code of the link (?code=) applied', async () => {
    renderDialog({ ...ngn, code: 'SPRING' });
    expect(await within(paymentDialog()).findByText('Code SPRING applied: ₦1,125 off.')).toBeInTheDocument();
    expect(field('Discount code')).toHaveValue('SPRING');
    expect(screen.getByRole('button', { name: 'Complete demo payment of ₦6,375' })).toBeInTheDocument();
  });

  it("offers 'Get it free' for a code that leaves nothing to pay, and completes without a provider", async () => {
    const posted = recordPosts('*/api/orders', () => HttpResponse.json({ ...okAnswer, transactionId: 'free_x' }));
    const { user } = renderDialog(ngn, withProviders);
    await applyCode(user, 'FREE100');
    const free = await within(paymentDialog()).findByRole('button', { name: 'Get it free' });
    expect(within(paymentDialog()).getByText('₦0')).toBeInTheDocument();
    expect(within(paymentDialog()).queryByRole('button', { name: /^Pay / })).toBeNull();
    await fillForm(user);
    await user.click(free);
    await expectPaymentComplete();
    expect(paystack.starts).toEqual([]);
    expect(posted).toEqual([
      {
        provider: 'free',
        reference: expect.stringMatching(/^free-[0-9a-f]{20}$/),
        productId: 'demo-freelance-writing',
        currency: 'NGN',
        customer,
      },
    ]);
    expect(within(completeDialog()).getByRole('link', { name: 'Open your product' })).toBeInTheDocument();
  });

  it('says in its own words when the API refuses to complete a free order, and keeps the form', async () => {
    const alreadyHad =
      'This e-mail address has already had this product free. Your link is in your e-mail, or ask for it again on the My purchases page.';
    const posted = recordPosts('*/api/orders', () => HttpResponse.json({ message: alreadyHad }, { status: 409 }));
    const { user } = renderDialog(ngn, withProviders);
    await applyCode(user, 'FREE100');
    const free = await within(paymentDialog()).findByRole('button', { name: 'Get it free' });
    await fillForm(user);
    await user.click(free);
    await dismissAlert(user, alreadyHad);
    expect(screen.queryByRole('dialog', { name: 'Failed to save transaction or send emails.' })).toBeNull();
    expect(posted).toHaveLength(1);
    expect(within(paymentDialog()).getByRole('button', { name: 'Get it free' })).toBeInTheDocument();
    expect(field('Email')).toHaveValue(customer.email);
    expect(within(paymentDialog()).queryByRole('link', { name: 'Open your product' })).toBeNull();
  });

  it('says at the code field when the code stopped working before paying, and shows the full price again', async () => {
    const posted = recordPosts('*/api/orders', () => HttpResponse.json(okAnswer));
    server.use(
      http.post('*/api/checkouts', () =>
        HttpResponse.json({ message: 'This code has been used up.' }, { status: 400 }),
      ),
    );
    const { user } = renderDialog(ngn);
    await applyCode(user, 'SPRING');
    await within(paymentDialog()).findByText('Code SPRING applied: ₦1,125 off.');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦6,375' }));
    expect(await within(paymentDialog()).findByText('This code has been used up.')).toBeInTheDocument();
    expect(field('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' })).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('resumes the checkout of the reminder’s link (?checkout=) on the first Pay only', async () => {
    recordPosts('*/api/orders', () => HttpResponse.json({ message: 'Not this time.' }, { status: 409 }));
    const { user } = renderDialog({ ...ngn, checkoutId: 'abcdef0123456789abcd' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' }));
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    await user.click(screen.getByRole('button', { name: 'Complete demo payment of ₦7,500' }));
    await dismissAlert(user, 'Failed to save transaction or send emails.');
    expect(checkouts.bodies.map((body) => body.checkoutId)).toEqual(['abcdef0123456789abcd', undefined]);
  });
});

describe('one checkout at a time', () => {
  it('ignores a second Pay while the checkout of the first is being made', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('*/api/checkouts', async ({ request }) => {
        checkouts.bodies.push((await request.json()) as Record<string, unknown>);
        await held;
        return HttpResponse.json(
          {
            checkoutId: '1'.padStart(20, '0'),
            reference: `ds-${'1'.padStart(20, '0')}`,
            provider: 'paystack',
            amount: 7500,
            listPrice: 7500,
            discount: 0,
            currency: 'NGN',
            expiresAt: '2026-11-22T10:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    const { user } = renderDialog(ngn, withProviders);
    await fillForm(user);
    const pay = await screen.findByRole('button', { name: 'Pay ₦7,500' });
    await user.click(pay);
    await waitFor(() => expect(checkouts.bodies).toHaveLength(1));
    await user.click(pay);
    answer();
    await waitFor(() => expect(paystack.starts).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(checkouts.bodies).toHaveLength(1);
    expect(paystack.starts).toHaveLength(1);
  });
});
