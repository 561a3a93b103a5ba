// Evaluates rules expressions with the documented semantics: any error (a missing field, a wrong
// type, an unknown value of a query) makes the expression fail, and a failed condition denies;
// `&&` and `||` evaluate left to right and stop as soon as the result is known, so `false && error`
// is false and `true || error` is true, and an error on the left is absorbed only when the right
// side alone decides (`error && false` is false, `error || true` is true).
import type { Expr, FunctionDecl } from './ast';
import type { ResolvedCalls } from './check';
import {
  INT64_MIN,
  NULL,
  RulesEvalError,
  bool,
  compare,
  equals,
  fromFields,
  int,
  known,
  str,
  toSet,
  typeName,
  type RulesValue,
} from './values';
import type { FirestoreDocument } from '../values';

/** How rules read other documents (get, exists, getAfter, existsAfter). */
export interface DocumentReader {
  /** The database id (`(default)`) paths in get() must name. */
  database: string;
  /** A document by its path below `documents` (collection/id pairs), as it is before the request. */
  before(relativePath: string[]): FirestoreDocument | undefined;
  /** The same, as it would be after the batch; undefined outside write requests. */
  after: ((relativePath: string[]) => FirestoreDocument | undefined) | undefined;
  /** Distinct documents read so far (get, exists, getAfter, existsAfter) and the request's limit. */
  reads: Set<string>;
  limit: number;
}

export interface Evaluation {
  resolved: ResolvedCalls;
  reader: DocumentReader;
  /** request, resource and the wildcards of the matched path. */
  variables: Map<string, RulesValue>;
}

type Scope = { lookup(name: string): RulesValue | undefined; depth: number };

const MAX_CALL_DEPTH = 20;
const NANOS_PER_SECOND = 1_000_000_000n;

function fail(message: string): never {
  throw new RulesEvalError(message);
}

function asBool(value: RulesValue, what: string): boolean {
  if (value.t !== 'bool') fail(`${what} must be a bool, not ${typeName(value)}`);
  return value.v;
}

function asString(value: RulesValue, what: string): string {
  if (value.t !== 'string') fail(`${what} must be a string, not ${typeName(value)}`);
  return value.v;
}

function asInt(value: RulesValue, what: string): bigint {
  if (value.t !== 'int') fail(`${what} must be an int, not ${typeName(value)}`);
  return value.v;
}

function elements(value: RulesValue, what: string): RulesValue[] {
  if (value.t === 'list' || value.t === 'set') return value.v;
  return fail(`${what} must be a list or a set, not ${typeName(value)}`);
}

function contains(items: RulesValue[], value: RulesValue): boolean {
  return items.some((item) => equals(item, value));
}

/** The Resource a document is in rules: `data`, `id` and `__name__`. */
export function resourceValue(doc: FirestoreDocument, database: string, relativePath: string[]): RulesValue {
  return {
    t: 'map',
    v: new Map<string, RulesValue>([
      ['data', fromFields(doc.fields)],
      ['id', str(relativePath[relativePath.length - 1] ?? '')],
      ['__name__', { t: 'path', v: ['databases', database, 'documents', ...relativePath] }],
    ]),
  };
}

function documentPath(value: RulesValue, reader: DocumentReader): string[] {
  if (value.t !== 'path') fail(`get() and exists() take a path, not ${typeName(value)}`);
  const [databases, database, documents, ...rest] = value.v;
  if (databases !== 'databases' || documents !== 'documents' || database !== reader.database) {
    fail(`${'/' + value.v.join('/')} is not a document path of this database`);
  }
  if (rest.length === 0 || rest.length % 2 !== 0 || rest.some((s) => s === '')) {
    fail(`${'/' + value.v.join('/')} is not a document path`);
  }
  const key = rest.join('/');
  if (!reader.reads.has(key)) {
    if (reader.reads.size >= reader.limit) fail(`more than ${reader.limit} document reads in one request`);
    reader.reads.add(key);
  }
  return rest;
}

function readDocument(name: string, arg: RulesValue, reader: DocumentReader): RulesValue {
  const after = name === 'getAfter' || name === 'existsAfter';
  if (after && reader.after === undefined) fail(`${name}() is only available when writing`);
  const path = documentPath(arg, reader);
  const doc = after ? reader.after?.(path) : reader.before(path);
  if (name === 'exists' || name === 'existsAfter') return bool(doc !== undefined);
  return doc === undefined ? NULL : resourceValue(doc, reader.database, path);
}

