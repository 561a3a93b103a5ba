import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { admitLocalRequest, originPolicy } from '../guard';
import { localKeepAliveMs } from '../http';
import { RpcError, asArray, asObject, asString, invalidArgument, isObject, type JsonObject } from './errors';
import { DataFileWriter, FirestoreDataFileError, loadDataFile } from './persistence';
import { indexesFromFile, type IndexConfig } from './indexes';
import { runAggregation } from './aggregation';
import { parseMask, project, runQuery } from './query';
import { DocumentStore, checkDocumentName, checkIds } from './store';
import { parseFieldPath, type FirestoreDocument } from './values';
import { parseWrite } from './writes';
import { FirestoreRulesError, RulesGate, openAccess, type Access } from './rules/access';

export { FirestoreDataFileError, FirestoreRulesError };

export interface FirestoreEmulatorOptions {
  /** 0 or undefined = a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** JSON file the data is kept in; undefined = in memory only. */
  dataFile?: string;
  /**
   * A firestore.indexes.json: queries production could not serve with these indexes fail with
   * FAILED_PRECONDITION. Undefined = every query is served, as Google's emulator does.
   */
  indexesFile?: string;
  /** Browser origins that may call it (the store); undefined = any loopback origin (see local/guard.ts). */
  allowedOrigins?: readonly string[];
  /**
   * firestore.rules to enforce (reloaded when the file changes); a file it cannot fully understand
   * stops the start. Undefined = no rules: everyone may do everything, like open rules.
   */
  rulesFile?: string;
  log?: (line: string) => void;
}

