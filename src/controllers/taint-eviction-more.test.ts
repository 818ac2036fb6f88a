// The taint-eviction controller for one pod on one node (pkg/controller/tainteviction/taint_eviction.go
// processPodOnNode, getNoExecuteTaints, getMinTolerationTime; v1helper.GetMatchingTolerations), cases after
// taint_eviction_test.go TestGetMinTolerationTime and TestCreatePod.
import type { Node, Pod, Taint, Toleration } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { minTolerationTime, taintEviction } from './taint-eviction';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const pod = (tolerations: Toleration[]): Pod => ({ kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], nodeName: 'n', tolerations } });
const node = (taints: Taint[]): Node => ({ kind: 'Node', metadata: { name: 'n' }, spec: { taints } });
const verdict = (tolerations: Toleration[], taints: Taint[]) => taintEviction(podInfo(toSubject(pod(tolerations))), nodeInfo(node(taints)));

const A: Taint = { key: 'a', value: '1', effect: 'NoExecute' };
const B: Taint = { key: 'b', effect: 'NoExecute' };
const C: Taint = { key: 'c', effect: 'NoExecute' };

describe('processPodOnNode', () => {
  test('only NoExecute taints count; no such taint: never evicted, nothing used', () => {
    expect(verdict([], [{ key: 'x', effect: 'NoSchedule' }, { key: 'y', effect: 'PreferNoSchedule' }])).toStrictEqual({ after: null, taints: [] });
  });
  test('the first toleration in pod order that tolerates a taint is the one used (GetMatchingTolerations)', () => {
    const other: Toleration = { key: 'z', operator: 'Exists' };
    const first: Toleration = { key: 'a', operator: 'Equal', value: '1', effect: 'NoExecute', tolerationSeconds: 60 };
    const second: Toleration = { operator: 'Exists', tolerationSeconds: 5 };
    expect(verdict([other, first, second], [A, { key: 'x', effect: 'NoSchedule' }])).toStrictEqual({
      after: 60,
      taints: [{ taint: A, tolerationIndex: 1, toleration: first }],
    });
  });
  test('the first untolerated taint is named and eviction is at once; every NoExecute taint is listed', () => {
    const t: Toleration = { key: 'a', operator: 'Exists', effect: 'NoExecute' };
    expect(verdict([t], [A, B, C])).toStrictEqual({
      after: 0,
      untolerated: B,
      taints: [
        { taint: A, tolerationIndex: 0, toleration: t },
        { taint: B, tolerationIndex: -1, toleration: undefined },
        { taint: C, tolerationIndex: -1, toleration: undefined },
      ],
    });
  });
  test('the minimum over the tolerations used, whichever taint it is for', () => {
    const tols: Toleration[] = [
      { key: 'a', operator: 'Exists', tolerationSeconds: 600 },
      { key: 'b', operator: 'Exists', tolerationSeconds: 30 },
      { key: 'c', operator: 'Exists' },
    ];
    expect(verdict(tols, [A, B, C]).after).toBe(30);
    expect(verdict(tols, [A, C]).after).toBe(600);
    expect(verdict(tols, [C]).after).toBeNull();
  });
  test('a toleration for another effect does not tolerate a NoExecute taint', () => {
    expect(verdict([{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }], [A]).after).toBe(0);
  });
  test('Gt/Lt tolerations tolerate only with the TaintTolerationComparisonOperators gate', () => {
    const gt: Toleration = { key: 'a', operator: 'Gt', value: '0', effect: 'NoExecute', tolerationSeconds: 20 };
    configure({ featureGates: { TaintTolerationComparisonOperators: true }, validate: false });
    expect(verdict([gt], [A]).after).toBe(20);
    configure({ featureGates: { TaintTolerationComparisonOperators: false }, validate: false });
    expect(verdict([gt], [A]).after).toBe(0);
  });
});

// getMinTolerationTime: 0 for no tolerations or any value <= 0, -1 (never; null here) when none is set, else the minimum
describe('getMinTolerationTime', () => {
  const s = (n?: number | null): Toleration => (n === undefined ? {} : { tolerationSeconds: n as number });
  test.each<[Toleration[], number | null]>([
    [[], 0],
    [[s(), s()], null],
    [[s(null)], null], // a YAML null is an unset pointer
    [[s(null), s(5)], 5],
    [[s(10), s(3), s(7)], 3],
    [[s(3), s(10)], 3],
    [[s(3), s(0)], 0],
    [[s(-1), s(5)], 0],
    [[s(), s(1)], 1],
    [[s(1), s(1)], 1],
  ])('%j → %p', (tolerations, expected) => {
    expect(minTolerationTime(tolerations)).toBe(expected);
  });
});
