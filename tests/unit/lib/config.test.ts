import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/lib/config';

describe('parseConfig', () => {
  it('names every missing Firebase variable when not using emulators', () => {
    expect(() => parseConfig({})).toThrowError(ConfigError);
    try {
      parseConfig({});
    } catch (error) {
      expect((error as ConfigError).missing).toEqual([
        'VITE_FIREBASE_API_KEY',
        'VITE_FIREBASE_AUTH_DOMAIN',
        'VITE_FIREBASE_PROJECT_ID',
        'VITE_FIREBASE_APP_ID',
      ]);
      expect((error as Error).message).toContain('VITE_FIREBASE_API_KEY');
    }
  });

  it('needs no Firebase keys against the local emulators and points at them', () => {
    const config = parseConfig({ VITE_USE_EMULATORS: '1', VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8123' });
    expect(config.firebase.projectId).toBe('demo-digital-store');
    expect(config.emulators).toEqual({ firestoreHost: '127.0.0.1:8123', authUrl: 'http://127.0.0.1:9099' });
  });

  it('rejects an emulator host without a port', () => {
    expect(() => parseConfig({ VITE_USE_EMULATORS: '1', VITE_FIRESTORE_EMULATOR_HOST: 'localhost' })).toThrowError(
      /VITE_FIRESTORE_EMULATOR_HOST/,
    );
  });

  it('reads the store identity and trims a trailing slash from the product site', () => {
    const config = parseConfig({
      VITE_USE_EMULATORS: '1',
      VITE_COMPANY_NAME: 'Acme Learning',
      VITE_PRODUCT_SITE_URL: 'https://acme.test/',
    });
    expect(config.store.companyName).toBe('Acme Learning');
    expect(config.store.productSiteUrl).toBe('https://acme.test');
    expect(config.store.aboutUrl).toBe('https://acme.test/about');
    expect(config.contactUrl).toBe('/api/contact');
  });

  it('reads the payment settings: public keys and the demo switch, off by default', () => {
    expect(parseConfig({ VITE_USE_EMULATORS: '1' }).payments).toEqual({
      paystackPublicKey: '',
      paypalClientId: '',
      demo: false,
    });
    const config = parseConfig({
      VITE_USE_EMULATORS: '1',
      VITE_PAYSTACK_PUBLIC_KEY: ' pk_live_0123abcd ',
      VITE_PAYPAL_CLIENT_ID: 'AbC-client',
      VITE_DEMO_PAYMENTS: '1',
    });
    expect(config.payments).toEqual({
      paystackPublicKey: 'pk_live_0123abcd',
      paypalClientId: 'AbC-client',
      demo: true,
    });
  });

  it('refuses a Paystack secret key where the public key belongs (it would ship to every shopper)', () => {
    expect(() => parseConfig({ VITE_USE_EMULATORS: '1', VITE_PAYSTACK_PUBLIC_KEY: 'sk_live_0123abcd' })).toThrowError(
      /VITE_PAYSTACK_PUBLIC_KEY \(a Paystack public key/,
    );
  });
});
