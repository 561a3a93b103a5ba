// The admin area's sign-in and sign-up flows (docs/admin.md), composed from the Auth and
// Firestore calls of ../api so the screens stay thin.
import type { AdminInfo, Registration } from '../../../lib/admin';
import { createAccount, signIn, signOutAdmin } from '../api/auth';
import { fetchAdmin, submitAdminRequest } from '../api/admins';

export type LoginOutcome = { kind: 'admin'; admin: AdminInfo } | { kind: 'pending' };

/**
 * Signs in and looks for the admins record. Without one the account is still waiting for
 * approval: it is signed out again, so it never holds a session the dashboard would refuse.
 */
export async function logIn(email: string, password: string): Promise<LoginOutcome> {
  const user = await signIn(email, password);
  let admin: AdminInfo | null;
  try {
    admin = await fetchAdmin(user.uid);
  } catch (error) {
    await signOutAdmin().catch(() => undefined);
    throw error;
  }
  if (!admin) {
    await signOutAdmin();
    return { kind: 'pending' };
  }
  return { kind: 'admin', admin };
}

/**
 * Creates the account and its approval request. The request is written as the new user (the rules
 * compare its e-mail with the token's), then the user is signed out: the account is pending.
 */
export async function signUp(values: Registration): Promise<void> {
  const user = await createAccount(values.name, values.email, values.password);
  try {
    await submitAdminRequest({ uid: user.uid, name: values.name, email: user.email, phone: values.phone });
  } finally {
    await signOutAdmin().catch(() => undefined);
  }
}
