import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { productionBuildProblem } from './scripts/buildGuards';
import { prerender } from './scripts/prerender';
import { pagesServer } from './scripts/pagesServer';

// In the local cloud the API runs beside Vite; /api is proxied to it (docs/local-cloud.md).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001';

export default defineConfig(({ command, mode }) => {
  if (command === 'build') {
    // What the bundle will see: .env files for this mode, overridden by the process environment.
    const problem = productionBuildProblem(mode, { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env });
    if (problem) throw new Error(problem);
  }
  return {
    plugins: [react(), prerender(), pagesServer()],
    server: {
      host: '127.0.0.1',
      proxy: { '/api': { target: apiTarget, changeOrigin: true } },
    },
    preview: {
      host: '127.0.0.1',
      proxy: { '/api': { target: apiTarget, changeOrigin: true } },
    },
    build: {
      target: 'es2020',
      sourcemap: false,
      // Every browser the store supports preloads modules itself: the polyfill would be 0.5 KB on
      // the critical path for none of them (docs/performance.md).
      modulePreload: { polyfill: false },
    },
  };
});
