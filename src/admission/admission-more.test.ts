// Cases that pin the admission rules the mutation run (npm run mutation) found untested.
import type { Node, Toleration } from '../core/types';
import { toSubject } from '../k8s/subject';
import { admitNode, admitPod } from '.';
import { addDaemonSetTolerations, addOrUpdateToleration } from './daemonset-tolerations';
import { conditionTaints, mergeConditionTaints } from '../k8s/node-condition-taints';
import { daemonSet, node } from '../../test/fixtures';

const NR = 'node.kubernetes.io/not-ready';
const UR = 'node.kubernetes.io/unreachable';
const keyEffect = (t: { key?: string; effect?: string }) => `${t.key}:${t.effect}`;

// v1helper.AddOrUpdateTolerationInPodSpec (pkg/apis/core/v1/helper/helpers.go) replaces a toleration for which
// Toleration.MatchToleration (staging/src/k8s.io/api/core/v1/toleration.go) holds: equal key, effect, operator
// and value, an unset field being "" in Go.
describe('AddOrUpdateTolerationInPodSpec / MatchToleration', () => {
  test('unset and empty fields are equal: a toleration with no key, effect or value is replaced', () => {
    const out = addOrUpdateToleration([{ operator: 'Exists' }], { operator: 'Exists', tolerationSeconds: 5 });
    expect(out).toEqual([{ operator: 'Exists', tolerationSeconds: 5 }]);
    expect(addOrUpdateToleration([{ key: '', operator: 'Exists', effect: '', value: '' }], { operator: 'Exists' })).toEqual([{ operator: 'Exists' }]);
  });
  test('an unset operator equals an empty one, and differs from Equal', () => {
    expect(addOrUpdateToleration([{ key: 'k', operator: '' as never }], { key: 'k', tolerationSeconds: 1 })).toEqual([{ key: 'k', tolerationSeconds: 1 }]);
    expect(addOrUpdateToleration([{ key: 'k', operator: 'Equal' }], { key: 'k' })).toHaveLength(2);
  });
  test('a different value is another toleration', () => {
    const out = addOrUpdateToleration([{ key: 'k', operator: 'Equal', value: 'a', effect: 'NoSchedule' }], { key: 'k', operator: 'Equal', value: 'b', effect: 'NoSchedule' });
    expect(out.map((t) => t.value)).toEqual(['a', 'b']);
  });
  test('a different effect is another toleration: a daemon pod keeps its not-ready NoSchedule toleration', () => {
    const own: Toleration = { key: NR, operator: 'Exists', effect: 'NoSchedule' };
    const out = addDaemonSetTolerations([own], false);
    expect(out[0]).toBe(own);
    expect(out.filter((t) => t.key === NR).map((t) => t.effect)).toEqual(['NoSchedule', 'NoExecute']);
  });
});

// pkg/controller/daemon/daemon_controller.go: hostNetwork daemon pods also tolerate network-unavailable
// (TestNetworkUnavailableNodeDaemonLaunchesPod in daemon_controller_test.go), and tolerations are attributed.
describe('admitPod for a DaemonSet', () => {
  const keys = (d: object) => admitPod(toSubject(d)).tolerations.map((t) => t.key);
  test('hostNetwork: true adds the network-unavailable toleration; otherwise it is absent', () => {
    expect(keys(daemonSet('cni', undefined, { hostNetwork: true }))).toContain('node.kubernetes.io/network-unavailable');
    expect(keys(daemonSet('agent'))).not.toContain('node.kubernetes.io/network-unavailable');
    expect(keys(daemonSet('agent2', undefined, { hostNetwork: false }))).not.toContain('node.kubernetes.io/network-unavailable');
  });
  test('sources name who added each toleration; one replaced in place is the controller’s', () => {
    const own: Toleration = { key: 'dedicated', operator: 'Exists' };
    const replaced: Toleration = { key: NR, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
    const admitted = admitPod(toSubject(daemonSet('log', [own, replaced])));
    expect(admitted.tolerations[1]).toEqual({ key: NR, operator: 'Exists', effect: 'NoExecute' });
    expect(admitted.sources.slice(0, 3)).toEqual(['pod spec', 'DaemonSet controller', 'DaemonSet controller']);
    expect(admitted.sources).toHaveLength(admitted.tolerations.length);
    expect(admitted.sources).not.toContain('DefaultTolerationSeconds admission');
  });
});

// pkg/controller/nodelifecycle/node_lifecycle_controller.go: nodeConditionToTaintKeyStatusMap and
// doNoScheduleTaintingPass, which also adds node.kubernetes.io/unschedulable:NoSchedule for spec.unschedulable.
describe('node condition taints', () => {
  const withConditions = (conditions: Array<[string, string]>, spec?: Node['spec']): Node => ({
    kind: 'Node', metadata: { name: 'n' }, ...(spec ? { spec } : {}),
    status: { conditions: conditions.map(([type, status]) => ({ type, status })) },
  });
  test('each condition is read by its own type, not by position', () => {
    expect(conditionTaints(withConditions([['Ready', 'True'], ['MemoryPressure', 'False']]))).toEqual([]);
    expect(conditionTaints(withConditions([['DiskPressure', 'False'], ['Ready', 'False']])).map(keyEffect))
      .toEqual([`${NR}:NoSchedule`, `${NR}:NoExecute`]);
  });
  test('spec.unschedulable → node.kubernetes.io/unschedulable:NoSchedule', () => {
    expect(conditionTaints(withConditions([['Ready', 'True']], { unschedulable: true }))).toEqual([
      { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
    ]);
  });
  test('a node without spec has no unschedulable taint and no own taints', () => {
    const bare = withConditions([['Ready', 'Unknown']]);
    expect(conditionTaints(bare).map(keyEffect)).toEqual([`${UR}:NoSchedule`, `${UR}:NoExecute`]);
    expect(mergeConditionTaints(bare).map(keyEffect)).toEqual([`${UR}:NoSchedule`, `${UR}:NoExecute`]);
    expect(admitNode(bare)).toEqual({ taints: mergeConditionTaints(bare), ownCount: 0 });
  });
  test('a node with a spec but no taints and no conditions has none', () => {
    const n: Node = { kind: 'Node', metadata: { name: 'n' }, spec: {} };
    expect(mergeConditionTaints(n)).toEqual([]);
    expect(admitNode(n)).toEqual({ taints: [], ownCount: 0 });
  });
  test('a condition taint is dropped only when the node already has the same key AND effect', () => {
    const n = withConditions([['Ready', 'False']], { taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] });
    expect(mergeConditionTaints(n).map(keyEffect)).toEqual(['dedicated:NoSchedule', `${NR}:NoSchedule`, `${NR}:NoExecute`]);
    expect(admitNode(n).ownCount).toBe(1);
  });
  test('a cordoned node from the fixtures carries the unschedulable taint after admission', () => {
    expect(admitNode(node('c', [], { unschedulable: true })).taints.map(keyEffect)).toEqual(['node.kubernetes.io/unschedulable:NoSchedule']);
  });
});
