// `npm run start:prod`: the store built as for production and served as Firebase Hosting serves it
// (firebase.json's rewrites and headers, CSP included), so what a crawler or a shopper gets once
// deployed can be seen offline: the API-filled product pages with their structured data, robots.txt,
// the sitemap. The e2e tests serve their builds the same way. See docs/local-cloud.md.
import { build, preview, type PreviewServer } from 'vite';
import { pagesServer } from '../scripts/pagesServer';

export interface BuiltStoreOptions {
  root: string;
  /** Where the build goes (never dist/, which is what deploys). */
  outDir: string;
  port: number;
  apiUrl: string;
  standIns: Readonly<Record<string, readonly string[]>>;
  /**
   * false: /productdetail/{id} gets the built generic shell instead of the API's filled page (a second
   * build served beside the first, whose shell the API fills from).
   */
  productPagesThroughApi?: boolean;
  /** Text brotli- or gzip-compressed as the browser asks, as Hosting sends it. */
  compress?: boolean;
  logLevel?: 'warn' | 'silent';
}

/** Serves a build of the store as Hosting would, with the API behind /api and its other rewrites. */
export function serveBuiltStore(options: BuiltStoreOptions): Promise<PreviewServer> {
  // The pages server's rewrites to the function (product pages, robots.txt, the sitemap) go here.
  process.env.API_PROXY_TARGET = options.apiUrl;
  return preview({
    root: options.root,
    logLevel: options.logLevel ?? 'warn',
    configFile: false,
    plugins: [
      pagesServer({
        productPagesThroughApi: options.productPagesThroughApi ?? true,
        compress: options.compress ?? false,
        hostingHeaders: { standIns: options.standIns },
      }),
    ],
    build: { outDir: options.outDir },
    preview: {
      port: options.port,
      strictPort: true,
      host: '127.0.0.1',
      proxy: { '/api': { target: options.apiUrl, changeOrigin: true } },
    },
  });
}

/**
 * Builds the store for the local cloud (its own mode: a `production` build refuses the emulator
 * wiring and the demo payment, which this one needs) with the VITE_* settings in process.env.
 */
export async function buildStore(root: string, outDir: string, mode = 'hosting'): Promise<void> {
  await build({ root, mode, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}
