// Composite-index enforcement: with the project's firestore.indexes.json, the emulator refuses a query
// that production could not serve from its automatic single-field indexes nor from a declared
// composite index, with the FAILED_PRECONDITION production sends, so a forgotten index fails a test
// instead of the first shopper.
//
// What production does, as modelled here (for each disjunct of the filter, OR and AND expanded):
// - Automatic single-field indexes (ascending, descending, array-contains; collection scope only)
//   serve equality-only queries (==, in, array-contains(-any), is null/NaN) on any number of fields,
//   merged; and queries with no equality whose order is one field, with `__name__` following it in the
//   same direction. `__name__` filters and orders need no index of their own.
// - Anything else (an equality with an order on another field, two order fields, inequalities on two
//   fields) needs a composite index of the same scope whose fields are the equality fields, in any
//   order, then the order fields in order and direction, then `__name__` (implicit in a declaration, in
//   the direction of its last field). Several composite indexes with the same order suffix may each
//   cover part of the equalities (index merging).
// - A fieldOverrides entry replaces the automatic indexes of its field (and the fields under it); an
//   empty `indexes` list is an exemption.
// Approximations. Strict, so a missing index never slips through: a collection-group-scope index does
// not serve a collection query; an index is never scanned backwards. Lenient, because production's
// rule is not documented: the fields sum/avg aggregate add no requirement of their own (production
// reads them from index entries, so an aggregation over a filtered query may need more than its
// query). Also: `in` counts as an equality like ==; `*` field overrides, ttl and vector indexes are
// ignored.
import { readFileSync, statSync } from 'node:fs';
import { RpcError, asArray, asObject, asString, invalidArgument } from './errors';
import type { Filter, ParsedQuery } from './query';
import { parseFieldPath } from './values';

type Mode = 'ASCENDING' | 'DESCENDING' | 'CONTAINS';
type Scope = 'COLLECTION' | 'COLLECTION_GROUP';

interface IndexField {
  path: string[];
  mode: Mode;
}

interface CompositeIndex {
  collectionGroup: string;
  scope: Scope;
  fields: IndexField[];
}

export interface IndexConfig {
  composites: CompositeIndex[];
  /** `collectionGroup` + field key -> the single-field indexes it keeps, as `scope mode`. */
  overrides: Map<string, Set<string>>;
}

const NAME = '__name__';
const key = (path: readonly string[]) => JSON.stringify(path);
const overrideKey = (group: string, path: readonly string[]) => `${group}\u0000${key(path)}`;

function scopeOf(raw: unknown): Scope {
  return raw === 'COLLECTION_GROUP' ? 'COLLECTION_GROUP' : 'COLLECTION';
}

function modeOf(raw: Record<string, unknown>, what: string): Mode {
  if (raw.arrayConfig === 'CONTAINS') return 'CONTAINS';
  if (raw.order === 'ASCENDING' || raw.order === 'DESCENDING') return raw.order;
  throw new Error(`${what} needs "order" (ASCENDING or DESCENDING) or "arrayConfig": "CONTAINS"`);
}

