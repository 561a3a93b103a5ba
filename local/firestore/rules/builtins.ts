// The rules language's built-in functions (int(), float(), string(), path()), its namespaces
// (duration, timestamp, math) and the methods of its values (string, list, set, map, map diff,
// timestamp, duration). Each fails with a RulesEvalError where Firestore's rules would have no value.
import {
  NULL,
  asInt,
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

export function callNamespace(ns: string, name: string, args: RulesValue[]): RulesValue {
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

export function callMethod(receiver: RulesValue, name: string, args: RulesValue[]): RulesValue {
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

/** A built-in function called by its bare name, other than the document reads. */
export function callGlobal(name: string, arg: RulesValue): RulesValue {
  switch (name) {
    case 'int':
      return toInt(arg);
    case 'float':
      return toFloat(arg);
    case 'string':
      return toStringValue(arg);
    case 'path': {
      const text = asString(arg, 'path()');
      return { t: 'path', v: text.split('/').filter((s) => s !== '') };
    }
    default:
      return fail(`unsupported function ${name}()`);
  }
}
