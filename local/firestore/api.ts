// The Firestore REST API the emulator serves on `projects/{p}/databases/{d}/documents[/path]`: the RPCs
// (commit, batchWrite, batchGet, runQuery, runAggregationQuery, beginTransaction, rollback,
// listCollectionIds) and the REST methods on one document or collection, each checked against the
// caller's access and billed as Firestore bills reads.
import { randomBytes } from 'node:crypto';
import { RpcError, asArray, asObject, asString, invalidArgument, type JsonObject } from './errors';
import type { IndexConfig } from './indexes';
import { runAggregation } from './aggregation';
import { parseMask, project, runQuery } from './query';
import { checkDocumentName, type DocumentStore } from './store';
import { parseFieldPath, type FirestoreDocument } from './values';
import { parseWrite } from './writes';
import type { Access } from './rules/access';

/** One request against `projects/{p}/databases/{d}/documents[/path]`. */
export interface ApiRequest {
  store: DocumentStore;
  indexes: IndexConfig | undefined;
  database: string;
  /** The database's document root, `{database}/documents`. */
  root: string;
  /** Segments after the root: even count = a document, odd = a collection. */
  path: string[];
  /** The full resource name (root plus path). */
  resource: string;
  /** What the caller may do under the rules (everything without a rules file, or for `owner`). */
  access: Access;
  /** Adds to the emulator's read count (see FirestoreEmulator.readCount). */
  billReads: (count: number) => void;
}

type Reads = { transaction: string | undefined; isNew: boolean };

/** Reads run in the given transaction, or in a new one the answer must return (lazy begin). */
function readsOf(req: ApiRequest, body: JsonObject): Reads {
  if (body.transaction !== undefined) return { transaction: asString(body.transaction, 'transaction'), isNew: false };
  if (body.newTransaction === undefined) return { transaction: undefined, isNew: false };
  const readOnly = asObject(body.newTransaction, 'newTransaction').readOnly !== undefined;
  return { transaction: req.store.beginTransaction(req.database, readOnly), isNew: true };
}

// The streaming RPCs answer a JSON array; a new transaction's id rides on the first element.
function streamAnswer(items: JsonObject[], reads: Reads, readTime: string): JsonObject[] {
  const answer = items.length > 0 ? items : [{ readTime }];
  return reads.isNew ? [{ transaction: reads.transaction, ...answer[0] }, ...answer.slice(1)] : answer;
}

function requireRoot(req: ApiRequest, rpc: string): void {
  if (req.path.length > 0) throw new RpcError('NOT_FOUND', `${rpc} is only served on ${req.root}`);
}

function requireParent(req: ApiRequest, rpc: string): void {
  if (req.path.length % 2 !== 0)
    throw invalidArgument(`${rpc} needs a database or document as parent, not ${req.resource}`);
}

