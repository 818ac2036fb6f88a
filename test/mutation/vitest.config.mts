import { defineConfig } from 'vitest/config';
import { lazyRequire } from '../vitest/lazy-require.mts';

// The test suite under Vitest, for StrykerJS's vitest-runner (see stryker.config.mjs): the engine's own tests and the
// matcher-level tests, without what cannot run here or per mutant. src/vitest.mts is a setup file itself, so that
// without isolation (4x faster per mutant) it still runs for every file and installs the settings hooks there.
export default defineConfig({
  plugins: [lazyRequire()],
  resolve: { alias: { '@jest/globals': 'vitest' } },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    globals: true,
    isolate: false,
    setupFiles: ['src/vitest.mts', 'test/mutation/setup.mts'],
    include: ['src/**/*.test.ts', 'test/*.test.ts', 'test/{cluster,outage,placement}/**/*.test.ts', 'test/mutation/**/*.mutation.test.ts'],
    exclude: [
      '**/node_modules/**',
      // Jest itself: a Jest run in a child process, jest.fn's settings hooks, the Jest entry, the Jest reporter
      'test/chain.test.ts',
      'test/settings.test.ts',
      'test/jest-entry-in-vitest.test.ts',
      'test/report.test.ts',
      'test/outage/inputs.test.ts',
      'test/outage/matrix-report.test.ts',
      'test/placement/sampling.test.ts',
      'test/placement/suspended.test.ts',
    ],
  },
});
