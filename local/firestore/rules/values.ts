// Values as the rules language sees them (rules.Integer, rules.Float, rules.Map, ...), and their
// conversion from stored Firestore values.
import { compareStrings, parseTimestamp, type Fields, type Value } from '../values';

export type RulesValue =
  | { t: 'null' }
  | { t: 'bool'; v: boolean }
  | { t: 'int'; v: bigint }
  | { t: 'float'; v: number }
  | { t: 'string'; v: string }
  | { t: 'bytes'; v: string }
  | { t: 'timestamp'; v: bigint }
  | { t: 'duration'; v: bigint }
  | { t: 'path'; v: string[] }
  | { t: 'latlng'; lat: number; lng: number }
  | { t: 'list'; v: RulesValue[] }
  | { t: 'set'; v: RulesValue[] }
  | { t: 'map'; v: Map<string, RulesValue> }
  | { t: 'mapdiff'; left: Map<string, RulesValue>; right: Map<string, RulesValue> }
  /**
   * Something a list request cannot know before it runs (a document id, or a field the query
   * does not pin with an equality filter): any use of it is an error, so the rule cannot be
   * proven for the query and the query is refused, as Firestore refuses it.
   */
  | { t: 'unknown'; what: string }
  /** `resource` and `resource.data` of a list request: fields known only through the query's filters. */
  | { t: 'queryDoc'; pinned: Map<string, RulesValue>; id: string | undefined }
  | { t: 'queryData'; pinned: Map<string, RulesValue>; prefix: string[] };

/** An error inside an expression: the expression has no value and the condition denies. */
export class RulesEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesEvalError';
  }
}

export const NULL: RulesValue = { t: 'null' };
export const TRUE: RulesValue = { t: 'bool', v: true };
export const FALSE: RulesValue = { t: 'bool', v: false };

export function bool(v: boolean): RulesValue {
  return v ? TRUE : FALSE;
}

export function str(v: string): RulesValue {
  return { t: 'string', v };
}

export function int(v: bigint): RulesValue {
  if (v > INT64_MAX || v < INT64_MIN) throw new RulesEvalError('integer overflow');
  return { t: 'int', v };
}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function mapOf(entries: Record<string, RulesValue>): RulesValue {
  return { t: 'map', v: new Map(Object.entries(entries)) };
}

/** A document path (`/databases/{db}/documents/...`) from a stored name (`projects/{p}/databases/...`). */
export function pathFromName(name: string): string[] {
  const segments = name.split('/');
  return segments[0] === 'projects' ? segments.slice(2) : segments;
}

export function fromFirestore(value: Value): RulesValue {
  if ('nullValue' in value) return NULL;
  if ('booleanValue' in value) return bool(value.booleanValue);
  if ('integerValue' in value) return { t: 'int', v: BigInt(value.integerValue) };
  if ('doubleValue' in value) return { t: 'float', v: Number(value.doubleValue) };
  if ('timestampValue' in value) return { t: 'timestamp', v: parseTimestamp(value.timestampValue) };
  if ('stringValue' in value) return str(value.stringValue);
  if ('bytesValue' in value) return { t: 'bytes', v: value.bytesValue };
  if ('referenceValue' in value) return { t: 'path', v: pathFromName(value.referenceValue) };
  if ('geoPointValue' in value)
    return { t: 'latlng', lat: value.geoPointValue.latitude, lng: value.geoPointValue.longitude };
  if ('arrayValue' in value) return { t: 'list', v: value.arrayValue.values.map(fromFirestore) };
  return fromFields(value.mapValue.fields);
}

export function fromFields(fields: Fields): RulesValue {
  return { t: 'map', v: new Map(Object.entries(fields).map(([k, v]) => [k, fromFirestore(v)])) };
}

/** Claims of an ID token (JSON) as a rules map: whole numbers are ints, as in request.auth.token. */
export function fromJson(value: unknown): RulesValue {
  if (value === null || value === undefined) return NULL;
  if (typeof value === 'boolean') return bool(value);
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? { t: 'int', v: BigInt(value) } : { t: 'float', v: value };
  }
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return { t: 'list', v: value.map(fromJson) };
  if (typeof value === 'object') {
    return { t: 'map', v: new Map(Object.entries(value).map(([k, v]) => [k, fromJson(v)])) };
  }
  return NULL;
}

