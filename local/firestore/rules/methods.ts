// The methods of the rules language's values: string, list, set, map, map diff, timestamp and
// duration. Each fails with a RulesEvalError where Firestore's rules would have no value.
import {
  NULL,
  asString,
  bool,
  contains,
  elements,
  equals,
  fail,
  int,
  known,
  str,
  toSet,
  typeName,
  type RulesValue,
} from './values';

const NANOS_PER_SECOND = 1_000_000_000n;

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

/** size(), matches(), lower(), upper(), trim(), split() and replace() of a string. */
function stringMethod(
  value: Extract<RulesValue, { t: 'string' }>,
  name: string,
  [a = NULL, b = NULL]: RulesValue[],
  wrong: () => never,
): RulesValue {
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
}

/** The methods of a list or a set; some are a list's only (join, concat, removeAll), some a set's (difference, intersection, union). */
function listMethod(
  value: Extract<RulesValue, { t: 'list' | 'set' }>,
  name: string,
  [a = NULL]: RulesValue[],
  wrong: () => never,
): RulesValue {
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
}

/** size(), keys(), values(), get() and diff() of a map. */
function mapMethod(
  value: Extract<RulesValue, { t: 'map' }>,
  name: string,
  [a = NULL, b = NULL]: RulesValue[],
  wrong: () => never,
): RulesValue {
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
}

/** The keys a map diff names: added, removed, changed, unchanged, affected. */
function mapDiffMethod(value: Extract<RulesValue, { t: 'mapdiff' }>, name: string, wrong: () => never): RulesValue {
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

/** The parts of a timestamp (UTC). */
function timestampMethod(value: Extract<RulesValue, { t: 'timestamp' }>, name: string, wrong: () => never): RulesValue {
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
}

/** The seconds and nanos of a duration. */
function durationMethod(value: Extract<RulesValue, { t: 'duration' }>, name: string, wrong: () => never): RulesValue {
  switch (name) {
    case 'seconds':
      return int(value.v / NANOS_PER_SECOND);
    case 'nanos':
      return int(value.v % NANOS_PER_SECOND);
    default:
      return wrong();
  }
}

export function callMethod(receiver: RulesValue, name: string, args: RulesValue[]): RulesValue {
  const value = known(receiver);
  const wrong = (): never => fail(`${typeName(value)} has no method ${name}()`);
  switch (value.t) {
    case 'string':
      return stringMethod(value, name, args, wrong);
    case 'list':
    case 'set':
      return listMethod(value, name, args, wrong);
    case 'map':
      return mapMethod(value, name, args, wrong);
    case 'mapdiff':
      return mapDiffMethod(value, name, wrong);
    case 'timestamp':
      return timestampMethod(value, name, wrong);
    case 'duration':
      return durationMethod(value, name, wrong);
    default:
      return wrong();
  }
}
