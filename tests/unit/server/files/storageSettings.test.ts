// The API's Cloud Storage settings (server/config.ts, server/files/storage.ts): which bucket, which
// endpoint and key only in the local cloud, the file size limit, and the paths URLs may be minted for.
import { describe, expect, it } from 'vitest';
import { parseServerConfig } from '../../../../server/config';
import { bucketName, deliverablePath, isStoragePath } from '../../../../server/files/storage';
import { assertDeployedEnvironment, UnsafeDeploymentError } from '../../../../server/lib/deployGuards';

const base = {
  FIREBASE_PROJECT_ID: 'demo-digital-store',
  SMTP_HOST: 'smtp.example.com',
  SMTP_PORT: '587',
  MAIL_FROM: 'Store <orders@store.test>',
  SELLER_EMAIL: 'seller@store.test',
  PUBLIC_STORE_URL: 'https://store.example.com',
};

describe('storage settings', () => {
  it('allows files of 2 GiB unless MAX_FILE_BYTES says otherwise', () => {
    expect(parseServerConfig(base).MAX_FILE_BYTES).toBe(2_147_483_648);
    expect(parseServerConfig({ ...base, MAX_FILE_BYTES: '1000000' }).MAX_FILE_BYTES).toBe(1_000_000);
    expect(() => parseServerConfig({ ...base, MAX_FILE_BYTES: '0' })).toThrowError(/MAX_FILE_BYTES/);
  });

  it('takes a storage endpoint only on this machine, and only with a key file', () => {
    const local = { ...base, STORAGE_API_ENDPOINT: 'http://127.0.0.1:9199', STORAGE_KEY_FILE: '/tmp/key.json' };
    expect(parseServerConfig(local).STORAGE_API_ENDPOINT).toBe('http://127.0.0.1:9199');
    expect(() => parseServerConfig({ ...local, STORAGE_API_ENDPOINT: 'http://storage.example.com' })).toThrowError(
      /STORAGE_API_ENDPOINT: only the local cloud/,
    );
    expect(() => parseServerConfig({ ...local, STORAGE_KEY_FILE: '' })).toThrowError(/STORAGE_KEY_FILE: required/);
    expect(() => parseServerConfig({ ...base, STORAGE_KEY_FILE: '/tmp/key.json' })).toThrowError(
      /STORAGE_KEY_FILE: only with STORAGE_API_ENDPOINT/,
    );
    expect(parseServerConfig({ ...base, STORAGE_API_ENDPOINT: '' }).STORAGE_API_ENDPOINT).toBeUndefined();
  });

  it('refuses to run deployed with the local endpoint or key', () => {
    expect(() => assertDeployedEnvironment({ STORAGE_API_ENDPOINT: 'http://127.0.0.1:9199' })).toThrowError(
      UnsafeDeploymentError,
    );
    expect(() => assertDeployedEnvironment({ STORAGE_KEY_FILE: '/tmp/key.json' })).toThrowError(
      /STORAGE_KEY_FILE must never be set/,
    );
  });

  it('uses STORAGE_BUCKET, else the default bucket Cloud Functions names in FIREBASE_CONFIG', () => {
    expect(bucketName({ STORAGE_BUCKET: 'shop-files', FIREBASE_CONFIG: undefined })).toBe('shop-files');
    const firebaseConfig = JSON.stringify({ projectId: 'shop', storageBucket: 'shop.firebasestorage.app' });
    expect(bucketName({ STORAGE_BUCKET: undefined, FIREBASE_CONFIG: firebaseConfig })).toBe('shop.firebasestorage.app');
    expect(() => bucketName({ STORAGE_BUCKET: undefined, FIREBASE_CONFIG: '{"projectId":"shop"}' })).toThrowError(
      /No Cloud Storage bucket/,
    );
    expect(() => bucketName({ STORAGE_BUCKET: undefined, FIREBASE_CONFIG: undefined })).toThrowError(
      /No Cloud Storage bucket/,
    );
  });
});

describe('storage paths', () => {
  it('puts a product file under deliverables/{productId}/{fileId}', () => {
    expect(deliverablePath('Prod_1', 'file-2')).toBe('deliverables/Prod_1/file-2');
    for (const [product, file] of [
      ['../x', 'f'],
      ['p', 'a/b'],
      ['__p__', 'f'],
      ['', 'f'],
    ] as const) {
      expect(() => deliverablePath(product, file), `${product} ${file}`).toThrowError(/letters, digits/);
    }
  });

  it('mints URLs only for deliverables and stamped copies', () => {
    expect(isStoragePath('deliverables/p1/f1')).toBe(true);
    expect(isStoragePath('stamped/p1/f1/paystack_T12.3=-0123456789abcdef.pdf')).toBe(true);
    expect(isStoragePath('stamped/paystack_T12.3=/f1.pdf')).toBe(false);
    expect(isStoragePath('stamped/p1/f1/..')).toBe(false);
    expect(isStoragePath('stamped/paystack_ref/..')).toBe(false);
    expect(isStoragePath('stamped/../deliverables')).toBe(false);
    expect(isStoragePath('products/p1/f1')).toBe(false);
    expect(isStoragePath('deliverables/p1/f1/extra')).toBe(false);
    expect(isStoragePath('deliverables/p1')).toBe(false);
  });

  it('also names lesson videos and certificate PDFs (docs/courses.md)', () => {
    expect(isStoragePath('lessons/p1/f1')).toBe(true);
    expect(deliverablePath('p1', 'f1', 'lessons')).toBe('lessons/p1/f1');
    expect(isStoragePath('certificates/CERT-ABCDEFGHJKLM.pdf')).toBe(true);
    expect(isStoragePath('lessons/p1/..')).toBe(false);
    expect(isStoragePath('lessons/p1')).toBe(false);
    expect(isStoragePath('certificates/../deliverables/p1/f1.pdf')).toBe(false);
    expect(isStoragePath('certificates/CERT-1')).toBe(false);
  });
});