/** Reads the firestore.indexes.json shape (`firebase deploy --only firestore:indexes`). */
export function parseIndexConfig(raw: unknown): IndexConfig {
  const file = asObject(raw, 'indexes file');
  // Vector indexes serve only vector search, which this emulator does not offer.
  const isVector = (entry: unknown) =>
    asArray(asObject(entry, 'index').fields, 'fields').some((f) => asObject(f, 'field').vectorConfig !== undefined);
  const composites = asArray(file.indexes, 'indexes').flatMap((entry, i): CompositeIndex[] => {
    if (isVector(entry)) return [];
    const index = asObject(entry, `indexes[${i}]`);
    const composite: CompositeIndex = {
      collectionGroup: asString(index.collectionGroup, `indexes[${i}].collectionGroup`),
      scope: scopeOf(index.queryScope),
      fields: asArray(index.fields, `indexes[${i}].fields`).map((f, j) => {
        const field = asObject(f, `indexes[${i}].fields[${j}]`);
        const path = asString(field.fieldPath, `indexes[${i}].fields[${j}].fieldPath`);
        return {
          path: path === NAME ? [NAME] : parseFieldPath(path),
          mode: modeOf(field, `indexes[${i}].fields[${j}]`),
        };
      }),
    };
    return [composite];
  });
  const overrides = new Map<string, Set<string>>();
  asArray(file.fieldOverrides, 'fieldOverrides').forEach((entry, i) => {
    const override = asObject(entry, `fieldOverrides[${i}]`);
    const path = parseFieldPath(asString(override.fieldPath, `fieldOverrides[${i}].fieldPath`));
    const kept = asArray(override.indexes, `fieldOverrides[${i}].indexes`).map((raw, j) => {
      const index = asObject(raw, `fieldOverrides[${i}].indexes[${j}]`);
      return `${scopeOf(index.queryScope)} ${modeOf(index, `fieldOverrides[${i}].indexes[${j}]`)}`;
    });
    overrides.set(
      overrideKey(asString(override.collectionGroup, `fieldOverrides[${i}].collectionGroup`), path),
      new Set(kept),
    );
  });
  return { composites, overrides };
}

