import { asArray, asObject, invalidArgument, isObject } from './errors';

// Firestore Values in their proto3 JSON form, which is also how they are stored and persisted.
// Non-finite doubles stay strings ('NaN', 'Infinity') because JSON has no such numbers.
export type DoubleJson = number | 'NaN' | 'Infinity' | '-Infinity';
export type Value =
  | { nullValue: 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: DoubleJson }
  | { timestampValue: string }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude: number; longitude: number } }
  | { arrayValue: { values: Value[] } }
  | { mapValue: { fields: Fields } };
export type Fields = Record<string, Value>;
export type NumberValue = { integerValue: string } | { doubleValue: DoubleJson };

export const NULL_VALUE: Value = { nullValue: 'NULL_VALUE' };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// ---------------------------------------------------------------------------------------------
// Timestamps: kept as RFC 3339 strings with microseconds, the precision Firestore stores.

const rfc3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/i;

/** Nanoseconds since the epoch, from an RFC 3339 string or a `{seconds, nanos}` object. */
export function parseTimestamp(raw: unknown): bigint {
  if (typeof raw === 'string') {
    const match = rfc3339.exec(raw);
    const millis = match ? Date.parse(`${match[1]}${match[3]}`) : NaN;
    if (!match || Number.isNaN(millis)) throw invalidArgument(`Invalid timestamp: ${raw}`);
    return BigInt(millis) * 1_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
  }
  if (isObject(raw)) {
    const seconds = raw.seconds ?? 0;
    const nanos = raw.nanos ?? 0;
    if ((typeof seconds === 'string' || typeof seconds === 'number') && typeof nanos === 'number') {
      return BigInt(seconds) * 1_000_000_000n + BigInt(nanos);
    }
  }
  throw invalidArgument(`Invalid timestamp: ${JSON.stringify(raw)}`);
}

export function formatTimestamp(nanos: bigint): string {
  const micros = nanos / 1000n - (nanos % 1000n < 0n ? 1n : 0n);
  const wholeMillis = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  const subMilli = micros - wholeMillis * 1000n;
  const iso = new Date(Number(wholeMillis)).toISOString();
  return `${iso.slice(0, -1)}${subMilli.toString().padStart(3, '0')}Z`;
}

// ---------------------------------------------------------------------------------------------
// Reading request JSON into canonical Values.

export function doubleValue(n: number): Value {
  if (Number.isNaN(n)) return { doubleValue: 'NaN' };
  if (!Number.isFinite(n)) return { doubleValue: n > 0 ? 'Infinity' : '-Infinity' };
  return { doubleValue: n };
}

