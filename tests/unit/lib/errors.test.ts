import { describe, expect, it } from 'vitest';
import { refusalStatuses, toAppError, type ErrorWords } from '../../../src/lib/errors';
import { HttpError } from '../../../src/lib/http';

// What Firebase rejects with: an Error carrying a code.
function firebaseFailure(code: string) {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

// A feature's words as the features write them: the API's sentence for some statuses, a code for one.
const feature: ErrorWords = {
  spoken: [400, 429],
  codes: { 400: 'invalid-argument', 429: 'resource-exhausted' },
  network: 'Something went wrong. Please try again.',
};

describe('the one mapper of failures to words', () => {
  it.each([
    [400, 'Enter a valid e-mail address.', { code: 'http/400', message: 'Something went wrong. Please try again.' }],
    [401, 'Please sign in.', { code: 'http/401', message: 'Something went wrong. Please try again.' }],
    [404, 'No such sale.', { code: 'http/404', message: 'Something went wrong. Please try again.' }],
    [429, 'Too many requests.', { code: 'http/429', message: 'Something went wrong. Please try again.' }],
    [500, 'Internal error at line 3', { code: 'http/500', message: 'Something went wrong. Please try again.' }],
  ])('without a feature’s words, a %i never shows the API’s text', (status, sentence, expected) => {
    expect(toAppError(new HttpError(status, sentence))).toEqual(expected);
  });

  it.each([
    [400, 'Enter a valid e-mail address.', { code: 'invalid-argument', message: 'Enter a valid e-mail address.' }],
    [429, 'Please wait a minute.', { code: 'resource-exhausted', message: 'Please wait a minute.' }],
    [404, 'No such sale.', { code: 'http/404', message: 'Something went wrong. Please try again.' }],
    [503, 'Paystack is down.', { code: 'http/503', message: 'Something went wrong. Please try again.' }],
  ])('with a feature’s words, a %i reads as the feature says', (status, sentence, expected) => {
    expect(toAppError(new HttpError(status, sentence), feature)).toEqual(expected);
  });

  it('gives the general sentence for a listed status that came without a sentence', () => {
    expect(toAppError(new HttpError(429, undefined), feature)).toEqual({
      code: 'resource-exhausted',
      message: 'Something went wrong. Please try again.',
    });
  });

  it('shows the API’s sentence for every status when a feature says all are spoken', () => {
    expect(toAppError(new HttpError(502, 'PayPal refused the refund: too late.'), { spoken: 'all' })).toEqual({
      code: 'http/502',
      message: 'PayPal refused the refund: too late.',
    });
  });

  it.each([
    [400, 'That code has expired.', { code: 'http/400', message: 'That code has expired.' }],
    [404, 'No code SPRING.', { code: 'http/404', message: 'No code SPRING.' }],
    [429, 'Too many tries: wait a minute.', { code: 'http/429', message: 'Too many tries: wait a minute.' }],
    [499, 'Refused.', { code: 'http/499', message: 'Refused.' }],
    [500, 'Internal error at line 3', { code: 'http/500', message: 'The code could not be checked.' }],
    [502, 'Paystack is down.', { code: 'http/502', message: 'The code could not be checked.' }],
  ])(
    'speaks every refusal (4xx) and no failure (5xx) when a feature speaks the refusal statuses: %i',
    (status, sentence, expected) => {
      const words: ErrorWords = { spoken: refusalStatuses, fallback: 'The code could not be checked.' };
      expect(toAppError(new HttpError(status, sentence), words)).toEqual(expected);
    },
  );

  it('uses a feature’s own fallback for an answer without a sentence', () => {
    const words: ErrorWords = { spoken: 'all', fallback: 'The course could not be saved. Please try again.' };
    expect(toAppError(new HttpError(500, undefined), words)).toEqual({
      code: 'http/500',
      message: 'The course could not be saved. Please try again.',
    });
  });

  it('reads a code from the answer’s body and keeps the fields a feature asks for', () => {
    const words: ErrorWords = {
      spoken: 'all',
      codes: { 403: (body) => (body.needsConfirmation === true ? 'needs-confirmation' : 'forbidden'), 423: 'locked' },
      keep: ['availableOn'],
    };
    expect(toAppError(new HttpError(403, 'Confirm your e-mail.', { needsConfirmation: true }), words)).toEqual({
      code: 'needs-confirmation',
      message: 'Confirm your e-mail.',
    });
    expect(toAppError(new HttpError(403, 'Not yours.', { message: 'Not yours.' }), words)).toEqual({
      code: 'forbidden',
      message: 'Not yours.',
    });
    expect(
      toAppError(new HttpError(423, 'Opens later.', { message: 'Opens later.', availableOn: '2026-12-01' }), words),
    ).toEqual({ code: 'locked', message: 'Opens later.', availableOn: '2026-12-01' });
  });

  it('says a failed connection in the store’s words, or the feature’s', () => {
    expect(toAppError(new TypeError('Failed to fetch'))).toEqual({ code: 'network', message: 'Connection failed.' });
    expect(toAppError(new TypeError('Failed to fetch'), feature)).toEqual({
      code: 'network',
      message: 'Something went wrong. Please try again.',
    });
    expect(
      toAppError(new TypeError('Failed to fetch'), {
        network: 'The store could not be reached. Check your connection and try again.',
      }),
    ).toEqual({ code: 'network', message: 'The store could not be reached. Check your connection and try again.' });
  });

  it.each([
    ['permission-denied', 'permission-denied', 'You do not have permission to do that.'],
    ['firestore/permission-denied', 'permission-denied', 'You do not have permission to do that.'],
    ['unavailable', 'unavailable', 'The store could not be reached. Check your connection and try again.'],
    ['not-found', 'not-found', 'That item could not be found.'],
    ['internal', 'internal', 'Something went wrong. Please try again.'],
  ])('a Firebase %s reads in words, never as its code', (raw, code, message) => {
    expect(toAppError(firebaseFailure(raw))).toEqual({ code, message });
  });

  it('takes a feature’s words for a Firebase code before the store’s own', () => {
    const words: ErrorWords = { firebase: { 'auth/user-disabled': 'This account has been disabled.' } };
    expect(toAppError(firebaseFailure('auth/user-disabled'), words)).toEqual({
      code: 'auth/user-disabled',
      message: 'This account has been disabled.',
    });
  });

  it('passes an AppError through, and never shows a stack or an unknown error’s text', () => {
    expect(toAppError({ code: 'already-exists', message: 'The code SAVE10 already exists.' }, feature)).toEqual({
      code: 'already-exists',
      message: 'The code SAVE10 already exists.',
    });
    expect(toAppError(new Error('at Object.<anonymous> (file.js:1:1)'))).toEqual({
      code: 'unknown',
      message: 'Something went wrong. Please try again.',
    });
  });
});

describe('words for a screen that tells refusals from failures', () => {
  // The checkout's shape: a refusal (4xx) as the API says it, anything else around its reason.
  const checkout: ErrorWords = {
    spoken: refusalStatuses,
    unanswered: 'The store could not be reached. Check your connection and try again.',
    failed: (reason) => `Payment failed: ${reason}`,
    fallback: 'An unknown error occurred.',
    codes: { 404: 'product-gone' },
    byStatus: { 404: 'This product is no longer available.' },
  };

  it.each([
    [400, 'Emails do not match!', { code: 'http/400', message: 'Emails do not match!' }],
    [429, 'Too many attempts.', { code: 'http/429', message: 'Too many attempts.' }],
    [409, undefined, { code: 'http/409', message: 'Payment failed: An unknown error occurred.' }],
    [502, 'Could not reach Paystack.', { code: 'http/502', message: 'Payment failed: Could not reach Paystack.' }],
    [500, undefined, { code: 'http/500', message: 'Payment failed: An unknown error occurred.' }],
    [404, 'This product was removed.', { code: 'product-gone', message: 'This product was removed.' }],
    [404, undefined, { code: 'product-gone', message: 'This product is no longer available.' }],
  ])('a %i answer with %j reads as the screen says', (status, sentence, expected) => {
    expect(toAppError(new HttpError(status, sentence), checkout)).toEqual(expected);
  });

  it('says the connection for anything that is not an answer, around the failure’s words', () => {
    const reached = 'Payment failed: The store could not be reached. Check your connection and try again.';
    expect(toAppError(new TypeError('Failed to fetch'), checkout)).toEqual({ code: 'network', message: reached });
    expect(toAppError(new DOMException('The operation was aborted.', 'AbortError'), checkout)).toEqual({
      code: 'unknown',
      message: reached,
    });
    expect(toAppError(firebaseFailure('permission-denied'), checkout)).toEqual({
      code: 'permission-denied',
      message: reached,
    });
  });

  it('names every refusal the words do not name, and no failure', () => {
    const words: ErrorWords = { spoken: 'all', refused: 'refused', codes: { 404: 'gone' }, fallback: '' };
    expect(toAppError(new HttpError(402, 'The payment was not completed.'), words)).toEqual({
      code: 'refused',
      message: 'The payment was not completed.',
    });
    expect(toAppError(new HttpError(409, undefined), words)).toEqual({ code: 'refused', message: '' });
    expect(toAppError(new HttpError(404, 'No such product.'), words)).toEqual({
      code: 'gone',
      message: 'No such product.',
    });
    expect(toAppError(new HttpError(502, 'Could not reach PayPal.'), words)).toEqual({
      code: 'http/502',
      message: 'Could not reach PayPal.',
    });
  });
});
