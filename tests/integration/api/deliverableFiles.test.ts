// Deliverable files end to end on the local cloud (docs/files.md): the seller's upload through a signed
// resumable URL into the Cloud Storage stand-in, the API's checks before it attaches a file, and the
// buyer's download page with its e-mail confirmation, counting, limits, expiry and refusals. Real ID
// tokens from the Auth emulator, our Firestore emulator, demo payments; nothing of ours is faked.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { parseServerConfig } from '../../../server/config';
import { createFileStorage } from '../../../server/files/storage';
import { hashToken } from '../../../server/orders/accessLinks';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { demoPdf } from '../../../local/seed/demoFiles';
import { call } from '../../support/storageClient';
import {
  buildCustomer,
  cloud,
  db,
  demoPurchase,
  postJson,
  removeSeededProducts,
  seedProduct,
  startPurchaseApi,
  uniqueTag,
  type Customer,
  type PurchaseApi,
} from '../../support/purchaseHarness';

let api: PurchaseApi;
let adminToken: string;
let strangerToken: string;
const bucket = createFileStorage(parseServerConfig({ ...cloud.apiEnv }));

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
  strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
  api = await startPurchaseApi(
    { CONFIRM_RATE_LIMIT: '1000' },
    {
      auth: createAdminAuth({
        projectId: 'demo-digital-store',
        emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
      }),
    },
  );
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const filesUrl = (productId: string) => `${api.url}/api/admin/products/${productId}/files`;

interface StartedUpload {
  fileId: string;
  url: string;
  headers: Record<string, string>;
  storagePath: string;
}

interface StoredFile {
  id: string;
  name: string;
  size: number;
  contentType: string;
  storagePath: string;
  order: number;
  stampPdf?: boolean;
}

/** What the dashboard does: ask for an upload URL, open the session, send the bytes, then attach. */
async function upload(productId: string, name: string, bytes: Buffer, contentType: string) {
  const started = await postJson(
    filesUrl(productId),
    { name, size: bytes.length, contentType },
    {
      ...bearer(adminToken),
      origin: api.url,
    },
  );
  expect(started.status).toBe(201);
  const session = (await started.json()) as StartedUpload;
  // From Node, not a browser: no Origin, so the stand-in's CORS (the store's origin only, tested with
  // the storage foundation) does not apply to this test API's own origin.
  const opened = await call(session.url, { method: 'POST', headers: session.headers });
  expect(opened.status).toBe(201);
  const location = String(opened.headers.location);
  const sent = await call(location, { method: 'PUT', body: bytes });
  expect(sent.status).toBe(200);
  return session;
}

async function attach(productId: string, fileId: string, facts: { name: string; size: number; contentType: string }) {
  return postJson(`${filesUrl(productId)}/${fileId}/attach`, facts, bearer(adminToken));
}

async function uploadAndAttach(productId: string, name: string, bytes: Buffer, contentType: string) {
  const session = await upload(productId, name, bytes, contentType);
  const attached = await attach(productId, session.fileId, { name, size: bytes.length, contentType });
  expect(attached.status).toBe(200);
  return ((await attached.json()) as { attached: StoredFile }).attached;
}

// The browser that paid is trusted for this purchase (docs/files.md, 'New devices'): payingBrowser.
const buyWithDemo = (productId: string, customer: Customer) => demoPurchase(api.url, productId, customer);

/** A form POST as the browser sends it, without following the redirect. */
function postForm(url: string, fields: Record<string, string> = {}, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Confirms the purchase e-mail as a new device and returns the cookie the browser then keeps. */
async function confirmDevice(accessUrl: string, email: string): Promise<string> {
  const confirmed = await postForm(`${accessUrl}/confirm`, { email });
  expect(confirmed.status).toBe(303);
  const setCookie = confirmed.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(
    /^__session=1\.[A-Za-z0-9_-]{22}\.\.[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=34560000; HttpOnly; SameSite=Lax$/,
  );
  return setCookie.split(';')[0]!;
}

const pdfBytes = Buffer.from('%PDF-1.4\n% not a real book, the bytes only\n%%EOF\n');
const zipBytes = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]);

