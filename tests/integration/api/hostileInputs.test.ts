// Oversized, malformed and hostile inputs on every endpoint of the API (docs/security.md), against the
// local cloud: our Firestore emulator, real SMTP into the mail catcher, real ID tokens from the Auth
// emulator for the admin routes; only Paystack and PayPal are stand-ins (msw). Every input is a row
// of a table with the status and the sentence the client must get; each table ends by checking that
// no refused input was stored or mailed. The figures are printed at the end and asserted, so the
// count in docs/security.md is what ran.
import { gzipSync } from 'node:zlib';
import { Timestamp } from 'firebase-admin/firestore';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { metaEnd, metaStart } from '../../../server/sharing/pageMeta';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  cloud,
  createFakePaypal,
  createFakePaystack,
  db,
  mailsMatching,
  mailsNow,
  openCheckout,
  paidCharge,
  paystackTransactionData,
  removeSeededProducts,
  sellerEmail,
  seedProduct,
  signPaystack,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  unissuedCharge,
  type PurchaseApi,
  type SeededProduct,
} from '../../support/purchaseHarness';

// --- What every refused input carries, so the database and the inbox can be searched for it -------

const runTag = uniqueTag();
/** In a string field of every refused body: must never be found in Firestore or in a mail. */
const refused = `refused${runTag}`;
/** In the inputs that are legitimately accepted (markup as text, prototype keys ignored). */
const accepted = `accepted${runTag}`;
const evilAddress = `evil-${runTag}@example.com`;

// --- The API under test ---------------------------------------------------------------------------

let api: PurchaseApi;
let adminToken: string;
let strangerToken: string;
let product: SeededProduct;
const paystack = createFakePaystack();
const paypal = createFakePaypal();
useMsw(setupServer(...paystack.handlers, ...paypal.handlers));

