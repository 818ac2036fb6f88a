// Issue 8, point 3: settings are scoped by the setup entry with the runner's own hooks, in each runner variant.
// A top-level configure() holds for this file; one inside a test (or its beforeEach) for that test only;
// withConfiguration(settings, fn) for fn only. first-week.spec.ts checks that a file starts from the defaults.
import { configure, settings, withConfiguration } from 'jest-k8s-placement';

configure({ admission: { defaultTolerationSeconds: false } });

const notReady = {
  apiVersion: 'v1', kind: 'Node', metadata: { name: 'down' },
  status: { conditions: [{ type: 'Ready', status: 'False' }] },
};
const pod = (image?: string) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'prod' },
  spec: { containers: [{ name: 'web', ...(image ? { image } : {}) }] },
});
const plain = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'plain' } };

test('the file-level configure holds; a configure() in a test changes that test', () => {
  // without DefaultTolerationSeconds admission nothing tolerates not-ready: evicted at once
  expect(pod('nginx')).toBeEvictedFrom(notReady).after(0);
  expect(() => expect(pod()).toBeSchedulableOn(plain)).toThrow('spec.containers[0].image: Required value');
  configure({ validate: false });
  expect(pod()).toBeSchedulableOn(plain);
});

test('…for that test only: the next one has the file-level settings again', () => {
  expect(settings().validate).toBe(true);
  expect(() => expect(pod()).toBeSchedulableOn(plain)).toThrow('spec.containers[0].image: Required value');
  expect(pod('nginx')).toBeEvictedFrom(notReady).after(0);
});

describe('configure() in beforeEach', () => {
  beforeEach(() => {
    configure({ admission: { defaultTolerationSeconds: { notReady: 60 } } });
  });
  test('holds for the test', () => {
    expect(pod('nginx')).toBeEvictedFrom(notReady).after(60);
  });
});

test('…and is undone after it', () => {
  expect(settings().admission.defaultTolerationSeconds).toBe(false);
});

test('withConfiguration: the settings hold inside fn only, and its value is returned', async () => {
  const got = withConfiguration({ admission: { defaultTolerationSeconds: { notReady: 120 } } }, () => {
    expect(pod('nginx')).toBeEvictedFrom(notReady).after(120);
    return 'done';
  });
  expect(got).toBe('done');
  expect(pod('nginx')).toBeEvictedFrom(notReady).after(0);
  expect(() => withConfiguration({ validate: false }, () => {
    throw new Error('boom');
  })).toThrow('boom');
  expect(settings().validate).toBe(true);
  const later = await withConfiguration({ validate: false }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(pod()).toBeSchedulableOn(plain);
    return settings().validate;
  });
  expect(later).toBe(false);
  expect(settings().validate).toBe(true);
});

test('a failure under non-default settings names them under its first line', () => {
  let message = '';
  try {
    expect(pod('nginx')).toTolerate('dedicated=gpu:NoSchedule');
  } catch (e) {
    message = (e as Error).message.replace(/\u001b\[\d+m/g, ''); // Vitest colours the hint when FORCE_COLOR is set
  }
  expect(message).toMatch(/^expect\(received\)\.toTolerate\(taint\)\n\(settings: admission\.defaultTolerationSeconds off\)\n/);
  withConfiguration({ featureGates: { TaintTolerationComparisonOperators: true } }, () => {
    expect(() => expect(pod('nginx')).toBeEvictedFrom(notReady, { after: 300 })).toThrow(
      '(settings: featureGates.TaintTolerationComparisonOperators on, admission.defaultTolerationSeconds off)',
    );
  });
});

test('FAIL a failure under non-default settings is reported at the test’s line', () => {
  expect(pod('nginx')).toBeEvictedFrom(notReady).after(300);
});