function readIndexConfig(file: string): IndexConfig {
  try {
    return parseIndexConfig(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(`Firestore emulator: cannot use the indexes file ${file}: ${(error as Error).message}`);
  }
}

/**
 * The indexes declared in a file, read again when the file changes, so an index added while
 * `npm start` runs is used at once (like deploying it). A broken edit keeps the last good indexes.
 */
export function indexesFromFile(file: string, log: (line: string) => void): () => IndexConfig {
  const versionOf = () => {
    const stat = statSync(file, { bigint: true });
    return `${stat.mtimeNs}:${stat.size}`;
  };
  let config = readIndexConfig(file);
  let version = versionOf();
  return () => {
    let now: string;
    try {
      now = versionOf();
    } catch {
      return config;
    }
    if (now !== version) {
      version = now;
      try {
        config = readIndexConfig(file);
        log(`firestore: indexes read again from ${file}`);
      } catch (error) {
        log(`${(error as Error).message} (the previous indexes stay in use)`);
      }
    }
    return config;
  };
}

// ---------------------------------------------------------------------------------------------
// What one conjunction of the query needs from an index.

interface Need {
  /** Equality fields: mode CONTAINS for array-contains(-any), ASCENDING standing for "any order". */
  equalities: IndexField[];
  /** Order fields with their direction, `__name__` excluded. */
  orders: IndexField[];
  nameDescending: boolean;
}

type Term = Exclude<Filter, { kind: 'composite' }>;

// Production refuses a filter whose disjunctive normal form has more than 30 terms; so does this,
// which also keeps a hostile filter from expanding without bound.
const MAX_DISJUNCTIONS = 30;

/** The filter as OR of ANDs (disjunctive normal form), which is how production plans an OR query. */
function disjuncts(filter: Filter | undefined): Term[][] {
  if (filter === undefined) return [[]];
  if (filter.kind !== 'composite') return [[filter]];
  const parts = filter.filters.map(disjuncts);
  const terms =
    filter.op === 'OR'
      ? parts.flat()
      : parts.reduce<Term[][]>(
          (acc, part) => {
            if (acc.length * part.length > MAX_DISJUNCTIONS) return tooManyDisjunctions();
            return acc.flatMap((a) => part.map((b) => [...a, ...b]));
          },
          [[]],
        );
  return terms.length > MAX_DISJUNCTIONS ? tooManyDisjunctions() : terms;
}

function tooManyDisjunctions(): never {
  throw invalidArgument(`The filter has more than ${MAX_DISJUNCTIONS} disjunctions in disjunctive normal form.`);
}

function equalityMode(term: Term): Mode | undefined {
  if (term.kind === 'unary') return term.op === 'IS_NULL' || term.op === 'IS_NAN' ? 'ASCENDING' : undefined;
  if (term.op === 'EQUAL' || term.op === 'IN') return 'ASCENDING';
  if (term.op === 'ARRAY_CONTAINS' || term.op === 'ARRAY_CONTAINS_ANY') return 'CONTAINS';
  return undefined;
}

function needOf(terms: Term[], query: ParsedQuery): Need {
  const equalities = new Map<string, IndexField>();
  for (const term of terms) {
    const mode = equalityMode(term);
    if (mode !== undefined && !(term.path.length === 1 && term.path[0] === NAME)) {
      equalities.set(`${key(term.path)}${mode}`, { path: term.path, mode });
    }
  }
  const fixed = new Set([...equalities.values()].filter((e) => e.mode !== 'CONTAINS').map((e) => key(e.path)));
  const orderBy = [...query.orderBy];
  const last = orderBy[orderBy.length - 1];
  const nameDescending = last !== undefined && key(last.path) === key([NAME]) ? last.descending : false;
  if (last !== undefined && key(last.path) === key([NAME])) orderBy.pop();
  // Ordering by a field held equal orders nothing.
  const orders = orderBy
    .filter((o) => !fixed.has(key(o.path)))
    .map((o): IndexField => ({ path: o.path, mode: o.descending ? 'DESCENDING' : 'ASCENDING' }));
  return { equalities: [...equalities.values()], orders, nameDescending };
}

// ---------------------------------------------------------------------------------------------
// Serving a need.

function hasSingleField(config: IndexConfig, group: string, scope: Scope, field: IndexField, anyOrder: boolean) {
  // The nearest override on the path (a map field's override covers its subfields).
  for (let n = field.path.length; n > 0; n--) {
    const kept = config.overrides.get(overrideKey(group, field.path.slice(0, n)));
    if (kept === undefined) continue;
    if (field.mode === 'CONTAINS') return kept.has(`${scope} CONTAINS`);
    return anyOrder
      ? kept.has(`${scope} ASCENDING`) || kept.has(`${scope} DESCENDING`)
      : kept.has(`${scope} ${field.mode}`);
  }
  return scope === 'COLLECTION';
}

function servedBySingleFields(config: IndexConfig, group: string, scope: Scope, need: Need): boolean {
  if (need.orders.length === 0) {
    return need.equalities.every((e) => hasSingleField(config, group, scope, e, true));
  }
  const [order] = need.orders;
  return (
    need.orders.length === 1 &&
    need.equalities.length === 0 &&
    order !== undefined &&
    (order.mode === 'DESCENDING') === need.nameDescending &&
    hasSingleField(config, group, scope, order, false)
  );
}

function sameField(a: IndexField, b: IndexField): boolean {
  return key(a.path) === key(b.path) && a.mode === b.mode;
}

function servedByComposites(config: IndexConfig, group: string, scope: Scope, need: Need): boolean {
  const wantedSuffix: IndexField[] = [
    ...need.orders,
    { path: [NAME], mode: need.nameDescending ? 'DESCENDING' : 'ASCENDING' },
  ];
  const covered = new Set<string>();
  let matched = false;
  for (const index of config.composites) {
    if (index.collectionGroup !== group || index.scope !== scope) continue;
    const fields = withName(index.fields);
    const prefixLength = fields.length - wantedSuffix.length;
    if (prefixLength < 0) continue;
    const suffix = fields.slice(prefixLength);
    if (!wantedSuffix.every((f, i) => suffix[i] !== undefined && sameField(f, suffix[i]))) continue;
    const prefix = fields.slice(0, prefixLength);
    const equalityFor = (f: IndexField) =>
      need.equalities.find((e) => key(e.path) === key(f.path) && (e.mode === 'CONTAINS') === (f.mode === 'CONTAINS'));
    if (!prefix.every((f) => equalityFor(f) !== undefined)) continue;
    matched = true;
    for (const f of prefix) covered.add(key(f.path) + (f.mode === 'CONTAINS' ? 'CONTAINS' : 'ASCENDING'));
  }
  return matched && need.equalities.every((e) => covered.has(key(e.path) + e.mode));
}

/** A declared index ends with `__name__` in the direction of its last field unless it names it. */
function withName(fields: IndexField[]): IndexField[] {
  const last = fields[fields.length - 1];
  if (last !== undefined && key(last.path) === key([NAME])) return fields;
  return [...fields, { path: [NAME], mode: last?.mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' }];
}

// ---------------------------------------------------------------------------------------------
// The error production sends, with the index a developer should declare.

function displayPath(path: readonly string[]): string {
  return path.map((s) => (/^[A-Za-z_][A-Za-z_0-9]*$/.test(s) ? s : `\`${s.replace(/[`\\]/g, '\\$&')}\``)).join('.');
}