function toInt(value: RulesValue): RulesValue {
  switch (value.t) {
    case 'int':
      return value;
    case 'float':
      if (!Number.isFinite(value.v)) fail('cannot convert a non-finite float to int');
      return int(BigInt(Math.trunc(value.v)));
    case 'string':
      if (!/^[+-]?\d+$/.test(value.v)) fail(`cannot convert '${value.v}' to int`);
      return int(BigInt(value.v));
    default:
      return fail(`cannot convert ${typeName(value)} to int`);
  }
}

function toFloat(value: RulesValue): RulesValue {
  switch (value.t) {
    case 'float':
      return value;
    case 'int':
      return { t: 'float', v: Number(value.v) };
    case 'string': {
      const n = Number(value.v);
      if (value.v.trim() === '' || Number.isNaN(n)) fail(`cannot convert '${value.v}' to float`);
      return { t: 'float', v: n };
    }
    default:
      return fail(`cannot convert ${typeName(value)} to float`);
  }
}

function toStringValue(value: RulesValue): RulesValue {
  switch (value.t) {
    case 'string':
      return value;
    case 'null':
      return str('null');
    case 'bool':
    case 'int':
      return str(String(value.v));
    case 'float':
      return str(String(value.v));
    case 'path':
      return str(`/${value.v.join('/')}`);
    default:
      return fail(`cannot convert ${typeName(value)} to string`);
  }
}

const durationUnits: Record<string, bigint> = {
  w: 7n * 24n * 3600n * NANOS_PER_SECOND,
  d: 24n * 3600n * NANOS_PER_SECOND,
  h: 3600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: 1_000_000n,
  ns: 1n,
};

function callNamespace(ns: string, name: string, args: RulesValue[]): RulesValue {
  const [a = NULL, b = NULL, c = NULL, d = NULL] = args;
  const number = (v: RulesValue) => {
    if (v.t === 'int') return Number(v.v);
    if (v.t === 'float') return v.v;
    return fail(`math.${name}() takes a number, not ${typeName(v)}`);
  };
  switch (`${ns}.${name}`) {
    case 'duration.value': {
      const unit = durationUnits[asString(b, 'the duration unit')];
      if (unit === undefined) fail(`unknown duration unit '${asString(b, 'unit')}'`);
      return { t: 'duration', v: asInt(a, 'the duration magnitude') * unit };
    }
    case 'duration.time':
      return {
        t: 'duration',
        v:
          asInt(a, 'hours') * 3600n * NANOS_PER_SECOND +
          asInt(b, 'minutes') * 60n * NANOS_PER_SECOND +
          asInt(c, 'seconds') * NANOS_PER_SECOND +
          asInt(d, 'nanos'),
      };
    case 'timestamp.date': {
      const millis = Date.UTC(Number(asInt(a, 'year')), Number(asInt(b, 'month')) - 1, Number(asInt(c, 'day')));
      return { t: 'timestamp', v: BigInt(millis) * 1_000_000n };
    }
    case 'timestamp.value':
      return { t: 'timestamp', v: asInt(a, 'epoch milliseconds') * 1_000_000n };
    case 'math.abs':
      return a.t === 'int' ? int(a.v < 0n ? -a.v : a.v) : { t: 'float', v: Math.abs(number(a)) };
    case 'math.ceil':
      return int(BigInt(Math.ceil(number(a))));
    case 'math.floor':
      return int(BigInt(Math.floor(number(a))));
    case 'math.round':
      return int(BigInt(Math.round(number(a))));
    case 'math.isInfinite':
      return bool(!Number.isFinite(number(a)) && !Number.isNaN(number(a)));
    case 'math.isNaN':
      return bool(Number.isNaN(number(a)));
    default:
      return fail(`unsupported function ${ns}.${name}()`);
  }
}

// Rules regular expressions (RE2) must match the whole string.
function fullMatch(pattern: string, value: string): boolean {
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return fail(`invalid regular expression '${pattern}'`);
  }
  return regex.test(value);
}

