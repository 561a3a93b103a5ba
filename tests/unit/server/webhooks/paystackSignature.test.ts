import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidPaystackSignature } from '../../../../server/webhooks/paystackSignature';

const secret = 'sk_test_unit_secret';
const body = Buffer.from('{"event":"charge.success","data":{"reference":"T1","amount":750000}}');
const sign = (bytes: Buffer | string, key = secret) => createHmac('sha512', key).update(bytes).digest('hex');

describe('isValidPaystackSignature', () => {
  it('accepts the hex HMAC SHA-512 of the raw body under the secret key, in either case', () => {
    expect(isValidPaystackSignature(body, sign(body), secret)).toBe(true);
    expect(isValidPaystackSignature(body, sign(body).toUpperCase(), secret)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['signed with another key', sign(body, 'sk_test_other')],
    ['of another body', sign('{"event":"charge.success","data":{"reference":"T1","amount":1}}')],
    ['of the body re-serialised', sign(JSON.stringify(JSON.parse(body.toString()), null, 2))],
    ['too short', sign(body).slice(0, 126)],
    ['too long', `${sign(body)}00`],
    ['not hex', 'z'.repeat(128)],
    ['an array of headers', [sign(body)]],
  ])('refuses a signature that is %s', (_case, signature) => {
    expect(isValidPaystackSignature(body, signature, secret)).toBe(false);
  });

  it('refuses everything when no secret is configured', () => {
    expect(isValidPaystackSignature(body, sign(body, ''), '')).toBe(false);
  });
});
