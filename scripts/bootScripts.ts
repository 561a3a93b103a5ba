// The scripts that run before the app (src/boot): /start.js on every prerendered page,
// /early-query.js on the list pages and /early-learn.js on the course player's. Each is built from its module on its own, into one minified
// classic script (an IIFE: no imports, no globals but the ones it sets on purpose), because the pages
// load them as classic scripts before any module. They are not entries of the app's build: there,
// modules they share with the app (domain/images, lib/earlyQuery) would go into a common chunk that a
// classic script cannot import.
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';

/** Where the boot scripts' modules are, from the project's root. */
export const bootEntries = {
  start: 'src/boot/start.ts',
  earlyQuery: 'src/boot/earlyQuery.ts',
  earlyLearn: 'src/boot/earlyLearn.ts',
} as const;

async function buildBootScript(
  root: string,
  entry: string,
  define: Record<string, string>,
  mode = 'production',
): Promise<string> {
  const result = (await build({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: {
      write: false,
      // The app's own target: a browser that cannot run this cannot run the app either.
      target: 'es2020',
      minify: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: { input: resolve(root, entry), output: { format: 'iife' } },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const [chunk, ...others] = outputs;
  if (!chunk || chunk.type !== 'chunk' || others.length > 0) {
    throw new Error(`${entry} must build into one script, not ${outputs.map((o) => o.fileName).join(', ')}`);
  }
  return chunk.code;
}

/** /start.js as the pages get it. */
export function startScript(root: string, mode?: string): Promise<string> {
  return buildBootScript(root, bootEntries.start, {}, mode);
}

/** /early-query.js as the list pages get it, sending its query to `url` (a runQuery endpoint). */
export function earlyQueryScript(root: string, url: string, mode?: string): Promise<string> {
  return buildBootScript(root, bootEntries.earlyQuery, { __EARLY_QUERY_URL__: JSON.stringify(url) }, mode);
}

/** /early-learn.js as the course player's page gets it (same-origin API: nothing to write in). */
export function earlyLearnScript(root: string, mode?: string): Promise<string> {
  return buildBootScript(root, bootEntries.earlyLearn, {}, mode);
}
