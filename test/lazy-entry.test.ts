// The runner entry registers the matchers without loading the engine behind them (issue 23: Jest evaluates the setup
// entry in a fresh module registry for every test file); the first assertion loads it. Checked with a mock of the
// engine boundary that records whether it was loaded, in an isolated module registry.
import { matchers } from '../src/matchers';
import { MATCHER_NAMES } from '../src/matchers/lazy';
import { deployment } from './fixtures';

let engineLoaded = false;
const registered: Record<string, (...args: unknown[]) => { pass: boolean; message(): string }> = {};
const serializers: Array<{ test(v: unknown): boolean }> = [];
const g = globalThis as unknown as { expect: unknown };
const realExpect = g.expect;
const ctx = { isNot: false, utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String } };
let loadedWhenRegistered: boolean | undefined;
let firstResult: { pass: boolean; message(): string } | undefined;
jest.isolateModules(() => {
  jest.doMock('../src/engine', () => {
    engineLoaded = true;
    return jest.requireActual('../src/engine');
  });
  g.expect = {
    extend: (m: typeof registered) => Object.assign(registered, m),
    addSnapshotSerializer: (s: { test(v: unknown): boolean }) => serializers.push(s),
  };
  try {
    require('../src/jest');
  } finally {
    g.expect = realExpect;
  }
  loadedWhenRegistered = engineLoaded;
  // the first assertion, in the same registry (a require made later would not see the mock)
  firstResult = registered.toTolerate.call(ctx, deployment('web'), 'dedicated=gpu:NoSchedule');
});

describe('the /jest entry', () => {
  it('lists every matcher of matchers/index.ts', () => {
    expect([...MATCHER_NAMES].sort()).toEqual(Object.keys(matchers).sort());
    expect(Object.keys(registered).sort()).toEqual(Object.keys(matchers).sort());
  });

  it('registers the matchers and the serializer without loading the engine', () => {
    expect(serializers).toHaveLength(1);
    expect(serializers[0].test({})).toBe(false);
    expect(loadedWhenRegistered).toBe(false);
  });

  it('loads it on the first assertion, which then answers as the matcher does', () => {
    expect(engineLoaded).toBe(true);
    expect(firstResult?.pass).toBe(false);
    expect(firstResult?.message()).toContain('no toleration matches it');
  });
});
