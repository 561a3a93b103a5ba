// The first admin: an Auth account and its admins/{uid} record (as `npm run admin:create` makes them).
// An existing account keeps its password.
import { Timestamp } from 'firebase-admin/firestore';
import { adminAuth, adminFirestore } from '../firebaseAdmin';
import type { Step } from '../steps';

export const firstAdminStep: Step = {
  title: 'First admin',
  async run({ env, values }) {
    const project = values.FIREBASE_PROJECT_ID ?? '';
    const email = values.ADMIN_EMAIL ?? '';
    const auth = adminAuth(env, project);
    const db = adminFirestore(env, project);
    const existing = await auth.getUserByEmail(email).catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    });
    const user =
      existing ??
      (await auth.createUser({ email, password: values.ADMIN_PASSWORD ?? '', displayName: values.ADMIN_NAME ?? '' }));
    const record = db.doc(`admins/${user.uid}`);
    if (existing && (await record.get()).exists) return { changed: false, detail: `${email} is an admin` };
    await record.set({
      uid: user.uid,
      name: values.ADMIN_NAME ?? '',
      email,
      phone: values.VITE_CONTACT_PHONE ?? '',
      createdAt: Timestamp.now(),
    });
    return { changed: true, detail: `${email} is now an admin (sign in at ${values.PUBLIC_STORE_URL}/adminlogin)` };
  },
};
