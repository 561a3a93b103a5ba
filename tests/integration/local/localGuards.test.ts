// The local cloud's servers against a hostile web page (docs/security.md): a page on another origin, or
// one that reaches 127.0.0.1 under its own host name (DNS rebinding), gets nothing from the
// Firestore emulator, the image host, the mail inbox or the API, while the store's own origin
// keeps working.
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
  { name: 'mail inbox', url: cloud.mailUrl, path: '/api/messages' },
  { name: 'API', url: cloud.apiUrl, path: '/api/health' },
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

  it("grant CORS to the store's origin on the Firestore emulator and the image host only", async () => {
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
