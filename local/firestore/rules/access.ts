// The emulator's side of the rules: who is calling (the Auth emulator's unsigned ID token, none for a
// visitor, `owner` for firebase-admin), and one check per RPC that turns a denial into Firestore's
// PERMISSION_DENIED. Without a rules file the emulator is open, like Google's emulator with open rules.
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { RpcError, isObject } from '../errors';
import type { CommitCheck, DocumentStore } from '../store';
import { parseFieldPath, parseTimestamp, toValue, type FirestoreDocument } from '../values';
import { applyWrite } from '../writes';
import type { Operation } from './ast';
import { compileRules, decide, type CompiledRules } from './engine';
import { resourceValue, type DocumentReader } from './documents';
import { RulesSyntaxError } from './parser';
import { NULL, fromFirestore, fromJson, mapOf, str, type RulesValue } from './values';

/** What one request may do. Every method throws PERMISSION_DENIED when the rules say no. */
export interface Access {
  /** Reads of these documents (full names), as `get`. */
  get(names: string[]): void;
  /**
   * A query (structuredQuery JSON) under `parent` (a full database or document name), as `list`;
   * a collection group query as a list of that collection id at any depth below the parent.
   */
  list(parent: string, structuredQuery: unknown): void;
  /** Passed to DocumentStore.commit: judges each written document as create, update or delete. */
  commitCheck: CommitCheck | undefined;
  /** Admin-only RPCs (listCollectionIds): only firebase-admin's `owner` token. */
  owner(rpc: string): void;
}

export const openAccess: Access = {
  get: () => undefined,
  list: () => undefined,
  commitCheck: undefined,
  owner: () => undefined,
};

/** The rules file cannot be used: the emulator does not start (fail closed). */
export class FirestoreRulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirestoreRulesError';
  }
}

function denied(detail: string): RpcError {
  return new RpcError('PERMISSION_DENIED', `Missing or insufficient permissions. ${detail}`);
}

function nowNanos(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

/** `request.auth` from the Authorization header; 'owner' for firebase-admin. */
export function callerOf(header: string | undefined): RulesValue | 'owner' {
  if (header === undefined || header.trim() === '') return NULL;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!bearer) throw new RpcError('UNAUTHENTICATED', 'The Authorization header must be "Bearer <ID token>".');
  const token = bearer[1] ?? '';
  if (token === 'owner') return 'owner';
  // The Auth emulator's ID tokens (and the SDKs' mockUserToken) are unsigned JWTs: header, payload
  // and an empty signature. Like Google's emulator, this one reads the claims without checking the
  // signature or the expiry (the SDK's mockUserToken expired in 1970); anyone who can reach it can
  // mint a token, which is why it only answers this machine (local/guard.ts).
  const parts = token.split('.');
  let claims: unknown;
  try {
    claims = parts.length === 3 ? JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) : undefined;
  } catch {
    claims = undefined;
  }
  if (!isObject(claims)) {
    throw new RpcError(
      'UNAUTHENTICATED',
      'The ID token could not be read: it must be a JWT (header.payload.signature).',
    );
  }
  // The uid is sub, as firebase-admin reads it; user_id is a copy that must agree with it.
  const uid = claims.sub;
  if (typeof uid !== 'string' || uid === '') {
    throw new RpcError('UNAUTHENTICATED', 'The ID token has no sub (the uid of the user).');
  }
  if (claims.user_id !== undefined && claims.user_id !== uid) {
    throw new RpcError('UNAUTHENTICATED', 'The ID token is inconsistent: its user_id is not its sub.');
  }
  return mapOf({ uid: str(uid), token: fromJson(claims) });
}

interface QueryFacts {
  /** The collection's path; for a collection group query, the parent's path and the collection id. */
  collectionPath: string[] | undefined;
  collectionGroup: boolean;
  pinned: Map<string, RulesValue>;
  id: string | undefined;
  limit: RulesValue;
  offset: RulesValue;
}

