// Run by `npm run test:settings` (Jest, both entries): every test here must pass.
import { configure, settings, withConfiguration } from '../../src';
import { deployment, node } from '../fixtures';

// File level: holds for every test of this file.
configure({ admission: { defaultTolerationSeconds: false } });

const notReady = node('down', [], { ready: 'False' });
const web = deployment('web');

test('the file-level settings hold in the first test; a test changes them for itself', () => {
  expect(settings().admission.defaultTolerationSeconds).toBe(false);
  expect(web).not.toBeEvictedFrom(notReady, { after: 300 });
  configure({ validate: false, admission: { nodeConditionTaints: false } });
  expect(settings().validate).toBe(false);
});

test('a test’s configure() ended with that test; the file-level one still holds', () => {
  expect(settings().validate).toBe(true);
  expect(settings().admission.nodeConditionTaints).toBe(true);
  expect(settings().admission.defaultTolerationSeconds).toBe(false);
});

describe('configure() in beforeEach', () => {
  beforeEach(() => configure({ requireAllocatable: true }));
  test('holds for the test', () => {
    expect(settings().requireAllocatable).toBe(true);
    expect(() => expect(web).toBeSchedulableOn(node('bare'))).toThrow('configure({ requireAllocatable: true })');
  });
});

test('…and is undone after it', () => {
  expect(settings().requireAllocatable).toBe(false);
});

test('a failure message names the file-level settings', () => {
  expect(() => expect(web).toTolerate('a=b:NoSchedule')).toThrow('(settings: admission.defaultTolerationSeconds off)');
});

test('withConfiguration: for the callback only, also for a promise', async () => {
  const after = await withConfiguration({ admission: { defaultTolerationSeconds: { notReady: 60 } } }, async () => {
    await Promise.resolve();
    expect(web).toBeEvictedFrom(notReady).after(60);
    return settings().admission.defaultTolerationSeconds;
  });
  expect(after).toEqual({ notReady: 60, unreachable: 300 });
  expect(settings().admission.defaultTolerationSeconds).toBe(false);
});

describe('configure() in a describe’s beforeAll', () => {
  beforeAll(() => configure({ featureGates: { TaintTolerationComparisonOperators: true } }));
  test('holds for the tests that follow', () => {
    expect(settings().featureGates.TaintTolerationComparisonOperators).toBe(true);
    expect(settings().admission.defaultTolerationSeconds).toBe(false);
  });
});
