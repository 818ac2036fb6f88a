/// <reference types="@jest/globals" preserve="true" />
// jest-k8s-placement/jest-globals — for `import { expect } from '@jest/globals'`.
import './matchers/entry-guard';
import { afterAll, afterEach, beforeEach, expect } from '@jest/globals';
import { installSettingsHooks } from './core/config';
import { lazyMatchers, lazyMatrixSerializer } from './matchers/lazy';
import type { AsymmetricMatcher, PlacementAsymmetricMatchers, PlacementMatchers } from './matchers/types';

// The matchers and the engine load on the first assertion, not per test file (matchers/lazy.ts).
const matchers = lazyMatchers(() => require('./matchers').matchers);
const matrixSerializer = lazyMatrixSerializer(() => require('./report/matrix').matrixSerializer);

expect.extend(matchers as never);
expect.addSnapshotSerializer(matrixSerializer as never);
installSettingsHooks({ beforeEach, afterEach, afterAll });

declare module '@jest/expect' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void>, T = unknown> extends PlacementMatchers<R> {}
  // expect.toTolerate(…); `expect.not.…` is derived from this interface (Inverse<AsymmetricMatchers>).
  interface AsymmetricMatchers extends PlacementAsymmetricMatchers<AsymmetricMatcher> {}
}
