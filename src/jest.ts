// jest-k8s-placement/jest — for `setupFilesAfterEnv`: adds the matchers to Jest's global `expect`,
// and scopes `configure` with Jest's hooks (see config.ts installSettingsHooks).
import './matchers/entry-guard';
import { installSettingsHooks, type RunnerHooks } from './core/config';
import { lazyMatchers, lazyMatrixSerializer } from './matchers/lazy';
import type { AsymmetricMatcher, PlacementAsymmetricMatchers, PlacementMatchers } from './matchers/types';

// The matchers and the engine load on the first assertion, not per test file (matchers/lazy.ts).
const matchers = lazyMatchers(() => require('./matchers').matchers);
const matrixSerializer = lazyMatrixSerializer(() => require('./report/matrix').matrixSerializer);

const globalExpect = (globalThis as { expect?: { extend(m: object): void } }).expect;
if (!globalExpect) {
  throw new Error(
    'jest-k8s-placement/jest: there is no global `expect`. With `injectGlobals: false`, use "jest-k8s-placement/jest-globals" instead.',
  );
}
globalExpect.extend(matchers);
(globalExpect as unknown as { addSnapshotSerializer(s: object): void }).addSnapshotSerializer(matrixSerializer);
installSettingsHooks(globalThis as unknown as RunnerHooks);

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars
    interface Matchers<R, T = {}> extends PlacementMatchers<R> {}
    // expect.toTolerate(…) and expect.not.toTolerate(…) inside toEqual & co.
    interface Expect extends PlacementAsymmetricMatchers<AsymmetricMatcher> {}
    interface InverseAsymmetricMatchers extends PlacementAsymmetricMatchers<AsymmetricMatcher> {}
  }
}
