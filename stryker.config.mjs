// Mutation testing of the engine with StrykerJS 9.5.1 (10.x needs Node >= 22).
// Run with `npm run mutation`; not part of `npm test` or CI (a full run takes about half an hour on 2 cores).
// One slice: `npx stryker run --mutate 'src/admission/**/*.ts'`. HTML report: reports/mutation/mutation.html.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.ts',
    // Only the test files that import a mutated file run for it.
    enableFindRelatedTests: true,
    config: {
      // Leave out what does not exercise the engine in-process: tests that spawn Jest, Vitest or npm in a
      // child process (test/chain*, test/jest-entry-in-vitest, test/package, test/corpus), the Vitest suites,
      // the type tests, and the slow property tests (test/property, run by `npm test`).
      testPathIgnorePatterns: [
        '/node_modules/', '/test/vitest/', '/test/vitest-settings/', '/test/settings/', '/test/package/',
        '/test/chain/', '/test/corpus/', '/test/types/', '/test/property/',
        '/test/chain\\.test\\.ts$', '/test/jest-entry-in-vitest\\.test\\.ts$',
      ],
    },
  },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/k8s/**/*.ts',
    'src/scheduler/**/*.ts',
    'src/admission/**/*.ts',
    'src/taint-eviction.ts',
    'src/loader/typecheck.ts',
    '!**/*.test.ts',
  ],
  concurrency: 1,
  timeoutMS: 10000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
