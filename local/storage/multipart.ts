// The JSON API's multipart upload (uploadType=multipart): a multipart/related body of two parts, the
// object's metadata as JSON, then its bytes. This transform passes on only the bytes, as they arrive,
// holding back no more than the closing delimiter's length, so a large object is never in memory.
import { Transform, type TransformCallback } from 'node:stream';

const maxMetadataBytes = 1024 * 1024;

type State = 'preamble' | 'metadata' | 'media-headers' | 'media' | 'done';

export class MultipartRelatedMedia extends Transform {
  /** The first part's JSON, once read. */
  metadata: Record<string, unknown> = {};
  /** The second part's Content-Type, once read. */
  mediaType = '';
  private state: State = 'preamble';
  private buffer: Buffer = Buffer.alloc(0);
  private readonly delimiter: Buffer;

  constructor(boundary: string) {
    super();
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
  }

  /** The boundary of a multipart/related Content-Type, or null. */
  static boundaryOf(contentType: string | undefined): string | null {
    if (!contentType || !/^multipart\/related\s*;/i.test(contentType)) return null;
    const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    return match?.[1] ?? match?.[2] ?? null;
  }

  private fail(message: string, callback: TransformCallback): void {
    callback(new Error(message));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.state === 'preamble') {
        // The first delimiter may start the body without the CRLF before it.
        const first = this.buffer.indexOf(this.delimiter.subarray(2));
        if (first < 0) break;
        const lineEnd = this.buffer.indexOf('\r\n', first);
        if (lineEnd < 0) break;
        this.buffer = this.buffer.subarray(lineEnd + 2);
        this.state = 'metadata';
      } else if (this.state === 'metadata' || this.state === 'media-headers') {
        const headersEnd = this.buffer.indexOf('\r\n\r\n');
        const bodyStart = headersEnd < 0 ? -1 : headersEnd + 4;
        if (this.state === 'media-headers') {
          if (bodyStart < 0) break;
          const headers = this.buffer.subarray(0, headersEnd).toString('latin1');
          this.mediaType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? '';
          this.buffer = this.buffer.subarray(bodyStart);
          this.state = 'media';
          continue;
        }
        const end = bodyStart < 0 ? -1 : this.buffer.indexOf(this.delimiter, bodyStart);
        if (end < 0) {
          if (this.buffer.length > maxMetadataBytes) return this.fail('Metadata part too large', callback);
          break;
        }
        try {
          const parsed: unknown = JSON.parse(this.buffer.subarray(bodyStart, end).toString('utf8') || '{}');
          if (typeof parsed === 'object' && parsed !== null) this.metadata = parsed as Record<string, unknown>;
        } catch {
          return this.fail('The metadata part is not JSON', callback);
        }
        const lineEnd = this.buffer.indexOf('\r\n', end + this.delimiter.length);
        if (lineEnd < 0) break;
        this.buffer = this.buffer.subarray(lineEnd + 2);
        this.state = 'media-headers';
      } else if (this.state === 'media') {
        const end = this.buffer.indexOf(this.delimiter);
        if (end >= 0) {
          this.push(this.buffer.subarray(0, end));
          this.buffer = Buffer.alloc(0);
          this.state = 'done';
          break;
        }
        // Everything but what could be the start of the delimiter is media.
        const keep = Math.min(this.buffer.length, this.delimiter.length - 1);
        if (this.buffer.length > keep) this.push(this.buffer.subarray(0, this.buffer.length - keep));
        this.buffer = Buffer.from(this.buffer.subarray(this.buffer.length - keep));
        break;
      } else {
        this.buffer = Buffer.alloc(0);
        break;
      }
    }
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.state !== 'done') return this.fail('The multipart body ended before its closing delimiter', callback);
    callback();
  }
}
