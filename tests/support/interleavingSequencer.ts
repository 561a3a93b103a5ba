// The order test files start in (vitest.config.ts, docs/testing.md). Vitest runs one project after
// another, so two workers would run two jsdom files together (both cores busy) and later two integration
// files together (mostly waiting on the local cloud). Taking the files of the projects in turn puts a
// busy file beside a waiting one. The longest files start first, so none of them is the last one left
// running while the other worker idles; e2e keeps its own group, after all of these.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that take longest, longest first (measured on the 2-core CI machine). */
const longestFirst = [
  'tests/integration/local/start.test.ts',
  'tests/integration/api/refunds.test.ts',
  'tests/integration/api/function.test.ts',
  'tests/component/features/checkout/PaymentDialog.test.tsx',
  'tests/integration/api/discountCheckouts.test.ts',
  'tests/integration/local/startProd.test.ts',
];

const rankOf = (file: TestSpecification) => longestFirst.findIndex((path) => file.moduleId.endsWith(path));

export class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = new Map<number, TestSpecification[]>();
    for (const file of sorted) {
      const order = file.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), file]);
    }
    return [...groups.keys()].sort((a, b) => a - b).flatMap((order) => interleave(groups.get(order) ?? []));
  }
}

function interleave(group: TestSpecification[]): TestSpecification[] {
  const longest = group.filter((file) => rankOf(file) >= 0).sort((a, b) => rankOf(a) - rankOf(b));
  const byProject = new Map<string, TestSpecification[]>();
  for (const file of group) {
    if (rankOf(file) >= 0) continue;
    byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
  }
  const queues = [...byProject.values()];
  const taken: TestSpecification[] = [];
  while (queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const next = queue.shift();
      if (next) taken.push(next);
    }
  }
  return [...longest, ...taken];
}
