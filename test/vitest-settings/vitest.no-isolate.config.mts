// The same specs with isolate off (as `vitest --no-isolate`): one worker, one module graph for both files.
import { defineConfig } from 'vitest/config';
import { lazyRequire } from '../vitest/lazy-require.mjs';

export default defineConfig({
  plugins: [lazyRequire()],
  test: {
    root: import.meta.dirname,
    include: ['*.check.ts'],
    setupFiles: ['../../src/vitest.mts'],
    isolate: false,
    maxWorkers: 1,
    env: { SETTINGS_NO_ISOLATE: '1' },
  },
});