function varint(n: number): number[] {
  const bytes: number[] = [];
  let rest = n;
  while (rest > 0x7f) {
    bytes.push((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  bytes.push(rest);
  return bytes;
}

function bytesField(tag: number, bytes: number[]): number[] {
  return [(tag << 3) | 2, ...varint(bytes.length), ...bytes];
}

function stringField(tag: number, text: string): number[] {
  return bytesField(tag, [...Buffer.from(text, 'utf8')]);
}

// The console link carries a google.firestore.admin.v1.Index message, base64url without padding:
// name (1), query_scope (2: 1 collection, 2 collection group), fields (3: field_path 1, order 2 with
// 1 ascending and 2 descending, array_config 3 with 1 contains).
function consoleLink(database: string, group: string, scope: Scope, fields: IndexField[]): string {
  const project = database.split('/')[1] ?? '';
  const message = [
    ...stringField(1, `${database}/collectionGroups/${group}/indexes/_`),
    0x10,
    scope === 'COLLECTION' ? 1 : 2,
    ...fields.flatMap((f) =>
      bytesField(3, [
        ...stringField(1, displayPath(f.path)),
        ...(f.mode === 'CONTAINS' ? [0x18, 1] : [0x10, f.mode === 'ASCENDING' ? 1 : 2]),
      ]),
    ),
  ];
  const encoded = Buffer.from(message).toString('base64url');
  return `https://console.firebase.google.com/v1/r/project/${project}/firestore/indexes?create_composite=${encoded}`;
}

function missingIndex(database: string, group: string, scope: Scope, need: Need): RpcError {
  const fields = [...need.equalities, ...need.orders];
  const declaration = {
    collectionGroup: group,
    queryScope: scope,
    fields: fields.map((f) =>
      f.mode === 'CONTAINS'
        ? { fieldPath: displayPath(f.path), arrayConfig: 'CONTAINS' }
        : { fieldPath: displayPath(f.path), order: f.mode },
    ),
  };
  const link = consoleLink(database, group, scope, withName(fields));
  return new RpcError(
    'FAILED_PRECONDITION',
    `The query requires an index. You can create it here: ${link} ` +
      `(local emulator: declare it in firestore.indexes.json: ${JSON.stringify(declaration)})`,
  );
}

/**
 * Throws FAILED_PRECONDITION when no index would serve the query in production.
 * `database` is `projects/{p}/databases/{d}`.
 */
export function checkIndexes(config: IndexConfig, database: string, query: ParsedQuery): void {
  const group = query.collectionId;
  if (group === undefined) return;
  const scope: Scope = query.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  for (const terms of disjuncts(query.where)) {
    const need = needOf(terms, query);
    if (servedBySingleFields(config, group, scope, need) || servedByComposites(config, group, scope, need)) continue;
    throw missingIndex(database, group, scope, need);
  }
}