// The product page shell as the build has it: the API fills the block between the markers.
const pageTemplate = `<!doctype html><html lang="en"><head><meta charset="utf-8">${metaStart}<title>Digital Store</title>${metaEnd}</head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
  strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
  product = await seedProduct({ title: `Hostile Inputs Guide ${runTag}` });

  api = await startPurchaseApi(
    {
      CONTACT_RATE_LIMIT: '10000',
      ORDER_RATE_LIMIT: '10000',
      CHECKOUT_RATE_LIMIT: '10000',
      RESEND_RATE_LIMIT: '10000',
      ACCESS_RATE_LIMIT: '10000',
      ADMIN_RATE_LIMIT: '10000',
    },
    {
      auth: createAdminAuth({ projectId: cloud.projectId, emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST }),
      pageTemplate: () => Promise.resolve(pageTemplate),
    },
  );
});

afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

// --- The tally ------------------------------------------------------------------------------------

const triedPerEndpoint = new Map<string, number>();
const acceptedWrongly: string[] = [];

interface Expected {
  status: number;
  /** The `message` of the JSON answer; omitted for answers that are not JSON messages. */
  message?: string;
  /** The whole JSON answer, for the answers that carry no message (`{received: true}`). */
  json?: unknown;
  /** A text the HTML answer must contain (access links, product pages). */
  html?: string;
}

interface Row extends Expected {
  label: string;
  send: () => Promise<Response>;
}

// Stack frames, error class names and the codes of the SDKs and libraries the API uses.
const leakPattern =
  /\bat [\w.<>]+ \(|node_modules|\w+Error\b|permission-denied|PERMISSION_DENIED|FAILED_PRECONDITION|INVALID_ARGUMENT|auth\/[a-z-]+|entity\.(?:parse|too)|invalid_type|"code"\s*:/;

/** Runs one table against one endpoint; answers the rows that went wrong (an empty list is a pass). */
async function runTable(endpoint: string, rows: readonly Row[]): Promise<string[]> {
  const problems: string[] = [];
  for (const row of rows) {
    triedPerEndpoint.set(endpoint, (triedPerEndpoint.get(endpoint) ?? 0) + 1);
    const response = await row.send();
    const text = await response.text();
    const where = `${endpoint} — ${row.label}`;
    if (response.status !== row.status) {
      problems.push(`${where}: status ${response.status}, expected ${row.status}: ${text.slice(0, 200)}`);
      if (row.status >= 400 && response.status < 400) acceptedWrongly.push(where);
      continue;
    }
    if (response.status >= 500 && row.status < 500) problems.push(`${where}: server error`);
    if (leakPattern.test(text)) problems.push(`${where}: leaks internals: ${text.slice(0, 200)}`);
    if (row.message !== undefined || row.json !== undefined) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`${where}: not JSON: ${text.slice(0, 200)}`);
        continue;
      }
      if (row.json !== undefined && JSON.stringify(body) !== JSON.stringify(row.json)) {
        problems.push(`${where}: answered ${text}`);
      }
      if (row.message !== undefined) {
        const message = (body as { message?: unknown }).message;
        if (message !== row.message) problems.push(`${where}: message ${JSON.stringify(message)}`);
        const keys = Object.keys(body as object).filter((key) => key !== 'message' && key !== 'field');
        if (keys.length > 0) problems.push(`${where}: extra keys ${keys.join(', ')}`);
      }
    }
    if (row.html !== undefined && !text.includes(row.html)) problems.push(`${where}: page lacks ${row.html}`);
  }
  return problems;
}

// --- Sending ----------------------------------------------------------------------------------------

type RawBody = string | Uint8Array<ArrayBuffer> | FormData | URLSearchParams | ReadableStream<Uint8Array> | undefined;

function send(
  path: string,
  body: RawBody,
  {
    contentType,
    headers = {},
    method = 'POST',
  }: { contentType?: string; headers?: Record<string, string>; method?: string } = {},
): Promise<Response> {
  const init: RequestInit & { duplex?: 'half' } = {
    method,
    headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers },
    body,
    redirect: 'manual',
  };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return fetch(`${api.url}${path}`, init);
}

const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send(path, typeof body === 'string' ? body : JSON.stringify(body), { contentType: 'application/json', headers });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A body streamed in chunks with no Content-Length, so only the parser's own limit can stop it. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.subarray(offset, offset + 4096));
      offset += 4096;
    },
  });
}

function bytesOf(...parts: Array<string | number[]>): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part)))),
  );
}

// --- The sentences (literals: the API's own wording, domain/fieldRules.ts among them) -------------

const tooLarge = 'The request is too large.';
const notJson = 'The request body is not valid JSON.';
const notAnObject = 'The request body must be a JSON object.';
const notUtf8 = 'The request body is not valid UTF-8 text.';
const jsonOnly = 'Send the request as JSON (Content-Type: application/json).';
const signIn = 'Please sign in as an admin.';
const onlyAdmins = 'Only admins may do this.';
const invisible = (label: string) =>
  `${label} contains invisible or control characters that are not allowed. Please retype it.`;

// --- Rows every JSON endpoint gets ------------------------------------------------------------------

/**
 * The transport-level rows: size, syntax, content type, encoding and shape. `empty` is what `{}`
 * (and so a body whose only keys are prototype keys) gets, `array` what `[]` gets.
 */
function transportRows(
  path: string,
  headers: Record<string, string>,
  { empty, array }: { empty: Expected; array: Expected },
): Row[] {
  const big = JSON.stringify({ name: `${refused} ${'A'.repeat(40_000)}` });
  const deep = `{"nested":${'['.repeat(3000)}${']'.repeat(3000)},"note":"${refused}"}`;
  return [
    { label: 'a 40 KB body', send: () => json(path, big, headers), status: 413, message: tooLarge },
    {
      label: 'a 40 KB body streamed without Content-Length',
      send: () => send(path, streamed(big), { contentType: 'application/json', headers }),
      status: 413,
      message: tooLarge,
    },
    {
      label: 'a 1 MB body',
      send: () => json(path, JSON.stringify({ name: 'A'.repeat(1_000_000) }), headers),
      status: 413,
      message: tooLarge,
    },
    {
      label: 'a 1 MB body gzipped to 1 KB',
      send: () =>
        send(path, gzipSync(JSON.stringify({ name: refused, pad: ' '.repeat(1_000_000) })), {
          contentType: 'application/json',
          headers: { ...headers, 'content-encoding': 'gzip' },
        }),
      status: 413,
      message: tooLarge,
    },
    {
      label: 'an unknown content encoding',
      send: () =>
        send(path, JSON.stringify({ name: refused }), {
          contentType: 'application/json',
          headers: { ...headers, 'content-encoding': 'x-rot13' },
        }),
      status: 415,
      message: jsonOnly,
    },
    {
      label: 'truncated JSON',
      send: () => json(path, `{"name":"${refused}",`, headers),
      status: 400,
      message: notJson,
    },
    {
      label: 'single-quoted JSON',
      send: () => json(path, `{'name':'${refused}'}`, headers),
      status: 400,
      message: notJson,
    },
    {
      label: 'JSON with a comment',
      send: () => json(path, `{"name":"${refused}"/* x */}`, headers),
      status: 400,
      message: notJson,
    },
    { label: 'an empty body declared as JSON', send: () => json(path, '', headers), ...empty },
    { label: 'JSON null', send: () => json(path, 'null', headers), status: 400, message: notAnObject },
    { label: 'a JSON number', send: () => json(path, '42', headers), status: 400, message: notAnObject },
    { label: 'a JSON string', send: () => json(path, `"${refused}"`, headers), status: 400, message: notAnObject },
    { label: 'JSON true', send: () => json(path, 'true', headers), status: 400, message: notAnObject },
    { label: 'a JSON array', send: () => json(path, `["${refused}"]`, headers), ...array },
    { label: 'an empty object', send: () => json(path, '{}', headers), ...empty },
    {
      label: 'only a __proto__ key',
      send: () =>
        json(path, `{"__proto__":{"polluted":"${refused}","name":"${refused}","email":"x@example.com"}}`, headers),
      ...empty,
    },
    {
      label: 'only a constructor.prototype key',
      send: () => json(path, `{"constructor":{"prototype":{"polluted":"${refused}"}}}`, headers),
      ...empty,
    },
    { label: 'a 3000-deep nested extra field', send: () => json(path, deep, headers), ...empty },
    {
      label: 'text/plain (what a cross-site form can post)',
      send: () => send(path, JSON.stringify({ name: refused }), { contentType: 'text/plain', headers }),
      status: 415,
      message: jsonOnly,
    },
    {
      label: 'a urlencoded form',
      send: () => send(path, new URLSearchParams({ name: refused }), { headers }),
      status: 415,
      message: jsonOnly,
    },
    {
      label: 'a multipart form',
      send: () => {
        const form = new FormData();
        form.set('name', refused);
        return send(path, form, { headers });
      },
      status: 415,
      message: jsonOnly,
    },
    {
      label: 'no Content-Type',
      send: () => send(path, bytesOf(JSON.stringify({ name: refused })), { headers }),
      status: 415,
      message: jsonOnly,
    },
    {
      label: 'application/json-patch+json',
      send: () =>
        send(path, JSON.stringify({ name: refused }), { contentType: 'application/json-patch+json', headers }),
      status: 415,
      message: jsonOnly,
    },
    {
      label: 'JSON declared as UTF-16',
      send: () =>
        send(path, JSON.stringify({ name: refused }), { contentType: 'application/json; charset=utf-16', headers }),
      status: 415,
      message: jsonOnly,
    },
    {
      label: 'invalid UTF-8 bytes in a string',
      send: () =>
        send(path, bytesOf(`{"name":"Ada `, [0xff, 0xfe], ` ${refused}"}`), {
          contentType: 'application/json',
          headers,
        }),
      status: 400,
      message: notUtf8,
    },
    {
      label: "an overlong UTF-8 '<'",
      send: () =>
        send(path, bytesOf(`{"name":"`, [0xc0, 0xbc], `script ${refused}"}`), {
          contentType: 'application/json',
          headers,
        }),
      status: 400,
      message: notUtf8,
    },
  ];
}

// --- Field rows from the shared field rules ----------------------------------------------------------

interface FieldRows {
  /** The rule's sentences (domain/fieldRules.ts). */
  required: string;
  invalid?: string;
  tooLong?: string;
  lineBreak?: string;
  label: string;
  maxLength: number;
}

type Value = unknown;

/** Hostile values of a single-line text field (a name), each with the sentence it must get. */
function nameValues(rule: FieldRows): Array<[string, Value, string]> {
  const tooLong = rule.tooLong ?? rule.invalid ?? rule.required;
  const lineBreak = rule.lineBreak ?? rule.invalid ?? rule.required;
  const bad = invisible(rule.label);
  return [
    ['missing', undefined, rule.required],
    ['a number', 42, rule.required],
    ['null', null, rule.required],
    ['an array', [refused], rule.required],
    ['an object', { first: refused }, rule.required],
    ['true', true, rule.required],
    ['blank', '   \t ', rule.required],
    [`${rule.maxLength + 1} characters`, `${refused}${'A'.repeat(rule.maxLength)}`, tooLong],
    ['20,000 characters', `${refused}${'A'.repeat(20_000)}`, tooLong],
    ['CR LF and a Bcc header', `Ada ${refused}\r\nBcc: ${evilAddress}`, lineBreak],
    ['LF and a header', `Ada ${refused}\nContent-Type: text/html`, lineBreak],
    ['a lone CR', `Ada ${refused}\rObi`, lineBreak],
    ['U+2028 line separator', `Ada ${refused}\u2028Bcc: ${evilAddress}`, lineBreak],
    ['U+2029 paragraph separator', `Ada ${refused}\u2029Obi`, lineBreak],
    ['U+0000 NUL', `Ada\u0000 ${refused}`, bad],
    ['U+001B escape sequence', `Ada\u001b[31m ${refused}`, bad],
    ['U+0007 bell', `Ada\u0007 ${refused}`, bad],
    ['U+007F DEL', `Ada\u007f ${refused}`, bad],
    ['U+0085 next line', `Ada\u0085 ${refused}`, bad],
    ['U+009B CSI', `Ada\u009b31m ${refused}`, bad],
    ['U+202E right-to-left override', `Ada ${refused} \u202Egnp.exe`, bad],
    ['U+202D left-to-right override', `Ada ${refused} \u202Dxyz`, bad],
    ['U+202A left-to-right embedding', `Ada ${refused} \u202Axyz`, bad],
    ['U+202B right-to-left embedding', `Ada ${refused} \u202Bxyz`, bad],
    ['U+202C pop directional formatting', `Ada ${refused} \u202C`, bad],
    ['U+2066 left-to-right isolate', `Ada ${refused} \u2066xyz`, bad],
    ['U+2067 right-to-left isolate', `Ada ${refused} \u2067xyz`, bad],
    ['U+2068 first strong isolate', `Ada ${refused} \u2068xyz`, bad],
    ['U+2069 pop directional isolate', `Ada ${refused} \u2069`, bad],
    ['U+200E left-to-right mark', `Ada ${refused}\u200E`, bad],
    ['U+200F right-to-left mark', `Ada ${refused}\u200F`, bad],
    ['U+061C Arabic letter mark', `Ada ${refused}\u061C`, bad],
    ['U+200B zero-width space', `Ad\u200Ba ${refused}`, bad],
    ['U+2060 word joiner', `Ad\u2060a ${refused}`, bad],
    // Inside the name: at either end it is trimmed away like a space, and harmless.
    ['U+FEFF byte order mark', `Ada\uFEFF ${refused}`, bad],
    ['U+180E Mongolian vowel separator', `Ada\u180E ${refused}`, bad],
    ['a lone high surrogate', `Ada ${refused} \uD800`, bad],
    ['a lone low surrogate', `\uDC00Ada ${refused}`, bad],
    ['U+FFFD replacement character', `Ada \uFFFD ${refused}`, bad],
  ];
}

function emailValues(rule: FieldRows): Array<[string, Value, string]> {
  const invalid = rule.invalid ?? rule.required;
  const bad = invisible(rule.label);
  return [
    ['missing', undefined, rule.required],
    ['a number', 42, rule.required],
    ['null', null, rule.required],
    ['an array', [`${refused}@example.com`], rule.required],
    ['blank', '  ', rule.required],
    ['no @', `${refused}.example.com`, invalid],
    ['CR LF and a Bcc header', `${refused}@example.com\r\nBcc: ${evilAddress}`, invalid],
    ['LF and a header', `${refused}@example.com\nX-Injected: 1`, invalid],
    ['U+2028 and a header', `${refused}@example.com\u2028Bcc: ${evilAddress}`, invalid],
    ['a second address after a comma', `${refused}@example.com, ${evilAddress}`, invalid],
    ['a second address after a semicolon', `${refused}@example.com;${evilAddress}`, invalid],
    ['a display name with brackets', `Ada <${refused}@example.com>`, invalid],
    ['a quoted local part', `"${refused} evil"@example.com`, invalid],
    ['an IP literal domain', `${refused}@[127.0.0.1]`, invalid],
    ['a Cyrillic homoglyph in the domain', `${refused}@ex\u0430mple.com`, invalid],
    ['full-width letters', `${refused}@\uFF45xample.com`, invalid],
    ['255 characters', `${refused}${'a'.repeat(240)}@example.com`, invalid],
    ['a NUL', `${refused}@example.com\u0000`, bad],
    ['U+202E right-to-left override', `\u202E${refused}@example.com`, bad],
    ['U+200B zero-width space', `${refused}\u200B@example.com`, bad],
    ['a lone surrogate', `${refused}\uD83D@example.com`, bad],
    ['markup', `<script>${refused}</script>@example.com`, invalid],
  ];
}

function phoneValues(rule: FieldRows): Array<[string, Value, string]> {
  const invalid = rule.invalid ?? rule.required;
  return [
    ['missing', undefined, rule.required],
    ['a number', 2348031234567, rule.required],
    ['letters', `call ${refused}`, invalid],
    ['CR LF and a header', `+234 803\r\nBcc: ${evilAddress}`, invalid],
    ['Arabic-Indic digits', '\u0660\u0668\u0660\u0663\u0661\u0662\u0663', invalid],
    ['full-width digits', '\uFF10\uFF18\uFF10\uFF13\uFF11\uFF12', invalid],
    ['31 characters', '1'.repeat(31), invalid],
    ['punctuation only', '( )+-', invalid],
    ['markup', '<b>0803</b>', invalid],
    ['U+202E right-to-left override', '+234 803 \u202E4567', invisible(rule.label)],
  ];
}

// --- Helpers that read back what was stored and mailed ----------------------------------------------

async function collectionHolds(collection: string, text: string): Promise<string[]> {
  const snapshot = await db.collection(collection).get();
  return snapshot.docs.filter((doc) => JSON.stringify(doc.data()).includes(text)).map((doc) => doc.id);
}

/** Every mail in the shared inbox, read through the harness, which fetches only the ones it has not seen. */
const inbox = (): Promise<CaughtMail[]> => mailsNow(() => true);

async function rawSource(mail: CaughtMail): Promise<string> {
  return (await fetch(`${cloud.mailUrl}/email/${mail.id}/source`)).text();
}

/** The header block of a raw message, each folded header unfolded to one line. */
function headerLines(raw: string): string[] {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  return head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
}

/** Nothing that carries the refused marker is in Firestore or the inbox, and nothing went to the evil address. */
async function expectNothingKeptOrMailed(): Promise<void> {
  for (const collection of [
    'contactMessages',
    'transactions',
    'accessGrants',
    'products',
    'checkouts',
    'paymentIssues',
  ]) {
    expect(await collectionHolds(collection, refused), collection).toEqual([]);
  }
  const mails = await inbox();
  expect(mails.filter((mail) => JSON.stringify(mail).includes(refused)).map((mail) => mail.subject)).toEqual([]);
  expect(mails.filter((mail) => mail.to.includes(evilAddress) || mail.replyTo === evilAddress)).toEqual([]);
}

function fieldRow(
  label: string,
  send: (value: Value) => Promise<Response>,
  value: Value,
  message: string,
  status = 400,
): Row {
  return { label, send: () => send(value), status, message };
}

// --- The rules' sentences, written out --------------------------------------------------------------

const contactName: FieldRows = {
  label: 'Your Name',
  maxLength: 100,
  required: 'Please enter your name.',
  tooLong: 'Your name must be at most 100 characters.',
  lineBreak: 'Your name must be on a single line.',
};
const contactEmail: FieldRows = {
  label: 'Your Email',
  maxLength: 254,
  required: 'Please enter your email address.',
  invalid: 'Please enter a valid email address.',
};
const contactPhone: FieldRows = {
  label: 'Your Phone Number',
  maxLength: 30,
  required: 'Please enter your phone number.',
  invalid: 'Please enter a valid phone number.',
};
const buyerName: FieldRows = {
  label: 'Full Name',
  maxLength: 100,
  required: 'Please enter your full name.',
  tooLong: 'Your name must be at most 100 characters.',
  lineBreak: 'Your name must be on a single line.',
};
const buyerEmail: FieldRows = {
  label: 'Email',
  maxLength: 254,
  required: 'Please enter your email address.',
  invalid: 'Please enter a valid email address.',
};
const buyerConfirmEmail: FieldRows = {
  label: 'Confirm Email',
  maxLength: 254,
  required: 'Please confirm your email address.',
  invalid: 'Please enter a valid email address.',
};
const buyerPhone: FieldRows = {
  label: 'Phone Number',
  maxLength: 30,
  required: 'Please enter your phone number.',
  invalid: 'Please enter a valid phone number.',
};

function withField(base: Record<string, unknown>, field: string, value: Value): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...base };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

// A refused customer: every field carries the marker, so a stored or mailed one would be found.
function refusedCustomer() {
  return {
    name: `Ada ${refused}`,
    email: `${refused}@example.com`,
    confirmEmail: `${refused}@example.com`,
    phone: '+234 803 123 4567',
  };
}

/** The rows of the four customer fields of the payment form, on a body that is otherwise valid. */
function customerRows(sendBody: (customer: Record<string, unknown>) => Promise<Response>): Row[] {
  const base = refusedCustomer();
  const rows: Row[] = [];
  const on = (field: string, values: Array<[string, Value, string]>) => {
    for (const [label, value, message] of values) {
      // The e-mail and its confirmation change together, so only the field under test is wrong.
      const customer =
        field === 'email' && typeof value === 'string'
          ? { ...withField(base, 'email', value), confirmEmail: value }
          : withField(base, field, value);
      rows.push(fieldRow(`customer.${field}: ${label}`, () => sendBody(customer), value, message));
    }
  };
  on('name', nameValues(buyerName));
  on('email', emailValues(buyerEmail));
  on('confirmEmail', [
    ['missing', undefined, buyerConfirmEmail.required],
    ['a number', 1, buyerConfirmEmail.required],
    ['another address', evilAddress, 'Emails do not match!'],
    ['CR LF and a Bcc header', `${base.email}\r\nBcc: ${evilAddress}`, 'Please enter a valid email address.'],
    ['U+202E right-to-left override', `\u202E${base.email}`, invisible('Confirm Email')],
  ]);
  on('phone', phoneValues(buyerPhone));
  const whole = 'Please fill in your name, e-mail address and phone number.';
  rows.push(
    { label: 'customer missing', send: () => sendBody(undefined as never), status: 400, message: whole },
    { label: 'customer a string', send: () => sendBody(refused as never), status: 400, message: whole },
    { label: 'customer an array', send: () => sendBody([base] as never), status: 400, message: whole },
    { label: 'customer null', send: () => sendBody(null as never), status: 400, message: whole },
    {
      label: 'customer only under __proto__',
      send: () => sendBody(JSON.parse(`{"__proto__":${JSON.stringify(base)}}`) as Record<string, unknown>),
      status: 400,
      message: buyerName.required,
    },
  );
  return rows;
}

/**
 * The product id rows. `unknown` is the row for a well-formed id of no product, where the endpoint
 * looks the product up (the checkout does; an order call is checked against its checkout instead).
 */
function productIdRows(sendId: (productId: Value) => Promise<Response>, { unknown = true } = {}): Row[] {
  const gone = 'This product is no longer available.';
  const rows: Row[] = [
    fieldRow('productId missing', sendId, undefined, 'A product is required.'),
    fieldRow('productId a number', sendId, 7, 'A product is required.'),
    fieldRow('productId empty', sendId, '', gone),
    fieldRow('productId __proto__', sendId, '__proto__', gone),
    fieldRow('productId a reserved __name__', sendId, '__name__', gone),
    fieldRow('productId a path', sendId, `${product.id}/../../admins/x`, gone),
    fieldRow('productId 129 characters', sendId, 'p'.repeat(129), gone),
    fieldRow('productId markup', sendId, '<img src=x onerror=alert(1)>', gone),
    fieldRow('productId with a NUL', sendId, `${product.id}\u0000`, gone),
    fieldRow('productId with U+202E', sendId, `${product.id}\u202E`, gone),
  ];
  if (unknown)
    rows.push({ label: 'productId unknown', send: () => sendId(`unknown-${runTag}`), status: 404, message: gone });
  return rows;
}

function referenceRows(sendReference: (reference: Value) => Promise<Response>): Row[] {
  const invalid = 'The payment reference is not valid.';
  return [
    fieldRow('reference missing', sendReference, undefined, 'A payment reference is required.'),
    fieldRow('reference a number', sendReference, 12345, 'A payment reference is required.'),
    fieldRow('reference an object', sendReference, { $gt: '' }, 'A payment reference is required.'),
    fieldRow('reference empty', sendReference, '', invalid),
    fieldRow('reference ..', sendReference, '..', invalid),
    fieldRow('reference __proto__', sendReference, '__proto__', invalid),
    fieldRow('reference a path', sendReference, 'a/../b', invalid),
    fieldRow('reference 101 characters', sendReference, 'r'.repeat(101), invalid),
    fieldRow('reference markup', sendReference, '<script>alert(1)</script>', invalid),
    fieldRow('reference CR LF', sendReference, `T${runTag}\r\nBcc: ${evilAddress}`, invalid),
    fieldRow('reference U+202E', sendReference, `T${runTag}\u202E`, invalid),
  ];
}

// =====================================================================================================

describe('POST /api/contact', () => {
  const path = '/api/contact';
  const valid = {
    name: `Ada ${refused}`,
    email: `ada.${runTag}@example.com`,
    phone: '+234 803 123 4567',
    message: `Hello ${refused}`,
  };
  const post = (body: unknown) => json(path, body);

  it('refuses every hostile input with the form rule’s sentence, and keeps and mails none of them', async () => {
    const rows: Row[] = [
      ...transportRows(
        path,
        {},
        {
          empty: { status: 400, message: 'Please enter your name.' },
          array: {
            status: 400,
            message: 'The request body must be a JSON object with name, email, phone and message.',
          },
        },
      ),
    ];
    const on = (field: string, values: Array<[string, Value, string]>) => {
      for (const [label, value, message] of values) {
        rows.push(fieldRow(`${field}: ${label}`, (v) => post(withField(valid, field, v)), value, message));
      }
    };
    on('name', nameValues(contactName));
    on('email', emailValues(contactEmail));
    on('phone', phoneValues(contactPhone));
    on('message', [
      ['missing', undefined, 'Please enter your message.'],
      ['an object', { text: refused }, 'Please enter your message.'],
      ['blank lines', '\r\n\r\n \n', 'Please enter your message.'],
      ['5001 characters', `${refused}${'m'.repeat(5000)}`, 'Your message must be at most 5000 characters.'],
      ['U+0000 NUL', `Hello\u0000 ${refused}`, invisible('Your Message')],
      ['U+001B escape sequence', `\u001b]8;;https://evil.test\u0007${refused}`, invisible('Your Message')],
      ['U+202E right-to-left override', `Hello ${refused} \u202Etxt.exe`, invisible('Your Message')],
      ['U+2067 right-to-left isolate', `Hello ${refused} \u2067x`, invisible('Your Message')],
      ['a lone surrogate', `Hello ${refused} \uDFFF`, invisible('Your Message')],
    ]);
    const problems = await runTable('POST /api/contact', rows);
    expect(problems).toEqual([]);
    await expectNothingKeptOrMailed();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('keeps markup in a name and a message as text, and the seller’s notice carries it as text only', async () => {
    const email = `markup.${runTag}@example.com`;
    const name = `<b>Ada</b> <img src=x onerror="alert(1)"> ${accepted}`;
    const message = `<script>alert("pwned")</script>\r\nBcc: ${evilAddress}\r\n\r\n<a href="javascript:alert(1)">click</a> ${accepted}`;
    // Prototype keys next to the fields are dropped, not stored and not merged into anything.
    const body = `{"__proto__":{"handled":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"name":${JSON.stringify(name)},"email":"${email}","phone":"+234 803 123 4567","message":${JSON.stringify(message)}}`;
    const problems = await runTable('POST /api/contact', [
      { label: 'markup and prototype keys', send: () => json(path, body), status: 201, json: { ok: true } },
    ]);
    expect(problems).toEqual([]);

    const stored = (await db.collection('contactMessages').where('email', '==', email).get()).docs.map((doc) =>
      doc.data(),
    );
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(['createdAt', 'email', 'handled', 'message', 'name', 'phone']);
    expect(stored[0]).toMatchObject({ name, email, message: message.trim(), handled: false });
    expect(Object.prototype).not.toHaveProperty('polluted');

    const [mail, ...others] = await mailsMatching((m) => m.to.includes(sellerEmail) && m.text.includes(email));
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(`New message from ${name} — Digital Store`);
    expect(mail?.text).toContain(`Name: ${name}`);
    expect(mail?.text).toContain('<script>alert("pwned")</script>');
    // The notice is plain text: there is no HTML part a mail client could render as markup.
    expect(mail?.html).toBe('');
    const headers = headerLines(await rawSource(mail as CaughtMail));
    expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(headers.filter((line) => /^content-type:/i.test(line)).join()).not.toMatch(/text\/html/);
    expect(headers.find((line) => /^reply-to:/i.test(line))).toMatch(new RegExp(`<${email.replace(/\./g, '\\.')}>$`));
    expect((await inbox()).filter((m) => m.to.includes(evilAddress))).toEqual([]);
  });
});