function mapGet(map: Map<string, RulesValue>, key: RulesValue, fallback: RulesValue): RulesValue {
  const keys = key.t === 'list' ? key.v.map((k) => asString(k, 'a map key')) : [asString(key, 'a map key')];
  let current: RulesValue = { t: 'map', v: map };
  for (const k of keys) {
    if (current.t !== 'map') return fallback;
    const next = current.v.get(k);
    if (next === undefined) return fallback;
    current = next;
  }
  return current;
}

function timestampPart(nanos: bigint, part: string): RulesValue {
  const millis = Number(nanos / 1_000_000n - (nanos % 1_000_000n < 0n ? 1n : 0n));
  const date = new Date(millis);
  switch (part) {
    case 'year':
      return int(BigInt(date.getUTCFullYear()));
    case 'month':
      return int(BigInt(date.getUTCMonth() + 1));
    case 'day':
      return int(BigInt(date.getUTCDate()));
    case 'hours':
      return int(BigInt(date.getUTCHours()));
    case 'minutes':
      return int(BigInt(date.getUTCMinutes()));
    default:
      return {
        t: 'timestamp',
        v: BigInt(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())) * 1_000_000n,
      };
  }
}

function callMethod(receiver: RulesValue, name: string, args: RulesValue[]): RulesValue {
  const [a = NULL, b = NULL] = args;
  const value = known(receiver);
  const wrong = (): never => fail(`${typeName(value)} has no method ${name}()`);
  switch (value.t) {
    case 'string':
      switch (name) {
        case 'size':
          return int(BigInt([...value.v].length));
        case 'matches':
          return bool(fullMatch(asString(a, 'the pattern'), value.v));
        case 'lower':
          return str(value.v.toLowerCase());
        case 'upper':
          return str(value.v.toUpperCase());
        case 'trim':
          return str(value.v.trim());
        case 'split':
          return { t: 'list', v: value.v.split(new RegExp(asString(a, 'the separator'), 'u')).map(str) };
        case 'replace':
          return str(value.v.replace(new RegExp(asString(a, 'the pattern'), 'gu'), asString(b, 'the replacement')));
        default:
          return wrong();
      }
    case 'list':
    case 'set':
      switch (name) {
        case 'size':
          return int(BigInt(value.v.length));
        case 'hasAll':
          return bool(elements(a, 'hasAll()').every((x) => contains(value.v, x)));
        case 'hasAny':
          return bool(elements(a, 'hasAny()').some((x) => contains(value.v, x)));
        case 'hasOnly': {
          const allowed = elements(a, 'hasOnly()');
          return bool(value.v.every((x) => contains(allowed, x)));
        }
        case 'toSet':
          return value.t === 'list' ? toSet(value.v) : wrong();
        case 'join':
          if (value.t !== 'list') return wrong();
          return str(value.v.map((x) => asString(x, 'a joined item')).join(asString(a, 'the separator')));
        case 'concat':
          return value.t === 'list' ? { t: 'list', v: [...value.v, ...elements(a, 'concat()')] } : wrong();
        case 'removeAll': {
          if (value.t !== 'list') return wrong();
          const removed = elements(a, 'removeAll()');
          return { t: 'list', v: value.v.filter((x) => !contains(removed, x)) };
        }
        case 'difference':
        case 'intersection':
        case 'union': {
          if (value.t !== 'set') return wrong();
          const other = elements(a, `${name}()`);
          if (name === 'union') return toSet([...value.v, ...other]);
          const keep = name === 'intersection';
          return toSet(value.v.filter((x) => contains(other, x) === keep));
        }
        default:
          return wrong();
      }
    case 'map':
      switch (name) {
        case 'size':
          return int(BigInt(value.v.size));
        case 'keys':
          return { t: 'list', v: [...value.v.keys()].map(str) };
        case 'values':
          return { t: 'list', v: [...value.v.values()] };
        case 'get':
          return mapGet(value.v, a, b);
        case 'diff': {
          const other = known(a);
          if (other.t !== 'map') fail(`diff() takes a map, not ${typeName(other)}`);
          return { t: 'mapdiff', left: value.v, right: other.v };
        }
        default:
          return wrong();
      }
    case 'mapdiff': {
      // left.diff(right): added = in left only, removed = in right only, changed = in both, unequal.
      const { left, right } = value;
      const added = [...left.keys()].filter((k) => !right.has(k));
      const removed = [...right.keys()].filter((k) => !left.has(k));
      const both = [...left.keys()].filter((k) => right.has(k));
      const changed = both.filter((k) => !equals(left.get(k) ?? NULL, right.get(k) ?? NULL));
      const keys = (list: string[]): RulesValue => ({ t: 'set', v: list.map(str) });
      switch (name) {
        case 'addedKeys':
          return keys(added);
        case 'removedKeys':
          return keys(removed);
        case 'changedKeys':
          return keys(changed);
        case 'unchangedKeys':
          return keys(both.filter((k) => !changed.includes(k)));
        case 'affectedKeys':
          return keys([...added, ...removed, ...changed]);
        default:
          return wrong();
      }
    }
    case 'timestamp':
      switch (name) {
        case 'seconds':
          return int(value.v / NANOS_PER_SECOND - (value.v % NANOS_PER_SECOND < 0n ? 1n : 0n));
        case 'nanos':
          return int(((value.v % NANOS_PER_SECOND) + NANOS_PER_SECOND) % NANOS_PER_SECOND);
        case 'toMillis':
          return int(value.v / 1_000_000n - (value.v % 1_000_000n < 0n ? 1n : 0n));
        case 'year':
        case 'month':
        case 'day':
        case 'hours':
        case 'minutes':
        case 'date':
          return timestampPart(value.v, name);
        default:
          return wrong();
      }
    case 'duration':
      switch (name) {
        case 'seconds':
          return int(value.v / NANOS_PER_SECOND);
        case 'nanos':
          return int(value.v % NANOS_PER_SECOND);
        default:
          return wrong();
      }
    default:
      return wrong();
  }
}

