import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves dist/ and proxies /api; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // The web runs only zod-free modules of the contracts, straight from their sources (its other imports of
    // @tracklens/contracts are types, erased at build).
    alias: [
      {
        find: /^@tracklens\/contracts\/(.+)$/,
        replacement: path.resolve(__dirname, '../services/contracts/src/$1.ts'),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    sourcemap: false,
  },
});
