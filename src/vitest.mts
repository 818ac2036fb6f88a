// jest-k8s-placement/vitest — registers the matchers on Vitest's `expect` (ESM: Vitest cannot be required).
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { installSettingsHooks } from './core/config.js';
import { createRequire } from 'node:module';
import { lazyMatchers, lazyMatrixSerializer } from './matchers/lazy.js';
import type { PlacementAsymmetricMatchers, PlacementMatchers } from './matchers/types.js';

// The matchers and the engine load on the first assertion, not per test file (matchers/lazy.ts): from the built
// package with Node's require (its modules are CommonJS). Run from this repository's sources (src/*.mts, which
// Vitest transforms), there is no built module to require, so they are imported here at once.
const fromSource = import.meta.url.endsWith('.mts');
const load = createRequire(import.meta.url);
const eager = fromSource ? { matchers: await import('./matchers/index.js'), matrix: await import('./report/matrix.js') } : undefined;
const matchers = lazyMatchers(() => eager?.matchers.matchers ?? load('./matchers/index.js').matchers);
const matrixSerializer = lazyMatrixSerializer(() => eager?.matrix.matrixSerializer ?? load('./report/matrix.js').matrixSerializer);

expect.extend(matchers as never);
expect.addSnapshotSerializer(matrixSerializer as never);
// configure() scoping: a file's top level holds for the file, a test's call for that test; each file ends with the defaults.
installSettingsHooks({ beforeEach, afterEach, afterAll });

// `Assertion` (what expect(x), expect.soft(x) return) rather than `Matchers`: Vitest's `expect` object also
// extends `Matchers`, which would type `expect.toBeEvictedFrom(node).after(…)`, a chain asymmetric use lacks.
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface Assertion<T = any> extends PlacementMatchers<void> {}
  // expect.toTolerate(…) and expect.not.toTolerate(…); `any`, as Vitest types its own asymmetric matchers.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface AsymmetricMatchersContaining extends PlacementAsymmetricMatchers<any> {}
}
