import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { asArray, asObject, asString } from './errors';
import { parseTimestamp, toFields, type FirestoreDocument } from './values';

const FORMAT = 'digital-store-firestore-emulator/1';

/** The data file exists but cannot be read back; starting empty would silently lose the data. */
export class FirestoreDataFileError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `The local Firestore data file ${file} is corrupt or truncated (${reason}). ` +
        'Run `npm run reset` to start with a fresh database, or move the file away to keep it for inspection.',
    );
    this.name = 'FirestoreDataFileError';
  }
}

function readDocument(raw: unknown): FirestoreDocument {
  const doc = asObject(raw, 'document');
  const createTime = asString(doc.createTime, 'createTime');
  const updateTime = asString(doc.updateTime, 'updateTime');
  parseTimestamp(createTime);
  parseTimestamp(updateTime);
  return { name: asString(doc.name, 'name'), fields: toFields(doc.fields), createTime, updateTime };
}

/** Reads the data file; a missing file is an empty database. */
export async function loadDataFile(file: string): Promise<FirestoreDocument[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new FirestoreDataFileError(file, text.length === 0 ? 'the file is empty' : (error as Error).message);
  }
  try {
    const data = asObject(parsed, 'data file');
    if (data.format !== FORMAT) throw new Error(`expected format "${FORMAT}", found ${JSON.stringify(data.format)}`);
    return asArray(data.documents, 'documents').map(readDocument);
  } catch (error) {
    throw new FirestoreDataFileError(file, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Saves snapshots of the database to the data file. Saves are coalesced (one in flight, at most one
 * queued) and each goes to a temporary file that is synced and then renamed over the data file, so a
 * crash at any moment leaves either the previous complete file or the new complete file.
 */
export class DataFileWriter {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => FirestoreDocument[],
    private readonly log: (line: string) => void,
    private readonly delayMs = 20,
  ) {}

  /** Saves soon; many changes in a burst become one save. */
  schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush().catch((error: unknown) => this.log(`firestore: could not save ${this.file}: ${String(error)}`));
    }, this.delayMs);
  }

  /**
   * Resolves once every change scheduled so far is on disk: a change waiting for its save is
   * saved now; one whose save is already running (the snapshot is taken when it starts) is
   * covered by it. Answering a write only after this keeps acknowledged writes across a crash.
   */
  durable(): Promise<void> {
    return this.timer === undefined && !this.queued ? this.chain : this.flush();
  }

  /** Saves now (after any save in flight) and resolves once the file is on disk. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queued) return this.chain;
    this.queued = true;
    this.chain = this.chain
      .catch(() => undefined)
      .then(() => {
        // The snapshot is taken when the save starts, so it includes every change queued before it.
        this.queued = false;
        return this.write();
      });
    return this.chain;
  }

  private async write(): Promise<void> {
    const text = JSON.stringify({ format: FORMAT, documents: this.snapshot() });
    await mkdir(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.file);
  }
}