function member(object: RulesValue, name: string): RulesValue {
  if (object.t === 'queryDoc') {
    if (name === 'data') return { t: 'queryData', pinned: object.pinned, prefix: [] };
    if (name === 'id' && object.id !== undefined) return str(object.id);
    return fail(`resource.${name} is not known for a query`);
  }
  if (object.t === 'queryData') {
    const path = [...object.prefix, name];
    const pinned = object.pinned.get(path.join('.'));
    if (pinned !== undefined) return pinned;
    // A deeper field may still be pinned (`a.b == 1` pins resource.data.a.b).
    const prefix = `${path.join('.')}.`;
    if ([...object.pinned.keys()].some((k) => k.startsWith(prefix))) return { ...object, prefix: path };
    return fail(`resource.data.${path.join('.')} is not constrained by the query`);
  }
  const value = known(object);
  if (value.t !== 'map') return fail(`${typeName(value)} has no field '${name}'`);
  const field = value.v.get(name);
  if (field === undefined) return fail(`Property ${name} is undefined on object.`);
  return field;
}

function index(object: RulesValue, key: RulesValue): RulesValue {
  if (object.t === 'queryDoc' || object.t === 'queryData') return member(object, asString(known(key), 'a map key'));
  const value = known(object);
  const k = known(key);
  if (value.t === 'map') return member(value, asString(k, 'a map key'));
  if (value.t === 'list' || value.t === 'path') {
    const i = asInt(k, 'a list index');
    const item = i >= 0n && i < BigInt(value.v.length) ? value.v[Number(i)] : undefined;
    if (item === undefined) fail(`index ${i} is out of range`);
    return typeof item === 'string' ? str(item) : item;
  }
  return fail(`${typeName(value)} cannot be indexed`);
}

function isType(value: RulesValue, type: string): boolean {
  const v = known(value);
  switch (type) {
    case 'number':
      return v.t === 'int' || v.t === 'float';
    default:
      return v.t === type;
  }
}

