// Admin-only routes (docs/admin.md): a valid Firebase ID token (Authorization: Bearer ...) whose
// user has an admins/{uid} record. 401 without or with a bad token, 403 for a signed-in non-admin.
// Refusals end the request here, before any handler can call out to a provider.
import type { RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import type { IdTokenVerifier } from './adminAuth';
import { adminsCollection } from '../lib/collections';

export const signInRequired = 'Please sign in as an admin.';
export const notAnAdmin = 'Only admins may do this.';

export interface AdminLocals {
  adminUid: string;
}

export function createRequireAdmin({
  auth,
  db,
  logError,
}: {
  auth: IdTokenVerifier;
  db: Firestore;
  logError: (message: string, error: unknown) => void;
}): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      res.status(401).json({ message: signInRequired });
      return;
    }
    let uid: string;
    try {
      uid = (await auth.verifyIdToken(match[1])).uid;
    } catch {
      res.status(401).json({ message: signInRequired });
      return;
    }
    try {
      const record = await db.doc(`${adminsCollection}/${uid}`).get();
      if (!record.exists) {
        res.status(403).json({ message: notAnAdmin });
        return;
      }
    } catch (error) {
      logError('Admin record could not be read', error);
      res.status(503).json({ message: 'Could not check your admin access. Please try again.' });
      return;
    }
    (res.locals as AdminLocals).adminUid = uid;
    next();
  };
}
