// Real ID tokens from the Auth emulator's REST API (the same endpoints the Firebase web SDK calls).
import { randomUUID } from 'node:crypto';

interface AuthAnswer {
  idToken?: string;
  localId?: string;
  error?: { message?: string };
}

async function call(authUrl: string, method: string, body: Record<string, unknown>): Promise<AuthAnswer> {
  const res = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return (await res.json()) as AuthAnswer;
}

/** Signs an existing account in and returns its uid and a fresh ID token. */
export async function signInWithPassword(authUrl: string, email: string, password: string) {
  const answer = await call(authUrl, 'signInWithPassword', { email, password });
  if (!answer.idToken || !answer.localId) throw new Error(`Sign-in failed: ${answer.error?.message ?? 'no answer'}`);
  return { uid: answer.localId, idToken: answer.idToken };
}

/** A new account that nobody has made an admin. */
export async function signUpStranger(authUrl: string) {
  const email = `stranger-${randomUUID().slice(0, 8)}@digitalstore.test`;
  const answer = await call(authUrl, 'signUp', { email, password: 'stranger-pass-2026' });
  if (!answer.idToken || !answer.localId) throw new Error(`Sign-up failed: ${answer.error?.message ?? 'no answer'}`);
  return { uid: answer.localId, idToken: answer.idToken, email };
}

interface OobCode {
  email: string;
  oobLink: string;
  requestType: string;
}

/**
 * Opens the verification link the Auth emulator would have e-mailed to `email`, as its owner would:
 * the latest VERIFY_EMAIL code listed at its documented oobCodes endpoint.
 */
export async function verifyEmail(authUrl: string, projectId: string, email: string): Promise<void> {
  const res = await fetch(`${authUrl}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  const link = oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').at(-1)?.oobLink;
  if (!link) throw new Error(`No verification link was sent to ${email}`);
  const opened = await fetch(link, { redirect: 'manual' });
  if (opened.status >= 400) throw new Error(`The verification link of ${email} failed: HTTP ${opened.status}`);
}
