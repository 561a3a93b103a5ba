import { RpcError, asArray, asObject, asString, enumName, invalidArgument } from './errors';
import {
  NULL_VALUE,
  compareValues,
  deleteField,
  doubleValue,
  formatTimestamp,
  getField,
  isNaNValue,
  isNumber,
  numberOf,
  parseFieldPath,
  parseTimestamp,
  setField,
  toFields,
  toValue,
  valuesEqual,
  type Fields,
  type FirestoreDocument,
  type Value,
} from './values';

type TransformOp = 'requestTime' | 'increment' | 'maximum' | 'minimum' | 'appendMissingElements' | 'removeAllFromArray';

interface FieldTransform {
  path: string[];
  op: TransformOp;
  operand: Value;
}

export interface ParsedWrite {
  kind: 'update' | 'delete' | 'transform' | 'verify';
  name: string;
  fields: Fields;
  mask: string[][] | undefined;
  transforms: FieldTransform[];
  exists: boolean | undefined;
  updateTime: bigint | undefined;
}

const serverValues = ['SERVER_VALUE_UNSPECIFIED', 'REQUEST_TIME'] as const;
const operandOps = ['increment', 'maximum', 'minimum', 'appendMissingElements', 'removeAllFromArray'] as const;

function parseTransform(raw: unknown): FieldTransform {
  const t = asObject(raw, 'fieldTransform');
  const path = parseFieldPath(asString(t.fieldPath, 'fieldTransform.fieldPath'));
  if (t.setToServerValue !== undefined) {
    if (enumName(t.setToServerValue, serverValues, 'setToServerValue') !== 'REQUEST_TIME') {
      throw invalidArgument('setToServerValue must be REQUEST_TIME');
    }
    return { path, op: 'requestTime', operand: NULL_VALUE };
  }
  const op = operandOps.find((name) => t[name] !== undefined);
  if (op === undefined) throw invalidArgument(`Unsupported field transform: ${JSON.stringify(raw)}`);
  const isArrayOp = op === 'appendMissingElements' || op === 'removeAllFromArray';
  const operand = toValue(isArrayOp ? { arrayValue: t[op] } : t[op]);
  // The numeric transforms' operand "must be an integer or a double value" (FieldTransform).
  if (!isArrayOp && !isNumber(operand)) {
    throw invalidArgument(`The ${op} transform of ${path.join('.')} needs an integer or a double value`);
  }
  return { path, op, operand };
}

/** Reads one Write of a commit request (google/firestore/v1/write.proto). */
export function parseWrite(raw: unknown): ParsedWrite {
  const w = asObject(raw, 'write');
  const precondition = asObject(w.currentDocument, 'currentDocument');
  const common = {
    fields: {},
    mask: undefined,
    transforms: asArray(w.updateTransforms, 'updateTransforms').map(parseTransform),
    exists: typeof precondition.exists === 'boolean' ? precondition.exists : undefined,
    updateTime: precondition.updateTime === undefined ? undefined : parseTimestamp(precondition.updateTime),
  };
  if (w.update !== undefined) {
    const doc = asObject(w.update, 'update');
    // An empty updateMask ({}) is still a mask: the write then only applies its transforms.
    const mask =
      w.updateMask === undefined || w.updateMask === null
        ? undefined
        : asArray(asObject(w.updateMask, 'updateMask').fieldPaths, 'updateMask.fieldPaths');
    return {
      ...common,
      kind: 'update',
      name: asString(doc.name, 'update.name'),
      fields: toFields(doc.fields),
      mask: mask?.map((p) => parseFieldPath(asString(p, 'fieldPath'))),
    };
  }
  if (w.delete !== undefined) return { ...common, kind: 'delete', name: asString(w.delete, 'delete') };
  if (w.verify !== undefined) return { ...common, kind: 'verify', name: asString(w.verify, 'verify') };
  if (w.transform !== undefined) {
    const t = asObject(w.transform, 'transform');
    return {
      ...common,
      kind: 'transform',
      name: asString(t.document, 'transform.document'),
      transforms: asArray(t.fieldTransforms, 'transform.fieldTransforms').map(parseTransform),
    };
  }
  throw invalidArgument('A write needs update, delete, transform or verify');
}

