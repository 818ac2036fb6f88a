// jest-k8s-placement/vitest — registers the matchers on Vitest's `expect` (ESM: Vitest cannot be required).
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { installSettingsHooks } from './core/config.js';
import { matchers } from './matchers/index.js';
import { matrixSerializer } from './report/matrix.js';
import type { PlacementAsymmetricMatchers, PlacementMatchers } from './matchers/types.js';

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
