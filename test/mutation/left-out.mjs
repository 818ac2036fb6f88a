// The Jest test files the mutation run leaves out, each with why; every other test file runs in it (under Vitest,
// test/mutation/vitest.config.mts). test/mutation-config.test.ts checks that each Jest test file is either run or
// listed here, not both. A folder ends with '/'.
export const leftOut = {
  // Jest itself
  'test/chain.test.ts': 'runs Jest in a child process',
  'src/core/settings.test.ts': "checks configure()'s scoping through jest.fn",
  'test/jest-entry-in-vitest.test.ts': 'starts its own Vitest with the Jest entry',
  'test/lazy-entry.test.ts': "Jest's module registry (isolateModules, doMock)",
  'src/loader/glob-lazy.test.ts': "Jest's module registry (isolateModules, doMock)",
  'test/exports.test.ts': "requires the sources by path with Node's require, and in child processes (text Vite rewrites)",
  'src/report/report.test.ts': 'the Jest reporter',
  'src/outage/inputs.test.ts': 'the Jest reporter',
  'src/report/outage.test.ts': 'the Jest reporter',
  'src/placement/sampling.test.ts': 'the Jest reporter',
  'src/placement/suspended.test.ts': 'the Jest reporter',
  'test/mutation-config.test.ts': 'starts Vitest itself to list this set',
  // the repository's files as StrykerJS's sandbox holds them: src/ instrumented, links copied
  'test/architecture.test.ts': 'function lengths: the instrumented functions are long',
  'test/oracle-copies.test.ts': "the oracle modules' symbolic links, which the sandbox copies as files",
  'test/releases/table.test.ts': 'greps for hand-parsed versions: the instrumented code compares literals',
  // what a mutant's run cannot afford or use
  // fast-check over the matchers: seconds per mutant, and some use Jest's expect and jest.setTimeout
  'test/property/': 'fast-check: the generators themselves',
  'src/controllers/taint-eviction-model.test.ts': 'fast-check against a model of the taint-eviction controller',
  'src/k8s/kubectl-taint-round-trip.test.ts': "fast-check over kubectl's taint forms",
  'src/k8s/pod-requests.test.ts': 'fast-check over pod requests',
  'src/k8s/quantity-model.test.ts': 'fast-check against a BigInt model of resource.Quantity',
  'src/loader/arbitrary-input.test.ts': 'fast-check over arbitrary bytes and mutated manifests',
  'src/matchers/many-nodes.test.ts': 'fast-check over the many-node matchers',
  'src/matchers/negation.test.ts': "fast-check over every matcher and its `.not`",
  'src/render/': 'runs the real helm and kustomize binaries',
  'test/security/': 'child processes and file permissions, around the loader and caches (outside the scope)',
};
