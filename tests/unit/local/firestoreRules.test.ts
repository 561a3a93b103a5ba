// The rules evaluator of the local Firestore emulator, case by case against the documented
// semantics of the rules language (rules_version 2).
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../local/firestore/errors';
import { callerOf } from '../../../local/firestore/rules/access';
import { compileRules, decide, type RulesRequest } from '../../../local/firestore/rules/engine';
import { resourceValue } from '../../../local/firestore/rules/documents';
import { RulesSyntaxError } from '../../../local/firestore/rules/parser';
import { NULL, fromJson, mapOf, str, type RulesValue } from '../../../local/firestore/rules/values';
import type { FirestoreDocument, Value } from '../../../local/firestore/values';

const DB = 'projects/demo/databases/(default)/documents';
const NOW = 1_767_225_600_000_000_000n; // 2026-01-01T00:00:00Z in nanoseconds

function doc(path: string, fields: Record<string, Value>): FirestoreDocument {
  return { name: `${DB}/${path}`, fields, createTime: '2026-01-01T00:00:00Z', updateTime: '2026-01-01T00:00:00Z' };
}

interface Setup {
  operation?: RulesRequest['operation'];
  path?: string[];
  auth?: RulesValue;
  stored?: FirestoreDocument;
  written?: FirestoreDocument;
  query?: RulesValue;
  pinned?: Map<string, RulesValue>;
  others?: FirestoreDocument[];
  othersAfter?: FirestoreDocument[];
  /** A list over a collection group: `path` is the parent's path and the collection id. */
  collectionGroup?: boolean;
}

const user = (uid: string, claims: Record<string, unknown> = {}) =>
  mapOf({ uid: str(uid), token: fromJson({ sub: uid, ...claims }) });

/** Runs one request against a rules file and says whether it is allowed. */
function allowed(rules: string, setup: Setup = {}): boolean {
  const compiled = compileRules(rules);
  const path = setup.path ?? ['items', 'x'];
  const byPath =
    (docs: FirestoreDocument[] = []) =>
    (p: string[]) =>
      docs.find((d) => d.name === `${DB}/${p.join('/')}`);
  const request: RulesRequest = {
    operation: setup.operation ?? 'get',
    database: '(default)',
    path,
    auth: setup.auth ?? NULL,
    time: NOW,
    resource:
      setup.operation === 'list'
        ? { t: 'queryDoc', pinned: setup.pinned ?? new Map(), id: undefined }
        : setup.stored
          ? resourceValue(setup.stored, '(default)', path)
          : NULL,
    requestResource: setup.written ? resourceValue(setup.written, '(default)', path) : undefined,
    query: setup.query,
    collectionGroup: setup.collectionGroup,
    reader: {
      database: '(default)',
      before: byPath(setup.others),
      after: setup.othersAfter ? byPath(setup.othersAfter) : undefined,
      reads: new Set(),
      limit: 10,
    },
  };
  return decide(compiled, request).allowed;
}

/** A rules file whose only rule is `allow get, list, write: if <condition>` on items/{id}. */
function withCondition(condition: string, functions = ''): string {
  return `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    ${functions}
    match /items/{id} {
      allow get, list, write: if ${condition};
    }
  }
}`;
}

const holds = (condition: string, setup?: Setup, functions?: string) =>
  allowed(withCondition(condition, functions), setup);

describe('&& and || (short-circuit, errors)', () => {
  it('stop as soon as the left side decides', () => {
    expect(holds('!(false && 1 / 0 == 0)')).toBe(true);
    expect(holds('true || 1 / 0 == 0')).toBe(true);
  });
  it('absorb an error on the left only when the right side decides', () => {
    expect(holds('!(resource.data.missing == 1 && false)', { stored: doc('items/x', {}) })).toBe(true);
    expect(holds('resource.data.missing == 1 || true', { stored: doc('items/x', {}) })).toBe(true);
    expect(holds('!(resource.data.missing == 1 && true)', { stored: doc('items/x', {}) })).toBe(false);
    expect(holds('!(resource.data.missing == 1 || false)', { stored: doc('items/x', {}) })).toBe(false);
  });
  it('refuse operands that are not bools', () => {
    expect(holds('1 || true')).toBe(true);
    expect(holds('1 && true')).toBe(false);
    expect(holds("!('yes')")).toBe(false);
  });
});

