// The failure cases run in a child Vitest by ../stacks.test.ts.
import { defineConfig } from 'vitest/config';
import { lazyRequire } from '../lazy-require.mjs';

export default defineConfig({
  // the sources' lazy requires (scheduler/config/select.ts, DefaultPreemption, …) as this repository's other Vitest configs
  plugins: [lazyRequire()],
  test: {
    root: import.meta.dirname,
    include: ['*.spec.ts'],
    setupFiles: ['../../../src/vitest.mts'],
  },
});
