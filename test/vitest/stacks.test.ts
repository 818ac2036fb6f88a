// Failures decided after the matcher call (the bare `.not`, expect.soft) are reported by Vitest at the test's
// line, not inside this package: runs cases/deferred.spec.ts in a child Vitest and reads its JSON report.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, expect, test } from 'vitest';

interface AssertionResult { title: string; status: string; failureMessages: string[] }
let results: AssertionResult[] = [];

beforeAll(() => {
  const vitest = path.join(path.dirname(createRequire(__filename).resolve('vitest/package.json')), 'vitest.mjs');
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'));
  let out: string;
  try {
    out = execFileSync(process.execPath, [vitest, 'run', '-c', path.join(__dirname, 'cases/vitest.config.mts'), '--reporter=json'], {
      encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, FORCE_COLOR: '0' },
    });
  } catch (e) {
    out = (e as { stdout: string }).stdout; // the cases fail on purpose, so Vitest exits 1
  }
  results = JSON.parse(out).testResults.flatMap((r: { assertionResults: AssertionResult[] }) => r.assertionResults);
  // eslint-disable-next-line no-control-regex
  for (const a of results) a.failureMessages = a.failureMessages.map((m) => m.replace(/\u001b\[[0-9;]*m/g, ''));
}, 60_000);

// The first frame that is neither Vitest's (nor its assertion library's) nor Node's.
const firstFrame = (message: string) =>
  message.split('\n').find((l) => /^\s+at /.test(l) && !/node:internal|node_modules[\\/](vitest|@vitest|chai|tinyspy)[\\/]/.test(l)) ?? '';

test('every case ran and failed', () => {
  expect(results.length).toBe(8);
  for (const a of results) expect([a.title, a.status]).toEqual([a.title, 'failed']);
});

test('each failure points at the line of the spec, not into the package', () => {
  for (const a of results) {
    expect([a.title, firstFrame(a.failureMessages.join('\n'))]).toEqual([a.title, expect.stringMatching(/deferred\.spec\.ts:\d+:\d+/)]);
  }
});

test('the deferred failure says what was expected', () => {
  const bare = results.find((a) => a.title === 'FAIL a bare .not is decided one microtask later')!;
  expect(bare.failureMessages.join('\n')).toContain('Expected Deployment default/web not to be evicted at some point from Node down');
  const soft = results.find((a) => a.title === 'FAIL a soft .after with the wrong time')!;
  expect(soft.failureMessages.join('\n')).toContain('Expected: "evicted after 60s"');
});
