/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  // relative asset paths: the build works from any sub-path of any static host
  // (https://example.org/workshop/podplay/ as well as /); permalinks live in the fragment
  base: './',
  plugins: [
    react(),
    // Offline after one visit: a Workbox service worker precaches the whole build (page, engine
    // and other workers, Monaco, lessons) as one versioned set. A new build waits until the page
    // asks for it (src/ui/offline/serviceWorker.ts announces it), so an old page never runs a new
    // engine worker or the other way round. `npm run dev` registers nothing.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,ttf,woff2}'],
        // Monaco's chunk is 3.7 MB (Workbox's default cap is 2 MiB)
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // the page is the folder's index.html (precached; Workbox maps the folder's URL to it);
        // other pages an instructor hosts beside it are left to the network
        navigateFallback: null,
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  worker: { format: 'es', plugins: () => [react()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    // property-based tests run thousands of cases; CI shares two cores with the browser tests
    testTimeout: 60_000,
    // Test files share a worker's module graph instead of loading the engine again for each of
    // 200+ files: the suite runs in under half the time. The engine is pure and no test mutates a
    // module's state for the next (the whole suite passes in shuffled order).
    isolate: false,
  },
});
