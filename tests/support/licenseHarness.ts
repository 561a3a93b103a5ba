// What the license key API tests share (docs/licenses.md): our API on the local cloud with generous
// limits, the seeded demo admin's real ID token (Auth emulator), and Paystack's REST API faked with
// msw for the sales a dispute is opened on. Nothing of ours is faked.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../local/seed/seed';
import { createAdminAuth } from '../../server/admin/adminAuth';
import { signInWithPassword } from './authEmulatorUsers';
import { useMsw } from './msw';
import {
  cloud,
  createFakePaystack,
  db,
  postJson,
  removeSeededProducts,
  startPurchaseApi,
  type PurchaseApi,
} from './purchaseHarness';

/** The public license API's answer (docs/licenses.md, 'The license API'). */
export interface LicenseBody {
  activated?: boolean;
  valid?: boolean;
  deactivated?: boolean;
  instance_id?: string | null;
  message?: string;
  license?: { status: string; activation_limit: number | null; activation_usage: number; product_id: string };
}

/**
 * Call at the top of a test file: starts the API (and Paystack's stand-in) before the file's tests
 * and stops it after. `api` and the admin's token are there once the tests run.
 */
export function useLicenseApi() {
  const paystack = createFakePaystack();
  useMsw(setupServer(...paystack.handlers));
  const started = { api: null as PurchaseApi | null, adminToken: '' };

  beforeAll(async () => {
    await seedDemoAdmin(db, cloud.authUrl);
    started.adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
    started.api = await startPurchaseApi(
      { ADMIN_RATE_LIMIT: '1000', LICENSE_RATE_LIMIT: '1000', LICENSE_KEY_RATE_LIMIT: '1000' },
      {
        auth: createAdminAuth({
          projectId: 'demo-digital-store',
          emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
        }),
      },
    );
  });
  afterAll(async () => {
    await started.api?.close();
    await removeSeededProducts();
  });

  const api = (): PurchaseApi => {
    if (!started.api) throw new Error('the license API starts before the tests');
    return started.api;
  };

  /** POST /api/licenses/{path}, on this file's API unless another's base URL is given. */
  const call = async (path: 'activate' | 'validate' | 'deactivate', body: unknown, base = api().url) => {
    const response = await postJson(`${base}/api/licenses/${path}`, body);
    return { status: response.status, body: (await response.json()) as LicenseBody, headers: response.headers };
  };

  /** The demo admin's credentials, as the dashboard sends them. */
  const adminHeaders = () => ({ authorization: `Bearer ${started.adminToken}` });

  /** POST /api/admin/transactions/{path} as the demo admin. */
  const adminPost = (path: string, body: unknown) =>
    postJson(`${api().url}/api/admin/transactions/${path}`, body, adminHeaders());

  return { paystack, api, call, adminHeaders, adminPost };
}