describe('POST /api/orders', () => {
  const path = '/api/orders';
  const order = (overrides: Record<string, unknown>) =>
    json(path, {
      provider: 'paystack',
      reference: `T${refused}`,
      productId: product.id,
      currency: 'NGN',
      customer: refusedCustomer(),
      ...overrides,
    });

  it('refuses every hostile Paystack order before Paystack is asked, and keeps and mails none', async () => {
    const paystackOrder = (overrides: Record<string, unknown>) => order({ provider: 'paystack', ...overrides });
    const rows: Row[] = [
      ...transportRows(
        path,
        {},
        {
          empty: { status: 400, message: 'Unknown payment provider.' },
          array: { status: 400, message: notAnObject },
        },
      ),
      ...customerRows((customer) => paystackOrder({ customer })),
      ...productIdRows((productId) => paystackOrder({ productId }), { unknown: false }),
      ...referenceRows((reference) => paystackOrder({ reference })),
      fieldRow('provider missing', (v) => order({ provider: v }), undefined, 'Unknown payment provider.'),
      fieldRow('provider unknown', (v) => order({ provider: v }), 'stripe', 'Unknown payment provider.'),
      fieldRow('provider upper case', (v) => order({ provider: v }), 'PAYSTACK', 'Unknown payment provider.'),
      fieldRow('provider __proto__', (v) => order({ provider: v }), '__proto__', 'Unknown payment provider.'),
      fieldRow('provider an array', (v) => order({ provider: v }), ['paystack'], 'Unknown payment provider.'),
      fieldRow('currency unknown', (v) => order({ currency: v }), 'EUR', 'The currency must be NGN or USD.'),
      fieldRow('currency lower case', (v) => order({ currency: v }), 'ngn', 'The currency must be NGN or USD.'),
      fieldRow('currency a number', (v) => order({ currency: v }), 566, 'The currency must be NGN or USD.'),
      fieldRow(
        'currency USD by card',
        (v) => order({ currency: v }),
        'USD',
        'Card payments are in NGN. Please pay in USD with PayPal.',
      ),
      {
        label: 'a reference Paystack does not know',
        send: () => order({ reference: `T${refused}unknown` }),
        status: 402,
        message: 'Paystack has no payment with this reference.',
      },
    ];
    const problems = await runTable('POST /api/orders (paystack)', rows);
    expect(problems).toEqual([]);
    expect(paystack.verifyCalls.filter((reference) => reference !== `T${refused}unknown`)).toEqual([]);
    await expectNothingKeptOrMailed();
  });

  it('refuses every hostile demo order, and keeps and mails none', async () => {
    const demoOrder = (overrides: Record<string, unknown>) =>
      order({ provider: 'demo', reference: `demo-${refused}`, ...overrides });
    const rows: Row[] = [
      ...customerRows((customer) => demoOrder({ customer })),
      ...productIdRows((productId) => demoOrder({ productId }), { unknown: false }),
      ...referenceRows((reference) => demoOrder({ reference })),
      fieldRow('currency unknown', (v) => demoOrder({ currency: v }), 'GBP', 'The currency must be NGN or USD.'),
      fieldRow('currency missing', (v) => demoOrder({ currency: v }), undefined, 'The currency must be NGN or USD.'),
      {
        label: 'a reference no checkout issued',
        send: () => demoOrder({}),
        status: 402,
        message: 'No checkout has this payment reference.',
      },
    ];
    const problems = await runTable('POST /api/orders (demo)', rows);
    expect(problems).toEqual([]);
    await expectNothingKeptOrMailed();
  });
});

