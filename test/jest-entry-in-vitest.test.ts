// `setupFiles: ['jest-k8s-placement/jest']` in a Vitest config (globals on) fails with a pointer to the /vitest entry.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

test('a real Vitest run with the Jest entry stops with a clear error', () => {
  const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  delete env.JEST_WORKER_ID;
  const run = spawnSync(process.execPath, [vitest, 'run', '-c', path.join(__dirname, 'vitest-settings/jest-entry.config.mts')], { encoding: 'utf8', env });
  const out = run.stdout + run.stderr;
  expect(run.status).not.toBe(0);
  expect(out).toContain('the Jest entry (jest-k8s-placement/jest or /jest-globals) was loaded by Vitest');
  expect(out).toContain("Use setupFiles: ['jest-k8s-placement/vitest']");
}, 60_000);
