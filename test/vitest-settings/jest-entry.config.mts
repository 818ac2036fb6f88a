// The mistake test/jest-entry-in-vitest.test.ts reproduces: the Jest entry in a Vitest config (with globals on).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['jest-entry.probe.ts'],
    globals: true,
    setupFiles: ['../../src/jest.ts'],
  },
});
