// configure() scoping under Vitest, run as is and with isolate off (vitest.no-isolate.config.mts):
// `npm run test:settings` runs both.
import { defineConfig } from 'vitest/config';
import { lazyRequire } from '../vitest/lazy-require.mjs';

export default defineConfig({
  plugins: [lazyRequire()],
  test: {
    root: import.meta.dirname,
    include: ['*.check.ts'],
    setupFiles: ['../../src/vitest.mts'],
    fileParallelism: false,
  },
});
