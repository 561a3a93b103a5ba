// /api/access/{token} (docs/payments.md, 'Access links'; docs/files.md, 'The download page'): the buyer's
// private door to what they bought.
//
//   GET  /{token}                 the download page (or the e-mail confirmation for a new device); counts nothing
//   POST /{token}/confirm         the purchase e-mail, once per new device -> signed cookie, 303 to the page
//   POST /{token}/files/{fileId}  one download: checked, counted atomically, 303 to a signed URL minted now
//   POST /{token}/link            the seller's outside link: checked, counted, 303 to it
//
// Opening the link never counts or hands anything out, so mail scanners that open links change nothing.
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { paths } from '../../domain/routes';
import { escapeHtml } from '../mail/html';
import { HttpError, answerHttpErrors, handle, validate } from '../lib/httpErrors';
import { formPageCspAllowing, maxBodyBytes } from '../lib/httpSecurity';
import { newDeviceId, type SessionCookies } from '../lib/sessionCookie';
import type { BuyerLicenses } from '../licenses/buyerLicenses';
import { accessEndedPage, confirmDevicePage, downloadPage, messagePage } from './downloadPages';
import { stampsFile } from '../files/stampedCopies';
import { urlOrigin, type Downloads, type OpenPurchase } from './downloads';

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

const dateWords = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What createDownloadRouter is given. */
export interface DownloadRouterDeps {
  downloads: Downloads;
  storeName: string;
  publicStoreUrl: string;
  logError: (message: string, error: unknown) => void;
  /** The one signed cookie (server/lib/sessionCookie.ts) that carries the device id. */
  cookies: SessionCookies;
  /** Limits e-mail confirmations per client: they are guesses of a buyer's address otherwise. */
  confirmLimiter: RequestHandler;
  /**
   * The address of a live library session (server/library/sessions.ts), or null: a browser signed in
   * with a code mailed to the purchase's address is confirmed for it (docs/library.md).
   */
  librarySessionEmail?: (sessionId: string) => Promise<string | null>;
  /** Where signed download URLs point (the browser follows the 303 there from a form). */
  storageOrigin?: string;
  /** The sale's license key and its machines (docs/licenses.md); without it the page shows none. */
  licenses?: BuyerLicenses;
  /** A plan's transfer link: an ended plan's page offers it to renew (docs/memberships.md). */
  renewLinkFor?: (planId: string) => string;
}

/** What the handlers share: the deps they use and what the router works out from the rest once. */
interface AccessContext {
  downloads: Downloads;
  storeName: string;
  logError: (message: string, error: unknown) => void;
  storageOrigin: string;
  purchasesUrl: string;
  contactUrl: string;
  secureCookies: boolean;
  cookies: SessionCookies;
  libraryUrl: string;
  /** The store's public origin, for the course player's address. */
  storeOrigin: string;
  librarySessionEmail: (sessionId: string) => Promise<string | null>;
  licenses: BuyerLicenses | null;
  renewLinkFor: ((planId: string) => string) | null;
}

function privateHeaders(res: Response, formOrigins: string[] = []) {
  // Links are private: no caching by proxies, and no Referer carrying the token to another origin
  // (the bucket, the outside link). 'same-origin' rather than 'no-referrer': under no-referrer
  // browsers send the page's own form posts with `Origin: null`.
  res.set('Cache-Control', 'private, no-store');
  res.set('Referrer-Policy', 'same-origin');
  res.set('Content-Security-Policy', formPageCspAllowing(formOrigins));
}

const sendPage = (res: Response, status: number, html: string) => res.status(status).type('html').send(html);

/** A failure the buyer sees as a page, logged in the route's words. */
const failed = (storeName: string, logMessage: string) => (error: unknown) =>
  new HttpError(
    500,
    { html: messagePage(storeName, 'Something went wrong', 'Please try again in a moment.') },
    { message: logMessage, error },
  );

/**
 * The open purchase behind a token, or null once the answer is sent: the not-valid page (404) for a
 * token that opens nothing, the access-ended page (410) for a revoked, refunded or expired one.
 */