describe('errors deny', () => {
  it('a missing field is an error, not null', () => {
    const stored = doc('items/x', { a: { integerValue: '1' } });
    expect(holds('resource.data.a == 1', { stored })).toBe(true);
    expect(holds('resource.data.b == null', { stored })).toBe(false);
    expect(holds('!(resource.data.b == 1)', { stored })).toBe(false);
    expect(holds("resource.data.get('b', null) == null", { stored })).toBe(true);
  });
  it('resource is null for a missing document, and reading its data is an error', () => {
    expect(holds('resource == null')).toBe(true);
    expect(holds('!(resource.data.a == 1)')).toBe(false);
  });
  it('division by zero, overflow, bad comparisons and bad indexes are errors', () => {
    expect(holds('!(1 / 0 == 0)')).toBe(false);
    expect(holds('!(1 % 0 == 0)')).toBe(false);
    expect(holds('9223372036854775807 + 1 != 0')).toBe(false);
    expect(holds("!(1 < 'a')")).toBe(false);
    expect(holds('!([1][3] == 1)')).toBe(false);
  });
  it('a condition that is not a bool denies', () => {
    expect(holds('1')).toBe(false);
  });
});

describe('in', () => {
  it('tests keys of maps and items of lists and sets', () => {
    expect(holds("'a' in {'a': 1}")).toBe(true);
    expect(holds("!('b' in {'a': 1})")).toBe(true);
    expect(holds('!(1 in {"a": 1})')).toBe(false);
    expect(holds('2 in [1, 2]')).toBe(true);
    expect(holds('!(3 in [1, 2])')).toBe(true);
    expect(holds("'x' in ['x', 'x'].toSet()")).toBe(true);
    expect(holds('!(1 in 1)')).toBe(false);
  });
});

describe('int and float', () => {
  it('are different types that compare as numbers', () => {
    expect(holds('1 is int && !(1 is float) && 1.0 is float && !(1.0 is int)')).toBe(true);
    expect(holds('1 is number && 1.5 is number && !("1" is number)')).toBe(true);
    expect(holds('1 == 1.0 && 2 > 1.5 && 1.0 in [1, 2]')).toBe(true);
  });
  it('divide as integers only when both sides are ints', () => {
    expect(holds('5 / 2 == 2 && -5 / 2 == -2 && 7 % 3 == 1')).toBe(true);
    expect(holds('5.0 / 2 == 2.5 && 5 / 2.0 == 2.5')).toBe(true);
    expect(holds('(1 + 1) is int && (1 + 1.0) is float')).toBe(true);
  });
  it('stored integers are ints and stored doubles floats', () => {
    const stored = doc('items/x', { i: { integerValue: '3' }, f: { doubleValue: 3 } });
    expect(
      holds('resource.data.i is int && resource.data.f is float && resource.data.i == resource.data.f', { stored }),
    ).toBe(true);
  });
  it('convert with int() and float()', () => {
    expect(holds("int('42') == 42 && int(3.9) == 3 && float(2) is float && string(7) == '7'")).toBe(true);
  });
});

describe('timestamps and durations', () => {
  it('compare and combine', () => {
    expect(holds('request.time > timestamp.date(2025, 12, 31) && request.time < timestamp.date(2026, 1, 2)')).toBe(
      true,
    );
    expect(holds("request.time - duration.value(1, 'h') < request.time")).toBe(true);
    expect(holds("request.time + duration.value(2, 'd') - request.time == duration.value(48, 'h')")).toBe(true);
    expect(holds('timestamp.value(1500).toMillis() == 1500 && request.time.year() == 2026')).toBe(true);
    expect(holds('request.time.seconds() == 1767225600 && request.time.nanos() == 0')).toBe(true);
  });
  it('a stored timestamp equals request.time only at the same instant', () => {
    const stored = doc('items/x', { at: { timestampValue: '2026-01-01T00:00:00.000000Z' } });
    expect(holds('resource.data.at == request.time && resource.data.at is timestamp', { stored })).toBe(true);
    const later = doc('items/x', { at: { timestampValue: '2026-01-01T00:00:00.000001Z' } });
    expect(holds('resource.data.at == request.time', { stored: later })).toBe(false);
  });
  it('a timestamp does not compare with a number', () => {
    expect(holds('!(request.time > 0)')).toBe(false);
  });
});

