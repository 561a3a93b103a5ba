// The local cloud's servers against a hostile web page (docs/security.md): a page on another origin, or
// one that reaches 127.0.0.1 under its own host name (DNS rebinding), gets nothing from the
// Firestore emulator, the image host, the Cloud Storage stand-in, the mail inbox, the API, the Auth
// emulator or the emulator hub and logging that run beside it, while the store's own origin keeps
// working.
import { request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';

const cloud = inject('cloud');
const store = 'http://127.0.0.1:5173';
const project = 'demo-digital-store';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, because fetch may not set Host. */
function call(
  baseUrl: string,
  path: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const servers = () => [
  { name: 'Firestore emulator', url: cloud.firestoreUrl, path: '/' },
  { name: 'image host', url: cloud.imagesUrl, path: '/' },
  { name: 'Cloud Storage stand-in', url: cloud.storageUrl, path: '/' },
  { name: 'mail inbox', url: cloud.mailUrl, path: '/api/messages' },
  { name: 'API', url: cloud.apiUrl, path: '/api/health' },
  { name: 'Auth emulator', url: cloud.authUrl, path: '/' },
  { name: 'emulator hub', url: cloud.authHubUrl, path: '/emulators' },
];

describe('local servers', () => {
  it('answer under 127.0.0.1 and localhost with their own port', async () => {
    for (const server of servers()) {
      const port = new URL(server.url).port;
      expect((await call(server.url, server.path)).status, server.name).toBe(200);
      const byName = await call(server.url, server.path, { headers: { host: `localhost:${port}` } });
      expect(byName.status, server.name).toBe(200);
    }
  });

  it('refuse any other Host with 421 (DNS rebinding)', async () => {
    for (const server of servers()) {
      const port = new URL(server.url).port;
      for (const host of [`evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, 'localhost', `0.0.0.0:${port}`]) {
        const answer = await call(server.url, server.path, { headers: { host } });
        expect(answer.status, `${server.name} ${host}`).toBe(421);
        expect(answer.body).not.toContain('"id"');
      }
    }
  });

  it('refuse requests from another origin with 403 and grant it no CORS', async () => {
    for (const server of servers()) {
      const answer = await call(server.url, server.path, { headers: { origin: 'https://evil.example' } });
      expect(answer.status, server.name).toBe(403);
      expect(answer.headers['access-control-allow-origin'], server.name).toBeUndefined();
    }
    const reset = await call(cloud.firestoreUrl, `/emulator/v1/projects/${project}/databases/(default)/documents`, {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(reset.status).toBe(403);
    const clear = await call(cloud.mailUrl, '/api/messages', {
      method: 'DELETE',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(clear.status).toBe(403);
  });

  it("grant CORS to the store's origin on the Firestore emulator and the image host only (and the Cloud Storage stand-in, for signed uploads)", async () => {
    const preflight = await call(cloud.firestoreUrl, `/v1/projects/${project}/databases/(default)/documents:runQuery`, {
      method: 'OPTIONS',
      headers: {
        origin: store,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-goog-api-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(store);
    const upload = await call(cloud.imagesUrl, '/', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(upload.status).toBe(204);
    expect(upload.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    // The inbox holds the buyers' access links: not even the store may read it from a page.
    const inbox = await call(cloud.mailUrl, '/api/messages', { headers: { origin: store } });
    expect(inbox.status).toBe(403);
    expect(inbox.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the Auth emulator, against a page on another local origin', () => {
  const otherLocalPage = 'http://127.0.0.1:5999';
  const identity = (method: string, origin: string, body: unknown) =>
    call(cloud.authUrl, `/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('cannot send a password-reset code, read the codes, or sign up: only the store can', async () => {
    const email = `guarded-${Date.now().toString(36)}@digitalstore.test`;
    const account = { email, password: 'guarded-pass-2026', returnSecureToken: true };
    expect((await identity('signUp', otherLocalPage, account)).status).toBe(403);
    expect((await identity('signUp', store, account)).status).toBe(200);
    const reset = { requestType: 'PASSWORD_RESET', email };
    const refused = await identity('sendOobCode', otherLocalPage, reset);
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect((await identity('sendOobCode', store, reset)).status).toBe(200);

    const codes = `/emulator/v1/projects/${project}/oobCodes`;
    const stolen = await call(cloud.authUrl, codes, { headers: { origin: otherLocalPage } });
    expect(stolen.status).toBe(403);
    expect(stolen.body).not.toContain(email);
    const preflight = await call(cloud.authUrl, codes, {
      method: 'OPTIONS',
      headers: { origin: otherLocalPage, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    // Node clients (the tests, firebase-admin) send no Origin and still read them.
    expect((await call(cloud.authUrl, codes)).body).toContain(email);
  });

  it("refuses a websocket to the emulators' log stream from another origin or host", async () => {
    const port = new URL(cloud.authLoggingUrl).port;
    const handshake = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request(cloud.authLoggingUrl, {
          headers: {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': Buffer.from('local-guard-test').toString('base64'),
            ...headers,
          },
        });
        req.on('upgrade', (_res, socket) => {
          socket.destroy();
          resolve(101);
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await handshake({ origin: otherLocalPage })).toBe(403);
    expect(await handshake({ host: `evil.example:${port}` })).toBe(421);
    expect(await handshake({})).toBe(101);
  });
});
