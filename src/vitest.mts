// jest-k8s-placement/vitest — registers the matchers on Vitest's `expect` (ESM: Vitest cannot be required).
import { afterAll, afterEach, beforeEach, expect } from 'vitest';
import { installSettingsHooks } from './config.js';
import { matchers } from './matchers/index.js';
import type { PlacementMatchers } from './matchers/types.js';

expect.extend(matchers as never);
// configure() scoping: a file's top level holds for the file, a test's call for that test; each file ends with the defaults.
installSettingsHooks({ beforeEach, afterEach, afterAll });

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface Matchers<T = any> extends PlacementMatchers<void> {}
}
