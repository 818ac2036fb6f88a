// What the cluster adds before the scheduler and the taint-eviction controller look: DefaultTolerationSeconds
// (plugin/pkg/admission/defaulttolerationseconds/admission.go), the DaemonSet controller's tolerations
// (pkg/controller/daemon/util/daemonset_util.go AddOrUpdateDaemonPodTolerations), ExtendedResourceToleration
// (plugin/pkg/admission/extendedresourcetoleration/admission.go) and the node lifecycle controller's condition taints
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go doNoScheduleTaintingPass, processTaintBaseEviction).
import type { Node, PodSpec, Toleration } from '../core/types';
import { configure, resetConfiguration, withConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { admitNode, admitPod } from '.';
import { addDefaultTolerationSeconds } from './default-toleration-seconds';
import { addOrUpdateToleration } from './daemonset-tolerations';
import { addExtendedResourceTolerations, extendedResourcesRequested } from './extended-resource-toleration';
import { conditionTaints, mergeConditionTaints } from '../k8s/node-condition-taints';
import { daemonSet, node, pod } from '../../test/fixtures';

const NR = 'node.kubernetes.io/not-ready';
const UR = 'node.kubernetes.io/unreachable';
const keyEffect = (t: { key?: string; effect?: string }) => `${t.key}:${t.effect}`;

afterEach(() => resetConfiguration());

// admission.go Admit: a toleration covers a key when its key is that key or empty, and its effect NoExecute or empty
describe('DefaultTolerationSeconds', () => {
  const nr = (s: number): Toleration => ({ key: NR, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: s });
  const ur = (s: number): Toleration => ({ key: UR, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: s });
  test.each<[string, Toleration[], Toleration[]]>([
    ['each default has its own seconds (--default-not-ready/unreachable-toleration-seconds)', [], [nr(120), ur(600)]],
    ['an empty key with effect NoExecute covers both', [{ operator: 'Exists', effect: 'NoExecute' }], [{ operator: 'Exists', effect: 'NoExecute' }]],
    ['an empty key with effect NoSchedule covers neither', [{ operator: 'Exists', effect: 'NoSchedule' }], [{ operator: 'Exists', effect: 'NoSchedule' }, nr(120), ur(600)]],
    ['the unreachable key does not cover not-ready', [{ key: UR, operator: 'Exists' }], [{ key: UR, operator: 'Exists' }, nr(120)]],
    ['operator and value are not looked at', [{ key: NR, operator: 'Equal', value: 'x', effect: 'NoExecute' }], [{ key: NR, operator: 'Equal', value: 'x', effect: 'NoExecute' }, ur(600)]],
    ['another key with no effect covers nothing', [{ key: 'other', operator: 'Exists' }], [{ key: 'other', operator: 'Exists' }, nr(120), ur(600)]],
  ])('%s', (_name, given, expected) => {
    const copy = structuredClone(given);
    expect(addDefaultTolerationSeconds(given, 120, 600)).toEqual(expected);
    expect(given).toEqual(copy); // the pod's list is not changed in place
  });
});

// v1helper.AddOrUpdateTolerationInPodSpec: its Semantic.DeepEqual(*Toleration, Toleration) never holds (a pointer
// against a value), so a matching toleration is always replaced, every one that matches.
describe('AddOrUpdateTolerationInPodSpec', () => {
  test('every matching toleration is replaced in place; the list given is not changed', () => {
    const given: Toleration[] = [{ key: 'k', operator: 'Exists', tolerationSeconds: 1 }, { key: 'x', operator: 'Exists' }, { key: 'k', operator: 'Exists', tolerationSeconds: 2 }];
    const t: Toleration = { key: 'k', operator: 'Exists' };
    const out = addOrUpdateToleration(given, t);
    expect(out).toEqual([t, { key: 'x', operator: 'Exists' }, t]);
    expect(out[0]).toBe(t);
    expect(given[0].tolerationSeconds).toBe(1);
  });
  test('a different key or effect is appended', () => {
    expect(addOrUpdateToleration([{ key: 'a', operator: 'Exists' }], { key: 'b', operator: 'Exists' })).toHaveLength(2);
    expect(addOrUpdateToleration([{ key: 'a', operator: 'Exists', effect: 'NoSchedule' }], { key: 'a', operator: 'Exists', effect: 'NoExecute' })).toHaveLength(2);
  });
});

// admission_test.go TestAdmit (extendedresourcetoleration): one toleration per extended resource, in name order
describe('ExtendedResourceToleration', () => {
  const spec = (containers: Array<Record<string, string>>, inits: Array<Record<string, string>> = []): PodSpec => ({
    containers: containers.map((requests, i) => ({ name: `c${i}`, image: 'i', resources: { requests } })),
    initContainers: inits.map((requests, i) => ({ name: `i${i}`, image: 'i', resources: { requests } })),
  });
  test('extended resources only, each once, sorted', () => {
    expect(extendedResourcesRequested(spec([{ 'b.example.com/x': '1', cpu: '1' }, { 'b.example.com/x': '2', 'hugepages-2Mi': '2Mi' }], [{ 'a.example.com/y': '1', 'kubernetes.io/z': '1' }])))
      .toEqual(['a.example.com/y', 'b.example.com/x']);
    expect(extendedResourcesRequested({ containers: [{ name: 'c', image: 'i' }] })).toEqual([]);
  });
  test('tolerations follow the existing ones', () => {
    expect(addExtendedResourceTolerations([{ key: 'own', operator: 'Exists' }], spec([{ 'b.example.com/x': '1', 'a.example.com/y': '1' }]))).toEqual([
      { key: 'own', operator: 'Exists' },
      { key: 'a.example.com/y', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'b.example.com/x', operator: 'Exists', effect: 'NoSchedule' },
    ]);
  });
});

describe('admitPod: who adds what, in kube-apiserver plugin order', () => {
  const gpuPod = () => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'g' },
    spec: { containers: [{ name: 'c', image: 'i', resources: { limits: { 'nvidia.com/gpu': '1' } } }], tolerations: [{ key: 'own', operator: 'Exists' as const }] },
  });
  test('ExtendedResourceToleration is off by default', () => {
    const admitted = admitPod(toSubject(gpuPod()));
    expect(admitted.tolerations.map((t) => t.key)).toEqual(['own', NR, UR]);
    expect(admitted.sources).toEqual(['pod spec', 'DefaultTolerationSeconds admission', 'DefaultTolerationSeconds admission']);
  });
  test('on, it runs after DefaultTolerationSeconds (plugins.go AllOrderedPlugins)', () => {
    configure({ admission: { extendedResourceToleration: true, defaultTolerationSeconds: { notReady: 30, unreachable: 60 } } });
    const admitted = admitPod(toSubject(gpuPod()));
    expect(admitted.tolerations).toEqual([
      { key: 'own', operator: 'Exists' },
      { key: NR, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 30 },
      { key: UR, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 },
      { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
    ]);
    expect(admitted.sources).toEqual(['pod spec', 'DefaultTolerationSeconds admission', 'DefaultTolerationSeconds admission', 'ExtendedResourceToleration admission']);
  });
  test('DefaultTolerationSeconds off: nothing added to a plain pod', () => {
    configure({ admission: { defaultTolerationSeconds: false } });
    const p = pod('p', [{ key: 'own', operator: 'Exists' }]);
    const admitted = admitPod(toSubject(p));
    // the Pod needs no default; the Priority plugin alone sets its fields (no class: priority 0, PreemptLowerPriority)
    expect(admitted).toEqual({ spec: { ...p.spec, priority: 0, preemptionPolicy: 'PreemptLowerPriority' }, tolerations: [{ key: 'own', operator: 'Exists' }], sources: ['pod spec'] });
    expect(withConfiguration({ admission: { defaultTolerationSeconds: false, priority: false } }, () => admitPod(toSubject(p)).spec)).toBe(p.spec);
  });
  test('daemon pods: the controller’s tolerations cover not-ready/unreachable, so no defaults follow', () => {
    const admitted = admitPod(toSubject(daemonSet('agent')));
    expect(admitted.tolerations.filter((t) => t.key === NR || t.key === UR)).toEqual([
      { key: NR, operator: 'Exists', effect: 'NoExecute' }, { key: UR, operator: 'Exists', effect: 'NoExecute' },
    ]);
    expect(new Set(admitted.sources)).toEqual(new Set(['DaemonSet controller']));
  });
  test('daemonSetTolerations off: a DaemonSet gets the defaults like any pod', () => {
    configure({ admission: { daemonSetTolerations: false } });
    const admitted = admitPod(toSubject(daemonSet('agent')));
    expect(admitted.tolerations.map(keyEffect)).toEqual([`${NR}:NoExecute`, `${UR}:NoExecute`]);
    expect(admitted.tolerations.map((t) => t.tolerationSeconds)).toEqual([300, 300]);
  });
  test('the controller tolerations are for DaemonSets only', () => {
    expect(admitPod(toSubject(pod('p'))).sources).not.toContain('DaemonSet controller');
  });
});

