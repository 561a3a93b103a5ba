// Store health's mail checks (docs/admin.md, 'Store health'): the SMTP login, the sender domain's
// SPF, DMARC and DKIM records (through an injectable DNS resolver, so tests answer for the DNS), and
// the e-mails that failed in the last days.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { HealthCheckResult } from '../../domain/storeHealth';
import type { ServerConfig } from '../config';
import { checkResult, lookBackDays, lookBackStart, readableTime } from './checkResult';
import { mailFailuresBetween } from './healthRecords';
import { mailFailuresCollection } from '../lib/collections';

/** node:dns/promises' resolveTxt: each record's strings, which a receiver joins. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

type MailSettings = Pick<
  ServerConfig,
  'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'MAIL_FROM' | 'DKIM_SELECTOR' | 'SELLER_EMAIL'
>;

const setupFix = 'npm run setup (it checks the SMTP settings and sends you a test e-mail)';

function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}

/** Why the connection failed, in words: nodemailer wraps the socket's own code in its message. */
function smtpProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/ECONNREFUSED/.test(message)) return 'the connection was refused';
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return 'no such host';
  if (/ETIMEDOUT|timeout/i.test(message)) return 'no answer in time';
  if (/certificate|TLS|SSL/i.test(message)) return 'the secure connection failed';
  return errorCode(error) || 'no answer';
}

export async function smtpCheck(config: MailSettings, verify: () => Promise<unknown>): Promise<HealthCheckResult> {
  const id = 'smtp';
  const title = 'Mail server';
  const server = `${config.SMTP_HOST}:${config.SMTP_PORT}`;
  try {
    await verify();
  } catch (error) {
    const detail =
      errorCode(error) === 'EAUTH'
        ? `The mail server at ${server} refused the login of ${config.SMTP_USER ?? 'the store'}.`
        : `Could not talk to the mail server at ${server} (${smtpProblem(error)}): no e-mail leaves the store.`;
    return checkResult(id, title, 'critical', detail, setupFix);
  }
  const as = config.SMTP_USER ? `logged in as ${config.SMTP_USER}` : 'no login needed';
  return checkResult(id, title, 'good', `The mail server at ${server} answers (${as}).`);
}

/** The address's domain in MAIL_FROM ('Store <orders@shop.ng>' or 'orders@shop.ng'), lower case. */
export function senderDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return (address.split('@')[1] ?? '').trim().toLowerCase();
}

// Names reserved for tests and examples (RFC 2606, RFC 6761): nobody can publish records for them.
const reservedDomain = /(^|\.)(test|example|invalid|localhost|local)$|^example\.(com|net|org)$/;

type Lookup = { records: string[] } | { failed: string };

async function txtRecords(dns: TxtResolver, name: string): Promise<Lookup> {
  try {
    return { records: (await dns.resolveTxt(name)).map((parts) => parts.join('')) };
  } catch (error) {
    const code = errorCode(error);
    // No such name, or no TXT record at it: no records.
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { records: [] };
    return { failed: code || 'no answer' };
  }
}

interface DnsCheck {
  id: string;
  title: string;
  name: string;
  matches: (record: string) => boolean;
  missing: { status: 'critical' | 'recommended'; detail: string; fix: string };
  found: string;
}

async function dnsCheck(dns: TxtResolver, check: DnsCheck): Promise<HealthCheckResult> {
  const lookup = await txtRecords(dns, check.name);
  if ('failed' in lookup) {
    return checkResult(
      check.id,
      check.title,
      'recommended',
      `The DNS lookup of ${check.name} failed (${lookup.failed}).`,
      'Run the checks again in a few minutes.',
    );
  }
  const found = lookup.records.filter(check.matches);
  if (found.length === 0)
    return checkResult(check.id, check.title, check.missing.status, check.missing.detail, check.missing.fix);
  return checkResult(check.id, check.title, 'good', `${check.found}: ${found[0]}`);
}

