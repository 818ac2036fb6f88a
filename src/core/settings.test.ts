// withConfiguration, messages that name non-default settings, and the Jest entry refusing to run under Vitest.
// Scoping across tests and files is tested in real runs: test/settings/ (Jest) and test/vitest-settings/ (Vitest).
import { configure, resetConfiguration, settings, withConfiguration } from './config';
import { deployment, failure, node } from '../../test/fixtures';

const notReady = node('down', [], { ready: 'False' });
const web = deployment('web');

describe('withConfiguration', () => {
  test('applies the settings inside fn only, and returns its value', () => {
    const got = withConfiguration({ validate: false }, () => settings().validate);
    expect(got).toBe(false);
    expect(settings().validate).toBe(true);
  });
  test('restores when fn throws', () => {
    expect(() => withConfiguration({ admission: { defaultTolerationSeconds: false } }, () => {
      throw new Error('boom');
    })).toThrow('boom');
    expect(settings().admission.defaultTolerationSeconds).toEqual({ notReady: 300, unreachable: 300 });
  });
  test('a promise: restores when it settles, resolved or rejected', async () => {
    let release!: () => void;
    const pending = withConfiguration({ featureGates: { TaintTolerationComparisonOperators: true } }, () =>
      new Promise<string>((r) => (release = () => r('done'))));
    expect(settings().featureGates.TaintTolerationComparisonOperators).toBe(true);
    release();
    await expect(pending).resolves.toBe('done');
    expect(settings().featureGates.TaintTolerationComparisonOperators).toBe(false);
    await expect(withConfiguration({ validate: false }, async () => { throw new Error('late'); })).rejects.toThrow('late');
    expect(settings().validate).toBe(true);
  });
  test('undoes configure() calls made inside fn and restores the outer settings, not the defaults', () => {
    configure({ requireAllocatable: true });
    withConfiguration({ validate: false }, () => configure({ admission: { nodeConditionTaints: false } }));
    expect(settings()).toMatchObject({ requireAllocatable: true, validate: true, admission: { nodeConditionTaints: true } });
  });
  test('changes verdicts inside, not after', () => {
    withConfiguration({ admission: { defaultTolerationSeconds: { notReady: 60 } } }, () => expect(web).toBeEvictedFrom(notReady).after(60));
    expect(web).toBeEvictedFrom(notReady).after(300);
  });
});

describe('a failure under non-default settings names them', () => {
  test('every matcher header', () => {
    configure({ admission: { defaultTolerationSeconds: false }, featureGates: { TaintTolerationComparisonOperators: true } });
    const line = '(settings: featureGates.TaintTolerationComparisonOperators on, admission.defaultTolerationSeconds off)';
    expect(failure(() => expect(web).toTolerate('a=b:NoSchedule'))).toContain(`toTolerate(taint)\n${line}\n`);
    expect(failure(() => expect(web).not.toBeSchedulableOn(node('n')))).toContain(line);
    expect(failure(() => expect(web).toBeSchedulableOnAnyOf([node('n', [{ key: 'k', effect: 'NoSchedule' }])]))).toContain(line);
    expect(failure(() => expect(web).toBeEvictedFrom(notReady, { after: 5 }))).toContain(line);
  });
  test('changed numbers are shown', () => {
    configure({ admission: { defaultTolerationSeconds: { unreachable: 30 } }, validate: false });
    expect(failure(() => expect(web).toTolerate('a=b:NoSchedule'))).toContain('(settings: validate off, admission.defaultTolerationSeconds.unreachable 30)');
  });
  test('defaults add nothing', () => {
    resetConfiguration();
    expect(failure(() => expect(web).toTolerate('a=b:NoSchedule'))).not.toContain('settings:');
  });
});

describe('the /jest entry under Vitest', () => {
  const load = (entry: string) => jest.isolateModules(() => require(entry));
  afterEach(() => {
    delete (globalThis as { __vitest_worker__?: unknown }).__vitest_worker__;
  });
  test('a Vitest worker is refused with a pointer to /vitest', () => {
    (globalThis as { __vitest_worker__?: unknown }).__vitest_worker__ = {};
    expect(() => load('../jest')).toThrow("Use setupFiles: ['jest-k8s-placement/vitest']");
    expect(() => load('../jest-globals')).toThrow('was loaded by Vitest');
  });
  test('VITEST in the environment outside a Jest worker is refused too; inside Jest it is not', () => {
    const { VITEST, JEST_WORKER_ID } = process.env;
    try {
      process.env.VITEST = 'true';
      expect(() => load('../matchers/entry-guard')).not.toThrow();
      delete process.env.JEST_WORKER_ID;
      expect(() => load('../matchers/entry-guard')).toThrow('jest-k8s-placement/vitest');
    } finally {
      if (VITEST === undefined) delete process.env.VITEST; else process.env.VITEST = VITEST;
      process.env.JEST_WORKER_ID = JEST_WORKER_ID;
    }
  });
});
