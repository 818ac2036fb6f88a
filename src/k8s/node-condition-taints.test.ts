// The node lifecycle controller's condition taints beyond the admission tests (src/admission/*.test.ts): conditions
// repeated, condition taints the node already carries, and the Ready assumption stated for dumped nodes. Upstream
// is cited at kubernetes@v1.37.2 (the same code at v1.33.13 … v1.36.3).
import type { Node } from '../core/types';
import { mergeConditionTaints, readyAssumption } from './node-condition-taints';

const NR = 'node.kubernetes.io/not-ready';
const withConditions = (conditions: Array<[string, string]>, taints?: NonNullable<Node['spec']>['taints']): Node => ({
  kind: 'Node', metadata: { name: 'n' }, ...(taints ? { spec: { taints } } : {}),
  status: { conditions: conditions.map(([type, status]) => ({ type, status })) },
});

// node_lifecycle_controller.go doNoScheduleTaintingPass appends one taint per condition, repeats included;
// SwapNodeControllerTaint then adds each with AddOrUpdateTaint (pkg/util/taints), which finds the second one equal to
// the first (the same key, effect and TimeAdded) and leaves the node with one.
test('a condition listed twice gives its taint once', () => {
  expect(mergeConditionTaints(withConditions([['MemoryPressure', 'True'], ['MemoryPressure', 'True'], ['Ready', 'True']]))).toEqual([
    { key: 'node.kubernetes.io/memory-pressure', effect: 'NoSchedule' },
  ]);
  expect(mergeConditionTaints(withConditions([['Ready', 'False'], ['Ready', 'False']]))).toEqual([
    { key: NR, effect: 'NoSchedule' }, { key: NR, effect: 'NoExecute' },
  ]);
});

// markNodeForTainting (node_lifecycle_controller.go) keeps a node already carrying the not-ready NoExecute taint
// (TaintExists: key and effect) in the tainter's set, so RateLimitedTimedQueue.Add does not queue it again: the taint
// stays as the node lists it, its timeAdded (which taint-based eviction counts from) included.
describe('condition taints the node already carries', () => {
  test('a NoExecute one without a value is kept as the node lists it, timeAdded included', () => {
    const own = [{ key: NR, effect: 'NoSchedule' as const }, { key: NR, effect: 'NoExecute' as const, timeAdded: '2026-12-01T10:00:00Z' }];
    expect(mergeConditionTaints(withConditions([['Ready', 'False']], structuredClone(own)))).toEqual(own);
    const empty = [{ key: NR, effect: 'NoSchedule' as const }, { key: NR, value: '', effect: 'NoExecute' as const }];
    expect(mergeConditionTaints(withConditions([['Ready', 'False']], structuredClone(empty)))).toEqual(empty);
  });
  test('a NoExecute one with a value is replaced in place, and the node\'s other taints stay around it', () => {
    const own = [{ key: NR, effect: 'NoSchedule' as const }, { key: NR, value: 'x', effect: 'NoExecute' as const }, { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' as const }];
    expect(mergeConditionTaints(withConditions([['Ready', 'False']], own))).toEqual([
      { key: NR, effect: 'NoSchedule' }, { key: NR, effect: 'NoExecute' }, { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
    ]);
    // the node given is not changed
    expect(own[1]).toEqual({ key: NR, value: 'x', effect: 'NoExecute' });
  });
});

// The stated assumption (docs/reference/semantics.md): a node read from a cluster that lists no Ready condition.
describe('readyAssumption', () => {
  const TAIL = 'no Ready condition: read as Ready (a real node whose kubelet never posted status gets node.kubernetes.io/unreachable)';
  const dumpedNode = (name: string): Node => ({ kind: 'Node', metadata: { name, uid: `uid-${name}` } });

  test('a node with a uid alone counts as read from a cluster; one without metadata or status is read without a throw', () => {
    expect(readyAssumption([dumpedNode('a')])).toBe(`node a lists ${TAIL}`);
    // Go's zero values: no metadata is an empty name, no status no conditions
    expect(readyAssumption([{ kind: 'Node', status: { conditions: [{ type: 'MemoryPressure', status: 'False' }] } }])).toBe(`node  lists ${TAIL}`);
    expect(readyAssumption([{ kind: 'Node' }, { kind: 'Node', metadata: { name: 'h' }, status: { capacity: { cpu: '1' } } }])).toBeUndefined();
    expect(readyAssumption([{ kind: 'Node', metadata: { name: 'r', resourceVersion: '1' } }, { kind: 'Node', metadata: { name: 't', creationTimestamp: '2026-01-01T00:00:00Z' } }]))
      .toBe(`nodes r, t list ${TAIL}`);
  });
  test('five nodes are all named; beyond five, the first five and how many more', () => {
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(readyAssumption(names.slice(0, 5).map(dumpedNode))).toBe(`nodes a, b, c, d, e list ${TAIL}`);
    expect(readyAssumption(names.map(dumpedNode))).toBe(`nodes a, b, c, d, e and 2 more list ${TAIL}`);
  });
});