export function typeName(value: RulesValue): string {
  switch (value.t) {
    case 'queryDoc':
    case 'queryData':
      return 'map';
    case 'mapdiff':
      return 'map diff';
    default:
      return value.t;
  }
}

/** Fails on the values a list request cannot know, so nothing is decided on a guess. */
export function known(value: RulesValue): RulesValue {
  if (value.t === 'unknown') throw new RulesEvalError(`${value.what} is not known for a query`);
  if (value.t === 'queryDoc' || value.t === 'queryData') {
    throw new RulesEvalError('a document of a query can only be used through fields the query filters with ==');
  }
  return value;
}

function isNumber(value: RulesValue): value is { t: 'int'; v: bigint } | { t: 'float'; v: number } {
  return value.t === 'int' || value.t === 'float';
}

function numberCompare(a: RulesValue & { t: 'int' | 'float' }, b: RulesValue & { t: 'int' | 'float' }): number {
  if (a.t === 'int' && b.t === 'int') return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  const x = Number(a.v);
  const y = Number(b.v);
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `==`: ints and floats compare as numbers (1 == 1.0); values of different types are unequal. */
export function equals(a: RulesValue, b: RulesValue): boolean {
  known(a);
  known(b);
  if (isNumber(a) && isNumber(b)) return numberCompare(a, b) === 0;
  switch (a.t) {
    case 'null':
      return b.t === 'null';
    case 'bool':
    case 'string':
    case 'bytes':
      return b.t === a.t && b.v === a.v;
    case 'timestamp':
    case 'duration':
      return b.t === a.t && b.v === a.v;
    case 'path':
      return b.t === 'path' && a.v.length === b.v.length && a.v.every((s, i) => s === b.v[i]);
    case 'latlng':
      return b.t === 'latlng' && a.lat === b.lat && a.lng === b.lng;
    case 'list':
      return b.t === 'list' && a.v.length === b.v.length && a.v.every((x, i) => equals(x, b.v[i] ?? NULL));
    case 'set':
      return b.t === 'set' && a.v.length === b.v.length && a.v.every((x) => b.v.some((y) => equals(x, y)));
    case 'map':
      return (
        b.t === 'map' &&
        a.v.size === b.v.size &&
        [...a.v].every(([k, x]) => {
          const y = b.v.get(k);
          return y !== undefined && equals(x, y);
        })
      );
    default:
      return false;
  }
}

/** `<`, `<=`, `>`, `>=`: numbers, strings, timestamps, durations and bytes; anything else is an error. */
export function compare(a: RulesValue, b: RulesValue): number {
  known(a);
  known(b);
  if (isNumber(a) && isNumber(b)) return numberCompare(a, b);
  if (a.t === 'string' && b.t === 'string') return compareStrings(a.v, b.v);
  if ((a.t === 'timestamp' && b.t === 'timestamp') || (a.t === 'duration' && b.t === 'duration')) {
    return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  }
  if (a.t === 'bytes' && b.t === 'bytes') return Buffer.compare(Buffer.from(a.v, 'base64'), Buffer.from(b.v, 'base64'));
  throw new RulesEvalError(`cannot compare ${typeName(a)} with ${typeName(b)}`);
}

/** A set from list items, without duplicates. */
export function toSet(items: RulesValue[]): RulesValue {
  const unique: RulesValue[] = [];
  for (const item of items) if (!unique.some((u) => equals(u, item))) unique.push(item);
  return { t: 'set', v: unique };
}

// Typed reads of a value inside an expression: the wrong type is an error, so the expression has no value.
export function fail(message: string): never {
  throw new RulesEvalError(message);
}

export function asBool(value: RulesValue, what: string): boolean {
  if (value.t !== 'bool') fail(`${what} must be a bool, not ${typeName(value)}`);
  return value.v;
}

export function asString(value: RulesValue, what: string): string {
  if (value.t !== 'string') fail(`${what} must be a string, not ${typeName(value)}`);
  return value.v;
}

export function asInt(value: RulesValue, what: string): bigint {
  if (value.t !== 'int') fail(`${what} must be an int, not ${typeName(value)}`);
  return value.v;
}

export function elements(value: RulesValue, what: string): RulesValue[] {
  if (value.t === 'list' || value.t === 'set') return value.v;
  return fail(`${what} must be a list or a set, not ${typeName(value)}`);
}

export function contains(items: RulesValue[], value: RulesValue): boolean {
  return items.some((item) => equals(item, value));
}
