// Imported first by the Jest entries (/jest, /jest-globals): loaded by Vitest, they would register the
// matchers on the wrong `expect` (or fail inside @jest/globals), so say which entry Vitest needs.
const g = globalThis as { __vitest_worker__?: unknown };
const underJest = typeof process !== 'undefined' && process.env.JEST_WORKER_ID !== undefined;
if (g.__vitest_worker__ !== undefined || (typeof process !== 'undefined' && process.env.VITEST && !underJest)) {
  throw new Error(
    'jest-k8s-placement: the Jest entry (jest-k8s-placement/jest or /jest-globals) was loaded by Vitest. ' +
      "Use setupFiles: ['jest-k8s-placement/vitest'] in the Vitest config instead.",
  );
}
export {};
