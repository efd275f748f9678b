import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The API server; override with BALCAO_API_URL when it runs elsewhere.
const target = process.env.BALCAO_API_URL ?? 'http://localhost:8080';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target, changeOrigin: true },
  '/ws': { target, ws: true, changeOrigin: true },
  '/webchat': { target, changeOrigin: true },
};

// The example plugins (examples/*) are bundled only on request, as the server loads them (core/src/kernel/config.ts).
const examples = ['1', 'true'].includes(process.env.BALCAO_EXAMPLES ?? '');

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Every text asset is also written gzip- and brotli-compressed beside itself, once, at build time: the server sends
  // the smaller file the browser accepts (core/src/http/static-ui.ts) instead of compressing on each request.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  define: { __BALCAO_EXAMPLES__: JSON.stringify(examples) },
  // The workspace root hoists another React copy (pulled by Blueprint's dev dependencies); one copy only.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy },
  preview: { proxy },
});