function toDouble(raw: unknown): DoubleJson {
  if (typeof raw === 'number') return raw;
  if (raw === 'NaN' || raw === 'Infinity' || raw === '-Infinity') return raw;
  if (typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  throw invalidArgument(`Invalid doubleValue: ${JSON.stringify(raw)}`);
}

function toInteger(raw: unknown): string {
  if ((typeof raw === 'string' && /^-?\d+$/.test(raw)) || (typeof raw === 'number' && Number.isInteger(raw))) {
    const n = BigInt(raw);
    if (n >= INT64_MIN && n <= INT64_MAX) return n.toString();
  }
  throw invalidArgument(`Invalid integerValue: ${JSON.stringify(raw)}`);
}

export function toValue(raw: unknown): Value {
  if (!isObject(raw)) throw invalidArgument('A Value must be an object');
  if ('nullValue' in raw) return NULL_VALUE;
  if ('booleanValue' in raw) return { booleanValue: raw.booleanValue === true };
  if ('integerValue' in raw) return { integerValue: toInteger(raw.integerValue) };
  if ('doubleValue' in raw) return { doubleValue: toDouble(raw.doubleValue) };
  if ('timestampValue' in raw) return { timestampValue: formatTimestamp(parseTimestamp(raw.timestampValue)) };
  if (typeof raw.stringValue === 'string') return { stringValue: raw.stringValue };
  if (typeof raw.bytesValue === 'string') {
    return { bytesValue: Buffer.from(raw.bytesValue, 'base64').toString('base64') };
  }
  if (typeof raw.referenceValue === 'string') return { referenceValue: raw.referenceValue };
  if ('geoPointValue' in raw) {
    const point = asObject(raw.geoPointValue, 'geoPointValue');
    return { geoPointValue: { latitude: Number(point.latitude ?? 0), longitude: Number(point.longitude ?? 0) } };
  }
  if ('arrayValue' in raw) {
    const values = asArray(asObject(raw.arrayValue, 'arrayValue').values, 'arrayValue.values');
    return { arrayValue: { values: values.map(toValue) } };
  }
  if ('mapValue' in raw) return { mapValue: { fields: toFields(asObject(raw.mapValue, 'mapValue').fields) } };
  throw invalidArgument(`Unsupported Value: ${JSON.stringify(raw)}`);
}

export function toFields(raw: unknown): Fields {
  const fields: Fields = {};
  for (const [key, value] of Object.entries(asObject(raw, 'fields'))) fields[key] = toValue(value);
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Ordering. Firestore orders across types: null < bool < number < timestamp < string < bytes <
// reference < geopoint < array < vector < map; integers and doubles compare as one number type
// (https://cloud.google.com/firestore/docs/concepts/data-types).

/**
 * A vector embedding: on the wire a map {__type__: '__vector__', value: [numbers]}, but a type of
 * its own for ordering and filters.
 */
function vectorElements(value: Value): Value[] | undefined {
  if (!('mapValue' in value)) return undefined;
  const { __type__: type, value: elements } = value.mapValue.fields;
  if (type === undefined || !('stringValue' in type) || type.stringValue !== '__vector__') return undefined;
  return elements !== undefined && 'arrayValue' in elements ? elements.arrayValue.values : undefined;
}

function typeOrder(value: Value): number {
  if ('nullValue' in value) return 0;
  if ('booleanValue' in value) return 1;
  if ('integerValue' in value || 'doubleValue' in value) return 2;
  if ('timestampValue' in value) return 3;
  if ('stringValue' in value) return 4;
  if ('bytesValue' in value) return 5;
  if ('referenceValue' in value) return 6;
  if ('geoPointValue' in value) return 7;
  if ('arrayValue' in value) return 8;
  if (vectorElements(value) !== undefined) return 9;
  return 10;
}

export function isNumber(value: Value | undefined): value is NumberValue {
  return value !== undefined && ('integerValue' in value || 'doubleValue' in value);
}

export function isNaNValue(value: Value | undefined): boolean {
  return value !== undefined && 'doubleValue' in value && value.doubleValue === 'NaN';
}

export function numberOf(value: NumberValue): number {
  return 'integerValue' in value ? Number(value.integerValue) : Number(value.doubleValue);
}

function sign(n: number | bigint): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

function compareNumbers(a: NumberValue, b: NumberValue): number {
  if ('integerValue' in a && 'integerValue' in b) return sign(BigInt(a.integerValue) - BigInt(b.integerValue));
  const x = numberOf(a);
  const y = numberOf(b);
  // NaN sorts before every other number and equals itself.
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

// Firestore orders strings by their UTF-8 bytes, which is code point order. UTF-16 code units
// compare the same way except where a surrogate (a character above U+FFFF) meets U+E000..U+FFFF, so
// only that case pays for the byte comparison.
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 || y >= 0xd800) break;
    return x < y ? -1 : 1;
  }
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

// References compare segment by segment ('a/b' before 'a-b/c'), not as whole strings.
export function compareReferences(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < left.length && i < right.length; i++) {
    const c = compareStrings(left[i] ?? '', right[i] ?? '');
    if (c !== 0) return c;
  }
  return sign(left.length - right.length);
}

