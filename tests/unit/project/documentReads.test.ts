// The API reads a stored document through its decoder in domain/ (docs/architecture.md, 'Data model'),
// never by stringifying a field where it is used: `String(data.productName)` turns a missing field into
// the text 'undefined', and each place of use decides its own default. Nor is a checkout or an affiliate
// cast to its record type: the decoder is the one place that knows how each field may be stored.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const server = resolve(import.meta.dirname, '../../../server');

/** Every module of server/, by its path under server/. */
function serverModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const file of readdirSync(server, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.ts')) modules.set(file, readFileSync(resolve(server, file), 'utf8'));
  }
  return modules;
}

/** A name given a document's fields: `const data = doc.data()`, `const record = (await ref.get()).data() as …`. */
const fromData = /\b(?:const|let)\s+(\w+)(?:\s*:\s*[^=;]+)?\s*=[^;]*?\.data\(\)/g;
/** A field of a snapshot read in place: `snapshot.get('title')` (an Express `req.get` header is no document). */
const snapshotField = /\bString\(\s*(?!req\b|res\b)\w+\.get\(\s*['"`]/g;
/** A checkout or an affiliate taken as its record type instead of decoded. */
const recordCast = /\bas\s+\(?\s*(?:Partial<)?(?:Checkout|CheckoutRecord|Affiliate|AffiliateRecord)\b/g;

/** Each stringified document field and each record cast in a module, as 'file: the code'. */
function rawReads(modules: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of modules) {
    const names = new Set([...source.matchAll(fromData)].map((match) => match[1] as string));
    const stringified = [...names].flatMap((name) => [
      ...source.matchAll(new RegExp(String.raw`\bString\(\s*${name}\??\.`, 'g')),
    ]);
    for (const match of [...stringified, ...source.matchAll(snapshotField), ...source.matchAll(recordCast)]) {
      found.push(`${file}: ${match[0]}`);
    }
  }
  return found;
}

describe('document reads in server/', () => {
  it('go through the decoders: no stringified field of a document, no checkout or affiliate cast', () => {
    const modules = serverModules();
    expect(modules.has('checkouts/checkouts.ts')).toBe(true);
    expect(rawReads(modules)).toEqual([]);
  });

  it('finds a stringified field of a document read in each way', () => {
    const copy = new Map([
      [
        'purchases/resend.ts',
        `for (const doc of snapshot.docs) {
      const data = doc.data();
      purchases.push({ productName: String(data.productName), paidAt: String(data?.paidAt ?? '') });
    }`,
      ],
      [
        'orders/replay.ts',
        `const record = (await db.collection(transactionsCollection).doc(id).get()).data() as Sale | undefined;
  return replay(String(record?.productId ?? ''), String(record.customerEmail));`,
      ],
      ['affiliates/page.ts', `products.docs.map((doc) => ({ id: doc.id, title: String(doc.get('title') ?? doc.id) }))`],
    ]);
    expect(rawReads(copy)).toEqual([
      'purchases/resend.ts: String(data.',
      'purchases/resend.ts: String(data?.',
      'orders/replay.ts: String(record?.',
      'orders/replay.ts: String(record.',
      "affiliates/page.ts: String(doc.get('",
    ]);
  });

  it('finds a checkout or an affiliate cast to its record type', () => {
    const copy = new Map([
      ['checkouts/expiry.ts', `const current = (await t.get(ref)).data() as CheckoutRecord | undefined;`],
      ['library/awaiting.ts', `const data = doc.data() as CheckoutRecord & PendingFields;`],
      ['orders/sweeps.ts', `if (!asksPaystack(data as Checkout)) return 'remind';`],
      ['affiliates/affiliates.ts', `const data = doc.data() as Partial<AffiliateRecord>;`],
    ]);
    expect(rawReads(copy)).toEqual([
      'checkouts/expiry.ts: as CheckoutRecord',
      'library/awaiting.ts: as CheckoutRecord',
      'orders/sweeps.ts: as Checkout',
      'affiliates/affiliates.ts: as Partial<AffiliateRecord',
    ]);
  });

  it('lets a value that is no document be made text', () => {
    const copy = new Map([
      [
        'lib/other.ts',
        `const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const applicantOf = (res: Response) => String(res.locals.applicant);
  const agent = String(req.get('user-agent'));
  const data = (await ref.get()).data();
  const shown = String(percent ?? settings.percent);`,
      ],
    ]);
    expect(rawReads(copy)).toEqual([]);
  });
});