function arithmetic(op: string, left: RulesValue, right: RulesValue): RulesValue {
  const a = known(left);
  const b = known(right);
  if (a.t === 'int' && b.t === 'int') {
    switch (op) {
      case '+':
        return int(a.v + b.v);
      case '-':
        return int(a.v - b.v);
      case '*':
        return int(a.v * b.v);
      case '/':
        if (b.v === 0n) fail('division by zero');
        if (a.v === INT64_MIN && b.v === -1n) fail('integer overflow');
        return int(a.v / b.v);
      default:
        if (b.v === 0n) fail('modulo by zero');
        return int(a.v % b.v);
    }
  }
  if ((a.t === 'int' || a.t === 'float') && (b.t === 'int' || b.t === 'float')) {
    const x = Number(a.v);
    const y = Number(b.v);
    switch (op) {
      case '+':
        return { t: 'float', v: x + y };
      case '-':
        return { t: 'float', v: x - y };
      case '*':
        return { t: 'float', v: x * y };
      case '/':
        if (y === 0) fail('division by zero');
        return { t: 'float', v: x / y };
      default:
        if (y === 0) fail('modulo by zero');
        return { t: 'float', v: x % y };
    }
  }
  if (op === '+') {
    if (a.t === 'string' && b.t === 'string') return str(a.v + b.v);
    if (a.t === 'list' && b.t === 'list') return { t: 'list', v: [...a.v, ...b.v] };
    if (a.t === 'timestamp' && b.t === 'duration') return { t: 'timestamp', v: a.v + b.v };
    if (a.t === 'duration' && b.t === 'timestamp') return { t: 'timestamp', v: a.v + b.v };
    if (a.t === 'duration' && b.t === 'duration') return { t: 'duration', v: a.v + b.v };
  }
  if (op === '-') {
    if (a.t === 'timestamp' && b.t === 'duration') return { t: 'timestamp', v: a.v - b.v };
    if (a.t === 'timestamp' && b.t === 'timestamp') return { t: 'duration', v: a.v - b.v };
    if (a.t === 'duration' && b.t === 'duration') return { t: 'duration', v: a.v - b.v };
  }
  return fail(`cannot apply ${op} to ${typeName(a)} and ${typeName(b)}`);
}

/** The value of an expression; throws RulesEvalError when it has none. */
export function evaluate(expr: Expr, evaluation: Evaluation, scope?: Scope): RulesValue {
  const here: Scope = scope ?? { lookup: (name) => evaluation.variables.get(name), depth: 0 };
  const ev = (e: Expr): RulesValue => evaluate(e, evaluation, here);
  switch (expr.kind) {
    case 'null':
      return NULL;
    case 'bool':
      return bool(expr.value);
    case 'int':
      return int(expr.value);
    case 'float':
      return { t: 'float', v: expr.value };
    case 'string':
      return str(expr.value);
    case 'path':
      return {
        t: 'path',
        v: expr.parts.map((part) => {
          if (part.kind === 'literal') return part.text;
          const value = known(ev(part.expr));
          const segment = value.t === 'int' ? String(value.v) : asString(value, 'a path segment');
          // One $(...) is one segment: a value with a slash must not reach another document.
          if (segment === '' || segment.includes('/')) fail(`'${segment}' is not a valid path segment`);
          return segment;
        }),
      };
    case 'list':
      return { t: 'list', v: expr.items.map(ev) };
    case 'map':
      return {
        t: 'map',
        v: new Map(expr.entries.map(([key, value]) => [asString(ev(key), 'a map key'), ev(value)])),
      };
    case 'ident': {
      const value = here.lookup(expr.name);
      if (value === undefined) fail(`unknown name '${expr.name}'`);
      return value;
    }
    case 'member':
      return member(ev(expr.object), expr.name);
    case 'index':
      return index(ev(expr.object), ev(expr.index));
    case 'unary': {
      const value = known(ev(expr.arg));
      if (expr.op === '!') return bool(!asBool(value, "the operand of '!'"));
      if (value.t === 'int') return int(-value.v);
      if (value.t === 'float') return { t: 'float', v: -value.v };
      if (value.t === 'duration') return { t: 'duration', v: -value.v };
      return fail(`cannot negate ${typeName(value)}`);
    }
    case 'is':
      return bool(isType(ev(expr.arg), expr.type));
    case 'ternary':
      return asBool(ev(expr.test), 'the condition of ?:') ? ev(expr.then) : ev(expr.otherwise);
    case 'binary':
      return binary(expr, ev);
    case 'call':
      return call(expr, evaluation, here, ev);
  }
}

function tryBool(ev: () => RulesValue, what: string): boolean | RulesEvalError {
  try {
    return asBool(ev(), what);
  } catch (error) {
    // Whatever failed (a rules error or, say, a number too large for an int), the side has no value.
    return error instanceof RulesEvalError ? error : new RulesEvalError(String(error));
  }
}

