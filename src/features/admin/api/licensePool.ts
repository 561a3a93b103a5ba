// A product's pool of license keys (docs/licenses.md): how many are left, and adding pasted or uploaded
// keys through the admin API, which refuses a key already in any product's pool or issued (saying which
// and why) and sends keys owed to earlier buyers. The API
// takes bodies of at most 32 KB, so a long list goes in several requests, in order, and their answers
// are added up into one sentence.
import { toAppError } from '../../../lib/errors';
import { callAsAdmin } from './adminHttp';

/** At most this many keys in one paste or file, as the API takes in one request. */
export const maxPoolKeys = 10_000;
/** The license API takes keys of at most this many characters. */
export const maxPoolKeyLength = 200;
/** JSON bytes of one request's keys: well under the API's 32 KB body limit. */
const chunkBytes = 24 * 1024;

const poolUrl = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}/license-pool`;

export async function fetchPoolLeft(productId: string): Promise<number> {
  const answer = (await callAsAdmin('GET', poolUrl(productId))) as { left?: unknown } | null;
  return typeof answer?.left === 'number' ? answer.left : 0;
}

/** The keys of a pasted text or a .txt/.csv file: one per line (a CSV line's first cell), blanks skipped. */
export function poolKeysFrom(text: string, csv = false): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => (csv ? (line.split(',')[0] ?? '').trim().replace(/^"(.*)"$/, '$1') : line).trim())
    .filter(Boolean);
}

/** Why the keys cannot be sent, in words; null when they can. */
export function poolKeysProblem(keys: string[]): string | null {
  if (keys.length === 0) return 'Paste the keys, one per line, or choose a file.';
  if (keys.length > maxPoolKeys)
    return `Add at most 10,000 keys at once; this list has ${keys.length.toLocaleString('en-GB')}.`;
  const long = keys.findIndex((key) => key.length > maxPoolKeyLength);
  if (long >= 0) return `Key ${long + 1} is longer than ${maxPoolKeyLength} characters.`;
  return null;
}

/** The keys in groups whose JSON fits one request. */
export function poolChunks(keys: string[]): string[][] {
  const encoder = new TextEncoder();
  const chunks: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const key of keys) {
    const size = encoder.encode(JSON.stringify(key)).length;
    if (current.length > 0 && bytes + size > chunkBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(key);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** A key the API did not add, and why, in its words ('Already in the pool of another product (“…”).'). */
export interface RefusedPoolKey {
  key: string;
  reason: string;
}

export interface PoolResult {
  added: number;
  duplicates: number;
  left: number;
  sent: number;
  /** Each key refused, in the order the answers gave them. */
  refused: RefusedPoolKey[];
}

function refusedOf(value: unknown): RefusedPoolKey[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const entry = item as Partial<RefusedPoolKey> | null;
    return typeof entry?.key === 'string' && typeof entry.reason === 'string'
      ? [{ key: entry.key, reason: entry.reason }]
      : [];
  });
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** 'N keys added; M left in the pool. D keys refused as duplicates. S buyers e-mailed the key they were owed.' */
export function poolResultWords({ added, duplicates, left, sent }: Omit<PoolResult, 'refused'>): string {
  const words = [`${count(added, 'key', 'keys')} added; ${left.toLocaleString('en-GB')} left in the pool.`];
  if (duplicates)
    words.push(`${count(duplicates, 'key', 'keys')} refused as ${duplicates === 1 ? 'a duplicate' : 'duplicates'}.`);
  if (sent) words.push(`${count(sent, 'buyer', 'buyers')} e-mailed the key they were owed.`);
  return words.join(' ');
}

function reason(error: unknown): string {
  return toAppError(error, { spoken: 'all' }).message;
}

/**
 * Sends the keys in order, a request per chunk; resolves with the sums. A failure part way rejects
 * with an Error saying what was added before it and why the rest was not.
 */
export async function addPoolKeys(productId: string, keys: string[]): Promise<PoolResult> {
  const total: PoolResult = { added: 0, duplicates: 0, left: 0, sent: 0, refused: [] };
  for (const chunk of poolChunks(keys)) {
    let answer: (Partial<Omit<PoolResult, 'refused'>> & { refused?: unknown }) | null;
    try {
      answer = (await callAsAdmin('POST', poolUrl(productId), {
        keys: chunk.join('\n'),
      })) as (Partial<Omit<PoolResult, 'refused'>> & { refused?: unknown }) | null;
    } catch (error) {
      const before = total.added || total.duplicates ? ` Before it: ${poolResultWords(total)}` : '';
      throw new Error(`The keys could not all be added: ${reason(error)}${before}`);
    }
    total.added += answer?.added ?? 0;
    total.duplicates += answer?.duplicates ?? 0;
    total.sent += answer?.sent ?? 0;
    total.refused.push(...refusedOf(answer?.refused));
    total.left = answer?.left ?? total.left;
  }
  return total;
}
