// `npm run build:functions`: bundles server/function.ts into dist-functions/ with a package.json that
// lists only what the API needs at run time, ready for `firebase deploy --only functions`.
// `buildFunctions.ts <outDir> --entry <module>` bundles another server module the same way, so a
// test can run a part of the API exactly as it ships (tests/integration/api/function.test.ts).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { localBuildVersion } from '../server/health/buildVersion';
import { deployedRuntime, functionRuntimeDependencies as runtimeDependencies, runtimeMajor } from './functionRuntime';

const root = resolve(import.meta.dirname, '..');
const args = parseArgs({ allowPositionals: true, options: { entry: { type: 'string' } } });
const outDir = resolve(root, args.positionals[0] ?? 'dist-functions');
const entry = resolve(root, args.values.entry ?? 'server/function.ts');
// The Node major firebase.json deploys on: the bundle is built for it and says so in `engines`.
const nodeMajor = runtimeMajor(deployedRuntime(root));

const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(resolve(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

await build({
  root,
  logLevel: 'warn',
  configFile: false,
  publicDir: false,
  build: {
    ssr: entry,
    outDir,
    emptyOutDir: true,
    target: `node${nodeMajor}`,
    rolldownOptions: {
      external: runtimeDependencies.flatMap((name) => [name, new RegExp(`^${name}/`)]),
      output: { entryFileNames: 'index.js', format: 'es' },
    },
  },
});

mkdirSync(outDir, { recursive: true });
writeFileSync(
  resolve(outDir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'digital-store-api',
      private: true,
      type: 'module',
      main: 'index.js',
      engines: { node: String(nodeMajor) },
      dependencies: Object.fromEntries(
        runtimeDependencies.map((name) => [name, pkg.dependencies[name] ?? `^${installedVersion(name)}`]),
      ),
    },
    null,
    2,
  )}\n`,
);
// The API's non-secret settings for the deployed function (see .env.example, API section).
const envFile = resolve(root, '.env.functions');
if (existsSync(envFile)) copyFileSync(envFile, resolve(outDir, '.env'));
// What GET /api/health answers as the build's version (server/health/buildVersion.ts).
const envLines = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
if (!/^BUILD_VERSION=/m.test(envLines)) {
  const separator = envLines === '' || envLines.endsWith('\n') ? '' : '\n';
  writeFileSync(resolve(outDir, '.env'), `${envLines}${separator}BUILD_VERSION=${localBuildVersion(root)}\n`);
}
process.stdout.write(`API function built in ${outDir}\n`);
