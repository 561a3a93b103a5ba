// What the course API tests share (docs/courses.md): an API on the local cloud with real admin ID tokens
// (Auth emulator), the Storage stand-in for videos and files, demo purchases, and a clock the test
// moves (drip). Nothing of ours is faked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { AdminCourse, AdminSection, LearnLesson, ProgressSaved } from '../../domain/courses';
import { demoAdmin, seedDemoAdmin } from '../../local/seed/seed';
import { createAdminAuth } from '../../server/admin/adminAuth';
import { signInWithPassword, signUpStranger } from './authEmulatorUsers';
import { call } from './storageClient';
import {
  buildCustomer,
  cloud,
  db,
  demoPurchase,
  postJson,
  seedProduct,
  startPurchaseApi,
  type Customer,
  type PurchaseApi,
} from './purchaseHarness';

export const fixture = (name: string) => readFileSync(join(process.cwd(), 'tests/fixtures/video', name));
export const demoVideo = () => readFileSync(join(process.cwd(), 'local/seed/media/demo-lesson.mp4'));

/** The clock the API decides drip by: the real time plus what the test added. */
export const clock = { offsetMs: 0 };
export const dayMs = 24 * 60 * 60 * 1000;

export interface CourseApi extends PurchaseApi {
  adminToken: string;
  strangerToken: string;
}

export async function startCourseApi(env: Record<string, string> = {}): Promise<CourseApi> {
  await seedDemoAdmin(db, cloud.authUrl);
  const adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
  const strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
  const api = await startPurchaseApi(
    { CONFIRM_RATE_LIMIT: '1000', ...env },
    {
      auth: createAdminAuth({
        projectId: 'demo-digital-store',
        emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
      }),
      now: () => new Date(Date.now() + clock.offsetMs),
    },
  );
  return { ...api, adminToken, strangerToken };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function sendJson(method: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method,
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Opens a resumable session at the signed URL and sends the bytes, as the dashboard does. */
async function sendToBucket(session: { url: string; headers: Record<string, string> }, bytes: Buffer) {
  const opened = await call(session.url, { method: 'POST', headers: session.headers });
  expect(opened.status).toBe(201);
  const sent = await call(String(opened.headers.location), { method: 'PUT', body: bytes });
  expect(sent.status).toBe(200);
}

/** A product file (productDeliverables.files) uploaded and attached through the files API; its id. */
export async function addProductFile(api: CourseApi, productId: string, name: string, bytes: Buffer) {
  const facts = { name, size: bytes.length, contentType: 'application/zip' };
  const base = `${api.url}/api/admin/products/${productId}/files`;
  const started = await postJson(base, facts, { ...bearer(api.adminToken), origin: api.url });
  expect(started.status).toBe(201);
  const session = (await started.json()) as { fileId: string; url: string; headers: Record<string, string> };
  await sendToBucket(session, bytes);
  const attached = await postJson(`${base}/${session.fileId}/attach`, facts, bearer(api.adminToken));
  expect(attached.status).toBe(200);
  return session.fileId;
}

/** Uploads a lesson video into lessons/{productId}/; answers its file id. */
export async function uploadVideo(api: CourseApi, productId: string, bytes: Buffer, contentType = 'video/mp4') {
  const started = await postJson(
    `${api.url}/api/admin/courses/${productId}/videos`,
    { name: 'Lesson video', size: bytes.length, contentType },
    { ...bearer(api.adminToken), origin: api.url },
  );
  expect(started.status).toBe(201);
  const session = (await started.json()) as {
    fileId: string;
    uploadUrl: string;
    url: string;
    headers: Record<string, string>;
  };
  expect(session.uploadUrl).toBe(session.url);
  await sendToBucket(session, bytes);
  return session.fileId;
}

export function attachVideo(api: CourseApi, productId: string, fileId: string, lessonId: string, kind = 'main') {
  return postJson(
    `${api.url}/api/admin/courses/${productId}/videos/${fileId}/attach`,
    { lessonId, kind },
    bearer(api.adminToken),
  );
}

export async function saveCourse(
  api: CourseApi,
  productId: string,
  sections: AdminSection[],
  expectedUpdatedAt: string | null,
): Promise<AdminCourse> {
  const saved = await sendJson(
    'PUT',
    `${api.url}/api/admin/courses/${productId}`,
    { sections, expectedUpdatedAt },
    bearer(api.adminToken),
  );
  expect(saved.status).toBe(200);
  return (await saved.json()) as AdminCourse;
}

export const lesson = (id: string, title: string, extra: Partial<AdminSection['lessons'][number]> = {}) => ({
  id,
  title,
  body: `# ${title}\n\nRead this first.`,
  video: null,
  attachmentFileIds: [],
  preview: false,
  dripDays: null,
  ...extra,
});

/**
 * The demo course shape: 'Basics' (l1 free preview with the video, l2 with the product's file) and
 * 'Going further' (l3 dripped after 7 days, with the file, and l4).
 */
export async function aCourse(api: CourseApi) {
  const product = await seedProduct({ title: `React Course ${Date.now()}` });
  const fileId = await addProductFile(
    api,
    product.id,
    'Starter.zip',
    Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(500, 3)]),
  );
  const sections = [
    {
      id: 's1',
      title: 'Basics',
      lessons: [lesson('l1', 'Welcome', { preview: true }), lesson('l2', 'Setup', { attachmentFileIds: [fileId] })],
    },
    {
      id: 's2',
      title: 'Going further',
      lessons: [lesson('l3', 'Routing', { dripDays: 7, attachmentFileIds: [fileId] }), lesson('l4', 'Deploying')],
    },
  ];
  const first = await saveCourse(api, product.id, sections, null);
  const videoId = await uploadVideo(api, product.id, demoVideo());
  expect((await attachVideo(api, product.id, videoId, 'l1')).status).toBe(200);
  const dripVideo = await uploadVideo(api, product.id, fixture('h264-moov-at-end.mp4'));
  expect((await attachVideo(api, product.id, dripVideo, 'l3')).status).toBe(200);
  return { product, fileId, videoId, updatedAt: first.updatedAt };
}

