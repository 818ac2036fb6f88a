// jest-k8s-placement/vitest — registers the matchers on Vitest's `expect` (ESM: Vitest cannot be required).
import { expect } from 'vitest';
import { matchers } from './matchers/index.js';
import type { PlacementMatchers } from './matchers/types.js';

expect.extend(matchers as never);

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface Matchers<T = any> extends PlacementMatchers<void> {}
}
