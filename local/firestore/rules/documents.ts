// How rules read other documents: get(), exists(), getAfter() and existsAfter(), each read counted
// against the request's limit, and the Resource a stored document is in rules.
import { NULL, bool, fail, fromFields, str, typeName, type RulesValue } from './values';
import type { FirestoreDocument } from '../values';

/** How rules read other documents (get, exists, getAfter, existsAfter). */
/** How rules read other documents (get, exists, getAfter, existsAfter). */
export interface DocumentReader {
  /** The database id (`(default)`) paths in get() must name. */
  database: string;
  /** A document by its path below `documents` (collection/id pairs), as it is before the request. */
  before(relativePath: string[]): FirestoreDocument | undefined;
  /** The same, as it would be after the batch; undefined outside write requests. */
  after: ((relativePath: string[]) => FirestoreDocument | undefined) | undefined;
  /** Distinct documents read so far (get, exists, getAfter, existsAfter) and the request's limit. */
  reads: Set<string>;
  limit: number;
}

/** The Resource a document is in rules: `data`, `id` and `__name__`. */
export function resourceValue(doc: FirestoreDocument, database: string, relativePath: string[]): RulesValue {
  return {
    t: 'map',
    v: new Map<string, RulesValue>([
      ['data', fromFields(doc.fields)],
      ['id', str(relativePath[relativePath.length - 1] ?? '')],
      ['__name__', { t: 'path', v: ['databases', database, 'documents', ...relativePath] }],
    ]),
  };
}

function documentPath(value: RulesValue, reader: DocumentReader): string[] {
  if (value.t !== 'path') fail(`get() and exists() take a path, not ${typeName(value)}`);
  const [databases, database, documents, ...rest] = value.v;
  if (databases !== 'databases' || documents !== 'documents' || database !== reader.database) {
    fail(`${'/' + value.v.join('/')} is not a document path of this database`);
  }
  if (rest.length === 0 || rest.length % 2 !== 0 || rest.some((s) => s === '')) {
    fail(`${'/' + value.v.join('/')} is not a document path`);
  }
  const key = rest.join('/');
  if (!reader.reads.has(key)) {
    if (reader.reads.size >= reader.limit) fail(`more than ${reader.limit} document reads in one request`);
    reader.reads.add(key);
  }
  return rest;
}

export function readDocument(name: string, arg: RulesValue, reader: DocumentReader): RulesValue {
  const after = name === 'getAfter' || name === 'existsAfter';
  if (after && reader.after === undefined) fail(`${name}() is only available when writing`);
  const path = documentPath(arg, reader);
  const doc = after ? reader.after?.(path) : reader.before(path);
  if (name === 'exists' || name === 'existsAfter') return bool(doc !== undefined);
  return doc === undefined ? NULL : resourceValue(doc, reader.database, path);
}
