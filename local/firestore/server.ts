import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { admitLocalRequest, originPolicy } from '../guard';
import { localKeepAliveMs } from '../http';
import { answerApi, type ApiRequest } from './api';
import { RpcError, invalidArgument, isObject, type JsonObject } from './errors';
import { DataFileWriter, FirestoreDataFileError, loadDataFile } from './persistence';
import { indexesFromFile } from './indexes';
import { DocumentStore, checkIds } from './store';
import { FirestoreRulesError, RulesGate, openAccess } from './rules/access';

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

function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      req.headers['access-control-request-headers'] ??
      'content-type, authorization, x-goog-api-client, google-cloud-resource-prefix, x-goog-request-params, x-firebase-gmpid',
    'Access-Control-Max-Age': '86400',
  });
  res.end();
}

/** Listens on the port (0 = a free one), saying in words when the port is taken. */
function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Firestore emulator: port ${port} on ${host} is already in use. Stop whatever uses it, or pick another port.`,
            )
          : error,
      );
    });
    server.listen(port, host, () => resolve());
  });
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
    if (method === 'OPTIONS') return answerPreflight(req, res);
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

    const answer = answerApi(request, method, rpc, body, url.searchParams);
    // A write is acknowledged only once it is in the data file, so a crash loses no acknowledged
    // write (crash.test.ts, docs/local-cloud.md).
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
  await listenOn(server, opts.port ?? 0, host).catch((error: unknown) => {
    rules?.close();
    throw error;
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
