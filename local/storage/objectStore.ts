// The Cloud Storage stand-in's disk: objects and upload sessions under one folder of the local cloud's
// data directory. Bytes go to and come from disk as streams, so memory does not grow with an object's
// size; an object becomes visible only once complete (its metadata file is written last, atomically),
// and a new generation never disturbs a reader of the previous one.
//
//   objects/{bucket}/{sha256(name)}.json              the object's metadata (JSON API resource shape)
//   objects/{bucket}/{sha256(name)}.{generation}.bin  its bytes
//   uploads/{uploadId}.part                           the bytes an upload has confirmed so far
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  copyFile,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { CRC32C } from '@google-cloud/storage';

/** Cloud Storage persists resumable uploads in multiples of 256 KiB; only the final request may end elsewhere. */
export const uploadQuantum = 256 * 1024;

export interface StoredObject {
  name: string;
  bucket: string;
  generation: string;
  metageneration: string;
  contentType: string;
  size: string;
  md5Hash: string;
  crc32c: string;
  etag: string;
  timeCreated: string;
  updated: string;
  storageClass: 'STANDARD';
  contentDisposition?: string;
  metadata?: Record<string, string>;
}

/** What the uploader says about the object besides its bytes. */
export interface ObjectFields {
  contentType?: string;
  contentDisposition?: string;
  metadata?: Record<string, string>;
}

export function isValidBucketName(name: string): boolean {
  return /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(name);
}

/** Cloud Storage's rule: 1 to 1024 bytes of UTF-8, no CR or LF, not '.' or '..'. */
export function isValidObjectName(name: string): boolean {
  const bytes = Buffer.byteLength(name);
  return bytes >= 1 && bytes <= 1024 && !/[\r\n]/.test(name) && name !== '.' && name !== '..';
}

/** The hashes Cloud Storage reports (base64), kept up to date as bytes are confirmed. */
export class ObjectHashes {
  private md5: Hash = createHash('md5');
  private crc = new CRC32C();
  update(bytes: Buffer): void {
    this.md5.update(bytes);
    this.crc.update(bytes);
  }
  digest(): { md5Hash: string; crc32c: string } {
    return { md5Hash: this.md5.digest('base64'), crc32c: this.crc.toString() };
  }
}

/**
 * Writes what it is given to a file in whole blocks of `quantum` bytes (hashing each as it lands),
 * holding back at most one partial block. `flush()` writes that remainder (the final request of an
 * upload); without it the remainder is dropped, which is what Cloud Storage does with the tail of
 * an interrupted or non-final request that is not a whole multiple of 256 KiB.
 */
export class BlockSink extends Writable {
  // One block, filled and written again and again: no garbage per chunk, so memory stays flat.
  private readonly block: Buffer;
  private fill = 0;
  private busy: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: FileHandle,
    /** Bytes confirmed on disk: the next block goes here. */
    public position: number,
    private readonly hashes: ObjectHashes,
    quantum: number,
  ) {
    super({ highWaterMark: 64 * 1024 });
    this.block = Buffer.allocUnsafe(quantum);
  }

  private async writeBlock(length: number): Promise<void> {
    let done = 0;
    while (done < length) {
      const { bytesWritten } = await this.file.write(this.block, done, length - done, this.position + done);
      done += bytesWritten;
    }
    this.hashes.update(this.block.subarray(0, length));
    this.position += length;
    this.fill = 0;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.busy = (async () => {
      let offset = 0;
      while (offset < chunk.length) {
        const copied = chunk.copy(this.block, this.fill, offset);
        this.fill += copied;
        offset += copied;
        if (this.fill === this.block.length) await this.writeBlock(this.fill);
      }
    })();
    this.busy.then(() => callback(), callback);
  }

  /** Waits for the block being written, whether the stream ended or failed. */
  async settled(): Promise<void> {
    await this.busy.catch(() => {});
  }

  /** Writes the held-back remainder: only for the request that completes the object. */
  async flush(): Promise<void> {
    await this.settled();
    if (this.fill > 0) await this.writeBlock(this.fill);
  }
}

export interface ObjectStore {
  root: string;
  get(bucket: string, name: string): Promise<StoredObject | null>;
  /** The object's bytes from start to end (inclusive); the stream fails if it was deleted meanwhile. */
  read(object: StoredObject, range?: { start: number; end: number }): Readable;
  list(bucket: string): Promise<StoredObject[]>;
  remove(bucket: string, name: string): Promise<boolean>;
  copy(source: StoredObject, bucket: string, name: string, fields: ObjectFields): Promise<StoredObject>;
  /** A fresh part file for an upload. */
  newPart(): Promise<{ id: string; path: string }>;
  /** Makes a complete part file the object's new generation. */
  commit(
    bucket: string,
    name: string,
    partPath: string,
    fields: ObjectFields,
    hashes: { md5Hash: string; crc32c: string },
  ): Promise<StoredObject>;
  discardPart(path: string): Promise<void>;
  reset(): Promise<void>;
}

