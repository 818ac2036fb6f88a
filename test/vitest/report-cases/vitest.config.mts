// Run by ../report.test.ts in a child Vitest: the run report of assertions that pass and fail on purpose.
// The output directory comes from JEST_K8S_PLACEMENT_REPORT_DIR, which overrides the option here.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { lazyRequire } from '../lazy-require.mjs';

export default defineConfig({
  // the sources' lazy requires (scheduler/config/select.ts, DefaultPreemption, …) as this repository's other Vitest configs
  plugins: [lazyRequire()],
  test: {
    root: import.meta.dirname,
    include: ['*.spec.ts'],
    setupFiles: ['../../../src/vitest.mts'],
    reporters: ['dot', [path.resolve(import.meta.dirname, '../../../src/vitest-reporter.mts'), { outputDirectory: 'not-used', title: 'Vitest cases' }]],
  },
});
