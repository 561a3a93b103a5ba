import { randomBytes } from 'node:crypto';
import { RpcError, invalidArgument } from './errors';
import { formatTimestamp, parseTimestamp, type FirestoreDocument, type Value } from './values';
import { applyWrite, type ParsedWrite } from './writes';

interface Transaction {
  database: string;
  readOnly: boolean;
  /** updateTime of each document read (null = it was missing), checked again at commit. */
  reads: Map<string, string | null>;
  startedAt: number;
}

/**
 * Judges a commit before it is applied (the security rules): gets the commit time, the writes and
 * the documents as they are before the commit; throws to refuse the whole commit.
 */
export type CommitCheck = (
  commitTime: string,
  writes: ParsedWrite[],
  current: (name: string) => FirestoreDocument | undefined,
) => void;

export interface CommitResult {
  commitTime: string;
  writeResults: Array<{ updateTime: string; transformResults?: Value[] }>;
}

// Firestore drops idle transactions after a few minutes; the SDKs then start a new one.
const TRANSACTION_TTL_MS = 5 * 60_000;

/**
 * All documents of every project and database, keyed by full document name
 * (`projects/{p}/databases/{d}/documents/...`), so projects never see each other's data.
 * Every change happens synchronously inside one call, which is what serializes writes: Node runs one
 * call at a time, so a commit is atomic and no other request observes it half applied.
 */
export class DocumentStore {
  private readonly docs = new Map<string, FirestoreDocument>();
  // The same documents grouped by collection (`{parent}/{collectionId}`), so a query reads only its
  // own collection instead of the whole database.
  private readonly collections = new Map<string, Map<string, FirestoreDocument>>();
  private readonly transactions = new Map<string, Transaction>();
  private lastTimeNanos = 0n;

  constructor(
    initial: Iterable<FirestoreDocument>,
    private readonly onChange: () => void,
  ) {
    for (const doc of initial) {
      this.put(doc);
      this.lastTimeNanos = maxOf(this.lastTimeNanos, parseTimestamp(doc.updateTime));
    }
  }

  documents(): Iterable<FirestoreDocument> {
    return this.docs.values();
  }

  collection(path: string): Iterable<FirestoreDocument> {
    return this.collections.get(path)?.values() ?? [];
  }

  private put(doc: FirestoreDocument): void {
    this.docs.set(doc.name, doc);
    const path = collectionOf(doc.name);
    const members = this.collections.get(path) ?? new Map<string, FirestoreDocument>();
    members.set(doc.name, doc);
    this.collections.set(path, members);
  }

  private remove(name: string): void {
    this.docs.delete(name);
    const path = collectionOf(name);
    const members = this.collections.get(path);
    members?.delete(name);
    if (members?.size === 0) this.collections.delete(path);
  }

  get(name: string): FirestoreDocument | undefined {
    return this.docs.get(name);
  }

  /** A read time: never before the last commit. */
  readTime(): string {
    return formatTimestamp(maxOf(wallClockNanos(), this.lastTimeNanos));
  }

  // Commit times strictly increase (by at least a microsecond, the stored precision), because an
  // updateTime is a document's version and two commits must never share one.
  private nextCommitTime(): string {
    this.lastTimeNanos = maxOf(wallClockNanos(), this.lastTimeNanos + 1000n);
    return formatTimestamp(this.lastTimeNanos);
  }

  beginTransaction(database: string, readOnly: boolean): string {
    const now = Date.now();
    for (const [id, t] of this.transactions) if (now - t.startedAt > TRANSACTION_TTL_MS) this.transactions.delete(id);
    const id = randomBytes(16).toString('base64');
    this.transactions.set(id, { database, readOnly, reads: new Map(), startedAt: now });
    return id;
  }

  private transaction(id: string, database: string): Transaction {
    const transaction = this.transactions.get(id);
    if (transaction === undefined || transaction.database !== database) {
      throw invalidArgument(`Transaction ${id} is not valid: it has expired, was committed or rolled back`);
    }
    return transaction;
  }

