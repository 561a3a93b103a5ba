// The local mail inbox (docs/local-cloud.md): maildev's SMTP server and web inbox, so the order and contact
// e-mails of the local cloud can be read as a buyer sees them (HTML rendered, links working). Nothing
// is relayed anywhere. Tests read the same mails as JSON at /api/messages, a small route of ours in
// front of maildev's web app.
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { admitLocalRequest, hostAllowed, originPolicy, storeOrigins, type LocalAccess } from '../guard';
import { sendJson } from '../http';
import { freePort } from '../ports';

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  date: string;
}

export interface MailCatcher {
  smtpPort: number;
  webUrl: string;
  messages(): CaughtMail[];
  clear(): void;
  close(): Promise<void>;
}

// --- The parts of maildev 2.2.1 used here (lib/mailserver.js and lib/web.js; it ships no types) ---

interface MaildevAddress {
  address?: string;
  name?: string;
}

interface MaildevMail {
  id: string;
  from?: MaildevAddress[];
  to?: MaildevAddress[];
  replyTo?: MaildevAddress[];
  subject?: string;
  text?: string;
  html?: string;
  time?: Date | string;
}

type SmtpDataHandler = (
  stream: NodeJS.ReadableStream,
  session: unknown,
  callback: (error?: Error | null, message?: string) => void,
) => void;

interface MaildevSmtp {
  onData: SmtpDataHandler;
  removeAllListeners(event: string): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(callback: () => void): void;
}

interface MaildevMailServer {
  store: MaildevMail[];
  smtp: MaildevSmtp;
  create(port: number, host: string, mailDir: string): void;
  listen(callback: (error?: Error) => void): Promise<void>;
  on(event: 'new', listener: (mail: MaildevMail) => void): void;
  removeListener(event: 'new', listener: (mail: MaildevMail) => void): void;
  deleteAllEmail(done: (error: Error | null) => void): void;
  close(callback: () => void): void;
}

interface MaildevWeb {
  server: Server | null;
  start(
    port: number,
    host: string,
    mailserver: MaildevMailServer,
    user: undefined,
    password: undefined,
    basePathname: string,
    secure: { https: boolean },
  ): void;
  close(callback: () => void): void;
}

interface MaildevLogger {
  setLevel(level: number): void;
}

const require = createRequire(import.meta.url);
const maildevRoot = dirname(require.resolve('maildev/package.json'));

/**
 * maildev keeps its mail store, SMTP server and web server in module-level state, so two inboxes in
 * one process (the integration and e2e clouds of one `npm test`) would share one store. Each inbox
 * loads its own copy of maildev's modules. index.js is not used: it also installs SIGINT/SIGTERM
 * handlers that exit the process, which would cut short the local cloud's own shutdown.
 */
function loadMaildev(): { mailserver: MaildevMailServer; web: MaildevWeb; logger: MaildevLogger } {
  const own = join(maildevRoot, 'lib') + sep;
  for (const key of Object.keys(require.cache)) if (key.startsWith(own)) delete require.cache[key];
  return {
    logger: require(join(maildevRoot, 'lib/logger.js')) as MaildevLogger,
    mailserver: require(join(maildevRoot, 'lib/mailserver.js')) as MaildevMailServer,
    web: require(join(maildevRoot, 'lib/web.js')) as MaildevWeb,
  };
}

function firstAddress(list: MaildevAddress[] | undefined): string {
  return list?.[0]?.address ?? '';
}

function toCaughtMail(mail: MaildevMail): CaughtMail {
  const time = mail.time instanceof Date ? mail.time : new Date(mail.time ?? Date.now());
  return {
    id: mail.id,
    from: firstAddress(mail.from),
    to: (mail.to ?? []).map((entry) => entry.address ?? '').filter(Boolean),
    replyTo: firstAddress(mail.replyTo),
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: mail.html ?? '',
    date: time.toISOString(),
  };
}

/** Resolves once the server listens; rejects with its error (a busy port) instead. */
function listening(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (server.listening) {
      resolve();
      return;
    }
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
  });
}

