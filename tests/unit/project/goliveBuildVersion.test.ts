// The doctor's 'this build' comparison (scripts/golive/buildVersion.ts) against this repository.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildVersion, isThisBuild } from '../../../scripts/golive/buildVersion';

const root = resolve(import.meta.dirname, '../../..');
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

describe('the build version the doctor expects', () => {
  it("is package.json's version and the commit", () => {
    expect(buildVersion(root)).toBe(`0.1.0+${commit.slice(0, 7)}`);
  });

  it('accepts this build however long a hash the API writes, and the version alone', () => {
    expect(isThisBuild(`0.1.0+${commit.slice(0, 7)}`, root)).toBe(true);
    expect(isThisBuild(`0.1.0-${commit}`, root)).toBe(true);
    expect(isThisBuild('0.1.0', root)).toBe(true);
  });

  it('refuses another commit, another version, or none', () => {
    expect(isThisBuild('0.1.0+0000000', root)).toBe(false);
    expect(isThisBuild(`0.2.0+${commit.slice(0, 7)}`, root)).toBe(false);
    expect(isThisBuild(`0.1.01+${commit.slice(0, 7)}`, root)).toBe(false);
    expect(isThisBuild('', root)).toBe(false);
  });
});
