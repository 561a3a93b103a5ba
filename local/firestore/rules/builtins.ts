// The rules language's built-in functions (int(), float(), string(), path()) and its namespaces
// (duration, timestamp, math); the methods of its values are in methods.ts. Each fails with a
// RulesEvalError where Firestore's rules would have no value.
import { NULL, asInt, asString, bool, fail, int, str, typeName, type RulesValue } from './values';

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