/** A product with a ZIP attached (no PDF, so no stamping here), bought by a fresh buyer on this device. */
async function aBoughtProductWithFiles(settings: Record<string, unknown> = {}) {
  const product = await seedProduct();
  const zip = await uploadAndAttach(product.id, 'Templates.zip', zipBytes, 'application/zip');
  if (Object.keys(settings).length > 0) await db.doc(`productDeliverables/${product.id}`).update(settings);
  const customer = buildCustomer();
  const sale = await buyWithDemo(product.id, customer);
  const cookie = await confirmDevice(sale.accessUrl, customer.email);
  return { product, zip, customer, cookie, ...sale };
}

describe('uploading a deliverable file (admins only)', () => {
  it('refuses an upload URL without a token (401) and to a signed-in non-admin (403)', async () => {
    const product = await seedProduct();
    const facts = { name: 'Book.pdf', size: 10, contentType: 'application/pdf' };
    const anonymous = await postJson(filesUrl(product.id), facts, { origin: api.url });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in as an admin.' });
    const stranger = await postJson(filesUrl(product.id), facts, { ...bearer(strangerToken), origin: api.url });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({ message: 'Only admins may do this.' });
    const attachByStranger = await postJson(`${filesUrl(product.id)}/abc/attach`, facts, bearer(strangerToken));
    expect(attachByStranger.status).toBe(403);
  });

  it('refuses a file over the size limit and a product that does not exist', async () => {
    const limited = await startPurchaseApi(
      { MAX_FILE_BYTES: '1000' },
      {
        auth: createAdminAuth({
          projectId: 'demo-digital-store',
          emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
        }),
      },
    );
    try {
      const product = await seedProduct();
      const tooLarge = await postJson(
        `${limited.url}/api/admin/products/${product.id}/files`,
        { name: 'Big.zip', size: 1001, contentType: 'application/zip' },
        { ...bearer(adminToken), origin: limited.url },
      );
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toEqual({ message: 'A file may be at most 1000 bytes; this one has 1001.' });
    } finally {
      await limited.close();
    }
    const missing = await postJson(
      filesUrl(`missing-${uniqueTag()}`),
      { name: 'Book.pdf', size: 10, contentType: 'application/pdf' },
      { ...bearer(adminToken), origin: api.url },
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'This product could not be found.' });
  });

  it('attaches a completed upload with its real size and type, in upload order', async () => {
    const product = await seedProduct();
    const pdf = await uploadAndAttach(product.id, 'The Book.pdf', pdfBytes, 'application/pdf');
    const zip = await uploadAndAttach(product.id, 'Templates.zip', zipBytes, 'application/zip');
    // Those bytes only start like a PDF: the check after the upload says it cannot carry a name.
    expect(pdf).toEqual({
      id: pdf.id,
      name: 'The Book.pdf',
      size: pdfBytes.length,
      contentType: 'application/pdf',
      storagePath: `deliverables/${product.id}/${pdf.id}`,
      order: 0,
      stampPdf: false,
      stampNote:
        "This file is not a PDF that can be read (it may be damaged); it will be delivered without the buyer's name.",
    });
    expect(zip.order).toBe(1);
    const stored = (await db.doc(`productDeliverables/${product.id}`).get()).data();
    expect(stored?.url).toBe(product.deliverableUrl);
    expect((stored?.files as StoredFile[]).map((file) => [file.name, file.size])).toEqual([
      ['The Book.pdf', pdfBytes.length],
      ['Templates.zip', zipBytes.length],
    ]);
  });

  it('refuses to attach a file whose upload never completed', async () => {
    const product = await seedProduct();
    const started = await postJson(
      filesUrl(product.id),
      { name: 'Book.pdf', size: pdfBytes.length, contentType: 'application/pdf' },
      { ...bearer(adminToken), origin: api.url },
    );
    const { fileId } = (await started.json()) as StartedUpload;
    const attached = await attach(product.id, fileId, {
      name: 'Book.pdf',
      size: pdfBytes.length,
      contentType: 'application/pdf',
    });
    expect(attached.status).toBe(409);
    expect(await attached.json()).toEqual({ message: 'The upload has not finished. Upload the file again.' });
    expect((await db.doc(`productDeliverables/${product.id}`).get()).get('files')).toBeUndefined();
  });

  it('refuses, and removes, an object whose size or type is not what the seller declared', async () => {
    const product = await seedProduct();
    const session = await upload(product.id, 'Book.pdf', pdfBytes, 'application/pdf');
    const wrongSize = await attach(product.id, session.fileId, {
      name: 'Book.pdf',
      size: pdfBytes.length + 1,
      contentType: 'application/pdf',
    });
    expect(wrongSize.status).toBe(422);
    expect(await wrongSize.json()).toEqual({
      message: `The uploaded file has ${pdfBytes.length} bytes, not ${pdfBytes.length + 1}. Upload it again.`,
    });
    // Gone from the bucket: attaching it now finds nothing.
    const again = await attach(product.id, session.fileId, {
      name: 'Book.pdf',
      size: pdfBytes.length,
      contentType: 'application/pdf',
    });
    expect(again.status).toBe(409);

    const other = await upload(product.id, 'Book.pdf', pdfBytes, 'application/pdf');
    const wrongType = await attach(product.id, other.fileId, {
      name: 'Book.pdf',
      size: pdfBytes.length,
      contentType: 'application/zip',
    });
    expect(wrongType.status).toBe(422);
    expect(await wrongType.json()).toEqual({
      message: 'The uploaded file is stored as application/pdf, not application/zip. Upload it again.',
    });
    expect((await db.doc(`productDeliverables/${product.id}`).get()).get('files')).toBeUndefined();
  });

  it('refuses to attach a file again, even with a wrong size or type, and the buyers keep downloading it', async () => {
    const sale = await aBoughtProductWithFiles();
    const facts = { name: 'Templates.zip', size: zipBytes.length, contentType: 'application/zip' };
    for (const again of [
      { ...facts, size: zipBytes.length + 1 },
      { ...facts, contentType: 'application/pdf' },
      facts,
    ]) {
      const refused = await attach(sale.product.id, sale.zip.id, again);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ message: 'This file is already attached.' });
    }
    const files = (await db.doc(`productDeliverables/${sale.product.id}`).get()).get('files') as StoredFile[];
    expect(files).toEqual([sale.zip]);

    // Still in the bucket: the buyer's Download press gets the bytes.
    const pressed = await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie);
    expect(pressed.status).toBe(303);
    const fetched = await call(pressed.headers.get('location') ?? '');
    expect(fetched.status).toBe(200);
    expect(fetched.body.equals(zipBytes)).toBe(true);
  });

  it('refuses a file name with a direction override or an invisible character, in words, on attach and rename', async () => {
    const product = await seedProduct();
    const message = 'The file name contains invisible or control characters that are not allowed. Please retype it.';
    const session = await upload(product.id, 'Book.pdf', pdfBytes, 'application/pdf');
    const spoofed = await attach(product.id, session.fileId, {
      name: 'Invoice \u202Efdp.exe',
      size: pdfBytes.length,
      contentType: 'application/pdf',
    });
    expect(spoofed.status).toBe(400);
    expect(await spoofed.json()).toEqual({ message });
    const file = await uploadAndAttach(product.id, 'one.zip', zipBytes, 'application/zip');
    for (const name of ['Chapter\u2067 One.zip', 'Chap\u200Bter.zip']) {
      const renamed = await fetch(`${filesUrl(product.id)}/${file.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...bearer(adminToken) },
        body: JSON.stringify({ name }),
      });
      expect(renamed.status).toBe(400);
      expect(await renamed.json()).toEqual({ message });
    }
    const stored = (await db.doc(`productDeliverables/${product.id}`).get()).get('files') as StoredFile[];
    expect(stored.map((entry) => entry.name)).toEqual(['one.zip']);
  });

  it('renames, reorders and deletes files; a stale rename or order is refused', async () => {
    const product = await seedProduct();
    const first = await uploadAndAttach(product.id, 'one.zip', zipBytes, 'application/zip');
    const second = await uploadAndAttach(product.id, 'two.zip', zipBytes, 'application/zip');

    const renamed = await fetch(`${filesUrl(product.id)}/${first.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(adminToken) },
      body: JSON.stringify({ name: '  Chapter   One.zip ' }),
    });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { files: StoredFile[] }).files.map((file) => file.name)).toEqual([
      'Chapter One.zip',
      'two.zip',
    ]);
    // Another admin's list still shows the old name: their rename would undo this one, and is refused.
    const rename = (name: string, from: string) =>
      fetch(`${filesUrl(product.id)}/${first.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...bearer(adminToken) },
        body: JSON.stringify({ name, from }),
      });
    const staleRename = await rename('Part 1.zip', 'one.zip');
    expect(staleRename.status).toBe(409);
    expect(await staleRename.json()).toEqual({
      message: 'The files changed meanwhile. Reload the product and try again.',
    });
    const freshRename = await rename('Part 1.zip', 'Chapter One.zip');
    expect(freshRename.status).toBe(200);
    expect(((await freshRename.json()) as { files: StoredFile[] }).files[0]?.name).toBe('Part 1.zip');

    const reorder = (fileIds: string[]) =>
      fetch(`${filesUrl(product.id)}/order`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...bearer(adminToken) },
        body: JSON.stringify({ fileIds }),
      });
    const reordered = await reorder([second.id, first.id]);
    expect(reordered.status).toBe(200);
    expect(((await reordered.json()) as { files: StoredFile[] }).files.map((file) => [file.name, file.order])).toEqual([
      ['two.zip', 0],
      ['Part 1.zip', 1],
    ]);
    const stale = await reorder([second.id]);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: 'The files changed meanwhile. Reload the product and try again.' });

    const deleted = await fetch(`${filesUrl(product.id)}/${second.id}`, {
      method: 'DELETE',
      headers: bearer(adminToken),
    });
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { files: StoredFile[] }).files.map((file) => [file.name, file.order])).toEqual([
      ['Part 1.zip', 0],
    ]);
    expect(await bucket.objectMetadata(second.storagePath)).toBeNull();
    expect(await bucket.objectMetadata(first.storagePath)).not.toBeNull();
    const renameGone = await fetch(`${filesUrl(product.id)}/${second.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(adminToken) },
      body: JSON.stringify({ name: 'x.zip' }),
    });
    expect(renameGone.status).toBe(404);
  });
});

