// The checks that need the function's own identity and secrets (signing, Paystack, PayPal, mail) run
// in the API: the doctor signs in as an admin (an Admin SDK custom token exchanged at Identity
// Toolkit) and asks POST /api/admin/health/run for them.
import type { HealthCheckResult, HealthReport } from '../../../domain/storeHealth';
import { endpoint } from '../endpoints';
import { adminAuth, adminFirestore } from '../firebaseAdmin';
import type { DoctorContext } from './registry';

class NoAdmin extends Error {}

const line = (status: HealthCheckResult['status'], detail: string, fix: string): HealthCheckResult[] => [
  { id: 'api-checks', title: "The store's API", status, detail, fix },
];

/** Admin records looked at for one that can sign in. */
const adminsLookedAt = 50;

/**
 * An admin whose account can sign in: an admins record may outlive its account (deleted in the
 * console) or name a disabled one, and signing in as such fails while another admin would do.
 */
async function usableAdmin(ctx: DoctorContext): Promise<string> {
  const admins = await adminFirestore(ctx.env, ctx.projectId).collection('admins').limit(adminsLookedAt).get();
  if (admins.empty) throw new NoAdmin('The store has no admin yet.');
  const auth = adminAuth(ctx.env, ctx.projectId);
  for (const record of admins.docs) {
    const user = await auth.getUser(record.id).catch(() => null);
    if (user && !user.disabled) return record.id;
  }
  throw new NoAdmin("None of the store's admins can sign in: their accounts are deleted or disabled.");
}

async function adminIdToken(ctx: DoctorContext): Promise<string> {
  const uid = await usableAdmin(ctx);
  const token = await adminAuth(ctx.env, ctx.projectId).createCustomToken(uid);
  const key = encodeURIComponent(ctx.env.VITE_FIREBASE_API_KEY ?? '');
  const response = await fetch(
    `${endpoint(ctx.env, 'FIREBASE_AUTH_MANAGEMENT_URL')}/v1/accounts:signInWithCustomToken?key=${key}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message?: string } };
  if (!response.ok || !body.idToken)
    throw new Error(`Identity Toolkit refused the admin sign-in (${body.error?.message ?? response.status}).`);
  return body.idToken;
}

/** The API's own checks, or one line saying why they could not run. */
export async function apiChecks(ctx: DoctorContext, onSecret: (value: string) => void): Promise<HealthCheckResult[]> {
  let idToken: string;
  try {
    idToken = await adminIdToken(ctx);
    onSecret(idToken);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Minting the custom token needs a key that can sign: a service account's, not a user's login.
    const fix =
      error instanceof NoAdmin
        ? 'npm run setup (it makes the first admin)'
        : 'Set GOOGLE_APPLICATION_CREDENTIALS to a service-account key of the project, then npm run doctor';
    return line('critical', `Could not sign in as an admin to run the API's checks: ${message}`, fix);
  }
  let response: Response;
  try {
    response = await fetch(`${ctx.publicUrl.replace(/\/+$/, '')}/api/admin/health/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}` },
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    return line('critical', `${ctx.publicUrl} does not answer: the API's checks could not run.`, 'npm run setup');
  }
  if (response.status === 404) {
    await response.text();
    return line(
      'recommended',
      "The store's API is older than this doctor: it has no health route, so signing, Paystack, PayPal and mail were not checked.",
      'npm run setup',
    );
  }
  if (!response.ok) {
    await response.text();
    return line('critical', `The API's checks failed (it answered ${response.status}).`, 'npm run setup');
  }
  return ((await response.json()) as HealthReport).checks;
}
