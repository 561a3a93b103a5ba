// The lint rules that hold the structure (docs/architecture.md, 'Conventions'), run with the project's own
// eslint.config.js over small source trees written for each case.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
let dir: string;
let results: Map<string, string[]>;

const files: Record<string, string> = {
  'src/features/catalog/index.ts': "export { Shelf } from './components/Shelf';\n",
  'src/features/catalog/components/Shelf.ts': 'export const Shelf = 1;\n',
  'src/features/catalog/api/catalogStore.ts':
    "import { getFirestore } from 'firebase/firestore/lite';\nexport const store = getFirestore;\n",
  'src/features/search/throughSurface.ts': "import { Shelf } from '../catalog';\nexport const a = Shelf;\n",
  'src/features/search/intoInternals.ts':
    "import { Shelf } from '../catalog/components/Shelf';\nexport const b = Shelf;\n",
  'src/features/search/components/SignIn.ts': "import { getAuth } from 'firebase/auth';\nexport const c = getAuth;\n",
  'src/lib/session.ts': "import { getAuth } from 'firebase/auth';\nexport const d = getAuth;\n",
  'src/lib/reachesUp.ts': "import { Shelf } from '../features/catalog';\nexport const e = Shelf;\n",
  'src/lib/ping.ts': "import { pong } from './pong';\nexport const ping = () => pong;\n",
  'src/lib/pong.ts': "import { ping } from './ping';\nexport const pong = () => ping;\n",
  'src/lib/sizes.ts': 'export const size = 1;\n',
  'src/boot/small.ts': "import { size } from '../lib/sizes';\nexport const g = size;\n",
  'src/boot/pullsReact.ts': "import { useState } from 'react';\nexport const h = useState;\n",
  'src/boot/pullsApp.ts': "import { Shelf } from '../features/catalog';\nexport const i = Shelf;\n",
  'src/features/search/rawStore.ts': "import { useStore } from 'react-redux';\nexport const g = useStore;\n",
  'src/app/hooks.ts':
    "import { useDispatch, useSelector, useStore } from 'react-redux';\nexport const h = [useDispatch, useSelector, useStore];\n",
  'src/App.tsx':
    "import { Shelf } from './features/catalog/components/Shelf';\nimport { Shelf as S } from './features/catalog';\nexport const f = [Shelf, S];\n",
  'domain/shape.ts': 'export const shape = 1;\n',
  'domain/reachesOut.ts': "import { ping } from '../src/lib/ping';\nexport const g = ping;\n",
  'domain/usesPackage.ts': "import { z } from 'zod';\nexport const h = z;\n",
  'server/usesDomain.ts': "import { shape } from '../domain/shape';\nexport const i = shape;\n",
  'server/usesSpa.ts': "import { ping } from '../src/lib/ping';\nexport const j = ping;\n",
  'local/usesSpa.ts': "import { Shelf } from '../src/features/catalog';\nexport const k = Shelf;\n",
  'scripts/usesSpa.ts': "import { pong } from '../src/lib/pong';\nexport const l = pong;\n",
};

interface LintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; message: string }>;
}

async function rulesBroken(file: string): Promise<string[]> {
  const broken = results.get(join(dir, file));
  if (!broken) throw new Error(`${file} was not linted`);
  return broken;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-lint-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  // The lint is type-aware: the tree is one TypeScript project, with the project's packages to resolve
  // its imports.
  const project = {
    extends: join(root, 'tsconfig.base.json'),
    compilerOptions: { lib: ['ES2023', 'DOM'], types: ['node'] },
    include: ['src', 'domain', 'server', 'local', 'scripts'],
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(project));
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // Run as `npm run lint` does, from the tree's root: the zones are paths from the working directory.
  const run = await promisify(execFile)(
    process.execPath,
    [
      join(root, 'node_modules/eslint/bin/eslint.js'),
      '--config',
      join(root, 'eslint.config.js'),
      '--format',
      'json',
      'src',
      'domain',
      'server',
      'local',
      'scripts',
    ],
    { cwd: dir, maxBuffer: 10 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' }));
  const parsed = JSON.parse(run.stdout) as LintResult[];
  results = new Map(parsed.map((r) => [r.filePath, r.messages.map((m) => m.ruleId ?? m.message)]));
  // The type-aware lint builds a TypeScript program first: seconds more on a busy machine.
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('feature boundaries', () => {
  it('lets a feature use another through its index.ts', async () => {
    expect(await rulesBroken('src/features/search/throughSurface.ts')).toEqual([]);
  });

  it("forbids reaching into another feature's files", async () => {
    expect(await rulesBroken('src/features/search/intoInternals.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('makes the app layer import features only through index.ts', async () => {
    expect(await rulesBroken('src/App.tsx')).toEqual(['import-x/no-restricted-paths']);
  });

  it('keeps shared code from importing features', async () => {
    expect(await rulesBroken('src/lib/reachesUp.ts')).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('Firebase only in lib/ and features/*/api/', () => {
  it('refuses firebase/auth in a component', async () => {
    expect(await rulesBroken('src/features/search/components/SignIn.ts')).toEqual(['no-restricted-imports']);
  });

  it('allows it in lib/ and in a feature’s api/', async () => {
    expect(await rulesBroken('src/lib/session.ts')).toEqual([]);
    expect(await rulesBroken('src/features/catalog/api/catalogStore.ts')).toEqual([]);
  });
});

describe('the boot scripts stay tiny', () => {
  it('lets a boot script import a small module of the project', async () => {
    expect(await rulesBroken('src/boot/small.ts')).toEqual([]);
  });

  it('refuses a package (React here) and the app in a boot script', async () => {
    expect(await rulesBroken('src/boot/pullsReact.ts')).toEqual(['no-restricted-imports']);
    expect(await rulesBroken('src/boot/pullsApp.ts')).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('import cycles', () => {
  it('reports two modules that import each other', async () => {
    expect(await rulesBroken('src/lib/ping.ts')).toEqual(['import-x/no-cycle']);
  });
});

describe('layers: domain/ and the SPA', () => {
  it('lets the API import domain/', async () => {
    expect(await rulesBroken('server/usesDomain.ts')).toEqual([]);
    expect(await rulesBroken('domain/shape.ts')).toEqual([]);
  });

  it('keeps server/, local/ and scripts/ from importing src/', async () => {
    expect(await rulesBroken('server/usesSpa.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesBroken('local/usesSpa.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesBroken('scripts/usesSpa.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('keeps domain/ from importing another folder or a package', async () => {
    expect(await rulesBroken('domain/reachesOut.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(await rulesBroken('domain/usesPackage.ts')).toEqual(['no-restricted-imports']);
  });
});

describe('typed Redux hooks', () => {
  it("refuses react-redux's raw hooks outside app/hooks.ts", async () => {
    expect(await rulesBroken('src/features/search/rawStore.ts')).toEqual(['no-restricted-imports']);
  });

  it('lets app/hooks.ts wrap them with the store types', async () => {
    expect(await rulesBroken('src/app/hooks.ts')).toEqual([]);
  });
});
