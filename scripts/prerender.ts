// Vite plugin: after the browser build, renders each storefront route to HTML (docs/performance.md) so the
// shell, hero, headings and grid placeholders paint before any JavaScript runs, then React hydrates.
// The app is built a second time for Node (an SSR bundle in a temporary folder), imported, and
// rendered under a StaticRouter for each route; dist/<route>/index.html gets the markup.
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  earlyLearnScriptFile,
  earlyQueryScriptFile,
  prerenderedRouteAttribute,
  startScriptFile,
} from '../domain/pageContracts';
import { productIdAttribute, productTemplateFile, tokenProduct } from '../domain/productTemplate';
import { pageTitle, prerenderedHead, type PageHead } from '../domain/pageHeads';
import { prerenderedRoutes, spaShellFile } from '../domain/prerenderedRoutes';
import { paths } from '../domain/routes';
import { homeStructuredData } from '../domain/structuredData';
import { absoluteUrl, fillMeta, type PageMeta } from '../server/sharing/pageMeta';
import { earlyLearnScript, earlyQueryScript, startScript } from './bootScripts';

/** What src/prerender/entry.tsx exports: the app is reached through its SSR bundle, never imported. */
interface PrerenderModule {
  renderRoute: (location: string) => string;
  renderProductTemplate: () => string;
  storeIdentity: () => { storeName: string; publicUrl: string; contactEmail: string; contactPhone: string };
  earlyQueryTarget: () => { url: string } | null;
  earlyQueryBodies: () => Record<string, string>;
  startAfterPaint: (html: string) => string;
  preloadRoutePages: () => Promise<void>;
}

const rootMarker = '<div id="root"></div>';
/** The course player's route (domain/prerenderedRoutes.ts): its page carries /early-learn.js. */
const learnRoute = '/learn/*';

function defaultDescription(html: string): string {
  return /<meta\s+name="description"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'store-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The SSR build below runs this plugin list too; only the browser build prerenders.
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      if (!template.includes(rootMarker)) throw new Error(`prerender: ${outDir}/index.html has no empty #root`);
      // Inside the project, so the bundle's bare imports (react, react-router...) resolve to node_modules.
      const cacheDir = join(config.root, 'node_modules', '.cache');
      await mkdir(cacheDir, { recursive: true });
      const ssrDir = await mkdtemp(join(cacheDir, 'store-prerender-'));
      try {
        await build({
          root: config.root,
          mode: config.mode,
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          plugins: [react()],
          // Bundled whole: some dependencies (redux-persist) have import paths Node's ESM cannot load.
          ssr: { noExternal: true },
          build: {
            ssr: resolve(config.root, 'src/prerender/entry.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            target: 'node20',
            rolldownOptions: { output: { entryFileNames: 'entry.js', format: 'es' } },
          },
        });
        const mod = (await import(pathToFileURL(join(ssrDir, 'entry.js')).href)) as PrerenderModule;
        // The pages in chunks of their own render as the pages, not as 'Loading...'.
        await mod.preloadRoutePages();
        const { storeName, publicUrl: siteUrl, contactEmail, contactPhone } = mod.storeIdentity();
        const description = defaultDescription(template);
        const logo = siteUrl ? absoluteUrl(siteUrl, '/images/logo.svg') : '/images/logo.svg';
        // Each page's own title, description and indexing (domain/pageHeads.ts), as the SPA sets them.
        const metaFor = (path: string, head: PageHead = prerenderedHead(path)): PageMeta => ({
          title: pageTitle(head, storeName),
          description: head.description ?? description,
          url: siteUrl ? absoluteUrl(siteUrl, path) : path,
          image: logo,
          type: 'website',
          noindex: head.noindex,
          // Search engines need absolute URLs: without the store's public URL the home page has none.
          structuredData:
            path === paths.home && siteUrl
              ? homeStructuredData({
                  name: storeName,
                  url: siteUrl,
                  logoUrl: logo,
                  email: contactEmail,
                  telephone: contactPhone,
                })
              : undefined,
        });

        // Every other path (search results, admin, unknown) gets this shell: none is for search results.
        await writeFile(
          join(outDir, spaShellFile),
          fillMeta(template, { ...metaFor(paths.home, { noindex: true }), structuredData: undefined }),
        );
        const early = mod.earlyQueryTarget();
        if (early) {
          await writeFile(
            join(outDir, earlyQueryScriptFile),
            await earlyQueryScript(config.root, early.url, config.mode),
          );
        }
        await writeFile(join(outDir, startScriptFile), await startScript(config.root, config.mode));
        await writeFile(join(outDir, earlyLearnScriptFile), await earlyLearnScript(config.root, config.mode));
        const earlyPaths = new Set(Object.keys(mod.earlyQueryBodies()));
        for (const route of prerenderedRoutes) {
          // The prerendered page paints before the app's JavaScript is even requested.
          const filled = fillMeta(template, metaFor(route.route.replace(/\/\*$/, '')));
          const page = mod.startAfterPaint(filled);
          if (page === filled) throw new Error(`prerender: ${outDir}/index.html has no entry module script`);
          const withRoot = (attributes: string, markup: string) =>
            page.replace(rootMarker, () => `<div id="root" ${attributes}>${markup}</div>`);
          const file = join(outDir, route.file);
          await mkdir(dirname(file), { recursive: true });
          let html = withRoot(`${prerenderedRouteAttribute}="${route.route}"`, mod.renderRoute(route.renderAt));
          if (earlyPaths.has(route.route) && early) {
            // Starts the page's first products query while the JavaScript downloads (docs/performance.md).
            html = html.replace('</title>', `</title>\n    <script src="/${earlyQueryScriptFile}" async></script>`);
          }
          if (route.route === learnRoute) {
            // Asks for the course and paints its opening lesson while the JavaScript downloads.
            html = html.replace('</title>', `</title>\n    <script src="/${earlyLearnScriptFile}" async></script>`);
          }
          await writeFile(file, html);
          if (route.route === '/productdetail/*') {
            // The same page with the token product in it: the API fills it for each product.
            const attributes = `${prerenderedRouteAttribute}="${route.route}" ${productIdAttribute}="${tokenProduct.id}"`;
            await writeFile(join(outDir, productTemplateFile), withRoot(attributes, mod.renderProductTemplate()));
          }
        }
      } finally {
        await rm(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
