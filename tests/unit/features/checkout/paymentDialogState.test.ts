import { describe, expect, it } from 'vitest';
import {
  dialogReducer,
  initialDialogState,
  isRecording,
  retryOffer,
  type DialogAction,
  type DialogState,
  type RecordOrder,
} from '../../../../src/features/checkout/paymentDialogState';

const opened = initialDialogState({ amount: 7500 });

function run(state: DialogState, ...actions: DialogAction[]): DialogState {
  return actions.reduce(dialogReducer, state);
}

const record: RecordOrder = async () => ({ transactionId: 'demo_x', emailSent: true, accessUrl: '/api/access/a' });
const spring = { code: 'SPRING', listPrice: 7500, discount: 1125, amount: 6375 };

describe('the dialog as it opens', () => {
  it('is editing an empty form at the page’s price', () => {
    expect(opened).toEqual({
      phase: { kind: 'editing' },
      customer: { name: '', email: '', confirmEmail: '', phone: '' },
      fieldErrors: {},
      pageAmount: 7500,
      amount: 7500,
      notice: null,
      code: { input: '', error: null, applied: null, checking: false },
      resumeCheckoutId: undefined,
    });
  });

  it('holds the link’s code in the field and the reminder’s checkout to resume', () => {
    const state = initialDialogState({ amount: 9, code: 'SPRING', checkoutId: 'abcdef0123456789abcd' });
    expect(state.code).toEqual({ input: 'SPRING', error: null, applied: null, checking: false });
    expect(state.resumeCheckoutId).toBe('abcdef0123456789abcd');
    expect(state.amount).toBe(9);
  });
});

describe('the form', () => {
  it('keeps what is typed and clears that field’s error only', () => {
    const checked = run(opened, {
      type: 'fieldsChecked',
      errors: { name: 'Please enter your full name.', phone: 'Please enter your phone number.' },
    });
    const state = run(checked, { type: 'fieldChanged', field: 'name', value: 'Ada' });
    expect(state.customer).toEqual({ name: 'Ada', email: '', confirmEmail: '', phone: '' });
    expect(state.fieldErrors).toEqual({ phone: 'Please enter your phone number.' });
    expect(state.phase).toEqual({ kind: 'editing' });
  });

  it('replaces the errors with those of the latest check', () => {
    const state = run(
      opened,
      { type: 'fieldsChecked', errors: { name: 'Please enter your full name.' } },
      { type: 'fieldsChecked', errors: {} },
    );
    expect(state.fieldErrors).toEqual({});
  });
});

describe('the discount code', () => {
  it('clears the error as the buyer types', () => {
    const state = run(opened, { type: 'codeMissing' }, { type: 'codeTyped', value: 'spr' });
    expect(state.code).toEqual({ input: 'spr', error: null, applied: null, checking: false });
  });

  it('asks for a code when there is none', () => {
    expect(run(opened, { type: 'codeMissing' }).code.error).toBe('Please enter a code.');
  });

  it('while checking, clears the error and the notice', () => {
    const withNotice = run(opened, { type: 'checkoutStarted' }, { type: 'productGone', text: 'Gone.' });
    const state = run(withNotice, { type: 'codeTyped', value: 'SPRING' }, { type: 'codeChecking' });
    expect(state.notice).toBeNull();
    expect(state.code).toEqual({ input: 'SPRING', error: null, applied: null, checking: true });
  });

  it('shows the price the code gives', () => {
    // The API's whole quote: only the price parts are kept.
    const quote = { ...spring, currency: 'NGN' as const };
    const state = run(
      opened,
      { type: 'codeTyped', value: 'spring' },
      { type: 'codeChecking' },
      { type: 'codeApplied', quote },
    );
    expect(state.amount).toBe(6375);
    expect(state.code).toEqual({
      input: 'spring',
      error: null,
      applied: { code: 'SPRING', listPrice: 7500, discount: 1125, amount: 6375 },
      checking: false,
    });
  });

  it('says why a code is refused and shows the page’s price', () => {
    const applied = run(opened, { type: 'codeApplied', quote: spring });
    const state = run(applied, { type: 'codeChecking' }, { type: 'codeRefused', reason: 'This code has expired.' });
    expect(state.amount).toBe(7500);
    expect(state.code).toEqual({ input: '', error: 'This code has expired.', applied: null, checking: false });
  });

  it('removes the code: empty field, the page’s price, no notice', () => {
    const state = run(
      opened,
      { type: 'codeTyped', value: 'SPRING' },
      { type: 'codeApplied', quote: spring },
      { type: 'checkoutStarted' },
      { type: 'priceChanged', checkout: { amount: 6000, listPrice: 8000, discount: 2000, currency: 'NGN' } },
      { type: 'codeRemoved' },
    );
    expect(state.amount).toBe(7500);
    expect(state.notice).toBeNull();
    expect(state.code).toEqual({ input: '', error: null, applied: null, checking: false });
  });
});

