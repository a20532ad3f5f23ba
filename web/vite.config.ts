import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The gateway serves dist/ and proxies /api; in development Vite proxies /api to it.
export default defineConfig({
  plugins: [react()],
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
