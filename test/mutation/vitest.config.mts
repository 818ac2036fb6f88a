import { defineConfig } from 'vitest/config';

// The engine's own tests under Vitest, for StrykerJS's vitest-runner (see stryker.config.mjs).
export default defineConfig({
  resolve: { alias: { '@jest/globals': 'vitest' } },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    globals: true,
    // test/matrix.test.ts: scheduleMatrix against scheduleOn pair by pair; it imports the engine module by module
    include: ['src/**/*.test.ts', 'test/mutation/**/*.mutation.test.ts', 'test/matrix.test.ts'],
    exclude: [
      '**/node_modules/**',
      'src/scheduler/plugins/interpodaffinity/filtering.test.ts',
      'src/scheduler/plugins/podtopologyspread/filtering.test.ts',
      'src/loader/decoding.test.ts',
    ],
  },
});
