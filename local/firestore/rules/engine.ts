// Decides one operation on one path: finds every match block whose full pattern matches the path,
// and allows the operation when any `allow` statement for it has a condition that is true.
import type { MatchBlock, Operation, PatternSegment, RuleMethod, Ruleset } from './ast';
import { checkRuleset, type ResolvedCalls } from './check';
import type { DocumentReader } from './documents';
import { conditionAllows } from './evaluate';
import { parseRules } from './parser';
import { mapOf, str, type RulesValue } from './values';

export interface CompiledRules {
  ruleset: Ruleset;
  resolved: ResolvedCalls;
}

/** Parses and checks a rules file; throws RulesSyntaxError naming the line and construct. */
export function compileRules(source: string): CompiledRules {
  const ruleset = parseRules(source);
  return { ruleset, resolved: checkRuleset(ruleset) };
}

/** The document id of a list request: unknown until the query runs. */
export const ANY_ID = Symbol('any document id');
/**
 * Where a collection group query may find documents: any run of segments (none included) between
 * its parent and the collection id. Only a recursive wildcard can take it, and only whole.
 */
const ANY_PATH = Symbol('any path');
type Segment = string | typeof ANY_ID | typeof ANY_PATH;

export interface RulesRequest {
  operation: Operation;
  /** The database id, `(default)`. */
  database: string;
  /** Below `documents`: a document's collection/id pairs; for `list`, the collection's path. */
  path: string[];
  /** `request.auth`: null for a visitor, else {uid, token}. */
  auth: RulesValue;
  /** `request.time`, nanoseconds since the epoch. */
  time: bigint;
  /** `resource`: the stored document (null when missing); for list, what the query pins. */
  resource: RulesValue;
  /** `request.resource` of create and update: the document as the write leaves it. */
  requestResource?: RulesValue;
  /** `request.query` of list: {limit, offset}. */
  query?: RulesValue;
  /** For list: the document id when the query pins `__name__` with ==. */
  listId?: string;
  /**
   * For list: a collection group query. `path` is then the parent's path followed by the collection
   * id, and the documents may be at any depth below the parent.
   */
  collectionGroup?: boolean;
  reader: DocumentReader;
}

export interface Decision {
  allowed: boolean;
  /** Why each applicable condition failed (for the error message and logs). */
  reasons: string[];
}

const covers: Record<Operation, RuleMethod[]> = {
  get: ['get', 'read'],
  list: ['list', 'read'],
  create: ['create', 'write'],
  update: ['update', 'write'],
  delete: ['delete', 'write'],
};

/** Every way a pattern matches segments from `start`: where it ends and what it binds. */
function matchPattern(
  pattern: PatternSegment[],
  segments: Segment[],
  start: number,
  listId: string | undefined,
  version: Ruleset['version'],
): Array<{ end: number; bindings: Array<[string, RulesValue]> }> {
  const results: Array<{ end: number; bindings: Array<[string, RulesValue]> }> = [];
  const step = (p: number, s: number, bindings: Array<[string, RulesValue]>) => {
    const part = pattern[p];
    if (part === undefined) {
      results.push({ end: s, bindings });
      return;
    }
    if (part.kind === 'recursive') {
      // {name=**} binds the segments it takes as a path: zero or more of them in rules_version 2,
      // one or more in version 1 (where the parser only allows it at the end of a match path).
      for (let end = version === 1 ? s + 1 : s; end <= segments.length; end++) {
        const taken = segments.slice(s, end);
        const value: RulesValue = taken.every((x) => typeof x === 'string')
          ? { t: 'path', v: taken }
          : { t: 'unknown', what: `{${part.name}=**}` };
        step(p + 1, end, [...bindings, [part.name, value]]);
      }
      return;
    }
    const segment = segments[s];
    if (segment === undefined || segment === ANY_PATH) return;
    if (part.kind === 'literal') {
      if (segment === part.text) step(p + 1, s + 1, bindings);
      return;
    }
    const value: RulesValue =
      segment !== ANY_ID
        ? str(segment)
        : listId !== undefined
          ? str(listId)
          : { t: 'unknown', what: `the document id {${part.name}}` };
    step(p + 1, s + 1, [...bindings, [part.name, value]]);
  };
  step(0, start, []);
  return results;
}

export function decide(rules: CompiledRules, request: RulesRequest): Decision {
  const group = request.operation === 'list' && request.collectionGroup === true;
  // https://firebase.google.com/docs/rules/rules-behavior: collection group queries need version 2.
  if (group && rules.ruleset.version === 1) {
    return { allowed: false, reasons: ["collection group queries need rules_version = '2'"] };
  }
  const segments: Segment[] = ['databases', request.database, 'documents', ...request.path];
  if (group) segments.splice(segments.length - 1, 0, ANY_PATH);
  if (request.operation === 'list') segments.push(ANY_ID);
  const pathValue: RulesValue = group
    ? { t: 'unknown', what: 'request.path of a collection group query' }
    : { t: 'path', v: ['databases', request.database, 'documents', ...request.path] };
  const requestFields: Record<string, RulesValue> = {
    auth: request.auth,
    method: str(request.operation),
    path: pathValue,
    time: { t: 'timestamp', v: request.time },
  };
  if (request.requestResource !== undefined) requestFields.resource = request.requestResource;
  if (request.query !== undefined) requestFields.query = request.query;
  const globals: Array<[string, RulesValue]> = [
    ['request', mapOf(requestFields)],
    ['resource', request.resource],
  ];

  const reasons: string[] = [];
  const methods = covers[request.operation];
  const visit = (block: MatchBlock, start: number, bindings: Array<[string, RulesValue]>): boolean => {
    for (const match of matchPattern(block.pattern, segments, start, request.listId, rules.ruleset.version)) {
      const bound = [...bindings, ...match.bindings];
      if (match.end === segments.length) {
        for (const allow of block.allows) {
          if (!allow.methods.some((m) => methods.includes(m))) continue;
          if (allow.condition === undefined) return true;
          const outcome = conditionAllows(allow.condition, {
            resolved: rules.resolved,
            reader: request.reader,
            variables: new Map([...bound, ...globals]),
          });
          if (outcome.allowed) return true;
          reasons.push(`line ${allow.pos.line}: ${outcome.error ?? 'the condition is false'}`);
        }
      }
      for (const child of block.children) if (visit(child, match.end, bound)) return true;
    }
    return false;
  };
  for (const block of rules.ruleset.matches) if (visit(block, 0, [])) return { allowed: true, reasons: [] };
  if (reasons.length === 0) reasons.push(`no allow statement for ${request.operation} matches this path`);
  return { allowed: false, reasons };
}