function binary(expr: Expr & { kind: 'binary' }, ev: (e: Expr) => RulesValue): RulesValue {
  const { op } = expr;
  if (op === '&&' || op === '||') {
    const decisive = op === '||';
    const left = tryBool(() => ev(expr.left), `the left side of ${op}`);
    if (left === decisive) return bool(decisive);
    const right = tryBool(() => ev(expr.right), `the right side of ${op}`);
    if (right === decisive) return bool(decisive);
    if (left instanceof RulesEvalError) throw left;
    if (right instanceof RulesEvalError) throw right;
    return bool(!decisive);
  }
  const left = ev(expr.left);
  const right = ev(expr.right);
  switch (op) {
    case '==':
      return bool(equals(left, right));
    case '!=':
      return bool(!equals(left, right));
    case '<':
      return bool(compare(left, right) < 0);
    case '<=':
      return bool(compare(left, right) <= 0);
    case '>':
      return bool(compare(left, right) > 0);
    case '>=':
      return bool(compare(left, right) >= 0);
    case 'in': {
      const container = known(right);
      if (container.t === 'map') return bool(container.v.has(asString(known(left), 'a map key tested with in')));
      if (container.t === 'list' || container.t === 'set') return bool(contains(container.v, left));
      return fail(`'in' needs a list, set or map, not ${typeName(container)}`);
    }
    default:
      return arithmetic(op, left, right);
  }
}

function call(
  expr: Expr & { kind: 'call' },
  evaluation: Evaluation,
  scope: Scope,
  ev: (e: Expr) => RulesValue,
): RulesValue {
  const fn = evaluation.resolved.get(expr);
  if (fn !== undefined) return callFunction(fn, expr.args.map(ev), evaluation, scope.depth + 1);
  const { callee } = expr;
  if (callee.kind === 'ident') {
    const [arg = NULL] = expr.args.map(ev);
    switch (callee.name) {
      case 'get':
      case 'exists':
      case 'getAfter':
      case 'existsAfter':
        return readDocument(callee.name, known(arg), evaluation.reader);
      case 'int':
        return toInt(known(arg));
      case 'float':
        return toFloat(known(arg));
      case 'string':
        return toStringValue(known(arg));
      case 'path': {
        const text = asString(known(arg), 'path()');
        return { t: 'path', v: text.split('/').filter((s) => s !== '') };
      }
      default:
        return fail(`unsupported function ${callee.name}()`);
    }
  }
  if (callee.kind === 'member') {
    if (callee.object.kind === 'ident' && scope.lookup(callee.object.name) === undefined) {
      return callNamespace(callee.object.name, callee.name, expr.args.map(ev));
    }
    return callMethod(ev(callee.object), callee.name, expr.args.map(ev));
  }
  return fail('only functions and methods can be called');
}

function callFunction(fn: FunctionDecl, args: RulesValue[], evaluation: Evaluation, depth: number): RulesValue {
  if (depth > MAX_CALL_DEPTH) fail(`function calls nested deeper than ${MAX_CALL_DEPTH}`);
  const params = new Map(fn.params.map((name, i) => [name, args[i] ?? NULL]));
  const visible = new Set(fn.wildcards);
  let lookup = (name: string): RulesValue | undefined => {
    if (params.has(name)) return params.get(name);
    if (visible.has(name) || name === 'request' || name === 'resource') return evaluation.variables.get(name);
    return undefined;
  };
  // Each let sees the parameters and the lets before it, and is evaluated once, when first used.
  for (const binding of fn.lets) {
    const outer = lookup;
    const letScope: Scope = { depth, lookup: outer };
    const cell: { value?: RulesValue } = {};
    lookup = (name) => {
      if (name !== binding.name) return outer(name);
      cell.value ??= evaluate(binding.value, evaluation, letScope);
      return cell.value;
    };
  }
  return evaluate(fn.body, evaluation, { depth, lookup });
}

/** A condition's outcome: only `true` allows; false, a non-bool value or an error deny. */
export function conditionAllows(expr: Expr, evaluation: Evaluation): { allowed: boolean; error?: string } {
  try {
    const value = evaluate(expr, evaluation);
    return { allowed: value.t === 'bool' && value.v };
  } catch (error) {
    // Anything that goes wrong while evaluating denies, never allows.
    return { allowed: false, error: error instanceof Error ? error.message : String(error) };
  }
}
