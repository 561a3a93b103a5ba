import { describe, expect, it } from 'vitest';
import { parseServerConfig, ServerConfigError } from '../../../server/config';

const valid = {
  FIREBASE_PROJECT_ID: 'demo-digital-store',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1025',
  MAIL_FROM: 'Store <orders@store.test>',
  SELLER_EMAIL: 'seller@store.test',
  PUBLIC_STORE_URL: 'http://127.0.0.1:5173',
};

describe('parseServerConfig', () => {
  it('types numbers and flags and fills defaults', () => {
    const config = parseServerConfig({ ...valid, DEMO_PAYMENTS: '1' });
    expect(config.SMTP_PORT).toBe(1025);
    expect(config.DEMO_PAYMENTS).toBe(true);
    expect(config.PAYSTACK_BASE_URL).toBe('https://api.paystack.co');
    expect(config.CONTACT_RATE_LIMIT).toBe(5);
  });

  it('leaves demo payments off unless asked for', () => {
    expect(parseServerConfig(valid).DEMO_PAYMENTS).toBe(false);
  });

  it('names each missing or malformed variable', () => {
    const attempt = () => parseServerConfig({ ...valid, SMTP_HOST: undefined, SELLER_EMAIL: 'not-an-email' });
    expect(attempt).toThrowError(ServerConfigError);
    expect(attempt).toThrowError(/SMTP_HOST/);
    expect(attempt).toThrowError(/SELLER_EMAIL/);
  });

  it('reads the payment settings: provider timeout, PayPal base, access link secret of 32+ characters', () => {
    const config = parseServerConfig({
      ...valid,
      ACCESS_LINK_SECRET: ` ${'s'.repeat(32)} `,
      PROVIDER_TIMEOUT_MS: '3000',
    });
    expect(config.ACCESS_LINK_SECRET).toBe('s'.repeat(32));
    expect(config.PROVIDER_TIMEOUT_MS).toBe(3000);
    expect(config.PAYPAL_BASE_URL).toBe('https://api-m.paypal.com');
    expect(parseServerConfig(valid).PROVIDER_TIMEOUT_MS).toBe(15_000);
    expect(parseServerConfig({ ...valid, ACCESS_LINK_SECRET: '' }).ACCESS_LINK_SECRET).toBeUndefined();
    expect(() => parseServerConfig({ ...valid, ACCESS_LINK_SECRET: 'short' })).toThrowError(/ACCESS_LINK_SECRET/);
  });
});
