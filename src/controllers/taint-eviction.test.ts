// Conformance cases from pkg/controller/tainteviction/taint_eviction_test.go; each names its upstream test.
import type { Node, Pod, Toleration } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { minTolerationTime, taintEviction } from './taint-eviction';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

// createNoExecuteTaint(i) and addToleration(pod, i, seconds) as in the upstream test helpers
const taint = (i: number) => ({ key: `testTaint${i}`, value: `test${i}`, effect: 'NoExecute' });
const toleration = (i: number, seconds: number): Toleration =>
  seconds < 0 ? { key: `testTaint${i}`, value: `test${i}`, effect: 'NoExecute' } : { key: `testTaint${i}`, value: `test${i}`, effect: 'NoExecute', tolerationSeconds: seconds };
const pod = (tolerations: Toleration[]): Pod => ({ kind: 'Pod', metadata: { name: 'pod1' }, spec: { containers: [], nodeName: 'node1', tolerations } });
const node = (taints: object[]): Node => ({ kind: 'Node', metadata: { name: 'node1' }, spec: { taints: taints as never } });
const after = (p: Pod, n: Node) => taintEviction(podInfo(toSubject(p)), nodeInfo(n)).after;

describe('TestCreatePod', () => {
  test('scheduled on untainted Node', () => expect(after(pod([]), node([]))).toBeNull());
  test('schedule on tainted Node', () => expect(after(pod([]), node([taint(1)]))).toBe(0));
  test('schedule on tainted Node with finite toleration', () => expect(after(pod([toleration(1, 100)]), node([taint(1)]))).toBe(100));
  test('schedule on tainted Node with zero-second toleration', () => expect(after(pod([toleration(1, 0)]), node([taint(1)]))).toBe(0));
  test('schedule on tainted Node with infinite toleration', () => expect(after(pod([toleration(1, -1)]), node([taint(1)]))).toBeNull());
  test('schedule on tainted Node with infinite invalid toleration', () => expect(after(pod([toleration(2, -1)]), node([taint(1)]))).toBe(0));
});

describe('TestUpdateNodeWithMultipleTaints', () => {
  test('a second untolerated taint evicts a pod that tolerated the first forever', () => {
    const p = pod([toleration(1, -1)]);
    expect(after(p, node([taint(1)]))).toBeNull();
    expect(after(p, node([taint(1), taint(2)]))).toBe(0);
  });
});

describe('TestGetMinTolerationTime', () => {
  const s = (n?: number): Toleration => (n === undefined ? {} : { tolerationSeconds: n });
  test.each([
    [[], 0],
    [[s()], null],
    [[s(1), s(2)], 1],
    [[s(1), s()], 1],
    [[s(), s(1)], 1],
    [[s(5), s(-3)], 0], // "Zero and negative values will be treated as 0 (evict immediately)" (types.go)
  ] as Array<[Toleration[], number | null]>)('%j → %p', (tolerations, expected) => {
    expect(minTolerationTime(tolerations)).toBe(expected);
  });
});

describe('first matching toleration decides (GetMatchingTolerations, pkg/apis/core/v1/helper)', () => {
  test('an earlier infinite toleration hides a later finite one', () => {
    const p = pod([{ key: 'testTaint1', operator: 'Exists', effect: 'NoExecute' }, toleration(1, 30)]);
    expect(after(p, node([taint(1)]))).toBeNull();
  });
  test('an earlier finite toleration wins over a later infinite one', () => {
    const p = pod([toleration(1, 30), { operator: 'Exists' }]);
    expect(after(p, node([taint(1)]))).toBe(30);
  });
  test('the minimum over the taints is used', () => {
    const p = pod([toleration(1, 600), toleration(2, 60)]);
    expect(after(p, node([taint(1), taint(2)]))).toBe(60);
  });
  test('NoSchedule and PreferNoSchedule taints never evict', () => {
    expect(after(pod([]), node([{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'PreferNoSchedule' }]))).toBeNull();
  });
});
