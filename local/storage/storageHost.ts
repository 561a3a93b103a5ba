// A local stand-in for Cloud Storage (docs/local-cloud.md, 'The Cloud Storage stand-in'): the part of
// the two HTTP APIs the store uses.
//
// XML API, for browsers, through V4 signed URLs only (every object is private):
//   POST   /{bucket}/{object}?X-Goog-...   x-goog-resumable: start  -> 201, Location: session URI
//   PUT    /{bucket}/{object}?upload_id=   Content-Range: bytes a-b/total | bytes */total
//                                          -> 308 (Range: bytes=0-N) until complete, then 200
//   DELETE /{bucket}/{object}?upload_id=   cancels the session (499)
//   GET    /{bucket}/{object}?X-Goog-...   the bytes; Range, response-content-disposition/-type
//   PUT, DELETE, HEAD with a URL signed for them
// JSON API, for the API (@google-cloud/storage with apiEndpoint): uploads (media, multipart,
// resumable), object metadata, alt=media reads with Range, list with prefix/delimiter/pages, delete,
// rewrite (copy). Like the Firestore emulator it takes no OAuth token from Node clients on this
// machine, and it refuses every browser (a request with an Origin), as the bucket's rules refuse
// every client.
//
// Signatures are checked as Google checks them (signatureV4.ts). @google-cloud/storage signs the host
// name without a port (Google's has none), so the stand-in drops its own port from Host before
// comparing, as a default port is dropped.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { closeServer, listen } from '../http';
import { sendJsonError } from './answers';
import { corsPolicy, preflight, readCorsFile, type CorsRule } from './cors';
import { jsonApi } from './jsonApi';
import { createObjectStore, isValidBucketName } from './objectStore';
import type { StorageState } from './uploads';
import { xmlApi } from './xmlApi';

export interface StorageHostOptions {
  /** Objects live under this folder (the local cloud's data directory). */
  dir: string;
  /** The buckets that exist. */
  buckets: readonly string[];
  /** Service accounts whose signatures are accepted: e-mail and public key (PEM). */
  keys: ReadonlyArray<{ clientEmail: string; publicKey: string }>;
  port?: number;
  host?: string;
  /**
   * Browser origins that may call it (the store's); undefined = any loopback origin. The deployed
   * bucket names the store's public origin in storage.cors.json; locally these take its place.
   */
  allowedOrigins?: readonly string[];
  /** The methods, headers and max age of the bucket's CORS; default the project's storage.cors.json. */
  cors?: readonly CorsRule[];
  /** The clock signed URLs are checked against. */
  now?: () => Date;
}

export interface StorageHost {
  url: string;
  port: number;
  /** Where its objects and unfinished uploads are kept. */
  dir: string;
  /** Removes every object and upload session (the tests' reset; also DELETE /emulator/v1/storage). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startStorageHost(options: StorageHostOptions): Promise<StorageHost> {
  const host = options.host ?? '127.0.0.1';
  const buckets = new Set(options.buckets);
  for (const bucket of buckets) if (!isValidBucketName(bucket)) throw new Error(`Invalid bucket name ${bucket}`);
  const keys = new Map<string, KeyObject>(
    options.keys.map(({ clientEmail, publicKey }) => [clientEmail, createPublicKey(publicKey)]),
  );
  const policy = corsPolicy(options.cors ?? readCorsFile());
  const state: StorageState = {
    store: await createObjectStore(options.dir),
    buckets,
    keys,
    sessions: new Map(),
    now: options.now ?? (() => new Date()),
    baseUrl: '',
    port: 0,
  };

  const { server, port } = await listen(
    async (req, res) => {
      const rawUrl = req.url ?? '/';
      const rawPath = rawUrl.split('?')[0] ?? '/';
      const url = new URL(rawUrl, 'http://local');
      if (req.method === 'OPTIONS') {
        preflight(policy, req, res);
        return;
      }
      const browser = req.headers.origin !== undefined;
      if (browser && policy.headers.size > 0) {
        res.setHeader('Access-Control-Expose-Headers', [...policy.headers].join(','));
      }
      if (rawPath === '/emulator/v1/storage' && req.method === 'DELETE' && !browser) {
        await reset();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (rawPath === '/' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('Local Cloud Storage');
        return;
      }
      if (/^\/(upload\/|download\/)?storage\/v1\//.test(rawPath) || rawPath.startsWith('/emulator/')) {
        if (browser) {
          // Only the API reaches objects through the JSON API: storage.rules refuse every client.
          res.removeHeader('Access-Control-Allow-Origin');
          req.resume();
          sendJsonError(res, 403, 'Browsers may reach objects only through signed URLs.', 'forbidden');
          return;
        }
        await jsonApi(state, req, res, url, rawPath);
        return;
      }
      await xmlApi(state, req, res, url, rawPath);
    },
    options.port ?? 0,
    host,
    options.allowedOrigins,
  );
  // A large upload on a slow link takes longer than Node's default five minutes per request.
  server.requestTimeout = 0;
  state.port = port;
  state.baseUrl = `http://${host}:${port}`;

  async function reset(): Promise<void> {
    for (const session of state.sessions.values()) await state.store.discardPart(session.partPath);
    state.sessions.clear();
    await state.store.reset();
  }

  return {
    url: state.baseUrl,
    port,
    dir: options.dir,
    reset,
    close: () => closeServer(server),
  };
}
