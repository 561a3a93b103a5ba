import { describe, expect, it } from 'vitest';
import { createAccessLinks, hashToken, isTokenShaped } from '../../../../server/orders/accessLinks';

describe('access links', () => {
  const links = createAccessLinks({ secret: 'x'.repeat(32), publicStoreUrl: 'https://store.test/' });

  it('gives each transaction its own 32-byte base64url token, the same every time', () => {
    const token = links.tokenFor('paystack_T1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(links.tokenFor('paystack_T1')).toBe(token);
    expect(links.tokenFor('paystack_T2')).not.toBe(token);
    expect(links.urlFor(token)).toBe(`https://store.test/api/access/${token}`);
  });

  it('derives different tokens under another secret', () => {
    const other = createAccessLinks({ secret: 'y'.repeat(32), publicStoreUrl: 'https://store.test' });
    expect(other.tokenFor('paystack_T1')).not.toBe(links.tokenFor('paystack_T1'));
  });

  it('stores the SHA-256 of the token, never the token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it.each([
    ['A'.repeat(43), true],
    ['A'.repeat(42), false],
    ['A'.repeat(44), false],
    [`${'A'.repeat(42)}/`, false],
    [`${'A'.repeat(42)}=`, false],
  ])('isTokenShaped(%j) = %s', (token, shaped) => {
    expect(isTokenShaped(token)).toBe(shaped);
  });
});
