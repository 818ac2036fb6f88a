// Mutation testing of the engine with StrykerJS 9.5.1 (10.x needs Node >= 22).
// Run with `npm run mutation`; not part of `npm test` or CI: the whole scope (~6,300 mutants) takes hours on 2 cores.
// One slice: `npx stryker run --concurrency 2 --ignoreStatic --mutate 'src/admission/*.ts,!**/*.test.ts'`. Report: reports/mutation/.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  jest: {
    projectType: 'custom',
    configFile: 'jest.config.ts',
    // Only the test files that import a mutated file run for it.
    enableFindRelatedTests: true,
    config: {
      // The engine's own tests: the unit and conformance tests next to the code (src/**/*.test.ts) and the cases
      // written against surviving mutants (test/mutation), without the matchers' setup file. Loading the whole
      // library (src/jest.ts) into every test file made a mutant cost about 6 s instead of about 1 s. So the
      // matcher-level suites in test/ (matchers, hints, Karpenter, outage, placement, report…), which exercise
      // the engine too, are not counted, nor the three src/ tests that use the matchers.
      roots: ['<rootDir>/src', '<rootDir>/test/mutation'],
      setupFilesAfterEnv: [],
      testPathIgnorePatterns: [
        '/node_modules/',
        '/src/scheduler/plugins/interpodaffinity/filtering\\.test\\.ts$',
        '/src/scheduler/plugins/podtopologyspread/filtering\\.test\\.ts$',
        '/src/loader/decoding\\.test\\.ts$',
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