describe('the download page', () => {
  it('asks a new device for the purchase e-mail, refuses a wrong one, and remembers a right one', async () => {
    const product = await seedProduct();
    await uploadAndAttach(product.id, 'Templates.zip', zipBytes, 'application/zip');
    const customer = buildCustomer();
    const sale = await buyWithDemo(product.id, customer);

    const first = await fetch(sale.accessUrl, { redirect: 'manual' });
    expect(first.status).toBe(200);
    const form = await first.text();
    expect(form).toContain('Please confirm the e-mail address you used when paying');
    expect(form).not.toContain('Templates.zip');

    const wrong = await postForm(`${sale.accessUrl}/confirm`, { email: `someone.else.${uniqueTag()}@example.com` });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect(await wrong.text()).toContain('This is not the e-mail address this purchase was made with.');

    // A download press from a device that has not confirmed goes back to the form, counting nothing.
    const files = (await db.doc(`productDeliverables/${product.id}`).get()).get('files') as StoredFile[];
    const early = await postForm(`${sale.accessUrl}/files/${files[0]!.id}`);
    expect(early.status).toBe(303);
    expect(early.headers.get('location')).toBe(new URL(sale.accessUrl).pathname);

    const cookie = await confirmDevice(sale.accessUrl, ` ${customer.email.toUpperCase()} `);
    const page = await fetch(sale.accessUrl, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Templates.zip');
    expect(html).toContain('ZIP · 2.0 KB');
    expect(html).toContain(`action="${new URL(sale.accessUrl).pathname}/files/${files[0]!.id}"`);
    expect(html).not.toContain('<script');
    expect(Buffer.byteLength(html)).toBeLessThan(30 * 1024);
    // The form may post to the API and be sent on to the bucket, nothing else.
    expect(page.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(cloud.storageUrl).origin}`,
    );
    expect(page.headers.get('cache-control')).toBe('private, no-store');

    // The paying browser and this one.
    const transaction = (await db.doc(`transactions/${sale.transactionId}`).get()).data();
    expect(transaction?.downloads).toEqual({ devices: 2 });
    // Confirming again from the same device adds no device.
    await postForm(`${sale.accessUrl}/confirm`, { email: customer.email }, cookie);
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('downloads')).toEqual({ devices: 2 });
  });

  it('trusts the browser that paid: its cookie from the order answer opens the files without the e-mail step', async () => {
    const product = await seedProduct();
    await uploadAndAttach(product.id, 'Templates.zip', zipBytes, 'application/zip');
    const sale = await buyWithDemo(product.id, buildCustomer());
    expect(sale.payingBrowser).toMatch(/^__session=1\.[A-Za-z0-9_-]{22}\.\.[A-Za-z0-9_-]{43}$/);
    const page = await (await fetch(sale.accessUrl, { headers: { cookie: sale.payingBrowser } })).text();
    expect(page).toContain('Templates.zip');
    expect(page).not.toContain('Please confirm the e-mail address you used when paying');
    // Another browser still confirms the e-mail once.
    expect(await (await fetch(sale.accessUrl)).text()).toContain(
      'Please confirm the e-mail address you used when paying',
    );
  });

  it('remembers the newest 50 devices of a purchase and counts every one', async () => {
    const product = await seedProduct();
    await uploadAndAttach(product.id, 'Templates.zip', zipBytes, 'application/zip');
    const customer = buildCustomer();
    const sale = await buyWithDemo(product.id, customer);
    const grant = db.doc(`accessGrants/${hashToken(sale.accessUrl.split('/').pop() ?? '')}`);
    // A link already confirmed on 50 devices.
    const earlier = Array.from({ length: 50 }, (_, index) => `device-${String(index).padStart(2, '0')}`);
    await grant.update({ devices: earlier });
    await db.doc(`transactions/${sale.transactionId}`).update({ 'downloads.devices': 50 });

    const cookie = await confirmDevice(sale.accessUrl, customer.email);
    expect((await fetch(sale.accessUrl, { headers: { cookie } })).status).toBe(200);
    const devices = (await grant.get()).get('devices') as string[];
    expect(devices).toHaveLength(50);
    expect(devices.slice(0, 49)).toEqual(earlier.slice(1));
    expect(devices[49]).toMatch(/^[0-9a-f]{64}$/);
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('downloads')).toEqual({ devices: 51 });
  });

  it('rate limits e-mail confirmations', async () => {
    const limited = await startPurchaseApi({ CONFIRM_RATE_LIMIT: '2' });
    try {
      const token = 'B'.repeat(43);
      expect((await postForm(`${limited.url}/api/access/${token}/confirm`, { email: 'a@b.co' })).status).toBe(404);
      expect((await postForm(`${limited.url}/api/access/${token}/confirm`, { email: 'a@b.co' })).status).toBe(404);
      const refused = await postForm(`${limited.url}/api/access/${token}/confirm`, { email: 'a@b.co' });
      expect(refused.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('opening the page counts nothing; Download answers 303 to a signed URL for the file, counted', async () => {
    const sale = await aBoughtProductWithFiles();
    for (let open = 0; open < 3; open += 1) {
      expect((await fetch(sale.accessUrl, { headers: { cookie: sale.cookie } })).status).toBe(200);
    }
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('downloads.count')).toBeUndefined();

    const pressed = await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie);
    expect(pressed.status).toBe(303);
    const location = pressed.headers.get('location') ?? '';
    expect(location.startsWith(`${cloud.storageUrl}/${cloud.storageBucket}/${sale.zip.storagePath}?`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Goog-Expires')).toBe('600');
    const fetched = await call(location);
    expect(fetched.status).toBe(200);
    expect(fetched.body.equals(zipBytes)).toBe(true);
    expect(fetched.headers['content-disposition']).toBe('attachment; filename="Templates.zip"');

    const transaction = (await db.doc(`transactions/${sale.transactionId}`).get()).data();
    // Two devices: the paying browser and the one that confirmed.
    expect(transaction?.downloads).toEqual({ devices: 2, count: 1, byFile: { [sale.zip.id]: 1 } });
    expect(transaction?.accessUses).toBe(1);
  });

  it('lets exactly 3 of 10 parallel presses through with a limit of 3, and the seller can reset the count', async () => {
    const sale = await aBoughtProductWithFiles({ downloadLimit: 3 });
    const presses = await Promise.all(
      Array.from({ length: 10 }, () => postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie)),
    );
    const statuses = presses.map((press) => press.status).sort();
    expect(statuses).toEqual([303, 303, 303, 403, 403, 403, 403, 403, 403, 403]);
    const refusedPage = await presses.find((press) => press.status === 403)!.text();
    expect(refusedPage).toContain('You have used every download of this file.');
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('downloads.byFile')).toEqual({
      [sale.zip.id]: 3,
    });
    const page = await (await fetch(sale.accessUrl, { headers: { cookie: sale.cookie } })).text();
    expect(page).toContain('no downloads left');

    const byStranger = await postJson(
      `${api.url}/api/admin/transactions/${sale.transactionId}/downloads/reset`,
      {},
      bearer(strangerToken),
    );
    expect(byStranger.status).toBe(403);
    const reset = await postJson(
      `${api.url}/api/admin/transactions/${sale.transactionId}/downloads/reset`,
      {},
      bearer(adminToken),
    );
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: 'The buyer’s download count is back to 0.' });
    const downloads = (await db.doc(`transactions/${sale.transactionId}`).get()).get('downloads') as Record<
      string,
      unknown
    >;
    expect(downloads.count).toBe(0);
    expect(downloads.byFile).toBeUndefined();
    expect(downloads.devices).toBe(2);
    expect((await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie)).status).toBe(303);
  });

  it('says access has ended for a revoked purchase, and hands out no file', async () => {
    const sale = await aBoughtProductWithFiles();
    await db.doc(`transactions/${sale.transactionId}`).update({ accessRevoked: true, accessChangedBy: 'admin-1' });
    const page = await fetch(sale.accessUrl, { headers: { cookie: sale.cookie } });
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('Your access to this product has ended');
    expect(html).toContain('The seller has ended access to this purchase.');
    expect(html).toContain(`href="${api.url}/contactus"`);
    const pressed = await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie);
    expect(pressed.status).toBe(410);
    expect(pressed.headers.get('location')).toBeNull();
  });

  it('says a refunded purchase was refunded, and a disputed one is paused', async () => {
    const sale = await aBoughtProductWithFiles();
    const ref = db.doc(`transactions/${sale.transactionId}`);
    await ref.update({ accessRevoked: true, accessChangedBy: 'refund' });
    const refunded = await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie);
    expect(refunded.status).toBe(410);
    expect(await refunded.text()).toContain('This purchase was refunded, so its downloads have ended.');
    await ref.update({ accessRevoked: true, accessChangedBy: 'dispute' });
    const disputed = await fetch(sale.accessUrl, { headers: { cookie: sale.cookie } });
    expect(disputed.status).toBe(410);
    expect(await disputed.text()).toContain('This purchase is under a payment dispute');
    expect((await ref.get()).get('downloads.count')).toBeUndefined();
  });

  it('ends downloads once the expiry after the purchase has passed', async () => {
    const sale = await aBoughtProductWithFiles({ expiryDays: 30 });
    const open = await (await fetch(sale.accessUrl, { headers: { cookie: sale.cookie } })).text();
    expect(open).toContain('You can download these files until');
    // The same sale, bought 31 days ago.
    await db
      .doc(`transactions/${sale.transactionId}`)
      .update({ paidAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString() });
    const pressed = await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie);
    expect(pressed.status).toBe(410);
    expect(await pressed.text()).toContain('Downloads of this product were available for 30 days after the purchase');
  });

  it('shows a product with only an outside link without asking for an e-mail; its button counts and redirects', async () => {
    const product = await seedProduct();
    const sale = await buyWithDemo(product.id, buildCustomer());
    const page = await fetch(sale.accessUrl, { redirect: 'manual' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Open link');
    expect(html).not.toContain(product.deliverableUrl);
    expect(page.headers.get('content-security-policy')).toContain(
      `form-action 'self' ${new URL(cloud.storageUrl).origin} https://drive.example.com`,
    );
    const opened = await postForm(`${sale.accessUrl}/link`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(product.deliverableUrl);
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('accessUses')).toBe(1);
  });
});

