/// <reference types="@jest/globals" preserve="true" />
// jest-k8s-placement/jest-globals — for `import { expect } from '@jest/globals'`.
import './matchers/entry-guard';
import { afterAll, afterEach, beforeEach, expect } from '@jest/globals';
import { registerLazily, type Runner } from './matchers/lazy';
import { installSettingsHooks } from './core/settings-scope';
import type { AsymmetricMatcher, PlacementAsymmetricMatchers, PlacementMatchers } from './matchers/types';

// Each matcher, and the parts of the engine it asks, load on its first assertion, not per test file (matchers/lazy.ts).
registerLazily({ expect: expect as unknown as Runner['expect'] }, {
  matcher: (name) => require(`./matchers/${name}`)[name],
  matrixSerializer: () => require('./report/matrix').matrixSerializer,
});
installSettingsHooks({ beforeEach, afterEach, afterAll });

declare module '@jest/expect' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void>, T = unknown> extends PlacementMatchers<R> {}
  // expect.toTolerate(…); `expect.not.…` is derived from this interface (Inverse<AsymmetricMatchers>).
  interface AsymmetricMatchers extends PlacementAsymmetricMatchers<AsymmetricMatcher> {}
}
