// /api/access/{token} (docs/payments.md, 'Access links'; docs/files.md, 'The download page'): the buyer's
// private door to what they bought.
//
//   GET  /{token}                 the download page (or the e-mail confirmation for a new device); counts nothing
//   POST /{token}/confirm         the purchase e-mail, once per new device -> signed cookie, 303 to the page
//   POST /{token}/files/{fileId}  one download: checked, counted atomically, 303 to a signed URL minted now
//   POST /{token}/link            the seller's outside link: checked, counted, 303 to it
//
// Opening the link never counts or hands anything out, so mail scanners that open links change nothing.
import { FieldPath, FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { emailsMatch } from '../../domain/fieldRules';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { paths } from '../../domain/routes';
import { escapeHtml } from '../mail/html';
import {
  deliverablesCollection,
  readDeliverables,
  type DeliverableFile,
  type Deliverables,
} from '../files/deliverables';
import { createDeviceCookies, hashDevice } from '../files/deviceCookie';
import { accessEndedPage, confirmDevicePage, downloadPage, messagePage } from '../files/downloadPage';
import type { FileStorage } from '../files/storage';
import { formPageCspAllowing, maxBodyBytes } from '../lib/httpSecurity';
import { accessGrantsCollection, hashToken, isTokenShaped } from './accessLinks';
import { transactionsCollection } from './fulfilment';

export function invalidLinkPage(storeName: string, purchasesUrl: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Link not valid — ${escapeHtml(storeName)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}a{color:#1d4ed8}</style>',
    '</head><body><main>',
    '<h1>This link is not valid</h1>',
    '<p>The access link you opened does not exist or is no longer active.</p>',
    `<p>If you bought a product, you can have your links sent to you again: go to <a href="${escapeHtml(purchasesUrl)}">${escapeHtml(purchasesUrl)}</a> and enter the e-mail address you used when paying.</p>`,
    '</main></body></html>',
  ].join('');
}

export const wrongEmail =
  'This is not the e-mail address this purchase was made with. Check it, or use the link on the device you bought with.';
export const limitReached =
  'You have used every download of this file. Please contact the seller if you need it again.';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Why a purchase's access is over, in the buyer's words; null while it is open. Revocation is the one
 * switch (an admin's revoke, a full refund and a lost or open dispute all set accessRevoked, see
 * docs/payments.md); who set it only chooses the words.
 */
export function accessEndReason(transaction: DocumentData, deliverables: Deliverables, now: Date): string | null {
  if (transaction.accessRevoked !== false) {
    if (transaction.accessChangedBy === 'refund') return 'This purchase was refunded, so its downloads have ended.';
    if (transaction.accessChangedBy === 'dispute') {
      return 'This purchase is under a payment dispute, so its downloads are paused.';
    }
    return 'The seller has ended access to this purchase.';
  }
  const endsAt = accessEndsAt(transaction, deliverables);
  if (endsAt && now.getTime() >= endsAt.getTime()) {
    return `Downloads of this product were available for ${deliverables.expiryDays} days after the purchase, and that time is over.`;
  }
  return null;
}

/** When an expiry ends access: the purchase time plus the product's expiryDays; null without one. */
export function accessEndsAt(transaction: DocumentData, deliverables: Deliverables): Date | null {
  if (deliverables.expiryDays === null) return null;
  const createdAt = transaction.createdAt as { toMillis?: () => number } | undefined;
  const paid = typeof transaction.paidAt === 'string' ? Date.parse(transaction.paidAt) : Number.NaN;
  const start = Number.isFinite(paid) ? paid : (createdAt?.toMillis?.() ?? Number.NaN);
  // A sale without a readable date: the expiry cannot be placed, so it is treated as over.
  if (!Number.isFinite(start)) return new Date(0);
  return new Date(start + deliverables.expiryDays * dayMs);
}

function downloadsOf(transaction: DocumentData, fileId: string): number {
  const byFile = (transaction.downloads as { byFile?: Record<string, unknown> } | undefined)?.byFile;
  const count = byFile?.[fileId];
  return typeof count === 'number' ? count : 0;
}

const dateWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Makes (or finds) the copy a buyer downloads: the seller's file, or the buyer's stamped PDF. */
/** How many confirmed devices a purchase remembers; older ones are asked for the e-mail again. */
export const maxRememberedDevices = 50;

export type CopyMaker = (
  file: DeliverableFile,
  purchase: { transactionId: string; transaction: DocumentData; deliverables: Deliverables },
) => Promise<{ storagePath: string; size: number }>;

export function createAccessRouter({
  db,
  storeName,
  publicStoreUrl,
  logError,
  storage = () => null,
  deviceSecret,
  confirmLimiter,
  copyFor,
  storageOrigin = 'https://storage.googleapis.com',
  now = () => new Date(),
}: {
  db: Firestore;
  storeName: string;
  publicStoreUrl: string;
  logError: (message: string, error: unknown) => void;
  storage?: () => FileStorage | null;
  /** Signs the device cookie. */
  deviceSecret: string;
  /** Limits e-mail confirmations per client: they are guesses of a buyer's address otherwise. */
  confirmLimiter: RequestHandler;
  /** By default the seller's file as it is. */
  copyFor?: CopyMaker;
  /** Where signed download URLs point (the browser follows the 303 there from a form). */
  storageOrigin?: string;
  now?: () => Date;
}): Router {
  const origin = publicStoreUrl.replace(/\/+$/, '');
  const purchasesUrl = `${origin}${paths.purchases}`;
  const contactUrl = `${origin}${paths.contact}`;
  const secureCookies = origin.startsWith('https://');
  const devices = createDeviceCookies(deviceSecret);
  const makeCopy: CopyMaker =
    copyFor ?? ((file) => Promise.resolve({ storagePath: file.storagePath, size: file.size }));

  type Opened =
    | { kind: 'invalid' }
    | { kind: 'ended'; reason: string }
    | {
        kind: 'open';
        transactionId: string;
        transaction: DocumentData;
        deliverables: Deliverables;
        grantRef: FirebaseFirestore.DocumentReference;
        deviceKnown: boolean;
        deviceId: string | null;
      };

  const openGrant = async (token: string, cookieHeader: string | undefined): Promise<Opened> => {
    if (!isTokenShaped(token)) return { kind: 'invalid' };
    const grantRef = db.collection(accessGrantsCollection).doc(hashToken(token));
    const grant = (await grantRef.get()).data();
    const transactionId: unknown = grant?.transactionId;
    if (typeof transactionId !== 'string') return { kind: 'invalid' };
    const [transactionSnap, deliverablesSnap] = await db.getAll(
      db.collection(transactionsCollection).doc(transactionId),
      // Fulfilment writes productId on every grant; a grant without one finds no deliverable (never an
      // id of Firestore's reserved '__...__' form, which would throw).
      db.collection(deliverablesCollection).doc(String(grant?.productId ?? 'no-product')),
    );
    const transaction = transactionSnap?.data();
    if (!transaction) return { kind: 'invalid' };
    const deliverables = readDeliverables(deliverablesSnap?.data());
    // The deliverable as the seller has it now, else the outside link the sale was made with.
    if (
      !deliverables.url &&
      typeof transaction.productUrl === 'string' &&
      /^https?:\/\//i.test(transaction.productUrl)
    ) {
      deliverables.url = transaction.productUrl;
    }
    const reason = accessEndReason(transaction, deliverables, now());
    if (reason) return { kind: 'ended', reason };
    const deviceId = devices.read(cookieHeader);
    const known = Array.isArray(grant?.devices) ? (grant.devices as unknown[]) : [];
    // A product with only an outside link behaves as it always did: no confirmation, the link for whoever has it.
    const deviceKnown = deliverables.files.length === 0 || (deviceId !== null && known.includes(hashDevice(deviceId)));
    return { kind: 'open', transactionId, transaction, deliverables, grantRef, deviceKnown, deviceId };
  };

  const privateHeaders = (res: Response, formOrigins: string[] = []) => {
    // Links are private: no caching by proxies, and no Referer carrying the token to another origin
    // (the bucket, the outside link). 'same-origin' rather than 'no-referrer': under no-referrer
    // browsers send the page's own form posts with `Origin: null`.
    res.set('Cache-Control', 'private, no-store');
    res.set('Referrer-Policy', 'same-origin');
    res.set('Content-Security-Policy', formPageCspAllowing(formOrigins));
  };

  const sendPage = (res: Response, status: number, html: string) => res.status(status).type('html').send(html);
  const notValid = (res: Response) => sendPage(res, 404, invalidLinkPage(storeName, purchasesUrl));
  const failure = (res: Response) =>
    sendPage(res, 500, messagePage(storeName, 'Something went wrong', 'Please try again in a moment.'));

  /**
   * The open purchase behind a token, or null once the answer is sent: the not-valid page (404) for a
   * token that opens nothing, the access-ended page (410) for a revoked, refunded or expired one.
   */
  const openOrAnswer = async (
    token: string,
    req: Request,
    res: Response,
  ): Promise<Extract<Opened, { kind: 'open' }> | null> => {
    const opened = await openGrant(token, req.get('cookie'));
    if (opened.kind === 'invalid') {
      notValid(res);
      return null;
    }
    if (opened.kind === 'ended') {
      sendPage(res, 410, accessEndedPage({ storeName, reason: opened.reason, contactUrl }));
      return null;
    }
    return opened;
  };

  const linkOrigin = (url: string | null): string[] => {
    if (!url) return [];
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  };

  const renderOpen = (
    res: Response,
    token: string,
    opened: Extract<Opened, { kind: 'open' }>,
    confirmError: string | null,
  ) => {
    const basePath = `/api/access/${token}`;
    const productName = String(opened.transaction.productName ?? 'Your purchase');
    if (!opened.deviceKnown) {
      privateHeaders(res);
      sendPage(
        res,
        confirmError ? 400 : 200,
        confirmDevicePage({ storeName, basePath, productName, error: confirmError }),
      );
      return;
    }
    const { deliverables } = opened;
    if (deliverables.files.length === 0 && !deliverables.url) {
      logError(`Access link of ${opened.transactionId} has no deliverable to open`, null);
      privateHeaders(res);
      sendPage(
        res,
        503,
        messagePage(
          storeName,
          'Your product is not ready yet',
          'The seller has been told. Please try this link again later.',
        ),
      );
      return;
    }
    const limit = deliverables.downloadLimit;
    const remaining =
      limit === null
        ? null
        : Object.fromEntries(
            deliverables.files.map((file) => [file.id, Math.max(0, limit - downloadsOf(opened.transaction, file.id))]),
          );
    const endsAt = accessEndsAt(opened.transaction, deliverables);
    privateHeaders(res, [storageOrigin, ...linkOrigin(deliverables.url)]);
    sendPage(
      res,
      200,
      downloadPage({
        storeName,
        basePath,
        productName,
        files: deliverables.files,
        hasLink: deliverables.url !== null,
        remaining,
        endsOn: endsAt ? dateWords.format(endsAt) : null,
      }),
    );
  };

  const show: RequestHandler<{ token: string }> = async (req, res) => {
    privateHeaders(res);
    try {
      const opened = await openOrAnswer(req.params.token, req, res);
      if (opened) renderOpen(res, req.params.token, opened, null);
    } catch (error) {
      logError('Access link could not be opened', error);
      failure(res);
    }
  };

  const confirm: RequestHandler<{ token: string }> = async (req, res) => {
    privateHeaders(res);
    try {
      const { token } = req.params;
      const opened = await openOrAnswer(token, req, res);
      if (!opened) return;
      const body = req.body as { email?: unknown } | undefined;
      const given = typeof body?.email === 'string' ? body.email : '';
      if (!given.trim() || !emailsMatch(given, String(opened.transaction.customerEmail ?? ''))) {
        renderOpen(res, token, { ...opened, deviceKnown: false }, wrongEmail);
        return;
      }
      let deviceId = opened.deviceId;
      if (!deviceId) {
        const issued = devices.issue(secureCookies);
        deviceId = issued.deviceId;
        res.append('Set-Cookie', issued.setCookie);
      }
      const deviceHash = hashDevice(deviceId);
      await db.runTransaction(async (t) => {
        const grant = (await t.get(opened.grantRef)).data();
        const known = Array.isArray(grant?.devices) ? (grant.devices as unknown[]) : [];
        if (known.includes(deviceHash)) return;
        // The newest devices are remembered, so a link passed around cannot grow the grant without end
        // (a forgotten device confirms the e-mail again); the count below keeps every one.
        t.update(opened.grantRef, { devices: [...known.slice(-(maxRememberedDevices - 1)), deviceHash] });
        // The Sales panel's device count: admins read transactions, never grants.
        t.update(db.collection(transactionsCollection).doc(opened.transactionId), {
          'downloads.devices': FieldValue.increment(1),
        });
      });
      res.redirect(303, `/api/access/${token}`);
    } catch (error) {
      logError('Access confirmation failed', error);
      failure(res);
    }
  };

  const download: RequestHandler<{ token: string; fileId: string }> = async (req, res) => {
    privateHeaders(res);
    try {
      const { token, fileId } = req.params;
      const opened = await openOrAnswer(token, req, res);
      if (!opened) return;
      if (!opened.deviceKnown) {
        res.redirect(303, `/api/access/${token}`);
        return;
      }
      const file = opened.deliverables.files.find((entry) => entry.id === fileId);
      const bucket = storage();
      if (!bucket) {
        // The files are there but the API has no bucket: the seller's set-up, not the buyer's file.
        logError(`Download of ${opened.transactionId}: no file storage is configured`, null);
        sendPage(
          res,
          503,
          messagePage(storeName, 'Downloads are unavailable', 'Please try again later. The seller has been told.'),
        );
        return;
      }
      if (!file) {
        sendPage(
          res,
          404,
          messagePage(
            storeName,
            'File not available',
            'This file is no longer part of the product. Go back to see its files.',
          ),
        );
        return;
      }
      const limit = opened.deliverables.downloadLimit;
      if (limit !== null && downloadsOf(opened.transaction, fileId) >= limit) {
        sendPage(res, 403, messagePage(storeName, 'No downloads left', limitReached));
        return;
      }
      // The copy and its URL are made before the count, so a failure there costs the buyer nothing; the
      // count below decides, in a transaction, whether this press gets the URL.
      const copy = await makeCopy(file, opened);
      const signed = await bucket.downloadUrl(copy.storagePath, file.name, copy.size);
      const transactionRef = db.collection(transactionsCollection).doc(opened.transactionId);
      const outcome = await db.runTransaction(
        async (t) => {
          const [current, deliverablesSnap] = await t.getAll(
            transactionRef,
            db.collection(deliverablesCollection).doc(String(opened.transaction.productId)),
          );
          const transaction = current?.data();
          if (!transaction) return 'ended' as const;
          const deliverables = readDeliverables(deliverablesSnap?.data());
          if (accessEndReason(transaction, deliverables, now())) return 'ended' as const;
          const currentLimit = deliverables.downloadLimit;
          if (currentLimit !== null && downloadsOf(transaction, fileId) >= currentLimit) return 'limit' as const;
          t.update(
            transactionRef,
            new FieldPath('downloads', 'byFile', fileId),
            FieldValue.increment(1),
            new FieldPath('downloads', 'count'),
            FieldValue.increment(1),
            'accessUses',
            FieldValue.increment(1),
          );
          t.update(opened.grantRef, { uses: FieldValue.increment(1), lastUsedAt: FieldValue.serverTimestamp() });
          return 'counted' as const;
        },
        // Parallel presses of one purchase contend for one document; each round lets one through.
        { maxAttempts: 20 },
      );
      if (outcome === 'limit') {
        sendPage(res, 403, messagePage(storeName, 'No downloads left', limitReached));
        return;
      }
      if (outcome === 'ended') {
        res.redirect(303, `/api/access/${token}`);
        return;
      }
      res.redirect(303, signed.url);
    } catch (error) {
      logError('Download failed', error);
      failure(res);
    }
  };

  const openLink: RequestHandler<{ token: string }> = async (req, res) => {
    privateHeaders(res);
    try {
      const { token } = req.params;
      const opened = await openOrAnswer(token, req, res);
      if (!opened) return;
      const url = opened.deliverables.url;
      // Not behind the device confirmation: an outside link is as shareable as it always was once
      // seen, so the confirmation guards the files, which the store hosts.
      if (!url) {
        res.redirect(303, `/api/access/${token}`);
        return;
      }
      // The grant counts for the API; the transaction carries the same count for the Sales panel,
      // because admins read transactions but never access grants (they hold token hashes).
      const batch = db.batch();
      batch.update(opened.grantRef, { uses: FieldValue.increment(1), lastUsedAt: FieldValue.serverTimestamp() });
      batch.update(db.collection(transactionsCollection).doc(opened.transactionId), {
        accessUses: FieldValue.increment(1),
      });
      await batch.commit();
      privateHeaders(res, linkOrigin(url));
      res.redirect(303, url);
    } catch (error) {
      logError('Access link could not be opened', error);
      failure(res);
    }
  };

  const router = Router();
  const form = express.urlencoded({ extended: false, limit: maxBodyBytes, parameterLimit: 10 });
  router.get('/:token', show);
  router.post('/:token/confirm', confirmLimiter, form, confirm);
  router.post('/:token/files/:fileId', download);
  router.post('/:token/link', openLink);
  return router;
}
