// Conformance cases for what the cluster adds before a pod runs; each names its upstream test.
import type { Node, Toleration } from '../core/types';
import { addDefaultTolerationSeconds } from './default-toleration-seconds';
import { addDaemonSetTolerations } from './daemonset-tolerations';
import { conditionTaints, mergeConditionTaints } from '../k8s/node-condition-taints';

const NR = 'node.kubernetes.io/not-ready';
const UR = 'node.kubernetes.io/unreachable';
const dflt = (key: string, s = 300): Toleration => ({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: s });

// plugin/pkg/admission/defaulttolerationseconds/admission_test.go TestForgivenessAdmission
describe('TestForgivenessAdmission', () => {
  const cases: Array<[string, Toleration[], Toleration[]]> = [
    ['pod has no tolerations, expect add tolerations for `notread:NoExecute` and `unreachable:NoExecute`', [], [dflt(NR), dflt(UR)]],
    ['pod has tolerations, but none is for taint `notread:NoExecute` or `unreachable:NoExecute`, expect add tolerations for `notread:NoExecute` and `unreachable:NoExecute`',
      [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule', tolerationSeconds: 700 }],
      [{ key: 'foo', operator: 'Equal', value: 'bar', effect: 'NoSchedule', tolerationSeconds: 700 }, dflt(NR), dflt(UR)]],
    ['pod specified a toleration for taint `notReady:NoExecute`, expect add toleration for `unreachable:NoExecute`', [dflt(NR, 700)], [dflt(NR, 700), dflt(UR)]],
    ['pod specified a toleration for taint `unreachable:NoExecute`, expect add toleration for `notReady:NoExecute`', [dflt(UR, 700)], [dflt(UR, 700), dflt(NR)]],
    ['pod specified tolerations for both `notread:NoExecute` and `unreachable:NoExecute`, expect no change', [dflt(NR, 700), dflt(UR, 700)], [dflt(NR, 700), dflt(UR, 700)]],
    ['pod specified toleration for taint `unreachable`, expect add toleration for `notReady:NoExecute`',
      [{ key: UR, operator: 'Exists', tolerationSeconds: 700 }], [{ key: UR, operator: 'Exists', tolerationSeconds: 700 }, dflt(NR)]],
    ['pod has wildcard toleration for all kind of taints, expect no change', [{ operator: 'Exists', tolerationSeconds: 700 }], [{ operator: 'Exists', tolerationSeconds: 700 }]],
  ];
  test.each(cases)('%s', (_name, given, expected) => {
    expect(addDefaultTolerationSeconds(given, 300, 300)).toEqual(expected);
  });
  test('admission.go looks at key and effect only: a NoSchedule not-ready toleration does not suppress the default', () => {
    expect(addDefaultTolerationSeconds([{ key: NR, operator: 'Exists', effect: 'NoSchedule' }], 300, 300)).toContainEqual(dflt(NR));
  });
});

// pkg/controller/daemon/util/daemonset_util.go AddOrUpdateDaemonPodTolerations, as exercised by
// daemon_controller_test.go (TestTaintPressureNodeDaemonLaunchPod, TestNodeDaemonLaunchesToleratePod, TestNotReadyNodeDaemonDoesLaunchPod)
describe('DaemonSet controller tolerations', () => {
  test('adds not-ready/unreachable NoExecute forever and the pressure/unschedulable NoSchedule tolerations', () => {
    expect(addDaemonSetTolerations([], false)).toEqual([
      { key: NR, operator: 'Exists', effect: 'NoExecute' },
      { key: UR, operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    ]);
  });
  test('network-unavailable only with hostNetwork (TestNetworkUnavailableNodeDaemonLaunchesPod)', () => {
    expect(addDaemonSetTolerations([], true)).toContainEqual({ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });
    expect(addDaemonSetTolerations([], false).map((t) => t.key)).not.toContain('node.kubernetes.io/network-unavailable');
  });
  test('AddOrUpdateTolerationInPodSpec replaces a toleration identical but for tolerationSeconds, in place', () => {
    const out = addDaemonSetTolerations([{ key: 'a', operator: 'Exists' }, { key: NR, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }], false);
    expect(out[1]).toEqual({ key: NR, operator: 'Exists', effect: 'NoExecute' });
    expect(out.filter((t) => t.key === NR)).toHaveLength(1);
  });
  test('a toleration with another operator is kept and a new one appended', () => {
    const out = addDaemonSetTolerations([{ key: NR, operator: 'Equal', value: '', effect: 'NoExecute', tolerationSeconds: 10 }], false);
    expect(out.filter((t) => t.key === NR)).toHaveLength(2);
    expect(out[0].tolerationSeconds).toBe(10);
  });
});

// pkg/controller/nodelifecycle/node_lifecycle_controller.go nodeConditionToTaintKeyStatusMap and
// taint-based eviction (TestTaintsNodeByCondition, TestApplyNoExecuteTaints in node_lifecycle_controller_test.go)
describe('node condition taints', () => {
  const withConditions = (conditions: Array<[string, string]>, taints: object[] = []): Node => ({
    kind: 'Node', metadata: { name: 'n' }, spec: { taints: taints as never },
    status: { conditions: conditions.map(([type, status]) => ({ type, status })) },
  });
  test('Ready False → not-ready NoSchedule and NoExecute', () => {
    expect(conditionTaints(withConditions([['Ready', 'False']]))).toEqual([
      { key: NR, effect: 'NoSchedule' }, { key: NR, effect: 'NoExecute' },
    ]);
  });
  test('Ready Unknown → unreachable NoSchedule and NoExecute', () => {
    expect(conditionTaints(withConditions([['Ready', 'Unknown']])).map((t) => `${t.key}:${t.effect}`)).toEqual([`${UR}:NoSchedule`, `${UR}:NoExecute`]);
  });
  test('pressure and NetworkUnavailable conditions → NoSchedule only', () => {
    const taints = conditionTaints(withConditions([['Ready', 'True'], ['MemoryPressure', 'True'], ['DiskPressure', 'True'], ['PIDPressure', 'True'], ['NetworkUnavailable', 'True']]));
    expect(taints.map((t) => `${t.key}:${t.effect}`)).toEqual([
      'node.kubernetes.io/memory-pressure:NoSchedule', 'node.kubernetes.io/disk-pressure:NoSchedule',
      'node.kubernetes.io/pid-pressure:NoSchedule', 'node.kubernetes.io/network-unavailable:NoSchedule',
    ]);
  });
  test('a condition type or status that is an Object.prototype name adds no taint (the Go map has only its own keys)', () => {
    expect(conditionTaints(withConditions([['constructor', 'name'], ['Ready', 'constructor'], ['toString', 'True']]))).toEqual([]);
    const own = [{ key: 'a', effect: 'NoSchedule' }];
    expect(mergeConditionTaints(withConditions([['Ready', 'toString']], own))).toEqual(own);
  });
  test('merged with the node’s own taints, unique by key and effect', () => {
    const n = withConditions([['Ready', 'False']], [{ key: NR, effect: 'NoExecute', timeAdded: '2024-01-01T00:00:00Z' }]);
    expect(mergeConditionTaints(n).map((t) => `${t.key}:${t.effect}`)).toEqual([`${NR}:NoExecute`, `${NR}:NoSchedule`]);
  });
});