describe('a product posted without a link, bought before its files are added', () => {
  it('tells the buyer the product is not ready yet, then shows the file once the seller attaches it', async () => {
    const product = await seedProduct();
    await db.doc(`productDeliverables/${product.id}`).set({});
    const customer = buildCustomer();
    const sale = await buyWithDemo(product.id, customer);
    const waiting = await fetch(sale.accessUrl, { redirect: 'manual' });
    expect(waiting.status).toBe(503);
    const text = await waiting.text();
    expect(text).toContain('Your product is not ready yet');
    expect(text).toContain('The seller has been told. Please try this link again later.');
    expect(api.logged).toContain(`Access link of ${sale.transactionId} has no deliverable to open`);

    await uploadAndAttach(product.id, 'Templates.zip', zipBytes, 'application/zip');
    const cookie = await confirmDevice(sale.accessUrl, customer.email);
    const ready = await fetch(sale.accessUrl, { headers: { cookie } });
    expect(ready.status).toBe(200);
    const html = await ready.text();
    expect(html).toContain('Templates.zip');
    expect(html).not.toContain('Open link');
  });
});

describe('a product delivered by its files alone', () => {
  it('is sold without an error logged, and its stamped PDF is listed as a personalised copy without a size', async () => {
    const product = await seedProduct();
    await db.doc(`productDeliverables/${product.id}`).set({});
    const book = Buffer.from(await demoPdf('Files Only', ['One']));
    await uploadAndAttach(product.id, 'Files Only.pdf', book, 'application/pdf');
    await uploadAndAttach(product.id, 'Templates.zip', zipBytes, 'application/zip');
    const customer = buildCustomer();
    const sale = await buyWithDemo(product.id, customer);
    expect(api.logged.filter((line) => line.startsWith(sale.transactionId))).toEqual([]);

    const cookie = await confirmDevice(sale.accessUrl, customer.email);
    const html = await (await fetch(sale.accessUrl, { headers: { cookie } })).text();
    expect(html).toContain('<div class="name">Files Only.pdf</div><div class="meta">PDF · personalised copy</div>');
    expect(html).toContain('<div class="name">Templates.zip</div><div class="meta">ZIP · 2.0 KB</div>');
  });

  it('still logs a sale of a product with neither a link nor files', async () => {
    const product = await seedProduct();
    await db.doc(`productDeliverables/${product.id}`).set({});
    const sale = await buyWithDemo(product.id, buildCustomer());
    expect(api.logged).toContain(`${sale.transactionId}: product ${product.id} sold without a deliverable`);
  });
});

