import { asArray, asObject, asString, enumName, invalidArgument, isObject } from './errors';
import { checkIndexes, type IndexConfig } from './indexes';
import { checkIds } from './store';
import {
  NULL_VALUE,
  compareValues,
  getField,
  isNaNValue,
  parseFieldPath,
  sameType,
  setField,
  toValue,
  valuesEqual,
  type Fields,
  type FirestoreDocument,
  type Value,
} from './values';

// Enum names indexed by their proto numbers (google/firestore/v1/query.proto).
const fieldOps = [
  'OPERATOR_UNSPECIFIED',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'EQUAL',
  'NOT_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'ARRAY_CONTAINS_ANY',
  'NOT_IN',
] as const;
const unaryOps = ['OPERATOR_UNSPECIFIED', 'UNUSED_1', 'IS_NAN', 'IS_NULL', 'IS_NOT_NAN', 'IS_NOT_NULL'] as const;
const compositeOps = ['OPERATOR_UNSPECIFIED', 'AND', 'OR'] as const;
const directions = ['DIRECTION_UNSPECIFIED', 'ASCENDING', 'DESCENDING'] as const;

type FieldOp = (typeof fieldOps)[number];
type UnaryOp = (typeof unaryOps)[number];

export type Filter =
  | { kind: 'field'; path: string[]; op: FieldOp; value: Value }
  | { kind: 'unary'; path: string[]; op: UnaryOp }
  | { kind: 'composite'; op: 'AND' | 'OR'; filters: Filter[] };

export interface Order {
  path: string[];
  descending: boolean;
}

interface Cursor {
  values: Value[];
  before: boolean;
}

export interface ParsedQuery {
  collectionId: string | undefined;
  allDescendants: boolean;
  where: Filter | undefined;
  orderBy: Order[];
  startAt: Cursor | undefined;
  endAt: Cursor | undefined;
  offset: number;
  limit: number | undefined;
  select: string[][] | undefined;
}

const NAME = '__name__';

export function fieldPathOf(raw: unknown, what: string): string[] {
  const path = asString(asObject(raw, what).fieldPath, `${what}.fieldPath`);
  return path === NAME ? [NAME] : parseFieldPath(path);
}