function checkPrecondition(write: ParsedWrite, current: FirestoreDocument | undefined): void {
  if (write.exists === true && current === undefined) {
    throw new RpcError('NOT_FOUND', `No document to update: ${write.name}`);
  }
  if (write.exists === false && current !== undefined) {
    throw new RpcError('ALREADY_EXISTS', `Document already exists: ${write.name}`);
  }
  if (
    write.updateTime !== undefined &&
    (current === undefined || parseTimestamp(current.updateTime) !== write.updateTime)
  ) {
    throw new RpcError(
      'FAILED_PRECONDITION',
      `The document ${write.name} was changed: its update time is ${current?.updateTime ?? 'none (missing)'}, ` +
        `the write required ${formatTimestamp(write.updateTime)}`,
    );
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// Integer increments saturate at the int64 limits instead of wrapping.
function add(a: Value, b: Value): Value {
  if ('integerValue' in a && 'integerValue' in b) {
    const total = BigInt(a.integerValue) + BigInt(b.integerValue);
    return { integerValue: (total > INT64_MAX ? INT64_MAX : total < INT64_MIN ? INT64_MIN : total).toString() };
  }
  return isNumber(a) && isNumber(b) ? doubleValue(numberOf(a) + numberOf(b)) : b;
}

function applyTransform(fields: Fields, t: FieldTransform, commitTime: string): Value {
  const current = getField(fields, t.path);
  const currentList = current !== undefined && 'arrayValue' in current ? current.arrayValue.values : [];
  const operandList = 'arrayValue' in t.operand ? t.operand.arrayValue.values : [];
  let next: Value;
  switch (t.op) {
    case 'requestTime':
      next = { timestampValue: commitTime };
      break;
    // Numeric transforms on a missing or non-numeric field just store the operand.
    case 'increment':
      next = isNumber(current) ? add(current, t.operand) : t.operand;
      break;
    // Equal values keep the stored one (3 stays 3 against 3.0); NaN on either side gives NaN, which
    // the ordering would otherwise put below every number.
    case 'maximum':
      next =
        !isNumber(current) || isNaNValue(t.operand)
          ? t.operand
          : compareValues(current, t.operand) >= 0 || isNaNValue(current)
            ? current
            : t.operand;
      break;
    case 'minimum':
      next =
        !isNumber(current) || isNaNValue(t.operand)
          ? t.operand
          : compareValues(current, t.operand) <= 0
            ? current
            : t.operand;
      break;
    case 'appendMissingElements': {
      const values = [...currentList];
      for (const v of operandList) if (!values.some((x) => valuesEqual(x, v))) values.push(v);
      next = { arrayValue: { values } };
      break;
    }
    case 'removeAllFromArray':
      next = { arrayValue: { values: currentList.filter((x) => !operandList.some((v) => valuesEqual(x, v))) } };
      break;
  }
  setField(fields, t.path, next);
  // The service reports array transforms' results as null.
  return t.op === 'appendMissingElements' || t.op === 'removeAllFromArray' ? NULL_VALUE : next;
}

export interface WriteOutcome {
  /** The document after the write; undefined when it is deleted (or stays missing). */
  document: FirestoreDocument | undefined;
  transformResults: Value[] | undefined;
}

/** Applies one write to the document's current state; throws the Firestore error when it must fail. */
export function applyWrite(
  write: ParsedWrite,
  current: FirestoreDocument | undefined,
  commitTime: string,
): WriteOutcome {
  checkPrecondition(write, current);
  if (write.kind === 'verify') return { document: current, transformResults: undefined };
  if (write.kind === 'delete') return { document: undefined, transformResults: undefined };

  let fields: Fields;
  if (write.kind === 'update' && write.mask === undefined) {
    fields = structuredClone(write.fields);
  } else {
    // A masked update touches only the masked paths: present in the update = set, absent = delete.
    fields = structuredClone(current?.fields ?? {});
    for (const path of write.mask ?? []) {
      const value = getField(write.fields, path);
      if (value === undefined) deleteField(fields, path);
      else setField(fields, path, structuredClone(value));
    }
  }
  const transformResults = write.transforms.map((t) => applyTransform(fields, t, commitTime));
  return {
    document: { name: write.name, fields, createTime: current?.createTime ?? commitTime, updateTime: commitTime },
    transformResults: transformResults.length > 0 ? transformResults : undefined,
  };
}