const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of each page, as a PDF reader other than the one that wrote it extracts it. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({
    data: bytes.slice(),
    standardFontDataUrl,
    isEvalSupported: false,
    disableFontFace: true,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => item.str)
        .join(' '),
    );
  }
  await pdf.destroy();
  return pages;
}

describe('deleting a product', () => {
  it('keeps its files for the buyers who have them; "Delete files too" needs the number of buyers who lose access', async () => {
    const sale = await aBoughtProductWithFiles();
    // What Manage Products' delete leaves: the product gone, its deliverable kept because it has files.
    await db.doc(`products/${sale.product.id}`).delete();
    const pressed = await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie);
    expect(pressed.status).toBe(303);
    expect((await call(pressed.headers.get('location') ?? '')).body.equals(zipBytes)).toBe(true);

    const usage = await fetch(`${filesUrl(sale.product.id)}/usage`, { headers: bearer(adminToken) });
    expect(await usage.json()).toEqual({ buyers: 1, files: 1 });
    const deleteAll = (confirmBuyers: number, token = adminToken) =>
      fetch(filesUrl(sale.product.id), {
        method: 'DELETE',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify({ confirmBuyers }),
      });
    expect((await deleteAll(1, strangerToken)).status).toBe(403);
    const stale = await deleteAll(0);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({
      message: '1 buyer would lose access now, not 0. Check and confirm again.',
      buyers: 1,
    });
    expect(await bucket.objectMetadata(sale.zip.storagePath)).not.toBeNull();
    // A buyer's stamped copy of one of its files (where the API keeps them) goes with them.
    const buyersCopy = `stamped/${sale.product.id}/${sale.zip.id}/${sale.transactionId}-0123456789abcdef.pdf`;
    await bucket.bucket.file(buyersCopy).save(Buffer.from('%PDF-1.4 copy'), { resumable: false });
    expect(await bucket.objectMetadata(buyersCopy)).not.toBeNull();

    const confirmed = await deleteAll(1);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ deleted: 1, buyers: 1 });
    expect(await bucket.objectMetadata(sale.zip.storagePath)).toBeNull();
    expect(await bucket.objectMetadata(buyersCopy)).toBeNull();
    expect((await db.doc(`productDeliverables/${sale.product.id}`).get()).exists).toBe(false);
    const after = await postForm(`${sale.accessUrl}/files/${sale.zip.id}`, {}, sale.cookie);
    expect(after.status).toBe(404);
  });
});

