import { defineConfig } from 'vitest/config';
import { lazyRequire } from './lazy-require.mjs';

export default defineConfig({
  plugins: [lazyRequire()],
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    setupFiles: ['../../src/vitest.mts'],
    // a private TMPDIR per run, removed after it
    globalSetup: ['../private-tmpdir.js'],
  },
});