describe('POST /api/checkouts', () => {
  it('refuses every hostile checkout before anything is stored', async () => {
    const path = '/api/checkouts';
    const checkout = (overrides: Record<string, unknown>) =>
      json(path, { productId: product.id, currency: 'NGN', customer: refusedCustomer(), ...overrides });
    const notValidCode = 'The discount code is not valid.';
    const rows: Row[] = [
      ...transportRows(
        path,
        {},
        {
          empty: { status: 400, message: 'A product is required.' },
          array: { status: 400, message: notAnObject },
        },
      ),
      ...customerRows((customer) => checkout({ customer })),
      ...productIdRows((productId) => checkout({ productId })),
      fieldRow('currency unknown', (v) => checkout({ currency: v }), 'EUR', 'The currency must be NGN or USD.'),
      fieldRow('currency missing', (v) => checkout({ currency: v }), undefined, 'The currency must be NGN or USD.'),
      fieldRow('provider unknown', (v) => checkout({ provider: v }), 'stripe', 'Unknown payment provider.'),
      fieldRow('provider __proto__', (v) => checkout({ provider: v }), '__proto__', 'Unknown payment provider.'),
      fieldRow('code a number', (v) => checkout({ code: v }), 15, notValidCode),
      fieldRow('code an object', (v) => checkout({ code: v }), { $ne: '' }, notValidCode),
      fieldRow('code 65 characters', (v) => checkout({ code: v }), 'C'.repeat(65), notValidCode),
      fieldRow('a code', (v) => checkout({ code: v }), `SPRING${refused}`, 'No such code.'),
    ];
    const problems = await runTable('POST /api/checkouts', rows);
    expect(problems).toEqual([]);
    await expectNothingKeptOrMailed();
  });
});