/** A demo purchase of the product by a new buyer; the paying browser's cookie comes back. */
export async function buy(api: CourseApi, productId: string, customer: Customer = buildCustomer()) {
  const { transactionId, accessUrl, payingBrowser } = await demoPurchase(api.url, productId, customer);
  const token = accessUrl.slice(accessUrl.lastIndexOf('/') + 1);
  return { transactionId, accessUrl, token, customer, payingBrowser, learnUrl: `${api.url}/api/learn/${token}` };
}

/** Confirms the purchase e-mail from a new device; answers the cookie it then keeps. */
export async function confirmNewDevice(learnUrl: string, email: string): Promise<string> {
  const confirmed = await postJson(`${learnUrl}/confirm`, { email });
  expect(confirmed.status).toBe(200);
  return (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** PUT .../progress from a device. */
export const saveProgress = (learnUrl: string, body: unknown, cookie: string) =>
  sendJson('PUT', `${learnUrl}/progress`, body, { cookie });

/**
 * A lesson's video watched as the player reports it: the lesson opened, playing from the start, a save
 * every 10 seconds of video 10 seconds (of the API's clock) apart, to the end. Answers the last save's answer.
 */
export async function watchVideo(learnUrl: string, lessonId: string, cookie: string): Promise<ProgressSaved> {
  const opened = await fetch(`${learnUrl}/lessons/${lessonId}`, { headers: { cookie } });
  expect(opened.status).toBe(200);
  const durationS = ((await opened.json()) as LearnLesson).video?.durationS ?? 0;
  expect(durationS).toBeGreaterThan(0);
  let answer = await saveProgress(learnUrl, { lessonId, positionS: 0 }, cookie);
  for (let position = 0; position < durationS;) {
    position = Math.min(position + 10, durationS);
    clock.offsetMs += 10_000;
    answer = await saveProgress(learnUrl, { lessonId, positionS: position }, cookie);
    expect(answer.status).toBe(200);
  }
  return (await answer.json()) as ProgressSaved;
}

/** A lesson without a video opened, then Mark complete. Answers the save's answer. */
export async function openAndMark(learnUrl: string, lessonId: string, cookie: string): Promise<ProgressSaved> {
  expect((await fetch(`${learnUrl}/lessons/${lessonId}`, { headers: { cookie } })).status).toBe(200);
  const answer = await saveProgress(learnUrl, { lessonId, positionS: 0, completed: true }, cookie);
  expect(answer.status).toBe(200);
  return (await answer.json()) as ProgressSaved;
}