const rpcs: Record<string, (req: ApiRequest, body: JsonObject) => unknown> = {
  commit(req, body) {
    requireRoot(req, 'commit');
    const writes = asArray(body.writes, 'writes').map(parseWrite);
    const transaction = body.transaction === undefined ? undefined : asString(body.transaction, 'transaction');
    return req.store.commit(req.database, writes, transaction, req.access.commitCheck);
  },

  // Not atomic: every write succeeds or fails on its own, and reports its status in the answer.
  batchWrite(req, body) {
    requireRoot(req, 'batchWrite');
    const results = asArray(body.writes, 'writes').map((raw) => {
      try {
        const [result] = req.store.commit(
          req.database,
          [parseWrite(raw)],
          undefined,
          req.access.commitCheck,
        ).writeResults;
        return { result: result ?? {}, status: { code: 0 } };
      } catch (error) {
        if (!(error instanceof RpcError)) throw error;
        return { result: {}, status: error.toStatus() };
      }
    });
    return { writeResults: results.map((r) => r.result), status: results.map((r) => r.status) };
  },

  batchGet(req, body) {
    requireRoot(req, 'batchGet');
    const mask = parseMask(body.mask);
    const reads = readsOf(req, body);
    const readTime = req.store.readTime();
    const names = asArray(body.documents, 'documents').map((raw) => {
      const name = asString(raw, 'documents[]');
      checkDocumentName(name, `${req.root}/`);
      return name;
    });
    req.access.get(names);
    req.billReads(names.length);
    const items = names.map((name) => {
      req.store.recordRead(reads.transaction, req.database, name);
      const doc = req.store.get(name);
      return doc ? { found: project(doc, mask), readTime } : { missing: name, readTime };
    });
    return streamAnswer(items, reads, readTime);
  },

  runQuery(req, body) {
    requireParent(req, 'runQuery');
    req.access.list(req.resource, body.structuredQuery);
    const reads = readsOf(req, body);
    const readTime = req.store.readTime();
    const docs = runQuery(req.resource, body.structuredQuery, req.store, { indexes: req.indexes });
    req.billReads(Math.max(1, docs.length));
    for (const doc of docs) req.store.recordRead(reads.transaction, req.database, doc.name);
    return streamAnswer(
      docs.map((document) => ({ document, readTime })),
      reads,
      readTime,
    );
  },

  runAggregationQuery(req, body) {
    requireParent(req, 'runAggregationQuery');
    req.access.list(
      req.resource,
      asObject(body.structuredAggregationQuery, 'structuredAggregationQuery').structuredQuery,
    );
    const reads = readsOf(req, body);
    const readTime = req.store.readTime();
    const aggregateFields = runAggregation(req.resource, body.structuredAggregationQuery, req.store, {
      indexes: req.indexes,
    });
    // Firestore bills an aggregation 1 read per 1,000 index entries it matches, at least 1; the
    // emulator's count of matching documents stands in for the entries.
    const matched = runQuery(
      req.resource,
      asObject(body.structuredAggregationQuery, 'structuredAggregationQuery').structuredQuery,
      req.store,
      { indexes: req.indexes },
    ).length;
    req.billReads(Math.max(1, Math.ceil(matched / 1000)));
    return streamAnswer([{ result: { aggregateFields }, readTime }], reads, readTime);
  },

  beginTransaction(req, body) {
    requireRoot(req, 'beginTransaction');
    const options = asObject(body.options, 'options');
    return { transaction: req.store.beginTransaction(req.database, options.readOnly !== undefined) };
  },

  rollback(req, body) {
    requireRoot(req, 'rollback');
    req.store.rollback(asString(body.transaction, 'transaction'), req.database);
    return {};
  },

  listCollectionIds(req) {
    requireParent(req, 'listCollectionIds');
    req.access.owner('listCollectionIds');
    const prefix = `${req.resource}/`;
    const ids = new Set<string>();
    for (const doc of req.store.documents()) {
      if (doc.name.startsWith(prefix)) ids.add(doc.name.slice(prefix.length).split('/')[0] ?? '');
    }
    return { collectionIds: [...ids].sort() };
  },
};

function preconditionOf(params: URLSearchParams): JsonObject | undefined {
  const exists = params.get('currentDocument.exists');
  const updateTime = params.get('currentDocument.updateTime');
  if (exists !== null) return { exists: exists === 'true' };
  if (updateTime !== null) return { updateTime };
  return undefined;
}

function maskOf(params: URLSearchParams): string[][] | undefined {
  const paths = params.getAll('mask.fieldPaths');
  return paths.length > 0 ? paths.map(parseFieldPath) : undefined;
}

function documentAfterWrite(req: ApiRequest, name: string, params: URLSearchParams): FirestoreDocument {
  const doc = req.store.get(name);
  if (doc === undefined) throw new RpcError('INTERNAL', `Document ${name} vanished after its write`);
  return project(doc, maskOf(params));
}

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function autoId(): string {
  return [...randomBytes(20)].map((b) => AUTO_ID_CHARS[b % AUTO_ID_CHARS.length]).join('');
}

