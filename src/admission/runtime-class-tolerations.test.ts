// The RuntimeClass plugin's building blocks against upstream's own tables: pkg/util/tolerations/tolerations_test.go
// (TestIsSuperset, TestMergeTolerations, v1.37.2) through mergeTolerations, and plugin/pkg/admission/runtimeclass/
// admission.go's setScheduling, setOverhead and validateOverhead on the edges its tests leave out.
import type { PodSpec, Toleration } from '../core/types';
import { resetConfiguration, withConfiguration } from '../core/config';
import { admitRuntimeClass, forbiddenPod, mergeTolerations } from './runtime-class';

afterEach(resetConfiguration);

// tolerations_test.go's `tolerations` map, field for field
const TOLERATIONS: Record<string, Toleration> = {
  all: { operator: 'Exists' },
  'all-nosched': { operator: 'Exists', effect: 'NoSchedule' },
  'all-noexec': { operator: 'Exists', effect: 'NoExecute' },
  foo: { key: 'foo', operator: 'Exists' },
  'foo-bar': { key: 'foo', operator: 'Equal', value: 'bar' },
  'foo-nosched': { key: 'foo', operator: 'Exists', effect: 'NoSchedule' },
  'foo-bar-nosched': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule' },
  'foo-baz-nosched': { key: 'foo', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'faz-nosched': { key: 'faz', operator: 'Exists', effect: 'NoSchedule' },
  'faz-baz-nosched': { key: 'faz', operator: 'Equal', value: 'baz', effect: 'NoSchedule' },
  'foo-prefnosched': { key: 'foo', operator: 'Exists', effect: 'PreferNoSchedule' },
  'foo-noexec': { key: 'foo', operator: 'Exists', effect: 'NoExecute' },
  'foo-bar-noexec': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoExecute' },
  'foo-noexec-10': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
  'foo-noexec-0': { key: 'foo', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 },
  'foo-bar-noexec-10': { key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoExecute', tolerationSeconds: 10 },
};
const tols = (names: string[]) => names.map((n) => structuredClone(TOLERATIONS[n]!));

// TestIsSuperset: each toleration tolerates itself and the ones listed, none of the others ("foo-prenosched", a
// typo upstream, names no toleration and is left out)
const SUPERSETS: Record<string, string[]> = {
  all: ['all-nosched', 'all-noexec', 'foo', 'foo-bar', 'foo-nosched', 'foo-bar-nosched', 'foo-baz-nosched', 'faz-nosched', 'faz-baz-nosched', 'foo-prefnosched', 'foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10'],
  'all-nosched': ['foo-nosched', 'foo-bar-nosched', 'foo-baz-nosched', 'faz-nosched', 'faz-baz-nosched'],
  'all-noexec': ['foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10'],
  foo: ['foo-bar', 'foo-nosched', 'foo-bar-nosched', 'foo-baz-nosched', 'foo-prefnosched', 'foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10'],
  'foo-bar': ['foo-bar-nosched', 'foo-bar-noexec', 'foo-bar-noexec-10'],
  'foo-nosched': ['foo-bar-nosched', 'foo-baz-nosched'],
  'foo-bar-nosched': [],
  'faz-nosched': ['faz-baz-nosched'],
  'faz-baz-nosched': [],
  'foo-noexec': ['foo-noexec', 'foo-bar-noexec', 'foo-noexec-10', 'foo-noexec-0', 'foo-bar-noexec-10'],
  'foo-bar-noexec': ['foo-bar-noexec-10'],
  'foo-noexec-10': ['foo-noexec-0', 'foo-bar-noexec-10'],
  'foo-noexec-0': [],
  'foo-bar-noexec-10': [],
};
const covers = (ss: string, t: string) => ss === t || (SUPERSETS[ss]?.includes(t) ?? false);

describe('TestIsSuperset, read through MergeTolerations of the pair', () => {
  // MergeTolerations([ss], [t]) keeps ss alone when it is a superset of t, t alone when t is one of ss, else both
  const pairs = Object.keys(SUPERSETS).flatMap((ss) => Object.keys(TOLERATIONS).filter((t) => t !== ss).map((t) => [ss, t] as const));
  test.each(pairs)('%s over %s', (ss, t) => {
    const expected = covers(ss, t) ? [ss] : SUPERSETS[t] && covers(t, ss) ? [t] : [ss, t];
    expect(mergeTolerations(tols([ss]), tols([t]))).toEqual(tols(expected));
  });
  test.each(Object.keys(TOLERATIONS))('%s twice is kept once', (name) => {
    expect(mergeTolerations(tols([name]), tols([name]))).toEqual(tols([name]));
  });
});

describe('TestMergeTolerations', () => {
  test.each([
    ['disjoint', ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], ['foo-prefnosched', 'foo-baz-nosched'],
      ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10', 'foo-prefnosched', 'foo-baz-nosched']],
    ['duplicate', ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'], ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10'],
      ['foo-bar-nosched', 'faz-baz-nosched', 'foo-noexec-10']],
    ['merge redundant', ['foo-bar-nosched', 'foo-baz-nosched'], ['foo-nosched', 'faz-baz-nosched'], ['foo-nosched', 'faz-baz-nosched']],
    ['merge all', ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all'], ['all']],
    ['merge into all', ['all'], ['foo-bar-nosched', 'foo-baz-nosched', 'foo-noexec-10'], ['all']],
  ])('%s', (_name, a, b, expected) => {
    expect(mergeTolerations(tols(a), tols(b))).toEqual(tols(expected));
  });
});

describe('isSuperset on what the tables leave out (tolerations.go)', () => {
  // an operator left empty means Equal: equal tolerations are a superset of each other by the DeepEqual check first
  const bare: Toleration = { key: 'foo', value: 'bar', effect: 'NoSchedule' };
  it('two equal tolerations without an operator are kept once, with a key or without', () => {
    expect(mergeTolerations([{ ...bare }], [{ ...bare }])).toEqual([bare]);
    expect(mergeTolerations([{ value: 'bar' }], [{ value: 'bar' }])).toEqual([{ value: 'bar' }]);
  });
  it('Exists covers an Equal toleration of an empty value (they differ in the operator only)', () => {
    const equalEmpty: Toleration = { key: 'foo', operator: 'Equal', effect: 'NoSchedule' };
    expect(mergeTolerations([equalEmpty], [TOLERATIONS['foo-nosched']!])).toEqual([TOLERATIONS['foo-nosched']]);
  });
  it('an empty operator covers an Equal toleration of the same value, not one of another value', () => {
    const equal: Toleration = { ...bare, operator: 'Equal' };
    expect(mergeTolerations([{ ...bare }], [equal])).toEqual([bare]);
    expect(mergeTolerations([{ ...bare }], [{ ...equal, value: 'baz' }])).toEqual([bare, { ...equal, value: 'baz' }]);
    expect(mergeTolerations([{ key: 'foo', effect: 'NoSchedule' }], [{ key: 'foo', operator: 'Equal', effect: 'NoSchedule' }]))
      .toEqual([{ key: 'foo', effect: 'NoSchedule' }]);
  });
  it('an unknown operator covers nothing but its equal', () => {
    const odd = { key: 'foo', operator: 'Foo', effect: 'NoSchedule' } as unknown as Toleration;
    expect(mergeTolerations([odd], [TOLERATIONS['foo-bar-nosched']!])).toEqual([odd, TOLERATIONS['foo-bar-nosched']]);
  });
  it('Exists without a key covers every key only as Exists: an Equal one without a key matches keys equal to ""', () => {
    const emptyEqual: Toleration = { operator: 'Equal', effect: 'NoSchedule' };
    // neither has a key: the same key (""), so an Equal one without an effect covers one with
    expect(mergeTolerations([{ operator: 'Equal' }], [emptyEqual])).toEqual([{ operator: 'Equal' }]);
    expect(mergeTolerations([emptyEqual], [{ key: '', operator: 'Equal', effect: 'NoSchedule' }])).toEqual([emptyEqual]);
    expect(mergeTolerations([emptyEqual], [{ key: 'foo', operator: 'Equal', effect: 'NoSchedule' }]))
      .toEqual([emptyEqual, { key: 'foo', operator: 'Equal', effect: 'NoSchedule' }]);
  });
  it('an empty effect covers every effect; a set one only its own, whether the other leaves it out or sets another', () => {
    expect(mergeTolerations([{ key: 'foo', operator: 'Exists', effect: '' }], [{ key: 'foo', operator: 'Exists' }])).toEqual([{ key: 'foo', operator: 'Exists', effect: '' }]);
    expect(mergeTolerations([{ key: 'foo', operator: 'Exists', effect: 'NoSchedule' }], [{ key: 'foo', operator: 'Exists' }]))
      .toEqual([{ key: 'foo', operator: 'Exists' }]);
  });
  it('NoExecute without tolerationSeconds forever covers any seconds; with them, only as many or fewer', () => {
    const ne = (s?: number): Toleration => ({ key: 'k', operator: 'Exists', effect: 'NoExecute', ...(s === undefined ? {} : { tolerationSeconds: s }) });
    expect(mergeTolerations([ne(60)], [ne(60)])).toEqual([ne(60)]);
    expect(mergeTolerations([ne(60)], [ne(61)])).toEqual([ne(61)]);
    expect(mergeTolerations([ne(61)], [ne(60)])).toEqual([ne(61)]);
    expect(mergeTolerations([ne()], [ne(5)])).toEqual([ne()]);
    // NoSchedule has no seconds to compare: two that differ only there are supersets of each other, and the later
    // one is kept (the earlier is dropped for it, and no kept one covers the later)
    const ns = (s?: number): Toleration => ({ key: 'k', operator: 'Exists', effect: 'NoSchedule', ...(s === undefined ? {} : { tolerationSeconds: s }) });
    expect(mergeTolerations([ns(5)], [ns()])).toEqual([ns()]);
    expect(mergeTolerations([ns()], [ns(5)])).toEqual([ns(5)]);
  });
  it('tolerations that differ only in tolerationSeconds are not equal', () => {
    const eq = (s?: number): Toleration => ({ key: 'k', operator: 'Equal', value: 'v', effect: 'NoExecute', ...(s === undefined ? {} : { tolerationSeconds: s }) });
    expect(mergeTolerations([eq(5)], [eq(7)])).toEqual([eq(7)]);
    expect(mergeTolerations([eq(7)], [eq(5)])).toEqual([eq(7)]);
  });
});

describe('the plugin (admission.go)', () => {
  const rc = (more: Record<string, unknown> = {}) => ({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'foo' }, handler: 'bar', ...more });
  const spec = (more: Partial<PodSpec> = {}): PodSpec => ({ runtimeClassName: 'foo', containers: [{ name: 'c', image: 'x' }], ...more });
  const admit = (classes: object[], podSpec: PodSpec, tolerations: Toleration[] = []) =>
    withConfiguration({ runtimeClasses: classes as never }, () => admitRuntimeClass(podSpec, tolerations));
  const MISMATCH = { phase: 'admit', reason: "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead" };

  test.each([
    ['the class has a resource the pod leaves out', { cpu: '100m', memory: '1' }, { cpu: '100m' }],
    ['the pod has a resource the class leaves out', { cpu: '100m' }, { cpu: '100m', memory: '1' }],
    ['one of two amounts differs', { cpu: '100m', memory: '2' }, { cpu: '100m', memory: '1' }],
    ['as many names, not the same ones', { cpu: '100m', memory: '1' }, { cpu: '100m', 'ephemeral-storage': '1' }],
  ])('setOverhead: Semantic.DeepEqual of the two lists fails when %s', (_name, podFixed, overhead) => {
    expect(admit([rc({ overhead: { podFixed } })], spec({ overhead })).refused).toEqual(MISMATCH);
  });

  it('runtimeClassName: null names no class (a nil pointer): nothing is looked up', () => {
    expect(admit([], spec({ runtimeClassName: null as never }), [TOLERATIONS.foo!])).toEqual({ nodeSelector: undefined, overhead: undefined, tolerations: [TOLERATIONS.foo] });
  });

  it('without scheduling the pod keeps its tolerations', () => {
    expect(admit([rc()], spec(), tols(['foo-bar', 'faz-nosched']))).toEqual({ nodeSelector: undefined, overhead: undefined, tolerations: tols(['foo-bar', 'faz-nosched']) });
  });

  it('setScheduling: scheduling without a nodeSelector leaves a pod without one without one (nil)', () => {
    const answer = admit([rc({ scheduling: { tolerations: tols(['foo']) } })], spec(), tols(['foo-bar']));
    expect(answer).toEqual({ nodeSelector: undefined, overhead: undefined, tolerations: tols(['foo']) });
    expect('nodeSelector' in answer && answer.nodeSelector).toBeUndefined();
  });

  it('NewForbidden: without a name, `pods is forbidden: <reason>`', () => {
    expect(forbiddenPod('', 'pod rejected: RuntimeClass "x" not found')).toBe('pods is forbidden: pod rejected: RuntimeClass "x" not found');
    expect(forbiddenPod('web', 'r')).toBe('pods "web" is forbidden: r');
  });
});