describe('POST /api/paypal/orders and /api/paypal/orders/{id}/capture', () => {
  it('refuses every hostile PayPal order before PayPal is asked', async () => {
    const path = '/api/paypal/orders';
    const create = (checkoutId: Value) => json(path, withField({}, 'checkoutId', checkoutId));
    const before = paypal.createBodies.length;
    const notValid = 'This checkout is not valid. Please close the payment window and try again.';
    const rows: Row[] = [
      ...transportRows(
        path,
        {},
        {
          empty: { status: 400, message: 'A checkout is required.' },
          array: { status: 400, message: notAnObject },
        },
      ),
      fieldRow('checkoutId missing', create, undefined, 'A checkout is required.'),
      fieldRow('checkoutId a number', create, 7, 'A checkout is required.'),
      fieldRow('checkoutId __proto__', create, '__proto__', notValid),
      fieldRow('checkoutId a path', create, '0123456789abcdef0123/../x', notValid),
      fieldRow('checkoutId markup', create, '<img src=x onerror=alert(1)>', notValid),
      fieldRow('checkoutId upper case', create, '0123456789ABCDEF0123', notValid),
      fieldRow('checkoutId 21 characters', create, '0123456789abcdef01234', notValid),
      fieldRow('checkoutId unknown', create, '0123456789abcdef0123', notValid, 410),
    ];
    const problems = await runTable('POST /api/paypal/orders', rows);
    expect(problems).toEqual([]);
    expect(paypal.createBodies.length).toBe(before);
  });

  it('refuses every hostile capture, bad order ids among them, and keeps and mails none', async () => {
    const orderId = `5OHOSTILE${runTag.toUpperCase()}`;
    const capturePath = (id: string) => `/api/paypal/orders/${id}/capture`;
    const capture = (overrides: Record<string, unknown>, id = orderId) =>
      json(capturePath(id), { productId: product.id, customer: refusedCustomer(), ...overrides });
    const badId = 'The PayPal order id is not valid.';
    const rows: Row[] = [
      ...transportRows(
        capturePath(orderId),
        {},
        {
          empty: { status: 400, message: 'A product is required.' },
          array: { status: 400, message: notAnObject },
        },
      ),
      ...customerRows((customer) => capture({ customer })),
      ...productIdRows((productId) => capture({ productId }), { unknown: false }),
      ...[
        ['__proto__', '__proto__'],
        ['a path encoded', `a%2F..%2F${runTag}`],
        ['markup encoded', encodeURIComponent('<script>alert(1)</script>')],
        ['CR LF encoded', `A${runTag}%0D%0ABcc:%20x`],
        ['U+202E encoded', `A${runTag}%E2%80%AE`],
        ['101 characters', 'A'.repeat(101)],
      ].map(([label, id]): Row => ({
        label: `order id ${label}`,
        send: () => capture({ customer: refusedCustomer() }, id),
        status: 400,
        message: badId,
      })),
      {
        label: 'order id with invalid percent-encoding',
        send: () => capture({}, '%C0%AF'),
        status: 400,
        message: 'The request is not valid.',
      },
      {
        label: 'an order the store did not create',
        send: () => capture({ customer: buildCustomer() }),
        status: 402,
        message: 'This PayPal order was not created by this store.',
      },
    ];
    const problems = await runTable('POST /api/paypal/orders/{id}/capture', rows);
    expect(problems).toEqual([]);
    await expectNothingKeptOrMailed();
  });
});

