import { defineConfig } from 'vitest/config';
import { lazyRequire } from '../vitest/lazy-require.mjs';
import { leftOut } from './left-out.mjs';

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
    // Stryker's dry run on a busy machine: a property test over many replicas took over Vitest's 5 s default and
    // stopped the whole run; a mutant that loops is still cut short by Stryker's own timeoutMS
    testTimeout: 30000,
    setupFiles: ['src/vitest.mts', 'test/mutation/setup.mts'],
    // a private TMPDIR per run, removed after it (npm test runs this set too)
    globalSetup: ['test/private-tmpdir.js'],
    // every test file, but what test/mutation/left-out.mjs lists (test/mutation-config.test.ts keeps the two in step)
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/vitest/**', ...Object.keys(leftOut).map((p) => (p.endsWith('/') ? `${p}**` : p))],
  },
});
