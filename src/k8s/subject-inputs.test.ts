// What subject.ts makes of what a matcher is given: objects read from a cluster, labels and previews in messages,
// render variants, tolerations given directly, and inputs that are not a Pod or workload. Objects are built fresh
// in each test (toSubject caches per object).
import type { KubeObject } from '../core/types';
import { relocate } from '../loader';
import { describeObject, fromTemplateOf, isToleration, preview, readFromCluster, renderVariant, subjectOf, toSubject } from './subject';

const pod = (extra: object = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }] }, ...extra }) as KubeObject;
const EXPECTED = 'expected a Pod or a workload (PodTemplate, Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController, Job, CronJob), received';

describe('readFromCluster', () => {
  test.each([
    ['no metadata and no status', { kind: 'Pod' }, false],
    ['status: null', { kind: 'Pod', metadata: { name: 'p' }, status: null }, false],
    ['kubectl create --dry-run: creationTimestamp: null, status: {}', { kind: 'Pod', metadata: { name: 'p', creationTimestamp: null }, status: {} }, false],
    ['a uid', { kind: 'Pod', metadata: { uid: 'u' } }, true],
    ['a non-empty status', { kind: 'Pod', status: { phase: 'Running' } }, true],
  ])('%s', (_what, object, expected) => {
    expect(readFromCluster(object as KubeObject)).toBe(expected);
  });
});

describe('describeObject', () => {
  test('a missing name and a missing kind are named, never left blank', () => {
    expect(describeObject({ kind: 'Pod' } as KubeObject)).toBe('Pod default/<unnamed>');
    expect(describeObject({ metadata: { name: 'x' } } as KubeObject)).toBe('object x');
  });

  test.each([
    [{ file: 'charts/web/templates/deployment.yaml', line: 0, document: 0, values: 'prod' }, 'charts/web/templates/deployment.yaml, values: prod', 'values: prod'],
    [{ file: 'overlays/prod/kustomization.yaml', line: 3, document: 0, overlay: 'overlays/prod' }, 'overlays/prod/kustomization.yaml:3, overlay: overlays/prod', 'overlay: overlays/prod'],
    [{ file: 'a.yaml', line: 0, document: 0, values: 'v', overlay: 'o' }, 'a.yaml, values: v, overlay: o', 'values: v, overlay: o'],
    [{ file: 'web.yaml', line: 12, document: 0 }, 'web.yaml:12', undefined],
  ])('a rendered object names its values set or overlay (%j)', (where, text, variant) => {
    const p = pod();
    relocate(p, where);
    expect(describeObject(p)).toBe(`Pod default/p (${text})`);
    expect(renderVariant(p)).toBe(variant);
  });

  test('an object that was not loaded has no render variant', () => {
    expect(renderVariant(pod())).toBeUndefined();
  });
});

describe('toSubject and subjectOf refuse what is not a Pod or workload, previewing it', () => {
  const long = 'x'.repeat(100);
  test.each([
    [undefined, 'undefined'],
    [null, 'null'],
    ['web', '"web"'],
    [{ foo: 1 }, '{"foo":1}'],
    [Symbol('s'), 'Symbol(s)'],
    ['y'.repeat(78), `"${'y'.repeat(78)}"`], // 80 characters as JSON: shown whole
    ['y'.repeat(79), `"${'y'.repeat(76)}...`], // 81: cut to 77 and "..."
    [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'ns' } }, 'ConfigMap ns/c'],
    [{ kind: ['Pod'], spec: {} }, '{"kind":["Pod"],"spec":{}}'],
    // a kind named like an Object.prototype member is not pod-bearing (not `path.join is not a function`)
    [{ kind: 'constructor', metadata: { name: 'x' } }, 'constructor x'],
    [{ kind: 'toString', metadata: { name: 'x' } }, 'toString x'],
  ])('%p', (x, shown) => {
    expect(() => toSubject(x)).toThrow(`${EXPECTED} ${shown}`);
    expect(() => subjectOf(x)).toThrow(`${EXPECTED} ${shown}`);
    expect(preview(x)).toBe(shown);
  });

  test('a long value is cut', () => {
    expect(preview(long)).toBe(`"${'x'.repeat(76)}...`);
  });

  test('a Pod with stray top-level fields named like a Subject’s is still read as the Pod', () => {
    for (const extra of [{ label: 'l', object: {} }, { specPath: 's', object: {} }]) {
      const p = pod(extra);
      expect(subjectOf(p).object).toBe(p);
      expect(subjectOf(p).specPath).toBe('spec');
    }
  });
});

test('a pod marked as made from an object without a pod template keeps its own spec path', () => {
  const p = fromTemplateOf(pod(), { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } as KubeObject);
  expect(toSubject(p).specPath).toBe('spec');
  const q = fromTemplateOf(pod(), { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' } } as KubeObject);
  expect(toSubject(q).specPath).toBe('spec.template.spec');
});

describe('isToleration: a toleration given directly is an object with a toleration field and no kind', () => {
  test.each([
    [{ key: 'k' }, true],
    [{ operator: 'Exists' }, true],
    [{ value: 'v' }, true],
    [{ effect: 'NoSchedule' }, true],
    [{ tolerationSeconds: 5 }, true],
    [{ kind: 'Pod', key: 'k' }, false],
    [{ name: 'n' }, false],
    ['key=v:NoSchedule', false],
    [null, false],
    [[{ key: 'k' }], false],
  ])('%j: %s', (x, expected) => {
    expect(isToleration(x)).toBe(expected);
  });
});
