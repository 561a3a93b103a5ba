// The local servers keep an idle connection longer than Node's client agents do (docs/local-cloud.md,
// 'Guarded like a server'), so a client never sends on a connection the server is closing (EPIPE).
import { Agent, request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../../../local/http';

const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
});

/** GETs / on the agent's kept connection; answers the status and the client port the server saw. */
function get(port: number, agent: Agent): Promise<{ status: number; clientPort: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: '/', agent, headers: { host: `127.0.0.1:${port}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, clientPort: body }));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

describe('the local servers keep idle connections', () => {
  it('still serves a connection left idle for 6 s, past the 5 s after which Node closed it', async () => {
    const { server, port } = await listen(
      (req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(String(req.socket.remotePort));
      },
      0,
      '127.0.0.1',
    );
    // An agent that keeps its idle connection as long as the server does: it reuses it if it is open.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    opened.push(async () => {
      agent.destroy();
      await closeServer(server);
    });
    const first = await get(port, agent);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(port, agent);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // The same client port: the server kept the connection and the second request went on it.
    expect(second.clientPort).toBe(first.clientPort);
  }, 15_000);
});