describe('POST /api/purchases/resend', () => {
  it('refuses every hostile address, and mails nobody', async () => {
    const path = '/api/purchases/resend';
    const rows: Row[] = [
      ...transportRows(
        path,
        {},
        {
          empty: { status: 400, message: 'Please enter your email address.' },
          array: { status: 400, message: notAnObject },
        },
      ),
      ...emailValues(buyerEmail).map(([label, value, message]) =>
        fieldRow(`email: ${label}`, (v) => json(path, withField({}, 'email', v)), value, message),
      ),
    ];
    const problems = await runTable('POST /api/purchases/resend', rows);
    expect(problems).toEqual([]);
    await expectNothingKeptOrMailed();
  });
});

describe('GET /api/access/{token}', () => {
  it('answers every hostile token with the same page, echoing none of it', async () => {
    const open = (token: string) =>
      send(`/api/access/${token}`, undefined, { method: 'GET', headers: { accept: 'text/html' } });
    const notValid = '<h1>This link is not valid</h1>';
    const tokens: Array<[string, string]> = [
      ['markup', encodeURIComponent(`<script>${refused}</script>`)],
      ['an encoded NUL', `${refused}%00`],
      ['a path encoded', `..%2F..%2Fadmins%2F${refused}`],
      ['CR LF encoded', `${refused}%0D%0ASet-Cookie:%20x=1`],
      ['U+202E encoded', `${refused}%E2%80%AE`],
      ['5,000 characters', 'A'.repeat(5000)],
      ['43 characters of the right alphabet', 'A'.repeat(43)],
      ['__proto__', '__proto__'],
    ];
    const rows: Row[] = tokens.map(([label, token]) => ({
      label,
      send: () => open(token),
      status: 404,
      html: notValid,
    }));
    rows.push({
      label: 'invalid percent-encoding',
      send: () => open('%C0%AF'),
      status: 400,
      message: 'The request is not valid.',
    });
    const problems = await runTable('GET /api/access/{token}', rows);
    expect(problems).toEqual([]);
    // The page is the same for every token: nothing of the request is written into it.
    for (const [, token] of tokens) expect(await (await open(token)).text()).not.toContain(refused);
  });
});

describe('POST /api/webhooks/paystack', () => {
  const path = '/api/webhooks/paystack';
  const signed = (raw: string) =>
    send(path, raw, { contentType: 'application/json', headers: { 'x-paystack-signature': signPaystack(raw) } });

  it('refuses unsigned, mis-signed, oversized and malformed events, and fulfils none of them', async () => {
    const customer = refusedCustomer();
    const charge = unissuedCharge(product, { ...customer, confirmEmail: customer.email }, { reference: `T${refused}` });
    paystack.charges.set(charge.reference, charge);
    // A paid charge of a checkout whose metadata names another buyer, with a Bcc header in the
    // address: the buyer of record is the checkout's, so the metadata reaches no record and no mail.
    const bccBuyer = buildCustomer(`bcc${runTag}`);
    const bccCharge = await paidCharge(api.url, product, bccBuyer);
    paystack.charges.set(bccCharge.reference, bccCharge);
    const event = JSON.stringify({ event: 'charge.success', data: paystackTransactionData(charge) });
    const received = { status: 200, json: { received: true } };
    const invalidSignature = { status: 401, message: 'Invalid signature.' };
    const rows: Row[] = [
      {
        label: 'no signature',
        send: () => send(path, event, { contentType: 'application/json' }),
        ...invalidSignature,
      },
      {
        label: 'a signature over another body',
        send: () =>
          send(path, event, {
            contentType: 'application/json',
            headers: { 'x-paystack-signature': signPaystack(`${event} `) },
          }),
        ...invalidSignature,
      },
      {
        label: 'a signature with the wrong key',
        send: () =>
          send(path, event, { contentType: 'application/json', headers: { 'x-paystack-signature': 'ab'.repeat(64) } }),
        ...invalidSignature,
      },
      {
        label: 'a signature that is not hex',
        send: () =>
          send(path, event, {
            contentType: 'application/json',
            headers: { 'x-paystack-signature': `<script>${refused}` },
          }),
        ...invalidSignature,
      },
      {
        label: 'a signed 40 KB body',
        send: () => signed(`{"event":"x","pad":"${'A'.repeat(40_000)}"}`),
        status: 413,
        message: tooLarge,
      },
      {
        label: 'a signed 40 KB body streamed without Content-Length',
        send: () => {
          const raw = `{"event":"x","pad":"${'A'.repeat(40_000)}"}`;
          return send(path, streamed(raw), {
            contentType: 'application/json',
            headers: { 'x-paystack-signature': signPaystack(raw) },
          });
        },
        status: 413,
        message: tooLarge,
      },
      {
        label: 'signed truncated JSON',
        send: () => signed('{"event":"charge.success",'),
        status: 400,
        message: notJson,
      },
      { label: 'signed JSON null', send: () => signed('null'), ...received },
      { label: 'signed JSON array', send: () => signed(`[${event}]`), ...received },
      { label: 'signed JSON string', send: () => signed(`"${refused}"`), ...received },
      {
        label: 'signed other event',
        send: () => signed(event.replace('charge.success', 'transfer.success')),
        ...received,
      },
      {
        label: 'signed event only under __proto__',
        send: () => signed(`{"__proto__":${event}}`),
        ...received,
      },
      {
        label: 'signed charge whose data is a string',
        send: () => signed(JSON.stringify({ event: 'charge.success', data: refused })),
        ...received,
      },
      {
        label: 'signed charge whose buyer e-mail carries a Bcc header',
        send: () => {
          const bad = {
            ...paystackTransactionData(bccCharge),
            metadata: {
              productId: product.id,
              customer: { ...customer, email: `${customer.email}\r\nBcc: ${evilAddress}` },
            },
            customer: { id: 1, email: `${customer.email}\nBcc: ${evilAddress}` },
          };
          return signed(JSON.stringify({ event: 'charge.success', data: bad }));
        },
        ...received,
      },
    ];
    const problems = await runTable('POST /api/webhooks/paystack', rows);
    expect(problems).toEqual([]);
    await expectNothingKeptOrMailed();
  });

  it('records a paid charge of no checkout whose metadata carries markup and direction tricks, keeping the buyer clean and the mails escaped', async () => {
    const email = `webhook.${runTag}@example.com`;
    const metadataName = `<script>alert(1)</script>\u202E Ada\u200B\uD800 ${accepted}`;
    const charge = unissuedCharge(
      product,
      { name: metadataName, email, confirmEmail: email, phone: '+234 803\u2066 123 4567' },
      { reference: `T${accepted}` },
    );
    paystack.charges.set(charge.reference, charge);
    const problems = await runTable('POST /api/webhooks/paystack', [
      {
        label: 'a paid charge with hostile metadata',
        send: () => signed(JSON.stringify({ event: 'charge.success', data: paystackTransactionData(charge) })),
        status: 200,
        json: { received: true },
      },
    ]);
    expect(problems).toEqual([]);
    // Paid under a reference no checkout issued: for the seller to resolve, never dropped.
    const stored = ((await db.doc(`paymentIssues/paystack_T${accepted}`).get()).data() ?? {}) as {
      customer?: { name: string; phone: string; email: string };
    };
    expect(stored.customer?.name).toBe(`<script>alert(1)</script> Ada ${accepted}`);
    expect(stored.customer?.phone).toBe('+234 803 123 4567');
    expect(stored.customer?.email).toBe(email);
    const [mail] = await mailsMatching((m) => m.to.includes(sellerEmail) && m.text.includes(`T${accepted}`));
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ada');
    expect(mail?.html).not.toContain('<script');
    expect(await mailsMatching(toAddress(email), 0)).toEqual([]);
  });
});

