import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prerender } from './scripts/prerender';
import { pagesServer } from './scripts/pagesServer';

// In the local cloud the API runs beside Vite; /api is proxied to it (DESIGN §5).
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001';

export default defineConfig({
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
  },
});