function count(raw: unknown): RulesValue {
  const value = isObject(raw) ? raw.value : raw;
  const n = Number(value);
  return value === undefined || value === null || !Number.isSafeInteger(n) ? NULL : { t: 'int', v: BigInt(n) };
}

// What a query proves about every document it can return: fields fixed by == filters joined with
// AND. Anything malformed proves nothing here; the query runner reports it afterwards.
function queryFacts(parentPath: string[], raw: unknown): QueryFacts {
  const query = isObject(raw) ? raw : {};
  const from = Array.isArray(query.from) && isObject(query.from[0]) ? query.from[0] : {};
  const collectionGroup = from.allDescendants === true;
  // A query over every collection below the parent (no collection id) has no rules path.
  const collectionPath = typeof from.collectionId === 'string' ? [...parentPath, from.collectionId] : undefined;
  const pinned = new Map<string, RulesValue>();
  let id: string | undefined;
  const visit = (filter: unknown) => {
    if (!isObject(filter)) return;
    const composite = filter.compositeFilter;
    if (isObject(composite) && (composite.op === 'AND' || composite.op === 1) && Array.isArray(composite.filters)) {
      composite.filters.forEach(visit);
      return;
    }
    const field = filter.fieldFilter;
    if (!isObject(field) || !(field.op === 'EQUAL' || field.op === 5) || !isObject(field.field)) return;
    const fieldPath = field.field.fieldPath;
    if (typeof fieldPath !== 'string') return;
    try {
      const value = toValue(field.value);
      if (fieldPath === '__name__') {
        const name = 'referenceValue' in value ? value.referenceValue.split('/') : [];
        const parent = name.slice(name.indexOf('documents') + 1, -1);
        if (collectionPath && !collectionGroup && parent.join('/') === collectionPath.join('/')) {
          id = name[name.length - 1];
        }
        return;
      }
      pinned.set(parseFieldPath(fieldPath).join('.'), fromFirestore(value));
    } catch {
      // Not a valid filter: proves nothing.
    }
  };
  visit(query.where);
  return { collectionPath, collectionGroup, pinned, id, limit: count(query.limit), offset: count(query.offset) };
}

/** Loads firestore.rules, keeps it current when the file changes, and builds each request's Access. */
export class RulesGate {
  private rules: CompiledRules | FirestoreRulesError;
  private watcher: FSWatcher | undefined;
  private reloadTimer: NodeJS.Timeout | undefined;

  private constructor(
    readonly file: string,
    rules: CompiledRules,
    private readonly log: (line: string) => void,
  ) {
    this.rules = rules;
  }

  static async open(file: string, log: (line: string) => void): Promise<RulesGate> {
    const path = resolve(file);
    const gate = new RulesGate(path, await RulesGate.load(path), log);
    gate.watch();
    return gate;
  }

  private static async load(path: string): Promise<CompiledRules> {
    let source: string;
    try {
      source = await readFile(path, 'utf8');
    } catch (error) {
      throw new FirestoreRulesError(`Firestore rules: cannot read ${path}: ${(error as Error).message}`);
    }
    try {
      return compileRules(source);
    } catch (error) {
      if (!(error instanceof RulesSyntaxError)) throw error;
      throw new FirestoreRulesError(
        `Firestore rules: ${path}:${error.pos.line}:${error.pos.column}: ${error.message.replace(/^line \d+, column \d+: /, '')}`,
      );
    }
  }

  // Editors often replace the file instead of writing it, so the folder is watched, not the file.
  private watch(): void {
    const name = basename(this.file);
    try {
      this.watcher = watch(dirname(this.file), (_event, changed) => {
        if (changed !== null && changed.toString() !== name) return;
        clearTimeout(this.reloadTimer);
        this.reloadTimer = setTimeout(() => void this.reload(), 50);
      });
      this.watcher.on('error', () => undefined);
    } catch (error) {
      this.log(`firestore: cannot watch ${this.file} for changes: ${(error as Error).message}`);
    }
  }

