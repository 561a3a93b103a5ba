// One file's trip from the seller's browser to Cloud Storage (docs/files.md, 'Uploading'): the API's
// signed URL opens a resumable session, the bytes go with a PUT whose progress the page shows, and
// when the connection drops the upload asks the session how much it kept (`PUT` with
// `Content-Range: bytes */{size}` answers 308 with `Range: bytes=0-{last}`) and goes on from there,
// never from zero. Only then does the API attach the file, after checking it in the bucket.
import type { DeliverableFile } from '../api/deliverableFiles';

/** The product's files after an attach, and the one just attached. */
export interface Attached {
  files: DeliverableFile[];
  attached: DeliverableFile | undefined;
}

export type UploadPhase = 'starting' | 'uploading' | 'reconnecting' | 'checking' | 'done' | 'cancelled' | 'failed';

export interface UploadProgress {
  phase: UploadPhase;
  sent: number;
  size: number;
  /** What went wrong, in the seller's words, for 'failed'; how long until the next try for 'reconnecting'. */
  message?: string;
}

/**
 * The network side, injectable so the states can be tested without a bucket. `R` is what the API's
 * attach answers (the product's files; a course for a lesson video).
 */
export interface UploadTransport<R = Attached> {
  start: (file: File) => Promise<{ fileId: string; url: string; headers: Record<string, string> }>;
  /** Opens the session; resolves with its URI. */
  openSession: (url: string, headers: Record<string, string>) => Promise<string>;
  /**
   * Sends `file` from `offset`; resolves 'complete' when the bucket has it all, 'incomplete' when it
   * answered without (the caller asks how much it has); rejects with a NetworkError on a dropped connection.
   */
  send: (
    session: string,
    file: Blob,
    offset: number,
    onProgress: (sent: number) => void,
    signal: AbortSignal,
  ) => Promise<'complete' | 'incomplete'>;
  /** How many bytes the session holds; `size` when it is complete. Rejects with a NetworkError when offline. */
  query: (session: string, size: number) => Promise<number>;
  /** Ends the session at the bucket (best effort). */
  cancel: (session: string) => Promise<void>;
  attach: (fileId: string, file: File) => Promise<R>;
}

export class NetworkError extends Error {
  override name = 'NetworkError';
}

export class UploadRefused extends Error {
  override name = 'UploadRefused';
}

const retryDelaysMs = [1000, 2000, 4000, 8000, 15000, 30000];
/** After this many failed tries in a row (about 5 minutes of waiting), the upload gives up and says so. */
export const maxReconnects = 15;

export interface UploadHandle<R = Attached> {
  cancel(): void;
  /** The attach's answer; undefined when cancelled or failed. */
  done: Promise<R | undefined>;
}

function wait(ms: number, signal: AbortSignal, wake: EventTarget | null): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      wake?.removeEventListener('online', finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish);
    // Back online: try at once rather than wait out the delay.
    wake?.addEventListener('online', finish);
  });
}

