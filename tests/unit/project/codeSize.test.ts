// The size rule for the code under server/, src/, domain/, local/ and scripts/ (docs/architecture.md,
// 'Conventions'): no file over 400 lines and no function over 150 lines, a function counted from its first
// to its last line (a nested function counts within its parent too, so a factory returning an object of
// methods is one long function). The rule is met by shaping units around their ideas, not by trimming to
// the meter: a file of 380 lines or more, or a function of 140 or more, fails unless it is listed below,
// either as one idea (with the reason it stays whole) or as still over while it waits to be split.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const maxFileLines = 400;
const maxFunctionLines = 150;
// A unit this close to the limit was trimmed to fit rather than shaped: it fails from here.
const fileMargin = 20;
const functionMargin = 10;
const fileLimit = maxFileLines - fileMargin;
const functionLimit = maxFunctionLines - functionMargin;
const measuredDirs = ['server', 'src', 'domain', 'local', 'scripts'];

/** What a file may still measure: its line count and its longest function, each at most this. */
interface Allowance {
  fileLines: number;
  longestFunction: number;
}

// Units that are one idea, each with why it stays whole (docs/architecture.md lists them). Keyed by path
// from the repository root; 0 where that part is within the margins. The figures hold it there: a unit
// growing past its figure fails, so a one-idea unit cannot quietly take in a second idea.
const oneIdea: Record<string, Allowance & { reason: string }> = {};

// Units not yet shaped by their ideas, waiting to be split. A figure is lowered as its unit shrinks and never
// raised: a unit growing past its figure fails, as does an entry no longer needed, so the list only gets shorter.
const stillOver: Record<string, Allowance> = {};

interface Measure {
  file: string;
  lines: number;
  functions: { name: string; line: number; lines: number }[];
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await sourceFiles(path)));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function functionName(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

function measure(path: string, text: string): Measure {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const functions: Measure['functions'] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const line = lineOf(node.getStart(source));
      functions.push({ name: functionName(node), line, lines: lineOf(node.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  return { file: relative(root, path), lines, functions };
}

async function measureAll(): Promise<Measure[]> {
  const paths = (await Promise.all(measuredDirs.map((dir) => sourceFiles(join(root, dir))))).flat();
  return Promise.all(paths.map(async (path) => measure(path, await readFile(path, 'utf8'))));
}

describe('code size', () => {
  it('measures functions by their line span, nested ones within their parent', () => {
    const text = [
      'export function outer() {',
      '  const inner = () => {',
      '    return 1;',
      '  };',
      '  return inner;',
      '}',
      'const obj = { method() { return 2; } };',
      '',
    ].join('\n');
    const found = measure(join(root, 'x.ts'), text);
    expect(found.lines).toBe(7);
    expect(found.functions).toEqual([
      { name: 'outer', line: 1, lines: 6 },
      { name: 'inner', line: 2, lines: 3 },
      { name: 'method', line: 7, lines: 1 },
    ]);
  });

  it(`keeps every file under ${fileLimit} lines and every function under ${functionLimit}, bar the listed`, async () => {
    const measures = await measureAll();
    const problems: string[] = [];
    for (const { file, lines, functions } of measures) {
      const allowed = oneIdea[file] ?? stillOver[file];
      const longest = functions.reduce((max, f) => Math.max(max, f.lines), 0);
      // An allowed figure of 0 means the margin applies to that part.
      const fileMost = allowed && allowed.fileLines > 0 ? allowed.fileLines : fileLimit - 1;
      const functionMost = allowed && allowed.longestFunction > 0 ? allowed.longestFunction : functionLimit - 1;
      if (lines > fileMost) problems.push(`${file}: ${lines} lines (at most ${fileMost})`);
      for (const f of functions) {
        if (f.lines > functionMost) {
          problems.push(`${file}:${f.line} ${f.name}: ${f.lines} lines (at most ${functionMost})`);
        }
      }
      if (allowed && allowed.fileLines > 0 && lines < fileLimit) {
        problems.push(`${file} is under ${fileLimit} lines now: set its fileLines to 0 in its list`);
      }
      if (allowed && allowed.longestFunction > 0 && longest < functionLimit) {
        problems.push(`${file} has no function of ${functionLimit} lines or more now: set its longestFunction to 0`);
      }
      if (allowed && allowed.fileLines === 0 && allowed.longestFunction === 0) {
        problems.push(`${file} is within the margins: remove it from its list`);
      }
    }
    for (const file of [...Object.keys(oneIdea), ...Object.keys(stillOver)]) {
      if (!measures.some((m) => m.file === file)) problems.push(`${file} is listed but gone: remove it`);
    }
    for (const [file, { reason }] of Object.entries(oneIdea)) {
      if (file in stillOver) problems.push(`${file} is listed both as one idea and as still over`);
      if (reason.trim().length < 20) problems.push(`${file} is listed as one idea without the reason it stays whole`);
    }
    expect(problems).toEqual([]);
    // It parses every source file of the measured folders with the TypeScript compiler: seconds of CPU, more
    // on a machine whose two cores are shared with the other test workers.
  }, 60_000);
});
