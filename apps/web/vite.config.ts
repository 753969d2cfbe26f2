import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/healthz': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/api': API_ORIGIN,
      '/uploads': API_ORIGIN,
      '/healthz': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and CSS each entry needs (the first-paint budget reads it).
    manifest: true,
  },
});
