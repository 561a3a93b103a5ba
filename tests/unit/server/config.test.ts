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

  it('reads the checkout settings, with a 60-minute checkout and 10 checkouts a minute by default', () => {
    expect(parseServerConfig(valid)).toMatchObject({
      CHECKOUT_TTL_MINUTES: 60,
      CHECKOUT_RATE_LIMIT: 10,
      CHECKOUT_RATE_WINDOW_MS: 60_000,
    });
    expect(parseServerConfig({ ...valid, CHECKOUT_TTL_MINUTES: '15' }).CHECKOUT_TTL_MINUTES).toBe(15);
    expect(() => parseServerConfig({ ...valid, CHECKOUT_TTL_MINUTES: '0' })).toThrowError(/CHECKOUT_TTL_MINUTES/);
  });

  it('refuses a PayPal client id without the merchant id that captures are checked against', () => {
    const paypal = { ...valid, PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(() => parseServerConfig(paypal)).toThrowError(/PAYPAL_MERCHANT_ID: required with PAYPAL_CLIENT_ID/);
    expect(parseServerConfig({ ...paypal, PAYPAL_MERCHANT_ID: ' STOREMERCHANT1 ' }).PAYPAL_MERCHANT_ID).toBe(
      'STOREMERCHANT1',
    );
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