export function uploadFile<R = Attached>(
  file: File,
  transport: UploadTransport<R>,
  onChange: (progress: UploadProgress) => void,
  { delays = retryDelaysMs, wake = typeof window === 'undefined' ? null : window } = {},
): UploadHandle<R> {
  const controller = new AbortController();
  let session: string | null = null;
  const size = file.size;
  const report = (phase: UploadPhase, sent: number, message?: string) =>
    onChange(message === undefined ? { phase, sent, size } : { phase, sent, size, message });

  const run = async (): Promise<R> => {
    report('starting', 0);
    const started = await transport.start(file);
    session = await transport.openSession(started.url, started.headers);
    let offset = 0;
    let failures = 0;
    for (;;) {
      if (controller.signal.aborted) throw new DOMException('Cancelled', 'AbortError');
      try {
        if (failures > 0) offset = await transport.query(session, size);
        if (offset < size) {
          report('uploading', offset);
          const outcome = await transport.send(
            session,
            file,
            offset,
            (sent) => report('uploading', offset + sent),
            controller.signal,
          );
          if (outcome === 'incomplete') {
            offset = await transport.query(session, size);
            continue;
          }
        }
        break;
      } catch (error) {
        if (!(error instanceof NetworkError) || controller.signal.aborted) throw error;
        failures += 1;
        if (failures > maxReconnects) {
          throw new UploadRefused('The connection did not come back. Check it and add the file again.');
        }
        const delay = delays[Math.min(failures - 1, delays.length - 1)] ?? 30000;
        report('reconnecting', offset, `Connection lost. Trying again in ${Math.round(delay / 1000)} s…`);
        await wait(delay, controller.signal, wake);
      }
    }
    report('checking', size);
    const attached = await transport.attach(started.fileId, file);
    report('done', size);
    return attached;
  };

  const done = run().catch((error: unknown) => {
    if (controller.signal.aborted) {
      if (session) void transport.cancel(session).catch(() => undefined);
      report('cancelled', 0);
      return undefined;
    }
    const message = error instanceof Error && error.message ? error.message : 'The upload failed. Please try again.';
    report('failed', 0, message);
    return undefined;
  });
  return {
    cancel: () => controller.abort(),
    done,
  };
}

/** One PUT of bytes with XMLHttpRequest, which (unlike fetch) reports upload progress. */
function xhrSend(
  url: string,
  headers: Record<string, string>,
  body: Blob | null,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new NetworkError('The connection dropped.'));
    xhr.ontimeout = () => reject(new NetworkError('The connection timed out.'));
    xhr.onabort = () => reject(new DOMException('Cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** The next byte a session wants, from its 308's Range header ('bytes=0-41' -> 42; none -> 0). */
export function nextOffset(range: string | null): number {
  const match = /bytes=0-(\d+)/.exec(range ?? '');
  return match?.[1] ? Number(match[1]) + 1 : 0;
}

/** The browser's transport: fetch for the small calls, XMLHttpRequest for the bytes (it reports progress). */
export function browserTransport<R = Attached>(api: {
  start: UploadTransport<R>['start'];
  attach: UploadTransport<R>['attach'];
}): UploadTransport<R> {
  return {
    start: api.start,
    attach: api.attach,
    async openSession(url, headers) {
      let response: Response;
      try {
        response = await fetch(url, { method: 'POST', headers });
      } catch {
        throw new NetworkError('The connection dropped.');
      }
      const location = response.headers.get('location');
      if (response.status !== 201 || !location) {
        throw new UploadRefused(`Cloud Storage refused the upload (HTTP ${response.status}). Please try again.`);
      }
      return location;
    },
    async send(session, file, offset, onProgress, signal) {
      const last = file.size - 1;
      const xhr = await xhrSend(
        session,
        { 'Content-Range': `bytes ${offset}-${last}/${file.size}` },
        file.slice(offset),
        onProgress,
        signal,
      );
      if (xhr.status === 200 || xhr.status === 201) return 'complete';
      if (xhr.status === 308) return 'incomplete';
      // A server error is retried like a dropped connection: with the backoff, and given up after a while.
      if (xhr.status >= 500) throw new NetworkError(`Cloud Storage answered HTTP ${xhr.status}.`);
      throw new UploadRefused(`Cloud Storage refused the file (HTTP ${xhr.status}). Please try again.`);
    },
    async query(session, size) {
      let response: Response;
      try {
        response = await fetch(session, { method: 'PUT', headers: { 'Content-Range': `bytes */${size}` } });
      } catch {
        throw new NetworkError('The connection dropped.');
      }
      if (response.status === 200 || response.status === 201) return size;
      if (response.status === 308) return nextOffset(response.headers.get('range'));
      if (response.status >= 500) throw new NetworkError(`Cloud Storage answered ${response.status}.`);
      throw new UploadRefused('The upload session has ended. Please add the file again.');
    },
    async cancel(session) {
      await fetch(session, { method: 'DELETE' });
    },
  };
}
