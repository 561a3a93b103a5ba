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