function nameKey(name: string): string {
  return createHash('sha256').update(name).digest('hex');
}

export async function createObjectStore(root: string): Promise<ObjectStore> {
  const objectsDir = join(root, 'objects');
  const uploadsDir = join(root, 'uploads');
  // Upload sessions live in memory: parts of a previous run can never be completed.
  await rm(uploadsDir, { recursive: true, force: true });
  await mkdir(objectsDir, { recursive: true });
  await mkdir(uploadsDir, { recursive: true });
  let lastGeneration = 0;

  const metaPath = (bucket: string, name: string) => join(objectsDir, bucket, `${nameKey(name)}.json`);
  const dataPath = (bucket: string, name: string, generation: string) =>
    join(objectsDir, bucket, `${nameKey(name)}.${generation}.bin`);

  function nextGeneration(): string {
    // Microseconds, as Cloud Storage's generations are; strictly increasing within a run.
    lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
    return String(lastGeneration);
  }

  async function get(bucket: string, name: string): Promise<StoredObject | null> {
    try {
      return JSON.parse(await readFile(metaPath(bucket, name), 'utf8')) as StoredObject;
    } catch {
      return null;
    }
  }

  async function writeMeta(object: StoredObject): Promise<void> {
    const path = metaPath(object.bucket, object.name);
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(object));
    await rename(temp, path);
  }

  async function install(
    bucket: string,
    name: string,
    place: (target: string) => Promise<void>,
    size: number,
    fields: ObjectFields,
    hashes: { md5Hash: string; crc32c: string },
  ): Promise<StoredObject> {
    await mkdir(join(objectsDir, bucket), { recursive: true });
    const previous = await get(bucket, name);
    const generation = nextGeneration();
    await place(dataPath(bucket, name, generation));
    const now = new Date().toISOString();
    const object: StoredObject = {
      name,
      bucket,
      generation,
      metageneration: '1',
      contentType: fields.contentType || 'application/octet-stream',
      size: String(size),
      md5Hash: hashes.md5Hash,
      crc32c: hashes.crc32c,
      etag: Buffer.from(hashes.md5Hash, 'base64').toString('hex'),
      timeCreated: now,
      updated: now,
      storageClass: 'STANDARD',
      ...(fields.contentDisposition ? { contentDisposition: fields.contentDisposition } : {}),
      ...(fields.metadata && Object.keys(fields.metadata).length > 0 ? { metadata: fields.metadata } : {}),
    };
    await writeMeta(object);
    // Readers of the previous generation keep their open file; new readers get this one.
    if (previous) await rm(dataPath(bucket, name, previous.generation), { force: true });
    return object;
  }

  return {
    root,
    get,
    read(object, range) {
      return createReadStream(dataPath(object.bucket, object.name, object.generation), range);
    },
    async list(bucket) {
      let entries: string[];
      try {
        entries = await readdir(join(objectsDir, bucket));
      } catch {
        return [];
      }
      const objects = await Promise.all(
        entries
          .filter((entry) => entry.endsWith('.json'))
          .map(async (entry) => {
            try {
              return JSON.parse(await readFile(join(objectsDir, bucket, entry), 'utf8')) as StoredObject;
            } catch {
              return null;
            }
          }),
      );
      return objects
        .filter((object): object is StoredObject => object !== null)
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async remove(bucket, name) {
      const object = await get(bucket, name);
      if (!object) return false;
      await rm(metaPath(bucket, name), { force: true });
      await rm(dataPath(bucket, name, object.generation), { force: true });
      return true;
    },
    async copy(source, bucket, name, fields) {
      return install(
        bucket,
        name,
        (target) => copyFile(dataPath(source.bucket, source.name, source.generation), target),
        Number(source.size),
        {
          contentType: fields.contentType ?? source.contentType,
          contentDisposition: fields.contentDisposition ?? source.contentDisposition,
          metadata: fields.metadata ?? source.metadata,
        },
        { md5Hash: source.md5Hash, crc32c: source.crc32c },
      );
    },
    async newPart() {
      const id = randomBytes(24).toString('base64url');
      const path = join(uploadsDir, `${id}.part`);
      const handle = await open(path, 'w');
      await handle.close();
      return { id, path };
    },
    async commit(bucket, name, partPath, fields, hashes) {
      const { size } = await stat(partPath);
      return install(bucket, name, (target) => rename(partPath, target), size, fields, hashes);
    },
    async discardPart(path) {
      await rm(path, { force: true });
    },
    async reset() {
      await rm(objectsDir, { recursive: true, force: true });
      await mkdir(objectsDir, { recursive: true });
    },
  };
}
