// The failure cases run in a child Vitest by ../stacks.test.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.spec.ts'],
    setupFiles: ['../../../src/vitest.mts'],
  },
});