export interface FirestoreEmulator {
  port: number;
  host: string;
  /** Like http://127.0.0.1:PORT */
  url: string;
  /** Drops all documents (and saves the empty state). */
  reset(): Promise<void>;
  /**
   * Document reads served since the start or the last resetReadCount(), counted as Firestore bills
   * them: each document a get or query returns, a missing document asked for by name, 1 for a query
   * that returns nothing, and 1 per 1,000 index entries (or part) an aggregation scans. Writes and
   * the rules' own get()/exists() lookups are not counted. Also served as JSON on
   * GET /emulator/v1/reads ({"reads": n}); DELETE there resets it.
   */
  readCount(): number;
  resetReadCount(): void;
  /** Stops listening and finishes pending saves. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;
const apiPath = /^\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents([/:].*)?$/;
const resetPath = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/;
const rpcSuffix =
  /:(commit|batchWrite|batchGet|runQuery|runAggregationQuery|beginTransaction|rollback|listCollectionIds|listen|write)$/;

/** One request against `projects/{p}/databases/{d}/documents[/path]`. */
interface ApiRequest {
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

async function readJsonBody(req: IncomingMessage): Promise<JsonObject> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw invalidArgument(`Request payload size exceeds the limit: ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw invalidArgument(`Invalid JSON payload received. ${(error as Error).message}`);
  }
  if (!isObject(body)) throw invalidArgument('Invalid JSON payload received: the body must be an object');
  return body;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json; charset=UTF-8',
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function decodeSegments(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s));
}

export async function startFirestoreEmulator(opts: FirestoreEmulatorOptions = {}): Promise<FirestoreEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log ?? (() => undefined);
  const dataFile = opts.dataFile;
  const initial = dataFile === undefined ? [] : await loadDataFile(dataFile);
  const indexes = opts.indexesFile === undefined ? undefined : indexesFromFile(opts.indexesFile, log);

  let writer: DataFileWriter | undefined;
  const store = new DocumentStore(initial, () => writer?.schedule());
  if (dataFile !== undefined) writer = new DataFileWriter(dataFile, () => [...store.documents()], log);
  const rules = opts.rulesFile === undefined ? undefined : await RulesGate.open(opts.rulesFile, log);
  let reads = 0;

  let boundPort = opts.port ?? 0;
  const localAccess = { port: () => boundPort, allowsOrigin: originPolicy(opts.allowedOrigins) };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    // Host and Origin checked, CORS granted to the store's origin only (docs/security.md).
    if (!admitLocalRequest(req, res, localAccess)) return;
    // The web SDK's headers (content-type, x-goog-api-client, authorization...) make browsers ask first.
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          req.headers['access-control-request-headers'] ??
          'content-type, authorization, x-goog-api-client, google-cloud-resource-prefix, x-goog-request-params, x-firebase-gmpid',
        'Access-Control-Max-Age': '86400',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/' && method === 'GET') return send(res, 200, 'Ok', 'text/plain; charset=UTF-8');

    if (url.pathname === '/emulator/v1/reads') {
      if (method === 'GET') return send(res, 200, { reads });
      if (method === 'DELETE') {
        reads = 0;
        return send(res, 200, { reads });
      }
    }

    const reset = resetPath.exec(url.pathname);
    if (reset && method === 'DELETE') {
      store.reset(`projects/${decodeURIComponent(reset[1] ?? '')}/databases/${decodeURIComponent(reset[2] ?? '')}`);
      await writer?.flush();
      return send(res, 200, {});
    }

    const api = apiPath.exec(url.pathname);
    if (!api) throw new RpcError('NOT_FOUND', `Unknown route: ${method} ${url.pathname}`);
    let rest = api[3] ?? '';
    const rpc = rpcSuffix.exec(rest)?.[1];
    if (rpc !== undefined) rest = rest.slice(0, -(rpc.length + 1));
    const database = `projects/${decodeURIComponent(api[1] ?? '')}/databases/${decodeURIComponent(api[2] ?? '')}`;
    const path = decodeSegments(rest);
    checkIds(path);
    const root = `${database}/documents`;
    const resource = [root, ...path].join('/');
    const access = rules ? rules.access(req.headers.authorization, store, database) : openAccess;
    const request: ApiRequest = {
      store,
      indexes: indexes?.(),
      database,
      root,
      path,
      resource,
      access,
      billReads: (count) => {
        reads += count;
      },
    };
    const body = method === 'POST' || method === 'PATCH' ? await readJsonBody(req) : {};

    // A write is acknowledged only once it is in the data file, so a crash loses no acknowledged
    // write (crash.test.ts, docs/local-cloud.md).
    if (rpc === undefined) {
      const answer = resourceRequest(request, method, body, url.searchParams);
      await writer?.durable();
      return send(res, 200, answer);
    }
    const handler = rpcs[rpc];
    if (method !== 'POST' || handler === undefined) {
      throw new RpcError(
        handler === undefined ? 'UNIMPLEMENTED' : 'NOT_FOUND',
        `${method} :${rpc} is not served by this emulator`,
      );
    }
    const answer = handler(request, body);
    await writer?.durable();
    send(res, 200, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const rpcError =
        error instanceof RpcError
          ? error
          : error instanceof URIError
            ? invalidArgument(`Malformed URL: ${req.url ?? ''}`)
            : new RpcError('INTERNAL', error instanceof Error ? error.message : String(error));
      if (rpcError.status === 'INTERNAL')
        log(`firestore: internal error on ${req.method} ${req.url}: ${String(error)}`);
      if (res.headersSent) res.destroy();
      else send(res, rpcError.httpStatus, rpcError.toJSON());
    });
  });

  // Past the 5 s after which Node's client agents drop an idle connection (local/http.ts says why).
  server.keepAliveTimeout = localKeepAliveMs;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      rules?.close();
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Firestore emulator: port ${opts.port ?? 0} on ${host} is already in use. Stop whatever uses it, or pick another port.`,
            )
          : error,
      );
    });
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  boundPort = port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(`firestore: emulator listening on ${url}${dataFile === undefined ? ' (in memory)' : `, data in ${dataFile}`}`);
  if (opts.indexesFile !== undefined) log(`firestore: queries need the indexes declared in ${opts.indexesFile}`);
  log(rules ? `firestore: enforcing the rules in ${rules.file}` : 'firestore: no rules file, every request is allowed');

  let closing: Promise<void> | undefined;
  return {
    port,
    host,
    url,
    async reset() {
      store.reset();
      await writer?.flush();
    },
    readCount: () => reads,
    resetReadCount() {
      reads = 0;
    },
    close() {
      // Safe to call twice (a test's afterAll after the test itself closed it).
      rules?.close();
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }).then(() => writer?.flush());
      return closing;
    },
  };
}
