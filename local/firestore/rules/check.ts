// Static checks run when the rules load: every name, function, method and namespace call must be one
// the evaluator implements, with the right number of arguments, and functions must not recurse.
// A rule that would only fail at request time is thus caught at start, with its line.
import type { Expr, FunctionDecl, MatchBlock, Ruleset } from './ast';
import { RulesSyntaxError, wildcardNames } from './parser';

/** Global functions and their argument counts. */
export const globalFunctions: Record<string, number> = {
  get: 1,
  exists: 1,
  getAfter: 1,
  existsAfter: 1,
  int: 1,
  float: 1,
  string: 1,
  path: 1,
};

/** Namespaced functions (`duration.value(1, 'h')`) and their argument counts. */
export const namespaceFunctions: Record<string, Record<string, number>> = {
  duration: { value: 2, time: 4 },
  timestamp: { date: 3, value: 1 },
  math: { abs: 1, ceil: 1, floor: 1, round: 1, isInfinite: 1, isNaN: 1 },
};

/** Methods by name with their argument counts; which receiver types have them is checked at run time. */
export const methodArity: Record<string, number> = {
  size: 0,
  matches: 1,
  lower: 0,
  upper: 0,
  trim: 0,
  split: 1,
  replace: 2,
  hasAll: 1,
  hasAny: 1,
  hasOnly: 1,
  toSet: 0,
  join: 1,
  concat: 1,
  removeAll: 1,
  difference: 1,
  intersection: 1,
  union: 1,
  keys: 0,
  values: 0,
  get: 2,
  diff: 1,
  affectedKeys: 0,
  addedKeys: 0,
  removedKeys: 0,
  changedKeys: 0,
  unchangedKeys: 0,
  seconds: 0,
  nanos: 0,
  toMillis: 0,
  year: 0,
  month: 0,
  day: 0,
  hours: 0,
  minutes: 0,
  date: 0,
};

const globals = ['request', 'resource'];

/** User functions each call expression resolves to (filled by the check, used by the evaluator). */
export type ResolvedCalls = Map<Expr, FunctionDecl>;

function fail(message: string, expr: { pos: Expr['pos'] }): never {
  throw new RulesSyntaxError(message, expr.pos);
}

function lookupFunction(ruleset: Ruleset, block: MatchBlock | null, name: string): FunctionDecl | undefined {
  for (let b = block; b !== null; b = b.parent) {
    const found = b.functions.get(name);
    if (found) return found;
  }
  return ruleset.functions.get(name);
}

export function checkRuleset(ruleset: Ruleset): ResolvedCalls {
  const resolved: ResolvedCalls = new Map();
  const calls = new Map<FunctionDecl, Set<FunctionDecl>>();

  const checkExpr = (expr: Expr, vars: ReadonlySet<string>, block: MatchBlock | null, from?: FunctionDecl) => {
    const walk = (e: Expr): void => checkExpr(e, vars, block, from);
    switch (expr.kind) {
      case 'null':
      case 'bool':
      case 'int':
      case 'float':
      case 'string':
        return;
      case 'path':
        for (const part of expr.parts) if (part.kind === 'expr') walk(part.expr);
        return;
      case 'list':
        expr.items.forEach(walk);
        return;
      case 'map':
        for (const [key, value] of expr.entries) {
          walk(key);
          walk(value);
        }
        return;
      case 'ident':
        if (!vars.has(expr.name)) {
          fail(
            expr.name in namespaceFunctions
              ? `'${expr.name}' is a namespace: call one of its functions (${Object.keys(namespaceFunctions[expr.name] ?? {}).join(', ')})`
              : `unknown name '${expr.name}'`,
            expr,
          );
        }
        return;
      case 'member':
        walk(expr.object);
        return;
      case 'index':
        walk(expr.object);
        walk(expr.index);
        return;
      case 'unary':
        walk(expr.arg);
        return;
      case 'binary':
        walk(expr.left);
        walk(expr.right);
        return;
      case 'is':
        walk(expr.arg);
        return;
      case 'ternary':
        walk(expr.test);
        walk(expr.then);
        walk(expr.otherwise);
        return;
      case 'call': {
        expr.args.forEach(walk);
        const { callee } = expr;
        if (callee.kind === 'ident') {
          if (vars.has(callee.name)) fail(`'${callee.name}' is a variable, not a function`, callee);
          const fn = lookupFunction(ruleset, block, callee.name);
          if (fn) {
            if (fn.params.length !== expr.args.length) {
              fail(`function ${fn.name} takes ${fn.params.length} arguments, not ${expr.args.length}`, expr);
            }
            resolved.set(expr, fn);
            if (from) calls.get(from)?.add(fn);
            return;
          }
          const arity = globalFunctions[callee.name];
          if (arity === undefined) fail(`unsupported function '${callee.name}()'`, callee);
          if (arity !== expr.args.length) fail(`${callee.name}() takes ${arity} argument(s)`, expr);
          return;
        }
        if (callee.kind === 'member') {
          const ns = callee.object.kind === 'ident' && !vars.has(callee.object.name) ? callee.object.name : undefined;
          if (ns !== undefined) {
            const arity = namespaceFunctions[ns]?.[callee.name];
            if (arity === undefined) fail(`unsupported function '${ns}.${callee.name}()'`, callee);
            if (arity !== expr.args.length) fail(`${ns}.${callee.name}() takes ${arity} argument(s)`, expr);
            return;
          }
          const arity = methodArity[callee.name];
          if (arity === undefined) fail(`unsupported method '.${callee.name}()'`, callee);
          if (arity !== expr.args.length) fail(`.${callee.name}() takes ${arity} argument(s)`, expr);
          walk(callee.object);
          return;
        }
        fail('only functions and methods can be called', expr);
      }
    }
  };

  const checkFunction = (fn: FunctionDecl) => {
    calls.set(fn, new Set());
    if (fn.name in globalFunctions) fail(`function ${fn.name} would hide the built-in ${fn.name}()`, fn);
    const vars = new Set([...globals, ...fn.wildcards, ...fn.params]);
    for (const binding of fn.lets) {
      checkExpr(binding.value, vars, fn.scope, fn);
      vars.add(binding.name);
    }
    checkExpr(fn.body, vars, fn.scope, fn);
  };

  const checkBlock = (block: MatchBlock) => {
    for (const fn of block.functions.values()) checkFunction(fn);
    const vars = new Set([...globals, ...wildcardNames(block)]);
    for (const allow of block.allows) if (allow.condition) checkExpr(allow.condition, vars, block);
    block.children.forEach(checkBlock);
  };

  for (const fn of ruleset.functions.values()) checkFunction(fn);
  ruleset.matches.forEach(checkBlock);

  // Recursion is refused, as Firestore refuses it.
  const state = new Map<FunctionDecl, 'visiting' | 'done'>();
  const visit = (fn: FunctionDecl) => {
    if (state.get(fn) === 'done') return;
    if (state.get(fn) === 'visiting') fail(`function ${fn.name} calls itself (recursion is not allowed)`, fn);
    state.set(fn, 'visiting');
    for (const callee of calls.get(fn) ?? []) visit(callee);
    state.set(fn, 'done');
  };
  for (const fn of calls.keys()) visit(fn);
  return resolved;
}