describe('the checkout', () => {
  const resuming = initialDialogState({ amount: 7500, checkoutId: 'abcdef0123456789abcd' });

  it('is being created after Pay, once', () => {
    const state = run(opened, { type: 'checkoutStarted' });
    expect(state.phase).toEqual({ kind: 'creatingCheckout' });
    expect(run(state, { type: 'checkoutStarted' }).phase).toEqual({ kind: 'creatingCheckout' });
  });

  it('is not started while a payment is being recorded', () => {
    const recording = run(opened, { type: 'recordingStarted' });
    expect(run(recording, { type: 'checkoutStarted' }).phase).toEqual({ kind: 'recording', retrying: null });
  });

  it('opened: back to the form, no notice, the reminder’s checkout used up', () => {
    const state = run(
      resuming,
      { type: 'checkoutStarted' },
      { type: 'productGone', text: 'Gone.' },
      { type: 'checkoutStarted' },
      { type: 'checkoutOpened' },
    );
    expect(state.phase).toEqual({ kind: 'editing' });
    expect(state.notice).toBeNull();
    expect(state.resumeCheckoutId).toBeUndefined();
  });

  it('with a new price: shows it and asks to confirm it', () => {
    const state = run(
      resuming,
      { type: 'checkoutStarted' },
      { type: 'priceChanged', checkout: { amount: 8000, listPrice: 8000, discount: 0, currency: 'NGN' } },
    );
    expect(state.phase).toEqual({ kind: 'editing' });
    expect(state.amount).toBe(8000);
    expect(state.notice).toEqual({ kind: 'priceChanged', amount: 8000, currency: 'NGN' });
    expect(state.code.applied).toBeNull();
    expect(state.resumeCheckoutId).toBeUndefined();
  });

  it('with a new price and a code: the code’s price follows the checkout', () => {
    const state = run(
      opened,
      { type: 'codeApplied', quote: spring },
      { type: 'checkoutStarted' },
      { type: 'priceChanged', checkout: { amount: 6800, listPrice: 8000, discount: 1200, currency: 'NGN' } },
    );
    expect(state.amount).toBe(6800);
    expect(state.code.applied).toEqual({ code: 'SPRING', listPrice: 8000, discount: 1200, amount: 6800 });
  });

  it('finds the product gone: says so, keeps the reminder’s checkout', () => {
    const state = run(
      resuming,
      { type: 'checkoutStarted' },
      { type: 'productGone', text: 'This product is no longer available.' },
    );
    expect(state.phase).toEqual({ kind: 'editing' });
    expect(state.notice).toEqual({ kind: 'productGone', text: 'This product is no longer available.' });
    expect(state.resumeCheckoutId).toBe('abcdef0123456789abcd');
  });

  it('refuses the code: said at the field, the page’s price again, the typed code kept', () => {
    const state = run(
      opened,
      { type: 'codeTyped', value: 'SPRING' },
      { type: 'codeApplied', quote: spring },
      { type: 'checkoutStarted' },
      { type: 'checkoutCodeRefused', reason: 'This code has been used up.' },
    );
    expect(state.phase).toEqual({ kind: 'editing' });
    expect(state.amount).toBe(7500);
    expect(state.code).toEqual({
      input: 'SPRING',
      error: 'This code has been used up.',
      applied: null,
      checking: false,
    });
  });

  it('fails: back to the form, an earlier notice kept', () => {
    const state = run(
      opened,
      { type: 'checkoutStarted' },
      { type: 'priceChanged', checkout: { amount: 8000, listPrice: 8000, discount: 0, currency: 'NGN' } },
      { type: 'checkoutStarted' },
      { type: 'checkoutFailed' },
    );
    expect(state.phase).toEqual({ kind: 'editing' });
    expect(state.notice).toEqual({ kind: 'priceChanged', amount: 8000, currency: 'NGN' });
  });

  it('free, but answered with a price: that price is shown', () => {
    const state = run(opened, { type: 'codeApplied', quote: { ...spring, discount: 7500, amount: 0 } });
    expect(run(state, { type: 'amountCorrected', amount: 500 }).amount).toBe(500);
  });
});