describe('admin routes', () => {
  const admin = () => bearer(adminToken);

  it('refuse every request without a valid admin token', async () => {
    const paths: Array<[string, string]> = [
      ['POST /api/uploads/signature', '/api/uploads/signature'],
      ['POST /api/deleteproductimage', '/api/deleteproductimage'],
      ['POST /api/admin/transactions/{id}/resend', `/api/admin/transactions/demo_${runTag}/resend`],
      ['POST /api/admin/transactions/{id}/access', `/api/admin/transactions/demo_${runTag}/access`],
    ];
    const tokens: Array<[string, Record<string, string>, Expected]> = [
      ['no token', {}, { status: 401, message: signIn }],
      ['an empty bearer', { authorization: 'Bearer ' }, { status: 401, message: signIn }],
      ['a Basic header', { authorization: 'Basic YWRtaW46YWRtaW4=' }, { status: 401, message: signIn }],
      ['markup as a token', { authorization: `Bearer <script>${refused}</script>` }, { status: 401, message: signIn }],
      ['a 6 KB token', { authorization: `Bearer ${'A'.repeat(6000)}` }, { status: 401, message: signIn }],
      ['two tokens', { authorization: `Bearer ${adminToken} ${adminToken}` }, { status: 401, message: signIn }],
      [
        'the admin token altered',
        { authorization: `Bearer ${adminToken.slice(0, -4)}AAAA` },
        { status: 401, message: signIn },
      ],
      ['a signed-in stranger', bearer(strangerToken), { status: 403, message: onlyAdmins }],
    ];
    const problems: string[] = [];
    for (const [endpoint, path] of paths) {
      const rows = tokens.map(([label, headers, expected]): Row => ({
        label,
        send: () => json(path, {}, headers),
        ...expected,
      }));
      problems.push(...(await runTable(endpoint, rows)));
    }
    expect(problems).toEqual([]);
  });

  it('POST /api/uploads/signature refuses every body but an empty object', async () => {
    const path = '/api/uploads/signature';
    const noParameters = { status: 400, message: 'This endpoint takes no parameters.' };
    const rows: Row[] = [
      // An empty object is the one valid body, so the `{}`-shaped rows (prototype keys are own keys
      // of the parsed body, and so unknown parameters) are read per row below.
      ...transportRows(path, admin(), { empty: noParameters, array: noParameters }).filter(
        (row) =>
          row.label !== 'an empty object' &&
          row.label !== 'an empty body declared as JSON' &&
          row.label !== 'a 3000-deep nested extra field',
      ),
      { label: 'an empty object', send: () => json(path, {}, admin()), status: 200 },
      { label: 'a folder of its own', send: () => json(path, { folder: 'other' }, admin()), ...noParameters },
      { label: 'a timestamp of its own', send: () => json(path, { timestamp: 1 }, admin()), ...noParameters },
      {
        label: 'a deeply nested parameter',
        send: () => json(path, `{"x":${'['.repeat(3000)}${']'.repeat(3000)}}`, admin()),
        ...noParameters,
      },
    ];
    const problems = await runTable('POST /api/uploads/signature', rows);
    expect(problems).toEqual([]);
  });

  it('POST /api/deleteproductimage refuses every public_id outside the products folder', async () => {
    const path = '/api/deleteproductimage';
    const outside = 'public_id must name an image in the digital_products folder.';
    const del = (publicId: Value) => json(path, withField({}, 'public_id', publicId), admin());
    const rows: Row[] = [
      ...transportRows(path, admin(), {
        empty: { status: 400, message: 'public_id is required.' },
        array: { status: 400, message: notAnObject },
      }),
      fieldRow('public_id a number', del, 42, 'public_id is required.'),
      fieldRow('public_id an object', del, { $ne: '' }, 'public_id is required.'),
      fieldRow('public_id blank', del, '  ', 'public_id is required.'),
      fieldRow('public_id 301 characters', del, `digital_products/${'a'.repeat(284)}`, 'public_id is too long.'),
      fieldRow('public_id another folder', del, 'avatars/owner', outside),
      fieldRow('public_id traversal', del, 'digital_products/../avatars/owner', outside),
      fieldRow('public_id the folder itself', del, 'digital_products', outside),
      fieldRow('public_id a query', del, 'digital_products/a?invalidate=true', outside),
      fieldRow('public_id CR LF', del, 'digital_products/a\r\nX: 1', outside),
      fieldRow('public_id markup', del, 'digital_products/<script>', outside),
      fieldRow('public_id U+202E', del, 'digital_products/a\u202Egnp', outside),
      fieldRow('public_id a NUL', del, 'digital_products/a\u0000', outside),
      fieldRow('public_id full-width slash', del, 'digital_products\uFF0Fa', outside),
    ];
    const problems = await runTable('POST /api/deleteproductimage', rows);
    expect(problems).toEqual([]);
  });

  it('the per-sale actions refuse hostile ids and bodies, and markup in a sale stays text in every e-mail', async () => {
    // A sale whose buyer typed markup into the payment form: accepted, and kept as text.
    const buyer = {
      name: `<b>Ada</b> <script>window.__pwned=1</script> ${accepted}`,
      email: `markup.buyer.${runTag}@example.com`,
      confirmEmail: `markup.buyer.${runTag}@example.com`,
      phone: '+234 803 123 4567',
    };
    const markupProduct = await seedProduct({ title: `<img src=x onerror="alert(1)"> Guide\r\nBcc: ${evilAddress}` });
    const checkout = await openCheckout(api.url, markupProduct, buyer, { provider: 'demo' });
    const bought = await json('/api/orders', {
      provider: 'demo',
      reference: checkout.reference,
      productId: markupProduct.id,
      currency: 'NGN',
      customer: buyer,
    });
    triedPerEndpoint.set('POST /api/orders (demo)', (triedPerEndpoint.get('POST /api/orders (demo)') ?? 0) + 1);
    expect(bought.status).toBe(200);
    const { transactionId } = (await bought.json()) as { transactionId: string };
    const stored = (await db.doc(`transactions/${transactionId}`).get()).data() ?? {};
    expect(stored.customerName).toBe(buyer.name);

    const [order] = await mailsMatching(toAddress(buyer.email));
    const [notice] = await mailsMatching(
      (m) => m.to.includes(sellerEmail) && m.text.includes(`Reference: ${checkout.reference}`),
    );
    for (const mail of [order, notice]) {
      expect(mail?.subject).toContain('<img src=x onerror="alert(1)"> Guide Bcc: ');
      expect(mail?.html).not.toMatch(/<script|<img|<b>Ada/);
      expect(mail?.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Guide');
      const headers = headerLines(await rawSource(mail as CaughtMail));
      expect(headers.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    }
    expect(order?.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
    // The buyer asks for their links at /purchases: the list names the product as text too.
    expect(
      await runTable('POST /api/purchases/resend', [
        {
          label: 'the links of a sale whose product title has markup',
          send: () => json('/api/purchases/resend', { email: buyer.email }),
          status: 200,
          message:
            'If we have purchases for this e-mail address, their access links are on their way to it and should arrive within a minute. If you do not see them, please check your spam folder.',
        },
      ]),
    ).toEqual([]);
    await api.sendRequestedLinks(buyer.email);
    const [listing] = await mailsMatching(
      (m) => toAddress(buyer.email)(m) && m.subject === 'Your purchases on Digital Store',
    );
    expect(listing?.html).toContain('<strong>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Guide');
    expect(listing?.html).not.toMatch(/<img|<script/);
    expect(headerLines(await rawSource(listing as CaughtMail)).filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(notice?.html).toContain(`&lt;b&gt;Ada&lt;/b&gt; &lt;script&gt;window.__pwned=1&lt;/script&gt; ${accepted}`);

    const resendPath = (id: string) => `/api/admin/transactions/${id}/resend`;
    const accessPath = (id: string) => `/api/admin/transactions/${id}/access`;
    const notFound = { status: 404, message: 'This sale could not be found.' };
    const badIds: Array<[string, string]> = [
      ['__proto__', '__proto__'],
      ['a path encoded', `..%2F..%2Fadmins%2F${runTag}`],
      ['markup encoded', encodeURIComponent('<script>x</script>')],
      ['CR LF encoded', `demo_${runTag}%0D%0A`],
      ['141 characters', 'd'.repeat(141)],
      ['unknown', `demo_unknown${runTag}`],
    ];
    const resend = (body: unknown) => json(resendPath(transactionId), body, admin());
    const resendRows: Row[] = [
      ...transportRows(resendPath(transactionId), admin(), {
        // An empty body means "to the address on the sale": legitimately sent again.
        empty: { status: 200, message: 'Access e-mail sent.' },
        array: { status: 400, message: notAnObject },
      }),
      ...badIds.map(([label, id]): Row => ({
        label: `id ${label}`,
        send: () => json(resendPath(id), {}, admin()),
        ...notFound,
      })),
      ...emailValues(buyerEmail)
        .filter(([label]) => label !== 'missing')
        .map(([label, value, message]) => fieldRow(`email: ${label}`, (v) => resend({ email: v }), value, message)),
    ];
    const accessRows: Row[] = [
      ...transportRows(accessPath(transactionId), admin(), {
        empty: { status: 400, message: 'Say whether access is revoked (true) or restored (false).' },
        array: { status: 400, message: notAnObject },
      }),
      ...badIds.map(([label, id]): Row => ({
        label: `id ${label}`,
        send: () => json(accessPath(id), { revoked: true }, admin()),
        ...notFound,
      })),
      ...(['true', 1, 0, null, [true], { value: true }] as Value[]).map((value): Row => ({
        label: `revoked ${JSON.stringify(value)}`,
        send: () => json(accessPath(transactionId), { revoked: value }, admin()),
        status: 400,
        message: 'Say whether access is revoked (true) or restored (false).',
      })),
    ];
    const problems = [
      ...(await runTable('POST /api/admin/transactions/{id}/resend', resendRows)),
      ...(await runTable('POST /api/admin/transactions/{id}/access', accessRows)),
    ];
    expect(problems).toEqual([]);
    const sale = (await db.doc(`transactions/${transactionId}`).get()).data() ?? {};
    // No hostile row changed the sale: same buyer address, never revoked, no correction recorded.
    expect(sale.customerEmail).toBe(buyer.email);
    expect(sale.accessRevoked).toBe(false);
    expect(sale.emailCorrections).toBeUndefined();
    // Every resend (the `{}`-shaped rows, prototype keys included) went to the buyer, escaped.
    const resent = await mailsMatching(toAddress(buyer.email), 6);
    expect(resent.length).toBeGreaterThanOrEqual(6);
    for (const mail of resent) expect(mail.html).not.toMatch(/<script|<img|<b>Ada/);
    await expectNothingKeptOrMailed();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('GET /productdetail/{id}', () => {
  it('escapes a product’s markup in every tag a crawler reads, and answers hostile ids with the store’s page', async () => {
    const title = `<img src=x onerror="window.__pwned=1"> <script>window.__pwned=1</script> ${accepted}`;
    const id = `hostile-page-${runTag}`;
    await db.doc(`products/${id}`).set({
      title,
      description: `</script><script>window.__pwned=1</script> "quoted" & <b>bold</b>`,
      priceInNgn: 5000,
      priceInUsd: 6,
      categoryId: 1,
      coverImageUrl: 'https://images.test/x.png" onerror="alert(1)',
      author: '<i>Author</i>',
      createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
    });
    try {
      const page = (productId: string) => send(`/productdetail/${productId}`, undefined, { method: 'GET' });
      const escapedTitle = `&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt; &lt;script&gt;window.__pwned=1&lt;/script&gt; ${accepted} | Digital Store`;
      const rows: Row[] = [
        { label: 'a product with markup', send: () => page(id), status: 200, html: `<title>${escapedTitle}</title>` },
        {
          label: 'markup as an id',
          send: () => page(encodeURIComponent('<script>x</script>')),
          status: 200,
          html: '<title>Digital Store</title>',
        },
        { label: 'a path as an id', send: () => page('a%2Fb%2Fc'), status: 200, html: '<title>Digital Store</title>' },
        {
          label: 'CR LF in the id',
          send: () => page('x%0D%0ASet-Cookie:%20a=1'),
          status: 200,
          html: '<title>Digital Store</title>',
        },
        {
          label: 'a 2,000-character id',
          send: () => page('p'.repeat(2000)),
          status: 200,
          html: '<title>Digital Store</title>',
        },
        {
          label: '__proto__ as an id',
          send: () => page('__proto__'),
          status: 200,
          html: '<title>Digital Store</title>',
        },
        {
          label: 'invalid percent-encoding',
          send: () => page('%C0%AF'),
          status: 400,
          message: 'The request is not valid.',
        },
      ];
      const problems = await runTable('GET /productdetail/{id}', rows);
      expect(problems).toEqual([]);

      const html = await (await page(id)).text();
      expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
      expect(html).toContain(`<meta name="twitter:title" content="${escapedTitle}" />`);
      expect(html).toContain(
        '<meta property="og:description" content="&lt;/script&gt;&lt;script&gt;window.__pwned=1&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;" />',
      );
      // The only elements are the template's and the tags' (the page data and the two JSON-LD
      // blocks for search engines): none came from the product's text.
      expect(html.match(/<script[^>]*>/g)).toEqual([
        '<script type="application/ld+json">',
        '<script type="application/ld+json">',
        '<script type="application/json" id="page-data">',
      ]);
      expect(html).not.toMatch(/<img|<b>|<i>|onerror="alert/);
      const headerInjected = await page('x%0D%0ASet-Cookie:%20a=1');
      expect(headerInjected.headers.get('set-cookie')).toBeNull();
    } finally {
      await db.doc(`products/${id}`).delete();
    }
  });
});

describe('the figures', () => {
  it('prints and checks how many hostile inputs were tried on how many endpoints', () => {
    const total = [...triedPerEndpoint.values()].reduce((sum, count) => sum + count, 0);
    const lines = [...triedPerEndpoint.entries()].map(([endpoint, count]) => `  ${endpoint}: ${count}`);
    console.log(
      `hostile inputs: ${total} tried on ${triedPerEndpoint.size} endpoints, ${acceptedWrongly.length} accepted wrongly\n${lines.join('\n')}`,
    );
    expect(acceptedWrongly).toEqual([]);
    expect(triedPerEndpoint.size).toBe(14);
    expect(total).toBeGreaterThanOrEqual(905);
  });
});
