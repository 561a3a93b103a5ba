// Loaded into the Firebase Auth emulator's process (node --import) before firebase-tools starts.
// firebase-tools' servers there (the Auth emulator, the emulator hub and the logging websocket) answer
// any Host and grant CORS to any origin, so a web page on another origin could send a password-reset
// code, read it back from the oobCodes endpoint or the log stream, and take the account. Every HTTP
// server of the process goes through the same Host and Origin checks as the local cloud's own
// servers (local/guard.ts, loaded here through tsx so there is one implementation).
import { Server } from 'node:http';
import { tsImport } from 'tsx/esm/api';

/** @type {typeof import('./guard')} */
const guard = await tsImport('./guard.ts', import.meta.url);

const configured = process.env.LOCAL_GUARD_ORIGINS;
const storeAllowed = guard.originPolicy(configured === undefined ? undefined : JSON.parse(configured));

/** @param {Server} server */
function accessOf(server) {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  // The emulator's own pages (its action links) may call it; other pages only when they are the store.
  const own = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  return { port: () => port, allowsOrigin: (/** @type {string} */ origin) => own.has(origin) || storeAllowed(origin) };
}

/**
 * @param {import('node:net').Socket} socket
 * @param {number} status
 * @param {string} reason
 */
function refuseUpgrade(socket, status, reason) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

const emit = Server.prototype.emit;
Server.prototype.emit = function guardedEmit(event, ...args) {
  if (event === 'request') {
    const [req, res] = /** @type {[import('node:http').IncomingMessage, import('node:http').ServerResponse]} */ (args);
    if (!guard.admitLocalRequest(req, res, accessOf(this))) return true;
  } else if (event === 'upgrade') {
    const [req, socket] = /** @type {[import('node:http').IncomingMessage, import('node:net').Socket]} */ (args);
    const access = accessOf(this);
    if (!guard.hostAllowed(req.headers.host, access.port())) {
      refuseUpgrade(socket, 421, 'Misdirected Request');
      return true;
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !access.allowsOrigin(origin)) {
      refuseUpgrade(socket, 403, 'Forbidden');
      return true;
    }
  }
  return emit.call(this, event, ...args);
};
