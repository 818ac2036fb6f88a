// The Jest test files the mutation run leaves out, each with why; every other test file runs in it (under Vitest,
// test/mutation/vitest.config.mts). test/mutation-config.test.ts checks that each Jest test file is either run or
// listed here, not both. A folder ends with '/'.
export const leftOut = {
  // Jest itself
  'test/chain.test.ts': 'runs Jest in a child process',
  'test/settings.test.ts': "checks configure()'s scoping through jest.fn",
  'test/jest-entry-in-vitest.test.ts': 'starts its own Vitest with the Jest entry',
  'test/lazy-entry.test.ts': "Jest's module registry (isolateModules, doMock)",
  'test/report.test.ts': 'the Jest reporter',
  'test/outage/inputs.test.ts': 'the Jest reporter',
  'test/outage/matrix-report.test.ts': 'the Jest reporter',
  'test/placement/sampling.test.ts': 'the Jest reporter',
  'test/placement/suspended.test.ts': 'the Jest reporter',
  'test/mutation-config.test.ts': 'starts Vitest itself to list this set',
  // the repository's files as StrykerJS's sandbox holds them: src/ instrumented, links copied
  'test/architecture.test.ts': 'function lengths: the instrumented functions are long',
  'test/oracle-copies.test.ts': "the oracle modules' symbolic links, which the sandbox copies as files",
  'test/releases/table.test.ts': 'greps for hand-parsed versions: the instrumented code compares literals',
  // what a mutant's run cannot afford or use
  'test/property/': "fast-check over the matchers: seconds per mutant, and some use Jest's expect and jest.setTimeout",
  'test/render/': 'runs the real helm and kustomize binaries',
  'test/security/': 'child processes and file permissions, around the loader and caches (outside the scope)',
};