export async function startMailCatcher(
  options: { smtpPort?: number; webPort?: number; host?: string } = {},
): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const mailDir = await mkdtemp(join(tmpdir(), 'store-mail-'));
  const { mailserver, web, logger } = loadMaildev();
  logger.setLevel(0);

  // maildev reads port 0 as "its default" (1025 and 1080), so free ports are picked here.
  const wantedSmtpPort = options.smtpPort || (await freePort(host));
  const wantedWebPort = options.webPort || (await freePort(host));
  mailserver.create(wantedSmtpPort, host, mailDir);
  const smtp = mailserver.smtp;
  // maildev rethrows SMTP server errors (a busy port among them) from an event handler, which would
  // crash the process; here they reject the start instead, or are ignored once running (a client
  // that hung up mid-message).
  smtp.removeAllListeners('error');
  let startError: ((error: Error) => void) | null = null;
  smtp.on('error', (error) => startError?.(error));

  // maildev answers "queued" when the bytes are in, and files the message when parsing ends. Holding
  // the answer until the message is in the store means a sender that got its answer (the API, a test)
  // finds the mail in the inbox straight away.
  const queuedData = smtp.onData.bind(smtp);
  smtp.onData = (stream, session, callback) => {
    queuedData(stream, session, (error, message) => {
      const id = /queued as (\S+)/.exec(message ?? '')?.[1];
      if (error || !id || mailserver.store.some((mail) => mail.id === id)) {
        callback(error, message);
        return;
      }
      const timer = setTimeout(() => done(), 5000);
      const onNew = (mail: MaildevMail) => {
        if (mail.id === id) done();
      };
      function done() {
        clearTimeout(timer);
        mailserver.removeListener('new', onNew);
        callback(null, message);
      }
      mailserver.on('new', onNew);
    });
  };

  try {
    await new Promise<void>((resolve, reject) => {
      startError = reject;
      mailserver.listen((error) => (error ? reject(error) : resolve())).catch(reject);
    });
  } catch (error) {
    await rm(mailDir, { recursive: true, force: true });
    throw error;
  }
  startError = null;

  try {
    web.start(wantedWebPort, host, mailserver, undefined, undefined, '/', { https: false });
    const webServer = web.server;
    if (!webServer) throw new Error('The mail inbox web server did not start');
    await listening(webServer);
    installJsonRoute(webServer, mailserver);
    // The inbox holds the buyers' access links: only its own page may read it (docs/security.md).
    guardInbox(webServer, {
      port: () => wantedWebPort,
      allowsOrigin: originPolicy(storeOrigins(`http://${host}:${wantedWebPort}`)),
    });
  } catch (error) {
    await new Promise<void>((resolve) => mailserver.close(() => resolve()));
    await rm(mailDir, { recursive: true, force: true });
    throw error;
  }

  return {
    smtpPort: wantedSmtpPort,
    webUrl: `http://${host}:${wantedWebPort}`,
    messages: () => mailserver.store.map(toCaughtMail),
    clear: () => mailserver.deleteAllEmail(() => {}),
    close: async () => {
      // SMTP first, then socket.io (which closes the web server it is attached to), then stragglers.
      await new Promise<void>((resolve) => mailserver.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
      web.server?.closeAllConnections();
      await new Promise<void>((resolve) => (web.server?.listening ? web.server.close(() => resolve()) : resolve()));
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}

/**
 * GET/DELETE /api/messages on the inbox's own port: the JSON the tests read (a path maildev's web
 * app does not use). Every other request goes on to maildev (and socket.io) unchanged.
 * `?after=<id>` answers only the mails that arrived after that one (`X-Inbox: after`), so a test that
 * polls keeps what it read and fetches the rest; when that mail is no longer held (the inbox was
 * emptied) it answers every mail (`X-Inbox: all`), as without the parameter.
 */
function installJsonRoute(server: Server, mailserver: MaildevMailServer): void {
  const maildevHandlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://inbox').pathname;
    if (path === '/api/messages' && req.method === 'GET') {
      const after = new URL(req.url ?? '/', 'http://inbox').searchParams.get('after');
      const seen = after === null ? -1 : mailserver.store.findIndex((mail) => mail.id === after);
      res.setHeader('X-Inbox', seen < 0 ? 'all' : 'after');
      sendJson(res, 200, mailserver.store.slice(seen + 1).map(toCaughtMail));
      return;
    }
    if (path === '/api/messages' && req.method === 'DELETE') {
      mailserver.deleteAllEmail(() => sendJson(res, 200, {}));
      return;
    }
    for (const handler of maildevHandlers) handler.call(server, req, res);
  });
}

/**
 * Host and Origin checks (local/guard.ts) in front of every inbox request, JSON route, maildev's
 * web app and its socket.io upgrades alike: installed last, so it runs before all of them.
 */
function guardInbox(server: Server, access: LocalAccess): void {
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!admitLocalRequest(req, res, access)) return;
    for (const handler of handlers) handler.call(server, req, res);
  });
  const upgrades = server.listeners('upgrade') as Array<(req: IncomingMessage, socket: Duplex, head: Buffer) => void>;
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const origin = req.headers.origin;
    if (!hostAllowed(req.headers.host, access.port()) || (origin !== undefined && !access.allowsOrigin(origin))) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    for (const handler of upgrades) handler.call(server, req, socket, head);
  });
}