describe('PDF stamping at download', () => {
  it("makes the buyer's copy once, with their name on every page, and serves it again after", async () => {
    const product = await seedProduct();
    const book = Buffer.from(await demoPdf('A Test Book', ['One', 'Two']));
    const file = await uploadAndAttach(product.id, 'A Test Book.pdf', book, 'application/pdf');
    expect(file.stampPdf).toBe(true);
    const customer = { ...buildCustomer(), name: 'Ọlájídé Àdìgún' };
    const sale = await buyWithDemo(product.id, customer);
    const cookie = await confirmDevice(sale.accessUrl, customer.email);

    const first = await postForm(`${sale.accessUrl}/files/${file.id}`, {}, cookie);
    expect(first.status).toBe(303);
    const location = first.headers.get('location') ?? '';
    const stampedPath = decodeURIComponent(new URL(location).pathname).slice(`/${cloud.storageBucket}/`.length);
    expect(stampedPath).toMatch(
      new RegExp(`^stamped/${product.id}/${file.id}/${sale.transactionId}-[0-9a-f]{16}\\.pdf$`),
    );
    const copy = await call(location);
    expect(copy.status).toBe(200);
    expect(copy.headers['content-disposition']).toBe('attachment; filename="A Test Book.pdf"');
    const pages = await pageTexts(new Uint8Array(copy.body));
    expect(pages).toHaveLength(3);
    const reference = sale.transactionId.replace(/^demo_/, '');
    for (const page of pages) {
      expect(page.normalize('NFC')).toContain(`Licensed to Ọlájídé Àdìgún <${customer.email}>`);
      expect(page).toContain(`Order ${reference}`);
    }
    // The seller's file itself is untouched.
    expect((await bucket.objectMetadata(file.storagePath))?.size).toBe(book.length);

    const kept = await bucket.objectMetadata(stampedPath);
    const second = await postForm(`${sale.accessUrl}/files/${file.id}`, {}, cookie);
    expect(new URL(second.headers.get('location') ?? '').pathname).toBe(`/${cloud.storageBucket}/${stampedPath}`);
    // Served again, not made again.
    expect((await bucket.objectMetadata(stampedPath))?.generation).toBe(kept?.generation);
  });

  it("makes a new copy after the seller corrects the buyer's e-mail, removes the old one, and deleting the file removes the copies", async () => {
    const product = await seedProduct();
    const book = Buffer.from(await demoPdf('Corrected', ['One']));
    const file = await uploadAndAttach(product.id, 'Corrected.pdf', book, 'application/pdf');
    const customer = buildCustomer();
    const sale = await buyWithDemo(product.id, customer);
    const cookie = await confirmDevice(sale.accessUrl, customer.email);
    const copyPath = async () => {
      const pressed = await postForm(`${sale.accessUrl}/files/${file.id}`, {}, cookie);
      expect(pressed.status).toBe(303);
      const location = pressed.headers.get('location') ?? '';
      return {
        location,
        path: decodeURIComponent(new URL(location).pathname).slice(`/${cloud.storageBucket}/`.length),
      };
    };
    const first = await copyPath();
    expect((await pageTexts(new Uint8Array((await call(first.location)).body)))[0]).toContain(`<${customer.email}>`);

    const corrected = `fixed.${uniqueTag()}@example.com`;
    const resent = await postJson(
      `${api.url}/api/admin/transactions/${sale.transactionId}/resend`,
      { email: corrected },
      bearer(adminToken),
    );
    expect(resent.status).toBe(200);
    const second = await copyPath();
    expect(second.path).not.toBe(first.path);
    const pages = await pageTexts(new Uint8Array((await call(second.location)).body));
    expect(pages[0]).toContain(`<${corrected}>`);
    expect(pages[0]).not.toContain(customer.email);
    expect(await bucket.objectMetadata(first.path)).toBeNull();
    expect(await bucket.objectMetadata(second.path)).not.toBeNull();

    const removed = await fetch(`${filesUrl(product.id)}/${file.id}`, {
      method: 'DELETE',
      headers: bearer(adminToken),
    });
    expect(removed.status).toBe(200);
    expect(await bucket.objectMetadata(second.path)).toBeNull();
    expect(await bucket.objectMetadata(file.storagePath)).toBeNull();
  });

  it('delivers the PDF as uploaded when the seller turned stamping off', async () => {
    const product = await seedProduct();
    const book = Buffer.from(await demoPdf('Unstamped', ['One']));
    const file = await uploadAndAttach(product.id, 'Unstamped.pdf', book, 'application/pdf');
    await db.doc(`productDeliverables/${product.id}`).update({ stampPdf: false });
    const customer = buildCustomer();
    const sale = await buyWithDemo(product.id, customer);
    const cookie = await confirmDevice(sale.accessUrl, customer.email);
    const pressed = await postForm(`${sale.accessUrl}/files/${file.id}`, {}, cookie);
    expect(new URL(pressed.headers.get('location') ?? '').pathname).toBe(`/${cloud.storageBucket}/${file.storagePath}`);
    const copy = await call(pressed.headers.get('location') ?? '');
    expect(copy.body.equals(book)).toBe(true);
  });
});
