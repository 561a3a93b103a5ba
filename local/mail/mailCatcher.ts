// An SMTP server that keeps every message it receives, with a small web inbox, so the order and
// contact e-mails of the local cloud can be read (DESIGN §5). Nothing is relayed anywhere.
import type { Server } from 'node:http';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { closeServer, listen, sendJson } from '../http';

export interface CaughtMail {
  id: number;
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

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  if (!value) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((entry) => entry.value.map((a) => a.address ?? '')).filter(Boolean);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function inboxPage(mails: CaughtMail[]): string {
  const rows = mails
    .slice()
    .reverse()
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p><b>From</b> ${escapeHtml(m.from)} · <b>To</b> ${escapeHtml(
          m.to.join(', '),
        )}${m.replyTo ? ` · <b>Reply-To</b> ${escapeHtml(m.replyTo)}` : ''} · ${escapeHtml(m.date)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local inbox</title><style>body{font-family:system-ui;max-width:860px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Local inbox (${mails.length})</h1>${
    rows || '<p>No messages yet.</p>'
  }</body></html>`;
}

export async function startMailCatcher(
  options: { smtpPort?: number; webPort?: number; host?: string } = {},
): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const mails: CaughtMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            id: nextId++,
            from: addresses(parsed.from)[0] ?? '',
            to: addresses(parsed.to),
            replyTo: addresses(parsed.replyTo)[0] ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: (parsed.date ?? new Date()).toISOString(),
          });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error('Unreadable message')));
    },
  });
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => {
      const address = smtp.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  const web = await listen(
    (req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      if (url.pathname === '/api/messages' && req.method === 'GET') sendJson(res, 200, mails);
      else if (url.pathname === '/api/messages' && req.method === 'DELETE') {
        mails.length = 0;
        sendJson(res, 200, {});
      } else if (url.pathname === '/' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(inboxPage(mails));
      } else sendJson(res, 404, { error: 'Not found' });
    },
    options.webPort ?? 0,
    host,
    // The inbox holds access links: no other page may read or clear it.
    [],
  );
  const webServer: Server = web.server;

  return {
    smtpPort,
    webUrl: `http://${host}:${web.port}`,
    messages: () => mails.slice(),
    clear: () => {
      mails.length = 0;
    },
    close: async () => {
      await closeServer(webServer);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