describe('recording a payment', () => {
  it('is busy while recording, then shows the purchase with the address it was sent to', () => {
    const typed = run(opened, { type: 'fieldChanged', field: 'email', value: ' ada@example.com ' });
    const recording = run(typed, { type: 'recordingStarted' });
    expect(recording.phase).toEqual({ kind: 'recording', retrying: null });
    expect(isRecording(recording)).toBe(true);
    expect(retryOffer(recording)).toBeNull();
    const result = { transactionId: 'demo_x', emailSent: false, accessUrl: '/api/access/a' };
    const done = run(recording, { type: 'recorded', result });
    expect(done.phase).toEqual({
      kind: 'done',
      completed: { accessUrl: '/api/access/a', email: 'ada@example.com', emailSent: false },
    });
    expect(isRecording(done)).toBe(false);
  });

  it('waits for a payment that completes later, and shows the purchase once the status says paid', () => {
    const waitingStatus = {
      state: 'waiting',
      kind: 'transfer',
      productName: 'Freelance Writing Playbook',
      amount: 7500,
      currency: 'NGN',
      email: 'ada@example.com',
    } as const;
    const waiting = run(opened, {
      type: 'waiting',
      answer: { pending: true, checkoutId: 'c1', waitToken: 't1', status: waitingStatus },
    });
    expect(waiting.phase).toEqual({ kind: 'waiting', wait: { checkoutId: 'c1', token: 't1', status: waitingStatus } });
    const expired = run(waiting, { type: 'waitUpdated', status: { ...waitingStatus, state: 'expired' } });
    expect(expired.phase).toMatchObject({ kind: 'waiting', wait: { status: { state: 'expired' } } });
    const paid = run(waiting, {
      type: 'waitUpdated',
      status: { ...waitingStatus, state: 'paid', accessUrl: '/api/access/b' },
    });
    expect(paid.phase).toEqual({
      kind: 'done',
      completed: { accessUrl: '/api/access/b', email: 'ada@example.com', emailSent: true },
    });
    // A late poll answer after the success screen changes nothing.
    expect(run(paid, { type: 'waitUpdated', status: waitingStatus })).toBe(paid);
  });

  it('says the payment was received when the order needs the seller', () => {
    const state = run(opened, { type: 'recordingStarted' }, { type: 'issueRecorded', message: 'Received.' });
    expect(state.phase).toEqual({ kind: 'issueRecorded', message: 'Received.' });
  });

  it('offers to record again when the payment may have gone through, and keeps the offer while retrying', () => {
    const failed = run(
      opened,
      { type: 'recordingStarted' },
      { type: 'recordingFailed', retry: { record, provider: 'paystack' } },
    );
    expect(failed.phase).toEqual({ kind: 'retry', record, provider: 'paystack' });
    expect(retryOffer(failed)).toEqual({ record, provider: 'paystack' });
    expect(isRecording(failed)).toBe(false);

    const retrying = run(failed, { type: 'recordingStarted' });
    expect(retrying.phase).toEqual({ kind: 'recording', retrying: { record, provider: 'paystack' } });
    expect(retryOffer(retrying)).toEqual({ record, provider: 'paystack' });
    expect(isRecording(retrying)).toBe(true);
  });

  it('goes back to the form when the payment was refused, the details kept', () => {
    const typed = run(opened, { type: 'fieldChanged', field: 'email', value: 'ada@example.com' });
    const failed = run(
      typed,
      { type: 'recordingStarted' },
      { type: 'recordingFailed', retry: { record, provider: 'demo' } },
      { type: 'recordingStarted' },
      { type: 'recordingFailed', retry: null },
    );
    expect(failed.phase).toEqual({ kind: 'editing' });
    expect(failed.customer.email).toBe('ada@example.com');
    expect(retryOffer(failed)).toBeNull();
  });
});
