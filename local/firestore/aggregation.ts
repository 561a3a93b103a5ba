// Aggregation queries (structuredAggregationQuery: count, sum, avg) over the documents a structured
// query selects, as local/firestore/query.ts selects them.
import { asArray, asObject, invalidArgument } from './errors';
import { checkIndexes } from './indexes';
import {
  databaseOf,
  fieldPathOf,
  parseCount,
  parseStructuredQuery,
  select,
  type DocumentSource,
  type QueryOptions,
} from './query';
import { NULL_VALUE, doubleValue, getField, isNumber, numberOf, type NumberValue, type Value } from './values';

const MAX_AGGREGATIONS = 5;

type Aggregation =
  | { alias: string; operation: 'count'; upTo: number | undefined }
  | { alias: string; operation: 'sum' | 'avg'; path: string[] };

function parseAggregation(raw: unknown, i: number): Aggregation {
  const spec = asObject(raw, 'aggregation');
  const alias = typeof spec.alias === 'string' ? spec.alias : `field_${i + 1}`;
  if (spec.count !== undefined) {
    return { alias, operation: 'count', upTo: parseCount(asObject(spec.count, 'count').upTo, 'count.upTo') };
  }
  const operation = spec.sum !== undefined ? 'sum' : spec.avg !== undefined ? 'avg' : undefined;
  if (operation === undefined) throw invalidArgument('An aggregation needs count, sum or avg');
  return { alias, operation, path: fieldPathOf(asObject(spec[operation], operation).field, `${operation}.field`) };
}

/**
 * Runs a structuredAggregationQuery; answers the aggregateFields map. As in production, one request
 * aggregates only the documents that have every field it sums or averages (count included), and sum
 * and avg skip the values that are not numbers.
 */
export function runAggregation(
  parent: string,
  rawAggregation: unknown,
  source: DocumentSource,
  options: QueryOptions = {},
): Record<string, Value> {
  const aggregation = asObject(rawAggregation, 'structuredAggregationQuery');
  const specs = asArray(aggregation.aggregations, 'aggregations').map(parseAggregation);
  if (specs.length > MAX_AGGREGATIONS) {
    throw invalidArgument(
      `The maximum number of aggregations in one request is ${MAX_AGGREGATIONS}; this query has ${specs.length}.`,
    );
  }
  const query = parseStructuredQuery({
    ...asObject(aggregation.structuredQuery, 'structuredQuery'),
    select: undefined,
  });
  if (options.indexes !== undefined) checkIndexes(options.indexes, databaseOf(parent), query);
  const fields = specs.flatMap((spec) => (spec.operation === 'count' ? [] : [spec.path]));
  const docs = select(parent, query, source, fields);
  const result: Record<string, Value> = {};
  for (const spec of specs) {
    if (spec.operation === 'count') {
      const n = spec.upTo === undefined ? docs.length : Math.min(spec.upTo, docs.length);
      result[spec.alias] = { integerValue: String(n) };
    } else {
      const numbers = docs.map((d) => getField(d.fields, spec.path)).filter(isNumber);
      result[spec.alias] = spec.operation === 'sum' ? sum(numbers) : average(numbers);
    }
  }
  return result;
}

// Sums stay integers while every input is an integer and the total fits in 64 bits.
function sum(numbers: NumberValue[]): Value {
  if (numbers.every((n) => 'integerValue' in n)) {
    const total = numbers.reduce((acc, n) => acc + BigInt('integerValue' in n ? n.integerValue : 0), 0n);
    if (total >= -(2n ** 63n) && total < 2n ** 63n) return { integerValue: total.toString() };
  }
  return doubleValue(numbers.reduce((acc, n) => acc + numberOf(n), 0));
}

function average(numbers: NumberValue[]): Value {
  if (numbers.length === 0) return NULL_VALUE;
  return doubleValue(numbers.reduce((acc, n) => acc + numberOf(n), 0) / numbers.length);
}
