// Evaluates rules expressions with the documented semantics: any error (a missing field, a wrong
// type, an unknown value of a query) makes the expression fail, and a failed condition denies;
// `&&` and `||` evaluate left to right and stop as soon as the result is known, so `false && error`
// is false and `true || error` is true, and an error on the left is absorbed only when the right
// side alone decides (`error && false` is false, `error || true` is true).
import type { Expr, FunctionDecl } from './ast';
import { callGlobal, callNamespace } from './builtins';
import { callMethod } from './methods';
import type { ResolvedCalls } from './check';
import { readDocument, type DocumentReader } from './documents';
import {
  INT64_MIN,
  NULL,
  RulesEvalError,
  asBool,
  asInt,
  asString,
  bool,
  compare,
  contains,
  equals,
  fail,
  int,
  known,
  str,
  typeName,
  type RulesValue,
} from './values';

export interface Evaluation {
  resolved: ResolvedCalls;
  reader: DocumentReader;
  /** request, resource and the wildcards of the matched path. */
  variables: Map<string, RulesValue>;
}

type Scope = { lookup(name: string): RulesValue | undefined; depth: number };

const MAX_CALL_DEPTH = 20;

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
      default:
        return callGlobal(callee.name, known(arg));
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
