// The `.after` chain inside real Jest runs (global expect and @jest/globals): every deferred,
// chained and awaited form must pass or fail as its name says, with the stack at the test line.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface AssertionResult { title: string; status: string; failureMessages: string[] }
interface Report { testResults: Array<{ name: string; assertionResults: AssertionResult[] }> }

let report: Report;
beforeAll(() => {
  const jestBin = require.resolve('jest/bin/jest');
  let out: string;
  try {
    out = execFileSync(process.execPath, [jestBin, '-c', path.join(__dirname, 'chain/jest.config.js'), '--json', '--ci'], {
      encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' },
    });
  } catch (e) {
    out = (e as { stdout: string }).stdout; // failing tests make Jest exit 1; that is the point
  }
  report = JSON.parse(out);
}, 60_000);

const suites = () => report.testResults.filter((r) => r.name.endsWith('global.spec.ts'));

test('the spec ran in both projects (global expect and @jest/globals)', () => {
  expect(suites()).toHaveLength(2);
});

test.each([0, 1])('project %i: each test passes or fails as its name says', (i) => {
  const suite = suites()[i];
  const outcomes = suite!.assertionResults.map((a) => [a.title, a.status]);
  expect(outcomes.length).toBe(15);
  for (const [title, status] of outcomes) expect([title, status]).toEqual([title, title.startsWith('PASS') ? 'passed' : 'failed']);
});

test.each([0, 1])('project %i: failures point at the test file, not the library', (i) => {
  const suite = suites()[i];
  const file = 'global.spec.ts';
  for (const a of suite.assertionResults.filter((x) => x.status === 'failed' && !x.title.includes('expect.assertions'))) {
    const message = a.failureMessages.join('\n');
    const firstFrame = message.split('\n').find((l) => /^\s+at /.test(l)) ?? '';
    expect([a.title, firstFrame]).toEqual([a.title, expect.stringContaining(file)]);
  }
});

test('the deferred .not failure carries the verdict', () => {
  const suite = suites()[0];
  const bare = suite.assertionResults.find((a) => a.title.startsWith('FAIL bare .not is decided'))!;
  expect(bare.failureMessages.join('\n')).toContain('Expected Deployment default/web not to be evicted at some point from Node down');
  const assertions = suite.assertionResults.find((a) => a.title.startsWith('FAIL expect.assertions'))!;
  expect(assertions.failureMessages.join('\n')).toContain('Expected three assertions to be called but received two assertion calls');
});

test('a bare toPrefer says what is missing', () => {
  const bare = suites()[1].assertionResults.find((a) => a.title === 'FAIL toPrefer without .over')!;
  expect(bare.failureMessages.join('\n')).toContain('toPrefer(node) must be followed by .over(otherNode)');
});

test('the asymmetric forms work with both global expect and @jest/globals', () => {
  const asymmetric = report.testResults.filter((r) => r.name.endsWith('asymmetric.spec.ts'));
  expect(asymmetric).toHaveLength(2);
  for (const suite of asymmetric) {
    expect(suite.assertionResults.map((a) => [a.title, a.status, a.failureMessages.join('\n')])).toEqual([
      ['expect.toTolerate and expect.not.toTolerate', 'passed', ''],
      ['expect.toBeEvictedFrom with { after } and bare', 'passed', ''],
      ['expect.toBeSchedulableOn and the many-node forms', 'passed', ''],
    ]);
  }
});