describe('node condition taints', () => {
  const withConditions = (conditions: Array<[string, string]>, taints?: Node['spec']): Node => ({
    kind: 'Node', metadata: { name: 'n' }, ...(taints ? { spec: taints } : {}),
    status: { conditions: conditions.map(([type, status]) => ({ type, status })) },
  });
  test.each<[string, Array<[string, string]>, string[]]>([
    ['conditions without a taint are ignored', [['KernelDeadlock', 'True'], ['Ready', 'True'], ['FrequentKubeletRestart', 'True']], []],
    ['pressure False and NetworkUnavailable False taint nothing', [['MemoryPressure', 'False'], ['DiskPressure', 'Unknown'], ['PIDPressure', 'False'], ['NetworkUnavailable', 'False']], []],
    ['each pressure by its own type', [['PIDPressure', 'True']], ['node.kubernetes.io/pid-pressure:NoSchedule']],
    ['disk pressure', [['DiskPressure', 'True']], ['node.kubernetes.io/disk-pressure:NoSchedule']],
    ['network unavailable', [['NetworkUnavailable', 'True']], ['node.kubernetes.io/network-unavailable:NoSchedule']],
    ['memory pressure', [['MemoryPressure', 'True']], ['node.kubernetes.io/memory-pressure:NoSchedule']],
    ['Ready with another status taints nothing', [['Ready', 'Maybe']], []],
    ['no conditions', [], []],
    // doNoScheduleTaintingPass maps every condition; the NoExecute taint follows the first Ready (GetNodeCondition)
    ['a repeated Ready: NoSchedule from each, NoExecute from the first', [['Ready', 'True'], ['Ready', 'False']], [`${NR}:NoSchedule`]],
    // in condition order (oracle nodeConditionTaints: SwapNodeControllerTaint appends doNoScheduleTaintingPass's list as built)
    ['a repeated Ready, first Unknown', [['Ready', 'Unknown'], ['Ready', 'False']], [`${UR}:NoSchedule`, `${NR}:NoSchedule`, `${UR}:NoExecute`]],
    ['a repeated pressure: any True counts', [['MemoryPressure', 'False'], ['MemoryPressure', 'True']], ['node.kubernetes.io/memory-pressure:NoSchedule']],
  ])('%s', (_name, conditions, expected) => {
    expect(conditionTaints(withConditions(conditions)).map(keyEffect)).toEqual(expected);
  });
  test('a node with no status has no condition taints', () => {
    expect(conditionTaints({ kind: 'Node', metadata: { name: 'n' } })).toEqual([]);
  });
  test('the node’s own taint list is returned as is when nothing is added', () => {
    const n = withConditions([['Ready', 'True']], { taints: [{ key: 'a', effect: 'NoSchedule' }] });
    expect(mergeConditionTaints(n)).toBe(n.spec?.taints);
    expect(admitNode(n).taints).toBe(n.spec?.taints);
  });
  test('nodeConditionTaints off: the node’s own taints only', () => {
    configure({ admission: { nodeConditionTaints: false } });
    const n = node('n', [{ key: 'a', effect: 'NoSchedule' }], { ready: 'False', unschedulable: true });
    expect(admitNode(n)).toEqual({ taints: [{ key: 'a', effect: 'NoSchedule' }], ownCount: 1 });
  });
  test('a carried condition taint is not repeated; ownCount counts the node’s own', () => {
    const n = withConditions([['Ready', 'False']], { taints: [{ key: NR, effect: 'NoSchedule' }, { key: 'x', effect: 'NoExecute' }] });
    expect(admitNode(n).taints.map(keyEffect)).toEqual([`${NR}:NoSchedule`, 'x:NoExecute', `${NR}:NoExecute`]);
    expect(admitNode(n).ownCount).toBe(2);
  });
});