export async function mailDomainChecks(config: MailSettings, dns: TxtResolver): Promise<HealthCheckResult[]> {
  const domain = senderDomain(config.MAIL_FROM);
  const titles = { spf: 'SPF record', dmarc: 'DMARC record', dkim: 'DKIM record' };
  if (!domain || reservedDomain.test(domain)) {
    const detail = `The sender's domain (${domain || 'none'}) is a test domain: the local mail catcher delivers nowhere.`;
    return [
      checkResult('mail-spf', titles.spf, 'not-applicable', detail),
      checkResult('mail-dmarc', titles.dmarc, 'not-applicable', detail),
      checkResult('mail-dkim', titles.dkim, 'not-applicable', detail),
    ];
  }
  const providerHelp = "your mail provider's domain setup page gives the exact value";
  const spf = dnsCheck(dns, {
    id: 'mail-spf',
    title: titles.spf,
    name: domain,
    matches: (record) => record.toLowerCase().startsWith('v=spf1'),
    missing: {
      status: 'critical',
      detail: `The sender's domain ${domain} has no SPF record: receivers may reject the store's e-mails or file them as spam.`,
      fix: `Add a TXT record at ${domain}: v=spf1 include:<your mail provider> ~all (${providerHelp})`,
    },
    found: `${domain} has an SPF record`,
  });
  const dmarc = dnsCheck(dns, {
    id: 'mail-dmarc',
    title: titles.dmarc,
    name: `_dmarc.${domain}`,
    matches: (record) => record.toUpperCase().startsWith('V=DMARC1'),
    missing: {
      status: 'recommended',
      detail: `The sender's domain ${domain} has no DMARC record: Gmail and Yahoo expect one.`,
      fix: `Add a TXT record at _dmarc.${domain}: v=DMARC1; p=none; rua=mailto:${config.SELLER_EMAIL}`,
    },
    found: `_dmarc.${domain} has a DMARC record`,
  });
  const selector = config.DKIM_SELECTOR;
  const dkim = selector
    ? dnsCheck(dns, {
        id: 'mail-dkim',
        title: titles.dkim,
        name: `${selector}._domainkey.${domain}`,
        matches: (record) => /(^|;)\s*p=[A-Za-z0-9+/]/.test(record),
        missing: {
          status: 'critical',
          detail: `There is no DKIM key at ${selector}._domainkey.${domain}: receivers cannot tell the store's e-mails are genuine.`,
          fix: `Add the DKIM record your mail provider gives for ${domain} (selector ${selector}) to your DNS`,
        },
        found: `${selector}._domainkey.${domain} has a DKIM key`,
      })
    : Promise.resolve(
        checkResult(
          'mail-dkim',
          titles.dkim,
          'recommended',
          'No DKIM selector is set (DKIM_SELECTOR), so the DKIM record is not checked.',
          "Set DKIM_SELECTOR in .env.functions to your mail provider's selector for the sender's domain, then npm run setup",
        ),
      );
  return Promise.all([spf, dmarc, dkim]);
}

export async function mailFailuresCheck(db: Firestore, now: Date): Promise<HealthCheckResult> {
  const id = 'mail-failures';
  const title = 'Failed e-mails';
  const since = lookBackStart(now);
  const count = await mailFailuresBetween(db, since, now);
  if (count === 0) return checkResult(id, title, 'good', `No e-mail failed in the last ${lookBackDays} days.`);
  const last = await db
    .collection(mailFailuresCollection)
    .where('failedAt', '<=', Timestamp.fromDate(now))
    .orderBy('failedAt', 'desc')
    .limit(1)
    .get();
  const latest = last.docs[0];
  const at = latest?.get('failedAt') as unknown;
  const subject = latest?.get('subject') as unknown;
  const lastWords =
    at instanceof Timestamp
      ? ` The last, '${typeof subject === 'string' ? subject : ''}', at ${readableTime(at.toDate())}.`
      : '';
  return checkResult(
    id,
    title,
    'recommended',
    `${count === 1 ? '1 e-mail' : `${count} e-mails`} failed in the last ${lookBackDays} days.${lastWords}`,
    "Check the mail server above and your mail provider's sending log. Purchase e-mails are sent again every 15 minutes; Sales > Resend sends one now.",
  );
}