async function openOrAnswer(
  { downloads, cookies, storeName, purchasesUrl, contactUrl, librarySessionEmail, renewLinkFor }: AccessContext,
  token: string,
  req: Request,
  res: Response,
): Promise<OpenPurchase | null> {
  const state = cookies.read(req.get('cookie'));
  const opened = await downloads.open(token, state?.deviceId ?? null);
  if (opened.kind === 'invalid') {
    sendPage(res, 404, invalidLinkPage(storeName, purchasesUrl));
    return null;
  }
  if (opened.kind === 'ended') {
    const { renewablePlanId } = opened;
    const renewUrl = renewablePlanId && renewLinkFor ? renewLinkFor(renewablePlanId) : undefined;
    sendPage(res, 410, accessEndedPage({ storeName, reason: opened.reason, contactUrl, renewUrl }));
    return null;
  }
  if (!opened.deviceKnown && state?.librarySession) {
    // Signed in to the library with a code mailed to this purchase's address: this device is confirmed,
    // and stays so after signing out, as if it had typed the e-mail.
    const email = await librarySessionEmail(state.librarySession);
    if (email !== null && email === opened.transaction.customerEmail) {
      await downloads.rememberDeviceOn(opened.grantId, opened.transactionId, state.deviceId);
      return { ...opened, deviceKnown: true, deviceConfirmed: true, deviceId: state.deviceId };
    }
  }
  return opened;
}

async function renderOpen(
  { downloads, storeName, logError, storageOrigin, libraryUrl, licenses, storeOrigin }: AccessContext,
  res: Response,
  token: string,
  opened: OpenPurchase,
  confirmError: string | null,
) {
  const basePath = `/api/access/${token}`;
  const productName = opened.transaction.productName || 'Your purchase';
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
  if (deliverables.files.length === 0 && !deliverables.url && !opened.hasCourse) {
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
  const { remaining, endsAt } = downloads.pageFacts(opened);
  const license = licenses ? await licenses.licenseOf(opened.transactionId) : null;
  privateHeaders(res, [storageOrigin, ...urlOrigin(deliverables.url)]);
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
      libraryUrl,
      license,
      courseUrl: opened.hasCourse ? `${storeOrigin}${paths.learn(token)}` : null,
      personalised: new Set(deliverables.files.filter((file) => stampsFile(file, deliverables)).map((file) => file.id)),
    }),
  );
}

/** GET /{token}: the download page, or the e-mail confirmation for a new device. */
function showPage(context: AccessContext) {
  return handle<{ token: string }>(
    async (req, res) => {
      privateHeaders(res);
      const opened = await openOrAnswer(context, req.params.token, req, res);
      if (opened) await renderOpen(context, res, req.params.token, opened, null);
    },
    failed(context.storeName, 'Access link could not be opened'),
  );
}

/** The confirm form's address; a form without one reads as '' (never the buyer's: the page says so). */
const confirmForm = validate<{ email: string }>((body) => ({
  ok: true,
  data: {
    email:
      typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email : '',
  },
}));

/** POST /{token}/confirm: the purchase e-mail, once per new device. */
function confirmDevice(context: AccessContext) {
  const { downloads, cookies, secureCookies } = context;
  return handle<{ token: string }>(
    async (req, res) => {
      privateHeaders(res);
      const { token } = req.params;
      const opened = await openOrAnswer(context, token, req, res);
      if (!opened) return;
      const given = confirmForm.of(req).email;
      if (!downloads.isBuyerEmail(opened, given)) {
        await renderOpen(context, res, token, { ...opened, deviceKnown: false }, wrongEmail);
        return;
      }
      let deviceId = opened.deviceId;
      if (!deviceId) {
        // A browser signed in to the library keeps its session beside the new device id.
        const state = cookies.read(req.get('cookie'));
        deviceId = newDeviceId();
        res.append(
          'Set-Cookie',
          cookies.write({ deviceId, librarySession: state?.librarySession ?? null }, secureCookies),
        );
      }
      await downloads.rememberDeviceOn(opened.grantId, opened.transactionId, deviceId);
      res.redirect(303, `/api/access/${token}`);
    },
    failed(context.storeName, 'Access confirmation failed'),
  );
}