describe('strings, lists, sets and maps', () => {
  it('string methods', () => {
    expect(holds("'Héllo'.size() == 5 && 'abc'.upper() == 'ABC' && 'ABC'.lower() == 'abc'")).toBe(true);
    expect(holds("'https://x.test/a'.matches('https://.*') && !'xhttps://'.matches('https://.*')")).toBe(true);
    expect(holds("!'abc'.matches('b')")).toBe(true);
  });
  it('list and set methods', () => {
    expect(holds("['a', 'b'].hasAll(['a']) && ['a', 'b'].hasAny(['c', 'b']) && ['a'].hasOnly(['a', 'b'])")).toBe(true);
    expect(holds("!['a', 'c'].hasOnly(['a', 'b']) && ['a', 'a'].toSet().size() == 1 && [1, 2].size() == 2")).toBe(true);
  });
  it('map methods', () => {
    expect(
      holds("{'a': 1, 'b': 2}.keys().hasOnly(['a', 'b']) && {'a': 1}.values() == [1] && {'a': 1}.size() == 1"),
    ).toBe(true);
    expect(holds("{'a': {'b': 3}}.get(['a', 'b'], 0) == 3 && {'a': 1}.get('z', 7) == 7")).toBe(true);
  });
  it('diff().affectedKeys() names the added, removed and changed keys', () => {
    const stored = doc('items/x', {
      keep: { stringValue: 'k' },
      change: { integerValue: '1' },
      drop: { booleanValue: true },
    });
    const written = doc('items/x', {
      keep: { stringValue: 'k' },
      change: { integerValue: '2' },
      add: { nullValue: 'NULL_VALUE' },
    });
    const setup: Setup = { operation: 'update', stored, written };
    expect(
      holds("request.resource.data.diff(resource.data).affectedKeys() == ['change', 'drop', 'add'].toSet()", setup),
    ).toBe(true);
    expect(holds("request.resource.data.diff(resource.data).addedKeys() == ['add'].toSet()", setup)).toBe(true);
    expect(holds("request.resource.data.diff(resource.data).removedKeys() == ['drop'].toSet()", setup)).toBe(true);
    expect(holds("request.resource.data.diff(resource.data).changedKeys() == ['change'].toSet()", setup)).toBe(true);
    expect(holds("request.resource.data.diff(resource.data).unchangedKeys() == ['keep'].toSet()", setup)).toBe(true);
    expect(holds("request.resource.data.diff(resource.data).affectedKeys().hasOnly(['change'])", setup)).toBe(false);
  });
  it('ternary picks one branch and evaluates only that one', () => {
    expect(holds("(1 > 2 ? 1 / 0 : 'ok') == 'ok'")).toBe(true);
    expect(holds("!(1 ? 'a' : 'b' == 'a')")).toBe(false);
  });
});

