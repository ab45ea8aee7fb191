/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  worker: { format: 'es', plugins: () => [react()] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'node',
    // property-based tests run thousands of cases; CI shares two cores with the browser tests
    testTimeout: 60_000,
  },
});