  /** Reads the file again. A file that no longer parses denies every request until it is fixed. */
  async reload(): Promise<void> {
    try {
      this.rules = await RulesGate.load(this.file);
      this.log(`firestore: rules reloaded from ${this.file}`);
    } catch (error) {
      this.rules = error instanceof FirestoreRulesError ? error : new FirestoreRulesError(String(error));
      this.log(`${this.rules.message}; every request is denied until the file is fixed`);
    }
  }

  close(): void {
    clearTimeout(this.reloadTimer);
    this.watcher?.close();
  }

  access(authorization: string | undefined, store: DocumentStore, database: string): Access {
    const caller = callerOf(authorization);
    if (caller === 'owner') return openAccess;
    const rules = this.rules;
    const auth = caller;
    const databaseId = database.split('/').pop() ?? '(default)';
    const root = `${database}/documents`;
    const relative = (name: string) => (name === root ? [] : name.slice(root.length + 1).split('/'));
    const full = (path: string[]) => `${root}/${path.join('/')}`;
    const reader = (limit: number, after?: (path: string[]) => FirestoreDocument | undefined): DocumentReader => ({
      database: databaseId,
      before: (path) => store.get(full(path)),
      after,
      reads: new Set(),
      limit,
    });
    const judge = (
      operation: Operation,
      path: string[],
      fields: Omit<Parameters<typeof decide>[1], 'operation' | 'path' | 'database' | 'auth'>,
    ) => {
      if (rules instanceof FirestoreRulesError) throw denied(`The rules file is invalid: ${rules.message}`);
      const decision = decide(rules, { operation, path, database: databaseId, auth, ...fields });
      if (!decision.allowed) throw denied(`${operation} on ${path.join('/')}: ${decision.reasons.join('; ')}`);
    };
    const resourceOf = (doc: FirestoreDocument | undefined, path: string[]) =>
      doc === undefined ? NULL : resourceValue(doc, databaseId, path);

    return {
      get(names) {
        const shared = reader(names.length > 1 ? 20 : 10);
        for (const name of names) {
          const path = relative(name);
          judge('get', path, { time: nowNanos(), resource: resourceOf(store.get(name), path), reader: shared });
        }
      },
      list(parent, structuredQuery) {
        const facts = queryFacts(relative(parent), structuredQuery);
        if (facts.collectionPath === undefined) {
          throw denied('A query over every collection below a document is only served to firebase-admin.');
        }
        judge('list', facts.collectionPath, {
          time: nowNanos(),
          resource: { t: 'queryDoc', pinned: facts.pinned, id: facts.id },
          query: mapOf({ limit: facts.limit, offset: facts.offset }),
          listId: facts.id,
          collectionGroup: facts.collectionGroup,
          reader: reader(10),
        });
      },
      // Each document is judged once, on its state before the whole batch and after it. Preconditions
      // are checked by the commit itself, after the rules: a refused write is refused whatever it asked.
      commitCheck(commitTime, writes, current) {
        const after = new Map<string, FirestoreDocument | undefined>();
        for (const write of writes) {
          if (write.kind === 'verify') continue;
          const base = after.has(write.name) ? after.get(write.name) : current(write.name);
          const dryRun = { ...write, exists: undefined, updateTime: undefined };
          after.set(write.name, applyWrite(dryRun, base, commitTime).document);
        }
        const time = parseTimestamp(commitTime);
        const shared = reader(after.size > 1 ? 20 : 10, (path) => {
          const name = full(path);
          return after.has(name) ? after.get(name) : current(name);
        });
        for (const [name, next] of after) {
          const path = relative(name);
          const before = current(name);
          const operation: Operation = next === undefined ? 'delete' : before === undefined ? 'create' : 'update';
          judge(operation, path, {
            time,
            resource: resourceOf(before, path),
            requestResource: next === undefined ? undefined : resourceOf(next, path),
            reader: shared,
          });
        }
      },
      owner(rpc) {
        throw denied(`${rpc} is only served to firebase-admin.`);
      },
    };
  }
}