function parseFilter(raw: unknown): Filter {
  const filter = asObject(raw, 'filter');
  if (filter.fieldFilter !== undefined) {
    const f = asObject(filter.fieldFilter, 'fieldFilter');
    const op = enumName(f.op, fieldOps, 'fieldFilter.op');
    if (op === 'OPERATOR_UNSPECIFIED') throw invalidArgument('fieldFilter.op is required');
    const value = toValue(f.value);
    if ((op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY') && !('arrayValue' in value)) {
      throw invalidArgument(`A ${op} filter needs an array value`);
    }
    return { kind: 'field', path: fieldPathOf(f.field, 'fieldFilter.field'), op, value };
  }
  if (filter.unaryFilter !== undefined) {
    const f = asObject(filter.unaryFilter, 'unaryFilter');
    const op = enumName(f.op, unaryOps, 'unaryFilter.op');
    if (op === 'OPERATOR_UNSPECIFIED' || op === 'UNUSED_1') throw invalidArgument('unaryFilter.op is invalid');
    return { kind: 'unary', path: fieldPathOf(f.field, 'unaryFilter.field'), op };
  }
  if (filter.compositeFilter !== undefined) {
    const f = asObject(filter.compositeFilter, 'compositeFilter');
    const op = enumName(f.op, compositeOps, 'compositeFilter.op');
    if (op === 'OPERATOR_UNSPECIFIED') throw invalidArgument('compositeFilter.op is required');
    return { kind: 'composite', op, filters: asArray(f.filters, 'compositeFilter.filters').map(parseFilter) };
  }
  throw invalidArgument('A filter needs fieldFilter, unaryFilter or compositeFilter');
}

function parseCursor(raw: unknown): Cursor | undefined {
  if (raw === undefined || raw === null) return undefined;
  const cursor = asObject(raw, 'cursor');
  return { values: asArray(cursor.values, 'cursor.values').map(toValue), before: cursor.before === true };
}

export function parseCount(raw: unknown, what: string): number | undefined {
  const value = isObject(raw) ? raw.value : raw;
  if (value === undefined || value === null) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw invalidArgument(`${what} must be a non-negative integer`);
  return n;
}

const equalityOps: ReadonlySet<FieldOp> = new Set(['EQUAL', 'ARRAY_CONTAINS', 'IN', 'ARRAY_CONTAINS_ANY']);

function isInequality(filter: Filter): boolean {
  if (filter.kind === 'field') return !equalityOps.has(filter.op);
  return filter.kind === 'unary' && (filter.op === 'IS_NOT_NAN' || filter.op === 'IS_NOT_NULL');
}

function collectInequalityPaths(filter: Filter | undefined, into: Map<string, string[]>): Map<string, string[]> {
  if (filter?.kind === 'composite') filter.filters.forEach((f) => collectInequalityPaths(f, into));
  else if (filter !== undefined && isInequality(filter)) into.set(filter.path.join('.'), filter.path);
  return into;
}

export function parseStructuredQuery(raw: unknown): ParsedQuery {
  const query = asObject(raw, 'structuredQuery');
  const from = asArray(query.from, 'from');
  if (from.length !== 1) throw invalidArgument('A query needs exactly one collection selector in `from`');
  const selector = asObject(from[0], 'from[0]');
  const collectionId =
    selector.collectionId === undefined ? undefined : asString(selector.collectionId, 'collectionId');
  const allDescendants = selector.allDescendants === true;
  if (collectionId === undefined && !allDescendants) throw invalidArgument('from.collectionId is required');
  if (collectionId !== undefined) checkIds([collectionId]);

  const where = query.where === undefined || query.where === null ? undefined : parseFilter(query.where);
  const orderBy: Order[] = asArray(query.orderBy, 'orderBy').map((o) => {
    const order = asObject(o, 'orderBy');
    const direction = order.direction === undefined ? 'ASCENDING' : enumName(order.direction, directions, 'direction');
    return { path: fieldPathOf(order.field, 'orderBy.field'), descending: direction === 'DESCENDING' };
  });
  // Firestore orders implicitly by inequality fields (sorted) and then by name, in the direction of
  // the last explicit order; the SDKs usually send these already.
  const lastDescending = orderBy[orderBy.length - 1]?.descending ?? false;
  const ordered = new Set(orderBy.map((o) => o.path.join('.')));
  const implicit = [...collectInequalityPaths(where, new Map()).entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [key, path] of implicit) {
    if (!ordered.has(key)) orderBy.push({ path, descending: lastDescending });
  }
  if (!orderBy.some((o) => o.path.length === 1 && o.path[0] === NAME)) {
    orderBy.push({ path: [NAME], descending: lastDescending });
  }

  const select =
    query.select === undefined || query.select === null
      ? undefined
      : asArray(asObject(query.select, 'select').fields, 'select.fields')
          .map((f) => fieldPathOf(f, 'select.fields'))
          .filter((path) => !(path.length === 1 && path[0] === NAME));

  return {
    collectionId,
    allDescendants,
    where,
    orderBy,
    startAt: parseCursor(query.startAt),
    endAt: parseCursor(query.endAt),
    offset: parseCount(query.offset, 'offset') ?? 0,
    limit: parseCount(query.limit, 'limit'),
    select,
  };
}

function fieldValue(doc: FirestoreDocument, path: readonly string[]): Value | undefined {
  if (path.length === 1 && path[0] === NAME) return { referenceValue: doc.name };
  return getField(doc.fields, path);
}

function arrayValues(value: Value): Value[] {
  return 'arrayValue' in value ? value.arrayValue.values : [];
}

function contains(list: Value[], value: Value): boolean {
  return list.some((item) => valuesEqual(item, value));
}

// Field filters match only values of the filter value's type (numbers being one type), except
// != and not-in, which match any present, non-null value.
function matches(filter: Filter, doc: FirestoreDocument): boolean {
  if (filter.kind === 'composite') {
    return filter.op === 'AND'
      ? filter.filters.every((f) => matches(f, doc))
      : filter.filters.some((f) => matches(f, doc));
  }
  const value = fieldValue(doc, filter.path);
  const isNull = value !== undefined && 'nullValue' in value;
  if (filter.kind === 'unary') {
    switch (filter.op) {
      case 'IS_NAN':
        return isNaNValue(value);
      case 'IS_NULL':
        return isNull;
      case 'IS_NOT_NAN':
        return value !== undefined && !isNull && !isNaNValue(value);
      case 'IS_NOT_NULL':
        return value !== undefined && !isNull;
      default:
        return false;
    }
  }
  if (value === undefined) return false;
  const target = filter.value;
  const compared = () => (sameType(value, target) ? compareValues(value, target) : NaN);
  switch (filter.op) {
    case 'EQUAL':
      return compared() === 0;
    case 'LESS_THAN':
      return compared() < 0;
    case 'LESS_THAN_OR_EQUAL':
      return compared() <= 0;
    case 'GREATER_THAN':
      return compared() > 0;
    case 'GREATER_THAN_OR_EQUAL':
      return compared() >= 0;
    case 'NOT_EQUAL':
      return !isNull && !valuesEqual(value, target);
    case 'ARRAY_CONTAINS':
      return 'arrayValue' in value && contains(value.arrayValue.values, target);
    case 'ARRAY_CONTAINS_ANY':
      return 'arrayValue' in value && value.arrayValue.values.some((v) => contains(arrayValues(target), v));
    case 'IN':
      return contains(arrayValues(target), value);
    case 'NOT_IN':
      return !isNull && !contains(arrayValues(target), NULL_VALUE) && !contains(arrayValues(target), value);
    default:
      return false;
  }
}

function compareByOrder(a: FirestoreDocument, b: FirestoreDocument, orderBy: Order[]): number {
  for (const order of orderBy) {
    const c = compareValues(fieldValue(a, order.path) ?? NULL_VALUE, fieldValue(b, order.path) ?? NULL_VALUE);
    if (c !== 0) return order.descending ? -c : c;
  }
  return 0;
}

// A cursor holds values for a prefix of the orderBy fields; a tie on that prefix counts as equal.
function compareToCursor(doc: FirestoreDocument, orderBy: Order[], cursor: Cursor): number {
  for (const [i, cursorValue] of cursor.values.entries()) {
    const order = orderBy[i];
    if (order === undefined) throw invalidArgument('A cursor has more values than the query has orderBy fields');
    const c = compareValues(fieldValue(doc, order.path) ?? NULL_VALUE, cursorValue);
    if (c !== 0) return order.descending ? -c : c;
  }
  return 0;
}

function inScope(doc: FirestoreDocument, parent: string, query: ParsedQuery): boolean {
  if (!doc.name.startsWith(`${parent}/`)) return false;
  const segments = doc.name.slice(parent.length + 1).split('/');
  if (!query.allDescendants) return segments.length === 2 && segments[0] === query.collectionId;
  return query.collectionId === undefined || segments[segments.length - 2] === query.collectionId;
}

/** Reads a DocumentMask (`{fieldPaths: [...]}`); undefined means every field. */
export function parseMask(raw: unknown): string[][] | undefined {
  if (raw === undefined || raw === null) return undefined;
  return asArray(asObject(raw, 'mask').fieldPaths, 'mask.fieldPaths').map((p) =>
    parseFieldPath(asString(p, 'fieldPath')),
  );
}

/** The document with only the given fields (all of them when `select` is undefined). */
export function project(doc: FirestoreDocument, select: string[][] | undefined): FirestoreDocument {
  if (select === undefined) return doc;
  const fields: Fields = {};
  for (const path of select) {
    const value = getField(doc.fields, path);
    if (value !== undefined) setField(fields, path, value);
  }
  return { ...doc, fields };
}

/** Where queries find documents: all of them, or one collection's (`{parent}/{collectionId}`). */
export interface DocumentSource {
  documents(): Iterable<FirestoreDocument>;
  collection(path: string): Iterable<FirestoreDocument>;
}

/** The emulator's index settings; without them every query is served, as Google's emulator does. */
export interface QueryOptions {
  indexes?: IndexConfig;
}

export function databaseOf(parent: string): string {
  return parent.split('/').slice(0, 4).join('/');
}

// A document without a value for an orderBy field (or, in an aggregation, an aggregated field) is
// not in the index the query scans, so it is never in the result.
export function select(
  parent: string,
  query: ParsedQuery,
  source: DocumentSource,
  requiredPaths: string[][],
): FirestoreDocument[] {
  const { orderBy, startAt, endAt, where } = query;
  const required = [...orderBy.map((o) => o.path).filter((p) => p.length !== 1 || p[0] !== NAME), ...requiredPaths];
  const candidates =
    query.allDescendants || query.collectionId === undefined
      ? source.documents()
      : source.collection(`${parent}/${query.collectionId}`);
  const hits: FirestoreDocument[] = [];
  for (const doc of candidates) {
    if (!inScope(doc, parent, query)) continue;
    if (required.some((path) => getField(doc.fields, path) === undefined)) continue;
    if (where !== undefined && !matches(where, doc)) continue;
    if (startAt !== undefined && compareToCursor(doc, orderBy, startAt) < (startAt.before ? 0 : 1)) continue;
    if (endAt !== undefined && compareToCursor(doc, orderBy, endAt) > (endAt.before ? -1 : 0)) continue;
    hits.push(doc);
  }
  hits.sort((a, b) => compareByOrder(a, b, orderBy));
  const end = query.limit === undefined ? undefined : query.offset + query.limit;
  return hits.slice(query.offset, end);
}

/** Runs a structuredQuery over the documents under `parent` (a database or document name). */
export function runQuery(
  parent: string,
  rawQuery: unknown,
  source: DocumentSource,
  options: QueryOptions = {},
): FirestoreDocument[] {
  const query = parseStructuredQuery(rawQuery);
  if (options.indexes !== undefined) checkIndexes(options.indexes, databaseOf(parent), query);
  return select(parent, query, source, []).map((doc) => project(doc, query.select));
}
