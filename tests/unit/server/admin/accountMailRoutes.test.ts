// The admin password-reset route through HTTP, with the mail service replaced by a slow fake: the
// paths the local cloud cannot produce (a mail server that takes seconds). The real mails run against
// the local cloud in tests/integration/api/adminAccountMails.test.ts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountMails } from '../../../../server/admin/accountMails';
import { createAccountMailRouter } from '../../../../server/admin/accountMailRoutes';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const pass: RequestHandler = (_req, _res, next) => next();

async function start(sendPasswordReset: AccountMails['sendPasswordReset'], logged: string[]) {
  const app = express();
  app.use(express.json());
  app.use(
    '/api/admin-account',
    createAccountMailRouter({
      mails: { sendPasswordReset } as AccountMails,
      auth: { verifyIdToken: () => Promise.reject(new Error('not used')) },
      clientLimiter: pass,
      addressLimiter: pass,
      logError: (message) => logged.push(message),
      answerFloorMs: 300,
    }),
  );
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin-account/password-reset`;
}

const ask = (url: string, email: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

describe('POST /api/admin-account/password-reset', () => {
  it('answers when the floor is over although the mail server is still sending, and the mail still goes', async () => {
    const sent: string[] = [];
    const url = await start(async (email) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      sent.push(email);
      return true;
    }, []);
    const startedAt = Date.now();
    const response = await ask(url, 'owner@example.com');
    const took = Date.now() - startedAt;
    expect(response.status).toBe(200);
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1500);
    expect(sent).toEqual([]);
    await expect.poll(() => sent, { timeout: 4000 }).toEqual(['owner@example.com']);
  });

  it('gives a failed send the same answer, no sooner, and logs it', async () => {
    const logged: string[] = [];
    const url = await start(() => Promise.reject(new Error('smtp down')), logged);
    const startedAt = Date.now();
    const response = await ask(url, 'owner@example.com');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(290);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    expect(logged).toEqual(['A password reset e-mail could not be sent']);
  });
});
