// The admin area's sign-in and sign-up flows (docs/admin.md), composed from the Auth and
// Firestore calls of ../api so the screens stay thin.
import type { AdminInfo, Registration } from '../../../lib/admin';
import { createAccount, sendVerificationEmail, signIn, signOutAdmin, type AuthUser } from '../api/auth';
import { fetchAdmin, hasAdminRequest, submitAdminRequest } from '../api/admins';
import { forgetSignup, recallSignup, rememberSignup } from './pendingSignup';

export type LoginOutcome =
  { kind: 'admin'; admin: AdminInfo } | { kind: 'pending' } | { kind: 'unverified'; email: string };

/**
 * Signs in and looks for the admins record. Without one the account is not an admin (yet): it is
 * signed out again, so it never holds a session the dashboard would refuse. An account whose
 * e-mail is verified files its approval request here if it has none; one whose e-mail is not is
 * sent a new verification link, since the rules take a request only from a verified address.
 */
export async function logIn(email: string, password: string): Promise<LoginOutcome> {
  const user = await signIn(email, password);
  let outcome: LoginOutcome;
  try {
    const admin = await fetchAdmin(user.uid);
    if (admin) return { kind: 'admin', admin };
    outcome = await notAnAdminYet(user);
  } catch (error) {
    await signOutAdmin().catch(() => undefined);
    throw error;
  }
  await signOutAdmin();
  return outcome;
}

async function notAnAdminYet(user: AuthUser): Promise<LoginOutcome> {
  if (!user.emailVerified) {
    // The first link may be lost or expired; Firebase refusing to send so soon again changes nothing.
    await sendVerificationEmail().catch(() => undefined);
    return { kind: 'unverified', email: user.email };
  }
  if (!(await hasAdminRequest(user.uid))) {
    const typed = recallSignup(user.uid);
    await submitAdminRequest({
      uid: user.uid,
      name: typed?.name || user.displayName,
      email: user.email,
      phone: typed?.phone ?? '',
    });
    forgetSignup(user.uid);
  }
  return { kind: 'pending' };
}

/**
 * Creates the account and has the API mail its verification link, then signs out. The approval
 * request is filed at the first sign-in after the address is verified (see logIn); what was typed
 * for it is kept until then.
 */
export async function signUp(values: Registration): Promise<void> {
  const user = await createAccount(values.name, values.email, values.password);
  rememberSignup(user.uid, { name: values.name.trim(), phone: values.phone.trim() });
  try {
    await sendVerificationEmail();
  } finally {
    await signOutAdmin().catch(() => undefined);
  }
}