describe('functions, wildcards and documents', () => {
  const functions = `
    function isOwner(uid) { let me = request.auth.uid; return me == uid; }
    function ownerDoc() { return get(/databases/$(database)/documents/owners/$(request.auth.uid)); }`;
  it('call functions with lets and see the match wildcards', () => {
    expect(holds('isOwner(id)', { auth: user('x') }, functions)).toBe(true);
    expect(holds('isOwner(id)', { auth: user('y') }, functions)).toBe(false);
    expect(holds('isOwner(id)', {}, functions)).toBe(false);
  });
  it('get() and exists() read other documents; get() of a missing one is null', () => {
    const others = [doc('owners/u1', { level: { integerValue: '3' } })];
    expect(holds('ownerDoc().data.level == 3', { auth: user('u1'), others }, functions)).toBe(true);
    expect(holds('ownerDoc() == null', { auth: user('u2'), others }, functions)).toBe(true);
    expect(holds('exists(/databases/$(database)/documents/owners/u1)', { others })).toBe(true);
    expect(holds('exists(/databases/$(database)/documents/owners/u2)', { others })).toBe(false);
  });
  it('a path segment from $(...) cannot hold a slash (it would name another document)', () => {
    const others = [doc('owners/u1/x/y', {})];
    expect(
      holds('exists(/databases/$(database)/documents/owners/$(request.auth.uid))', { auth: user('u1/x/y'), others }),
    ).toBe(false);
  });
  it('getAfter() sees the batch; outside writes it is an error', () => {
    const othersAfter = [doc('owners/u1', { level: { integerValue: '4' } })];
    const setup: Setup = { operation: 'create', written: doc('items/x', {}), others: [], othersAfter };
    expect(holds('getAfter(/databases/$(database)/documents/owners/u1).data.level == 4', setup)).toBe(true);
    expect(holds('!exists(/databases/$(database)/documents/owners/u1)', setup)).toBe(true);
    expect(holds('!existsAfter(/databases/$(database)/documents/owners/u1)', { operation: 'get' })).toBe(false);
  });
  it('{rest=**} matches any depth and binds a path', () => {
    const rules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{rest=**} { allow get: if rest[0] == 'a' && rest[3] == 'd'; }
  }
}`;
    expect(allowed(rules, { path: ['a', 'b', 'c', 'd'] })).toBe(true);
    expect(allowed(rules, { path: ['z', 'b', 'c', 'd'] })).toBe(false);
    expect(allowed(rules, { path: ['a', 'b'] })).toBe(false);
  });
  it('a match applies only to documents at its exact depth', () => {
    expect(allowed(withCondition('true'), { path: ['items', 'x', 'sub', 'y'] })).toBe(false);
    expect(allowed(withCondition('true'), { path: ['other', 'x'] })).toBe(false);
  });
  it('read covers get and list, write covers create, update and delete', () => {
    const rules = `rules_version = '2';
service cloud.firestore { match /databases/{database}/documents {
  match /r/{id} { allow read; }
  match /w/{id} { allow write: if true; }
} }`;
    expect(allowed(rules, { path: ['r', 'x'] })).toBe(true);
    expect(allowed(rules, { operation: 'list', path: ['r'] })).toBe(true);
    expect(allowed(rules, { operation: 'create', path: ['r', 'x'] })).toBe(false);
    expect(allowed(rules, { operation: 'delete', path: ['w', 'x'] })).toBe(true);
    expect(allowed(rules, { path: ['w', 'x'] })).toBe(false);
  });
});

describe('list requests are judged on the query', () => {
  const limit = (n: number | null) => mapOf({ limit: n === null ? NULL : { t: 'int', v: BigInt(n) }, offset: NULL });
  it('request.query.limit is the query limit, and a query without one fails a cap', () => {
    expect(holds('request.query.limit <= 100', { operation: 'list', path: ['items'], query: limit(24) })).toBe(true);
    expect(holds('request.query.limit <= 100', { operation: 'list', path: ['items'], query: limit(500) })).toBe(false);
    expect(holds('request.query.limit <= 100', { operation: 'list', path: ['items'], query: limit(null) })).toBe(false);
  });
  it('resource.data is known only through == filters of the query', () => {
    const condition = 'resource.data.owner == request.auth.uid';
    const pinned = new Map([['owner', str('u1')]]);
    expect(holds(condition, { operation: 'list', path: ['items'], auth: user('u1'), pinned })).toBe(true);
    expect(holds(condition, { operation: 'list', path: ['items'], auth: user('u2'), pinned })).toBe(false);
    expect(holds(condition, { operation: 'list', path: ['items'], auth: user('u1') })).toBe(false);
  });
  it('the document id wildcard is unknown for a query', () => {
    expect(holds("id == 'x' || true", { operation: 'list', path: ['items'] })).toBe(true);
    expect(holds("id == 'x'", { operation: 'list', path: ['items'] })).toBe(false);
    expect(holds("id != 'x'", { operation: 'list', path: ['items'] })).toBe(false);
  });
});

describe('loading refuses what it does not implement (fail closed)', () => {
  const failure = (source: string) => {
    try {
      compileRules(source);
    } catch (error) {
      if (error instanceof RulesSyntaxError) return error.message;
      throw error;
    }
    return 'compiled';
  };
  it('names the line and the construct', () => {
    expect(failure(withCondition('request.auth.uid.startsWith("a")'))).toBe(
      "line 6, column 50: unsupported method '.startsWith()'",
    );
    expect(failure(withCondition('debug(true)'))).toBe("line 6, column 34: unsupported function 'debug()'");
    expect(failure(withCondition('request.time is integer'))).toBe(
      "line 6, column 50: unsupported type 'integer' after 'is'",
    );
    expect(failure(withCondition('someone == 1'))).toBe("line 6, column 34: unknown name 'someone'");
    expect(failure(withCondition('hashing.md5(1) == 1'))).toBe(
      "line 6, column 41: unsupported function 'hashing.md5()'",
    );
    expect(failure(withCondition('[1, 2][0:1] == [1]'))).toBe(
      'line 6, column 42: range indexes ([a:b]) are not supported',
    );
  });
  it('refuses other versions, services, statements and recursion', () => {
    expect(failure("rules_version = '3'; service cloud.firestore { }")).toBe(
      "line 1, column 17: rules_version must be '1' or '2'",
    );
    expect(failure("rules_version = '2'; service firebase.storage { }")).toMatch(
      /unsupported service 'firebase.storage'/,
    );
    expect(failure(withCondition('true', 'function f() { return g(); } function g() { return f(); }'))).toMatch(
      /^line 4, column 5: function f calls itself \(recursion is not allowed\)$/,
    );
    expect(failure(withCondition('true;\n      deny read'))).toBe(
      "line 7, column 7: unsupported construct in a match block: 'deny'",
    );
    expect(failure(withCondition('true', 'function f(a) { return a; }').replace('if true', 'if f()'))).toMatch(
      /function f takes 1 arguments, not 0/,
    );
  });
  it('compiles the project firestore.rules', () => {
    expect(failure(withCondition("request.auth.token.email_verified == true && 'a'.size() == 1"))).toBe('compiled');
  });
});

describe('callerOf (the Authorization header)', () => {
  const jwt = (claims: Record<string, unknown>) =>
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
  it('no header is a visitor, owner is firebase-admin', () => {
    expect(callerOf(undefined)).toEqual(NULL);
    expect(callerOf('Bearer owner')).toBe('owner');
  });
  it('reads uid, e-mail and the other claims of an unsigned ID token', () => {
    const auth = callerOf(
      `Bearer ${jwt({ user_id: 'u1', sub: 'u1', email: 'a@b.test', email_verified: false, iat: 5 })}`,
    );
    expect(auth).toEqual(
      mapOf({
        uid: str('u1'),
        token: fromJson({ user_id: 'u1', sub: 'u1', email: 'a@b.test', email_verified: false, iat: 5 }),
      }),
    );
  });
  // The uid is the token's sub; user_id, when present, must say the same (firebase-js-sdk's
  // FirebaseIdToken: 'user_id: The user's unique ID. Must be equal to sub', packages/util/src/emulator.ts;
  // https://firebase.google.com/docs/auth/admin/verify-id-tokens: sub 'Must be a non-empty string
  // and must be the uid of the user'). Signatures and expiry are not checked, as Google's emulator
  // does not check them: the SDK's own mockUserToken expires in 1970 (iat 0, exp 3600).
  it('takes the uid from sub, and refuses a user_id that contradicts it', () => {
    expect(callerOf(`Bearer ${jwt({ sub: 'u1' })}`)).toEqual(mapOf({ uid: str('u1'), token: fromJson({ sub: 'u1' }) }));
    for (const claims of [{ sub: 'attacker', user_id: 'admin' }, { user_id: 'u1' }, { sub: '' }, { sub: 7 }]) {
      expect(() => callerOf(`Bearer ${jwt(claims)}`), JSON.stringify(claims)).toThrow(
        expect.objectContaining({ status: 'UNAUTHENTICATED' }),
      );
    }
  });
  it("accepts an expired token and one for another project, as Google's emulator does", () => {
    const expired = jwt({ sub: 'u1', iat: 0, exp: 3600 });
    expect(callerOf(`Bearer ${expired}`)).toMatchObject({ t: 'map' });
    const elsewhere = jwt({ sub: 'u1', aud: 'another-project', iss: 'https://securetoken.google.com/another-project' });
    expect(callerOf(`Bearer ${elsewhere}`)).toMatchObject({ t: 'map' });
  });
  it('refuses a token that is not header.payload.signature (a JWS has three parts, RFC 7515 section 7.1)', () => {
    const twoParts = jwt({ sub: 'u1' }).slice(0, -1);
    expect(() => callerOf(`Bearer ${twoParts}`)).toThrow(expect.objectContaining({ status: 'UNAUTHENTICATED' }));
    expect(() => callerOf(`Bearer ${jwt({ sub: 'u1' })}.extra`)).toThrow(
      expect.objectContaining({ status: 'UNAUTHENTICATED' }),
    );
  });
  it('refuses a token it cannot read with UNAUTHENTICATED', () => {
    for (const header of ['Bearer nonsense', `Bearer ${jwt({ email: 'a@b.test' })}`, 'Basic abc']) {
      const error = (() => {
        try {
          callerOf(header);
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(RpcError);
      expect((error as RpcError).status).toBe('UNAUTHENTICATED');
    }
  });
});

// https://firebase.google.com/docs/rules/rules-behavior ('Security rules version 2'): a file
// without rules_version is version 1; there a recursive wildcard matches one or more path items and
// may only end a match path, while version 2 lets it match zero or more items anywhere. Collection
// group queries need version 2.
describe('rules_version 1 (a file that does not say rules_version)', () => {
  const compiles = (source: string) => {
    try {
      compileRules(source);
      return 'compiled';
    } catch (error) {
      if (error instanceof RulesSyntaxError) return error.message;
      throw error;
    }
  };
  const versionless = (inner: string) => `// A comment before the service, as in Firebase's snippets.
service cloud.firestore {
  match /databases/{database}/documents {
    ${inner}
  }
}`;
  it("loads a file that starts with a comment and 'service cloud.firestore {', and one that says '1'", () => {
    expect(compiles(versionless('match /items/{id} { allow read: if true; }'))).toBe('compiled');
    expect(compiles(`rules_version = '1';\n${versionless('match /items/{id} { allow read; }')}`)).toBe('compiled');
    expect(allowed(versionless('match /items/{id} { allow get: if true; }'))).toBe(true);
    expect(allowed(versionless('match /items/{id} { allow get: if false; }'))).toBe(false);
  });
  it('a recursive wildcard matches one or more segments in version 1, zero or more in version 2', () => {
    const tree = 'match /items/{id} { match /{rest=**} { allow get: if true; } }';
    // items/x itself: no segment left for {rest=**} in version 1.
    expect(allowed(versionless(tree), { path: ['items', 'x'] })).toBe(false);
    expect(allowed(versionless(tree), { path: ['items', 'x', 'sub', 'y'] })).toBe(true);
    expect(allowed(`rules_version = '2';\n${versionless(tree)}`, { path: ['items', 'x'] })).toBe(true);
  });
  it('refuses a recursive wildcard that is not the last segment of its match path in version 1', () => {
    expect(compiles(versionless('match /{path=**}/reviews/{id} { allow read: if true; }'))).toBe(
      "line 4, column 11: in rules_version 1 a recursive wildcard {name=**} must end the match path (rules_version = '2' allows it anywhere)",
    );
  });
});

// https://firebase.google.com/docs/reference/rules/rules.firestore.Resource: the example
// `resource['__name__'] == /databases/(default)/documents/collection/document` is a path literal
// with the database id (default) in it.
describe('path literals', () => {
  it('accept (default) as a segment, in conditions and in match paths', () => {
    const others = [doc('members/u1', {})];
    expect(
      holds('exists(/databases/(default)/documents/members/$(request.auth.uid))', { auth: user('u1'), others }),
    ).toBe(true);
    expect(
      holds('exists(/databases/(default)/documents/members/$(request.auth.uid))', { auth: user('u2'), others }),
    ).toBe(false);
    expect(
      holds("resource['__name__'] == /databases/(default)/documents/items/x", { stored: doc('items/x', {}) }),
    ).toBe(true);
    const pinned = `rules_version = '2';
service cloud.firestore {
  match /databases/(default)/documents {
    match /items/{id} { allow get: if true; }
  }
}`;
    expect(allowed(pinned)).toBe(true);
  });
  it('still end a literal at the parenthesis that closes a call', () => {
    expect(holds('exists(/databases/$(database)/documents/items/x)', { others: [doc('items/x', {})] })).toBe(true);
  });
});

// https://firebase.google.com/docs/firestore/security/rules-query#collection_group_queries_and_security_rules:
// a collection group query is allowed by a match whose recursive wildcard takes every path the
// group's documents can have (`match /{path=**}/posts/{post}`), never by a rule for one parent.
describe('collection group queries', () => {
  const group = (inner: string, version = "rules_version = '2';\n") => `${version}service cloud.firestore {
  match /databases/{database}/documents {
    ${inner}
  }
}`;
  const list = { operation: 'list' as const, path: ['reviews'], collectionGroup: true };
  it('are allowed by a recursive match that allows list', () => {
    expect(allowed(group('match /{path=**}/reviews/{id} { allow read: if true; }'), list)).toBe(true);
    expect(allowed(group('match /{path=**}/reviews/{id} { allow list: if request.auth != null; }'), list)).toBe(false);
  });
  it('are refused by rules that cover only some parents, or only the top-level collection', () => {
    expect(allowed(group('match /products/{p}/reviews/{id} { allow read: if true; }'), list)).toBe(false);
    expect(allowed(group('match /reviews/{id} { allow read: if true; }'), list)).toBe(false);
    expect(allowed(group('match /{c}/{d}/reviews/{id} { allow read: if true; }'), list)).toBe(false);
  });
  it('see the fields the query pins with ==, and not the unknown path', () => {
    const rules = group('match /{path=**}/reviews/{id} { allow list: if resource.data.shown == true; }');
    expect(allowed(rules, { ...list, pinned: new Map([['shown', { t: 'bool', v: true }]]) })).toBe(true);
    expect(allowed(rules, list)).toBe(false);
    expect(allowed(group("match /{path=**}/reviews/{id} { allow list: if path[0] == 'products'; }"), list)).toBe(false);
  });
  it('under a document parent, the recursive wildcard may take the parent too', () => {
    const under = { operation: 'list' as const, path: ['products', 'p1', 'reviews'], collectionGroup: true };
    expect(allowed(group('match /{path=**}/reviews/{id} { allow read: if true; }'), under)).toBe(true);
    expect(allowed(group('match /products/{p}/{rest=**} { allow read: if true; }'), under)).toBe(true);
    expect(allowed(group('match /orders/{p}/{rest=**} { allow read: if true; }'), under)).toBe(false);
    expect(allowed(group('match /products/{p}/reviews/{id} { allow read: if true; }'), under)).toBe(false);
  });
  it('are refused under rules_version 1, which collection group queries do not work with', () => {
    expect(allowed(group('match /{document=**} { allow read: if true; }', ''), list)).toBe(false);
    expect(allowed(group('match /{document=**} { allow read: if true; }'), list)).toBe(true);
  });
});
