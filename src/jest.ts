// jest-k8s-placement/jest — for `setupFilesAfterEnv`: adds the matchers to Jest's global `expect`,
// and scopes `configure` with Jest's hooks (see core/settings-scope.ts).
import './matchers/entry-guard';
import { registerLazily, type Runner } from './matchers/lazy';
import { installSettingsHooks, type RunnerHooks } from './core/settings-scope';
import type { AsymmetricMatcher, PlacementAsymmetricMatchers, PlacementMatchers } from './matchers/types';

// Jest's globals: expect, beforeEach, afterEach, afterAll
const globals = globalThis as unknown as Partial<Runner & RunnerHooks>;
if (!globals.expect) {
  throw new Error(
    'jest-k8s-placement/jest: there is no global `expect`. With `injectGlobals: false`, use "jest-k8s-placement/jest-globals" instead.',
  );
}
// Each matcher, and the parts of the engine it asks, load on its first assertion, not per test file (matchers/lazy.ts).
registerLazily(globals as Runner, {
  matcher: (name) => require(`./matchers/${name}`)[name],
  matrixSerializer: () => require('./report/matrix').matrixSerializer,
});
installSettingsHooks(globals as RunnerHooks);

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
