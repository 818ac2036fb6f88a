// jest-k8s-placement/vitest — registers the matchers on Vitest's `expect` (ESM: Vitest cannot be required).
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { createRequire } from 'node:module';
import type * as Lazy from './matchers/lazy.js';
import type * as SettingsScope from './core/settings-scope.js';
import type { PlacementAsymmetricMatchers, PlacementMatchers } from './matchers/types.js';

// Vitest evaluates the setup entry for every test file, so built, this module imports nothing of the package: an ESM
// import of a CommonJS module reads its source for the export names on top of running it. It requires the
// registration (matchers/lazy.js, core/settings-scope.js) as the Jest entries do, and each matcher with the parts of the engine
// behind it on its first assertion (matchers/lazy.ts). Run from this repository's sources (src/*.mts, which Vitest transforms),
// there is no built module to require, so they are imported here at once.
const fromSource = import.meta.url.endsWith('.mts');
const load = createRequire(import.meta.url);
const lazy: typeof Lazy = fromSource ? await import('./matchers/lazy.js') : load('./matchers/lazy.js');
const scope: typeof SettingsScope = fromSource ? await import('./core/settings-scope.js') : load('./core/settings-scope.js');
const eager = fromSource ? { matchers: await import('./matchers/index.js'), matrix: await import('./report/matrix.js') } : undefined;
lazy.registerLazily({ expect: expect as unknown as Lazy.Runner['expect'] }, {
  matcher: (name) => (eager ? eager.matchers.matchers[name] : load(`./matchers/${name}.js`)[name]),
  matrixSerializer: () => eager?.matrix.matrixSerializer ?? load('./report/matrix.js').matrixSerializer,
});
// configure() scoping: a file's top level holds for the file, a test's call for that test; each file ends with the defaults.
scope.installSettingsHooks({ beforeEach, afterEach, afterAll });

// `Assertion` (what expect(x), expect.soft(x) return) rather than `Matchers`: Vitest's `expect` object also
// extends `Matchers`, which would type `expect.toBeEvictedFrom(node).after(…)`, a chain asymmetric use lacks.
declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface Assertion<T = any> extends PlacementMatchers<void> {}
  // expect.toTolerate(…) and expect.not.toTolerate(…); `any`, as Vitest types its own asymmetric matchers.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any
  interface AsymmetricMatchersContaining extends PlacementAsymmetricMatchers<any> {}
}