export function compareValues(a: Value, b: Value): number {
  const byType = typeOrder(a) - typeOrder(b);
  if (byType !== 0) return sign(byType);
  if ('booleanValue' in a && 'booleanValue' in b) return sign(Number(a.booleanValue) - Number(b.booleanValue));
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b);
  if ('timestampValue' in a && 'timestampValue' in b) {
    return sign(parseTimestamp(a.timestampValue) - parseTimestamp(b.timestampValue));
  }
  if ('stringValue' in a && 'stringValue' in b) return compareStrings(a.stringValue, b.stringValue);
  if ('bytesValue' in a && 'bytesValue' in b) {
    return Buffer.compare(Buffer.from(a.bytesValue, 'base64'), Buffer.from(b.bytesValue, 'base64'));
  }
  if ('referenceValue' in a && 'referenceValue' in b) return compareReferences(a.referenceValue, b.referenceValue);
  if ('geoPointValue' in a && 'geoPointValue' in b) {
    return (
      sign(a.geoPointValue.latitude - b.geoPointValue.latitude) ||
      sign(a.geoPointValue.longitude - b.geoPointValue.longitude)
    );
  }
  if ('arrayValue' in a && 'arrayValue' in b) return compareLists(a.arrayValue.values, b.arrayValue.values);
  const vectorA = vectorElements(a);
  const vectorB = vectorElements(b);
  // Vectors: by dimension, then element by element.
  if (vectorA !== undefined && vectorB !== undefined) {
    return sign(vectorA.length - vectorB.length) || compareLists(vectorA, vectorB);
  }
  if ('mapValue' in a && 'mapValue' in b) return compareMaps(a.mapValue.fields, b.mapValue.fields);
  return 0;
}

function compareLists(a: Value[], b: Value[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const c = compareValues(a[i] ?? NULL_VALUE, b[i] ?? NULL_VALUE);
    if (c !== 0) return c;
  }
  return sign(a.length - b.length);
}

// Maps compare key by key in key order (key first, then its value), then by size.
function compareMaps(a: Fields, b: Fields): number {
  const leftKeys = Object.keys(a).sort(compareStrings);
  const rightKeys = Object.keys(b).sort(compareStrings);
  for (let i = 0; i < leftKeys.length && i < rightKeys.length; i++) {
    const leftKey = leftKeys[i] ?? '';
    const rightKey = rightKeys[i] ?? '';
    const c = compareStrings(leftKey, rightKey) || compareValues(a[leftKey] ?? NULL_VALUE, b[rightKey] ?? NULL_VALUE);
    if (c !== 0) return c;
  }
  return sign(leftKeys.length - rightKeys.length);
}

export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

export function sameType(a: Value, b: Value): boolean {
  return typeOrder(a) === typeOrder(b);
}

// ---------------------------------------------------------------------------------------------
// Field paths: dot-separated segments; a segment in backticks may hold dots, with \` and \\ escapes.

export function parseFieldPath(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    if (quoted && ch === '\\') {
      current += path[++i] ?? '';
    } else if (ch === '`') {
      quoted = !quoted;
    } else if (ch === '.' && !quoted) {
      segments.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  segments.push(current);
  if (quoted || segments.some((s) => s === '')) throw invalidArgument(`Invalid field path: ${path}`);
  return segments;
}

export function getField(fields: Fields, path: readonly string[]): Value | undefined {
  let value: Value | undefined = { mapValue: { fields } };
  for (const segment of path) {
    if (value === undefined || !('mapValue' in value)) return undefined;
    value = value.mapValue.fields[segment];
  }
  return value;
}

/** Sets a nested field in place, turning any non-map on the way into a map, as Firestore does. */
export function setField(fields: Fields, path: readonly string[], value: Value): void {
  let map = fields;
  path.forEach((segment, i) => {
    if (i === path.length - 1) {
      map[segment] = value;
      return;
    }
    const next = map[segment];
    if (next !== undefined && 'mapValue' in next) {
      map = next.mapValue.fields;
    } else {
      const created: Fields = {};
      map[segment] = { mapValue: { fields: created } };
      map = created;
    }
  });
}

export function deleteField(fields: Fields, path: readonly string[]): void {
  const parent = path.length === 1 ? { mapValue: { fields } } : getField(fields, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent !== undefined && 'mapValue' in parent && last !== undefined) delete parent.mapValue.fields[last];
}

/** A stored document, in the REST Document shape. Times are RFC 3339 strings. */
export interface FirestoreDocument {
  name: string;
  fields: Fields;
  createTime: string;
  updateTime: string;
}