/** POST /{token}/files/{fileId}: one download press. */
function pressDownload(context: AccessContext) {
  const { downloads, storeName, logError } = context;
  return handle<{ token: string; fileId: string }>(
    async (req, res) => {
      privateHeaders(res);
      const { token, fileId } = req.params;
      const opened = await openOrAnswer(context, token, req, res);
      if (!opened) return;
      if (!opened.deviceKnown) {
        res.redirect(303, `/api/access/${token}`);
        return;
      }
      const outcome = await downloads.download(opened, fileId);
      switch (outcome.kind) {
        case 'noStorage':
          // The files are there but the API has no bucket: the seller's set-up, not the buyer's file.
          logError(`Download of ${opened.transactionId}: no file storage is configured`, null);
          sendPage(
            res,
            503,
            messagePage(storeName, 'Downloads are unavailable', 'Please try again later. The seller has been told.'),
          );
          return;
        case 'noFile':
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
        case 'limit':
          sendPage(res, 403, messagePage(storeName, 'No downloads left', limitReached));
          return;
        case 'ended':
          res.redirect(303, `/api/access/${token}`);
          return;
        case 'signed':
          res.redirect(303, outcome.url);
          return;
      }
    },
    failed(storeName, 'Download failed'),
  );
}

/** POST /{token}/link: the seller's outside link. */
function openOutsideLink(context: AccessContext) {
  return handle<{ token: string }>(
    async (req, res) => {
      privateHeaders(res);
      const { token } = req.params;
      const opened = await openOrAnswer(context, token, req, res);
      if (!opened) return;
      const url = opened.deliverables.url;
      // Not behind the device confirmation: an outside link is as shareable as it always was once
      // seen, so the confirmation guards the files, which the store hosts.
      if (!url) {
        res.redirect(303, `/api/access/${token}`);
        return;
      }
      await context.downloads.countLinkOpen(opened);
      privateHeaders(res, urlOrigin(url));
      res.redirect(303, url);
    },
    failed(context.storeName, 'Access link could not be opened'),
  );
}

/** POST /{token}/licenses/{instanceId}/deactivate: frees one machine's seat, then back to the page. */
function deactivateMachine(context: AccessContext) {
  return handle<{ token: string; instanceId: string }>(
    async (req, res) => {
      privateHeaders(res);
      const { token, instanceId } = req.params;
      const opened = await openOrAnswer(context, token, req, res);
      if (!opened) return;
      // Behind the same device confirmation as the files.
      if (opened.deviceKnown) await context.licenses?.deactivate(opened.transactionId, instanceId);
      res.redirect(303, `/api/access/${token}`);
    },
    failed(context.storeName, 'License deactivation failed'),
  );
}

export function createDownloadRouter({
  downloads,
  storeName,
  publicStoreUrl,
  logError,
  cookies,
  confirmLimiter,
  librarySessionEmail = () => Promise.resolve(null),
  storageOrigin = 'https://storage.googleapis.com',
  licenses,
  renewLinkFor,
}: DownloadRouterDeps): Router {
  const origin = publicStoreUrl.replace(/\/+$/, '');
  const context: AccessContext = {
    downloads,
    storeName,
    logError,
    storageOrigin,
    purchasesUrl: `${origin}${paths.purchases}`,
    contactUrl: `${origin}${paths.contact}`,
    secureCookies: origin.startsWith('https://'),
    cookies,
    libraryUrl: `${origin}${paths.library}`,
    storeOrigin: origin,
    librarySessionEmail,
    licenses: licenses ?? null,
    renewLinkFor: renewLinkFor ?? null,
  };
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: maxBodyBytes, parameterLimit: 10 });
  router.get('/:token', showPage(context));
  router.post('/:token/confirm', confirmLimiter, form, confirmForm, confirmDevice(context));
  router.post('/:token/files/:fileId', pressDownload(context));
  router.post('/:token/link', openOutsideLink(context));
  router.post('/:token/licenses/:instanceId/deactivate', deactivateMachine(context));
  router.use(answerHttpErrors(logError));
  return router;
}