  /** Remembers the version a read-write transaction saw, so commit can tell if it changed since. */
  recordRead(transactionId: string | undefined, database: string, name: string): void {
    if (transactionId === undefined) return;
    const transaction = this.transaction(transactionId, database);
    if (!transaction.readOnly && !transaction.reads.has(name)) {
      transaction.reads.set(name, this.docs.get(name)?.updateTime ?? null);
    }
  }

  // Rolling back a transaction that already ended (an aborted commit ends it) is harmless: the SDKs
  // roll back after a failed commit before they retry.
  rollback(transactionId: string, database: string): void {
    if (this.transactions.get(transactionId)?.database === database) this.transactions.delete(transactionId);
  }

  /** Applies all writes or none. With a transaction, aborts if anything it read has changed. */
  commit(database: string, writes: ParsedWrite[], transactionId?: string, check?: CommitCheck): CommitResult {
    if (transactionId !== undefined) {
      const transaction = this.transaction(transactionId, database);
      this.transactions.delete(transactionId);
      if (transaction.readOnly && writes.length > 0) {
        throw invalidArgument('A read-only transaction cannot write');
      }
      // Optimistic concurrency: the SDKs retry the whole transaction when they get ABORTED.
      for (const [name, version] of transaction.reads) {
        if ((this.docs.get(name)?.updateTime ?? null) !== version) {
          throw new RpcError('ABORTED', `Transaction aborted: ${name} changed after the transaction read it`);
        }
      }
    }
    const prefix = `${database}/documents/`;
    for (const write of writes) checkDocumentName(write.name, prefix);

    const commitTime = this.nextCommitTime();
    check?.(commitTime, writes, (name) => this.docs.get(name));
    const changed = new Map<string, FirestoreDocument | undefined>();
    const writeResults = writes.map((write) => {
      const current = changed.has(write.name) ? changed.get(write.name) : this.docs.get(write.name);
      const outcome = applyWrite(write, current, commitTime);
      if (write.kind !== 'verify') changed.set(write.name, outcome.document);
      return outcome.transformResults === undefined
        ? { updateTime: commitTime }
        : { updateTime: commitTime, transformResults: outcome.transformResults };
    });
    for (const [name, doc] of changed) {
      if (doc === undefined) this.remove(name);
      else this.put(doc);
    }
    if (changed.size > 0) this.onChange();
    return { commitTime, writeResults };
  }

  /** Drops every document (of one database, when given) and its open transactions. */
  reset(database?: string): void {
    const prefix = database === undefined ? '' : `${database}/`;
    for (const name of [...this.docs.keys()]) if (name.startsWith(prefix)) this.remove(name);
    for (const [id, t] of this.transactions) if (`${t.database}/`.startsWith(prefix)) this.transactions.delete(id);
    this.onChange();
  }
}

/** A document name is `{database}/documents/` followed by collection/id pairs. */
export function checkDocumentName(name: string, prefix: string): void {
  const segments = name.startsWith(prefix) ? name.slice(prefix.length).split('/') : [];
  if (segments.length === 0 || segments.length % 2 !== 0 || segments.some((s) => s === '')) {
    throw invalidArgument(`Invalid document name "${name}": expected ${prefix}{collection}/{id}[/...]`);
  }
  checkIds(segments);
}

// Firestore reserves ids that start and end with two underscores, for collections and documents.
const RESERVED_ID = /^__.*__$/;

/** Refuses reserved collection or document ids, as production does (INVALID_ARGUMENT). */
export function checkIds(ids: readonly string[]): void {
  const reserved = ids.find((id) => RESERVED_ID.test(id));
  if (reserved !== undefined) throw invalidArgument(`Resource id "${reserved}" is invalid because it is reserved.`);
}

function collectionOf(name: string): string {
  return name.slice(0, name.lastIndexOf('/'));
}

function wallClockNanos(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
