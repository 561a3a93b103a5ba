// The ranges and hashes of the Cloud Storage stand-in's requests: Content-Range of an upload's chunk,
// Range of a read, x-goog-content-length-range and x-goog-hash.

/** `bytes a-b/total`, `bytes a-*\/total`, `bytes *\/total`, with '*' for an unknown total. */
export type ContentRange =
  { kind: 'query'; total: number | null } | { kind: 'data'; start: number; end: number | null; total: number | null };

export function parseContentRange(header: string | undefined): ContentRange | null {
  if (header === undefined) return { kind: 'data', start: 0, end: null, total: null };
  const query = /^bytes \*\/(\d+|\*)$/.exec(header.trim());
  if (query) return { kind: 'query', total: query[1] === '*' ? null : Number(query[1]) };
  const data = /^bytes (\d+)-(\d+|\*)\/(\d+|\*)$/.exec(header.trim());
  if (!data) return null;
  const start = Number(data[1]);
  const end = data[2] === '*' ? null : Number(data[2]);
  const total = data[3] === '*' ? null : Number(data[3]);
  if (end !== null && end < start) return null;
  if (total !== null && end !== null && end >= total) return null;
  return { kind: 'data', start, end, total };
}

/** The first range of a Range header against an object's size; 'unsatisfiable', or null for the whole. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)(?:,.*)?$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return end < start ? null : { start, end };
}

/** Parses x-goog-content-length-range: "min,max". */
export function lengthRangeOf(value: string | string[] | undefined): { min: number; max: number } | null | 'invalid' {
  if (value === undefined) return null;
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(Array.isArray(value) ? value.join(',') : value);
  if (!match) return 'invalid';
  const min = Number(match[1]);
  const max = Number(match[2]);
  return min <= max ? { min, max } : 'invalid';
}

/** x-goog-hash: crc32c=...,md5=... as sent with the last chunk. */
export function hashesClaimed(value: string | string[] | undefined): { crc32c?: string; md5?: string } {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const claimed: { crc32c?: string; md5?: string } = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const hash = part.slice(eq + 1).trim();
    if (key === 'crc32c') claimed.crc32c = hash;
    if (key === 'md5') claimed.md5 = hash;
  }
  return claimed;
}