/** The REST methods on a single document or collection (GET/PATCH/DELETE/POST without an rpc suffix). */
function resourceRequest(req: ApiRequest, method: string, body: JsonObject, params: URLSearchParams): unknown {
  const isDocument = req.path.length > 0 && req.path.length % 2 === 0;
  if (isDocument && method === 'GET') {
    const transaction = params.get('transaction') ?? undefined;
    req.access.get([req.resource]);
    req.billReads(1);
    req.store.recordRead(transaction, req.database, req.resource);
    const doc = req.store.get(req.resource);
    if (doc === undefined) throw new RpcError('NOT_FOUND', `Document "${req.resource}" not found.`);
    return project(doc, maskOf(params));
  }
  if (isDocument && method === 'PATCH') {
    const fieldPaths = params.getAll('updateMask.fieldPaths');
    const write = parseWrite({
      update: { name: req.resource, fields: body.fields },
      updateMask: fieldPaths.length > 0 ? { fieldPaths } : undefined,
      currentDocument: preconditionOf(params),
    });
    req.store.commit(req.database, [write], undefined, req.access.commitCheck);
    return documentAfterWrite(req, req.resource, params);
  }
  if (isDocument && method === 'DELETE') {
    req.store.commit(
      req.database,
      [parseWrite({ delete: req.resource, currentDocument: preconditionOf(params) })],
      undefined,
      req.access.commitCheck,
    );
    return {};
  }
  const isCollection = req.path.length % 2 === 1;
  if (isCollection && method === 'POST') {
    const name = `${req.resource}/${params.get('documentId') ?? autoId()}`;
    req.store.commit(
      req.database,
      [parseWrite({ update: { name, fields: body.fields }, currentDocument: { exists: false } })],
      undefined,
      req.access.commitCheck,
    );
    return documentAfterWrite(req, name, params);
  }
  if (isCollection && method === 'GET') return listDocuments(req, params);
  throw new RpcError('NOT_FOUND', `No ${method} route for ${req.resource}`);
}

const INT32_MAX = 2 ** 31 - 1;

/**
 * ListDocuments' pageSize, an int32: none, empty or 0 is no page size (https://google.aip.dev/158),
 * a negative or malformed one is INVALID_ARGUMENT.
 */
function pageSizeOf(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!/^\s*[+-]?\d+\s*$/.test(raw) || value > INT32_MAX) {
    throw invalidArgument(`Invalid value at 'page_size' (TYPE_INT32), "${raw}"`);
  }
  if (value < 0) throw invalidArgument('page_size must not be negative');
  return value === 0 ? undefined : value;
}

function listDocuments(req: ApiRequest, params: URLSearchParams): unknown {
  const orderBy = (params.get('orderBy') ?? '')
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter(([field]) => field !== undefined && field !== '')
    .map(([field, direction]) => ({
      field: { fieldPath: field },
      direction: direction?.toLowerCase() === 'desc' ? 'DESCENDING' : 'ASCENDING',
    }));
  const parent = `${req.root}${req.path
    .slice(0, -1)
    .map((s) => `/${s}`)
    .join('')}`;
  const query = { from: [{ collectionId: req.path[req.path.length - 1] }], orderBy };
  const pageSize = pageSizeOf(params.get('pageSize'));
  // The rules see the page size as the query's limit; without one, the query has no limit.
  req.access.list(parent, pageSize === undefined ? query : { ...query, limit: pageSize });
  const docs = runQuery(parent, query, req.store);
  // The page token is simply the offset of the next page.
  const start = Number(Buffer.from(params.get('pageToken') ?? '', 'base64').toString() || 0);
  if (!Number.isInteger(start) || start < 0) throw invalidArgument('Invalid pageToken');
  const size = pageSize ?? docs.length;
  const mask = maskOf(params);
  const page = docs.slice(start, start + size).map((doc) => project(doc, mask));
  const next = start + size < docs.length ? Buffer.from(String(start + size)).toString('base64') : undefined;
  return { ...(page.length > 0 ? { documents: page } : {}), ...(next ? { nextPageToken: next } : {}) };
}

/** The answer to an API request: an RPC when `rpc` names one, else a REST method on `req.resource`. */
export function answerApi(
  req: ApiRequest,
  method: string,
  rpc: string | undefined,
  body: JsonObject,
  params: URLSearchParams,
): unknown {
  if (rpc === undefined) return resourceRequest(req, method, body, params);
  const handler = rpcs[rpc];
  if (method !== 'POST' || handler === undefined) {
    throw new RpcError(
      handler === undefined ? 'UNIMPLEMENTED' : 'NOT_FOUND',
      `${method} :${rpc} is not served by this emulator`,
    );
  }
  return handler(req, body);
}
