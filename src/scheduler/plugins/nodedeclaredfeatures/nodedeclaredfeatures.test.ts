// NodeDeclaredFeatures through the public API, pinned to a release (the default release moves).
// Conformance: pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures_test.go TestFilter and
// TestPreFilter (v1.37.2), with the registry's real features instead of the mock's FeatureA/B/C; the feature
// inference from component-helpers v0.37.2 features/*/ (restart_all_containers_test.go,
// user_namespaces_host_network_test.go TestInferForScheduling); the list reading from featureset.go mapSorted.
import { configure, resetConfiguration, withConfiguration } from '../../../core/config';
import { scheduleMatrix } from '../../matrix';
import { scheduleOn } from '../../../engine/objects';
import type { Node, Pod } from '../../../core/types';
import { releasesFrom, versionGreaterThan as newerThan } from '../../../core/releases';
import { registry, requiredFeatures, type DeclaredFeature } from './features';
import { ErrReasonUnsatisfiedRequirements, missingFeatures, NodeDeclaredFeatures, nodeFeatures } from '.';
import { nodeInfo, podInfo } from '../../framework';
import { toSubject } from '../../../k8s/subject';
import { unsatisfiedRequirementsReason } from './reasons';
import { profile, withProfile } from '../../profile';

const RESTART = 'RestartAllContainersOnContainerExits';
const USERNS = 'UserNamespacesHostNetworkSupport';

const node = (name: string, declaredFeatures?: string[]): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, ...(declaredFeatures ? { declaredFeatures } : {}) } as Node['status'],
});
const restartAll = { name: 'c', image: 'registry.example/app:1', restartPolicy: 'Never', restartPolicyRules: [{ action: 'RestartAllContainers', exitCodes: { operator: 'In', values: [42] } }] };
const pod = (spec: Record<string, unknown> = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...spec } as Pod['spec'],
});
const needsRestart = pod({ containers: [restartAll] });
const needsBoth = pod({ containers: [restartAll], hostNetwork: true, hostUsers: false });

const verdict = (p: Pod, n: Node) => {
  const r = scheduleOn(p, [n]);
  const s = r.rejected[0]?.status;
  return s ? `${s.plugin} ${s.code}: ${s.reasons.join(', ')}` : 'ok';
};
const REJECTED = `NodeDeclaredFeatures UnschedulableAndUnresolvable: ${ErrReasonUnsatisfiedRequirements}`;

describe('NodeDeclaredFeatures Filter at 1.37 (TestFilter)', () => {
  beforeAll(() => configure({ kubernetesVersion: '1.37' }));
  afterAll(() => resetConfiguration());
  test('Node matches requirements', () => expect(verdict(needsRestart, node('n', [RESTART, USERNS]))).toBe('ok'));
  test('Node does not match requirements', () => expect(verdict(needsRestart, node('n', [USERNS]))).toBe(REJECTED));
  test('Node with multiple features, pod requires subset', () =>
    expect(verdict(needsBoth, node('n', ['ExtendWebSocketsToKubelet', RESTART, USERNS]))).toBe('ok'));
  test('Node has no declared features', () => expect(verdict(needsRestart, node('n'))).toBe(REJECTED));
  test('Node with some but not all required features', () => expect(verdict(needsBoth, node('n', [RESTART]))).toBe(REJECTED));
  test('Pod with no requirements: PreFilter Skips, every node passes', () => expect(verdict(pod(), node('n'))).toBe('ok'));
  test('the message names the missing feature and the field that needs it', () => {
    const r = scheduleOn(pod({ containers: [restartAll], hostNetwork: true, hostUsers: false }), [node('n', [RESTART])]);
    expect(r.rejected[0].status!.details).toEqual([
      `node n does not declare ${USERNS}, which spec.hostNetwork, hostUsers needs; status.declaredFeatures: ${RESTART}`,
    ]);
    expect(r.fitError).toBe(`0/1 nodes are available: 1 ${ErrReasonUnsatisfiedRequirements}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.`);
  });
  test('a failing earlier plugin is the node\'s status: NodeDeclaredFeatures runs last', () => {
    const cordoned = { ...node('n'), spec: { unschedulable: true } };
    expect(verdict(needsRestart, cordoned)).toMatch(/^NodeUnschedulable /);
  });
  test('a Deployment\'s template is read too', () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [restartAll] } } } };
    expect(deployment).not.toBeSchedulableOn(node('n'));
    expect(deployment).toBeSchedulableOn(node('n', [RESTART]));
  });
});

describe('the features a pod needs (component-helpers features/*/ InferForScheduling)', () => {
  test.each([
    ['a RestartAllContainers rule in a container', { containers: [restartAll] }, [RESTART]],
    ['a RestartAllContainers rule in an init container', { initContainers: [restartAll] }, [RESTART]],
    ['a Restart rule needs nothing', { containers: [{ ...restartAll, restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [1] } }] }] }, []],
    ['HostNetwork true, HostUsers false', { hostNetwork: true, hostUsers: false }, [USERNS]],
    ['HostNetwork true, HostUsers nil', { hostNetwork: true }, []],
    ['HostNetwork true, HostUsers true', { hostNetwork: true, hostUsers: true }, []],
    ['HostNetwork false, HostUsers false', { hostUsers: false }, []],
    // dropped by the API server while VolumeBindMountOptions (alpha) is off: features.ts
    ['bindMountOptions (dropped on create at default gates)', { containers: [{ name: 'c', volumeMounts: [{ name: 'v', mountPath: '/v', bindMountOptions: ['ro'] }] }] }, []],
  ])('%s', (_name, spec, want) => {
    expect(requiredFeatures(spec as never, '1.37').map((f) => f.name)).toEqual(want);
  });
  test('the registry by release: 1.35 knows RestartAllContainersOnContainerExits only (component-helpers v0.35.4)', () => {
    expect(registry('1.35').map((f) => f.name)).toEqual([RESTART]);
    expect(registry('1.36').map((f) => f.name)).toEqual([RESTART, USERNS]);
  });
  test('Feature not required, version > MaxVersion (TestPreFilter)', () => {
    const capped: DeclaredFeature = { ...registry('1.37')[0], maxVersion: '1.36.0' };
    expect(requiredFeatures({ containers: [restartAll] } as never, '1.37', [capped])).toEqual([]);
    expect(requiredFeatures({ containers: [restartAll] } as never, '1.36', [capped]).map((f) => f.name)).toEqual([RESTART]);
    expect(newerThan('1.36', '1.36.0')).toBe(false);
  });
});

describe('how kube-scheduler reads status.declaredFeatures (featureset.go FeatureMapper.TryMap)', () => {
  test('from 1.36 the list is read as sorted: a known name after one that sorts later is missed', () => {
    expect([...nodeFeatures([USERNS, RESTART], '1.37')]).toEqual([USERNS]);
    expect([...nodeFeatures([RESTART, USERNS], '1.37')]).toEqual([RESTART, USERNS]);
    expect([...nodeFeatures(['Zeta', RESTART], '1.36')]).toEqual([]);
    expect([...nodeFeatures(['Alpha', RESTART, 'Zeta'], '1.36')]).toEqual([RESTART]);
  });
  test('at 1.35 a set (ndf.NewFeatureSet)', () => expect([...nodeFeatures([USERNS, RESTART], '1.35')]).toEqual([USERNS, RESTART]));
  test('through the matcher: the unsorted list rejects the node, and the message says why', () =>
    withConfiguration({ kubernetesVersion: '1.36' }, () => {
      const r = scheduleOn(needsRestart, [node('n', [USERNS, RESTART])]);
      expect(r.rejected[0].status!.details[0]).toMatch(/it is listed, but after a name that sorts later/);
    }));
});

describe('scheduleMatrix agrees with scheduleOn (the plugin runs after the cluster filters there too)', () => {
  test.each(releasesFrom('1.35'))('%s', (release) =>
    withConfiguration({ kubernetesVersion: release }, () => {
      const nodes = [node('a'), node('b', [RESTART]), node('c', [USERNS, RESTART]), { ...node('d', [RESTART]), spec: { unschedulable: true } } as Node];
      const pods = [needsRestart, needsBoth, pod()];
      const m = scheduleMatrix(pods, nodes);
      for (let w = 0; w < pods.length; w++) {
        const r = scheduleOn(pods[w], nodes);
        const byNode = new Map(r.rejected.map((v) => [v.node, v.status!.plugin]));
        expect(nodes.map((_, n) => m.plugins[m.code(w, n)])).toEqual(nodes.map((x) => byNode.get(x.metadata!.name!) ?? 'Feasible'));
      }
      expect(m.plugins[m.code(0, 0)]).toBe(release === '1.35' ? 'Feasible' : 'NodeDeclaredFeatures');
    }));
});

// Each test below builds its own pods and nodes: the plugin keeps what it inferred per PodInfo and NodeInfo, and a
// shared object would let a test read what an earlier one computed.
describe('what the node lacks, and which field needs it (the details of the rejection)', () => {
  beforeAll(() => configure({ kubernetesVersion: '1.37' }));
  afterAll(() => resetConfiguration());
  const details = (p: Pod, n: Node) => scheduleOn(p, [n]).rejected[0].status!.details;
  test('every field that needs the feature, containers then init containers (InferForScheduling reads both)', () =>
    expect(details(pod({ containers: [restartAll], initContainers: [{ ...restartAll, name: 'init' }] }), node('n', [USERNS]))).toEqual([
      `node n does not declare ${RESTART}, which spec.containers[0].restartPolicyRules[0], spec.initContainers[0].restartPolicyRules[0] needs; ` +
        `status.declaredFeatures: ${USERNS}`,
    ]));
  test('the rule that needs it, not the first rule of the container', () => {
    const rules = [{ action: 'Restart', exitCodes: { operator: 'In', values: [1] } }, restartAll.restartPolicyRules[0]];
    expect(details(pod({ containers: [{ ...restartAll, restartPolicyRules: rules }] }), node('n'))[0])
      .toMatch(/, which spec\.containers\[0\]\.restartPolicyRules\[1\] needs; /);
  });
  test('the node\'s whole list, or none', () => {
    expect(details(pod({ containers: [restartAll] }), node('n', ['ExtendWebSocketsToKubelet', USERNS]))[0])
      .toMatch(/; status\.declaredFeatures: ExtendWebSocketsToKubelet, UserNamespacesHostNetworkSupport$/);
    expect(details(pod({ containers: [restartAll] }), node('n'))[0]).toMatch(/; status\.declaredFeatures: none$/);
  });
  test('a Node without status (core/v1 NodeStatus is a value: no declared features) is rejected, not an error', () => {
    const bare: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bare' } };
    const r = scheduleOn(pod({ containers: [restartAll] }), [bare]);
    expect(r.rejected.map((v) => [v.node, v.status!.plugin, v.status!.code, v.status!.reasons])).toEqual([
      ['bare', 'NodeDeclaredFeatures', 'UnschedulableAndUnresolvable', [ErrReasonUnsatisfiedRequirements]],
    ]);
    expect(r.rejected[0].status!.details[0]).toMatch(/; status\.declaredFeatures: none$/);
  });
});

describe('the features a pod needs, as ndf.New and InferForPodScheduling give them', () => {
  // ndf.New sorts the registry it is given by name (framework.go at v0.37.2), so the answer is in name order
  // whatever order the features come in
  test.each([[[RESTART, USERNS]], [[USERNS, RESTART]]])('registry given as %j: sorted by name', (order) => {
    const byName = new Map(registry('1.37').map((f) => [f.name, f]));
    const spec = { containers: [restartAll], hostNetwork: true, hostUsers: false };
    expect(requiredFeatures(spec as never, '1.37', order.map((n) => byName.get(n)!)).map((f) => f.name)).toEqual([RESTART, USERNS]);
  });
  // a null entry of a list of structs decodes to the zero struct (encoding/json), whose action is "": no feature
  test('a null restartPolicyRules entry needs nothing; the rule after it still does', () =>
    expect(requiredFeatures({ containers: [{ ...restartAll, restartPolicyRules: [null, restartAll.restartPolicyRules[0]] }] } as never, '1.37'))
      .toEqual([{ name: RESTART, needs: ['containers[0].restartPolicyRules[1]'] }]));
});

// component-helpers v0.37.2 framework_test.go TestMatchNode: the unsatisfied requirements, with the real features
describe('the features the pod needs that the node does not declare (Framework.MatchNode)', () => {
  beforeAll(() => configure({ kubernetesVersion: '1.37' }));
  afterAll(() => resetConfiguration());
  const missing = (p: Pod, n: Node) => missingFeatures(podInfo(toSubject(p)), nodeInfo(n)).map((f) => f.name);
  const both = () => pod({ containers: [restartAll], hostNetwork: true, hostUsers: false });
  test('all features match', () => expect(missing(both(), node('n', ['ExtendWebSocketsToKubelet', RESTART, USERNS]))).toStrictEqual([]));
  test('some features missing', () => expect(missing(both(), node('n', [RESTART, 'VolumeBindMountOptions']))).toStrictEqual([USERNS]));
  test('all features missing', () => expect(missing(both(), node('n', ['ExtendWebSocketsToKubelet']))).toStrictEqual([RESTART, USERNS]));
  test('no node features', () => expect(missing(both(), node('n'))).toStrictEqual([RESTART, USERNS]));
  test('no requirements', () => expect(missing(pod(), node('n', [RESTART, USERNS]))).toStrictEqual([]));
});

describe('1.35 with the alpha gate on: the status names the missing features (v1.35.4 Filter)', () => {
  test('plugin, code and reason of the rejection', () =>
    withConfiguration({ kubernetesVersion: '1.35', featureGates: { NodeDeclaredFeatures: true } }, () => {
      const s = scheduleOn(pod({ containers: [restartAll] }), [node('n', ['GuaranteedQoSPodCPUResize'])]).rejected[0].status!;
      expect([s.plugin, s.code, s.reasons]).toEqual(['NodeDeclaredFeatures', 'UnschedulableAndUnresolvable',
        [`node declared features check failed - unsatisfied requirements: ${RESTART}`]]);
    }));
  // v1.35.4 nodedeclaredfeatures.go Filter: fmt.Sprintf("...: %s", strings.Join(result.UnsatisfiedRequirements, ", "))
  test('several names are joined with ", "', () =>
    expect(unsatisfiedRequirementsReason(['FeatureA', 'FeatureB'])).toBe('node declared features check failed - unsatisfied requirements: FeatureA, FeatureB'));
});

describe('how kube-scheduler reads status.declaredFeatures: names that are not ASCII', () => {
  // FeatureMapper.mapSorted compares Go strings (UTF-8 bytes): any non-ASCII name sorts after every registered
  // (ASCII) name, so the walk runs out of registered names on it; before it, the list reads as usual (each case as
  // ndf.DefaultFramework.TryMap of component-helpers v0.37.2 answers it)
  test.each(['Ω', 'ｆ', '😀'])('%s', (name) => {
    expect([...nodeFeatures([name, RESTART], '1.37')]).toEqual([]);
    expect([...nodeFeatures([RESTART, name, USERNS], '1.37')]).toEqual([RESTART]);
    expect([...nodeFeatures(['Alpha', RESTART, name], '1.37')]).toEqual([RESTART]);
  });
});

describe('NodeDeclaredFeatures in a profile\'s Filter list: nodes alike to it (NodeReads) get one verdict', () => {
  // scheduleMatrix evaluates the Filter plugins once per node shape (what their reads tell apart); two lists whose
  // names run together alike are different nodes to the plugin
  test('declared [RestartAllContainers, OnContainerExits] is not [RestartAllContainersOnContainerExits]', () =>
    withConfiguration({ kubernetesVersion: '1.37' }, () =>
      withProfile({ filter: [...profile().filter, NodeDeclaredFeatures], lastFilter: [] }, () => {
        const nodes = [node('a', [RESTART]), node('b', ['RestartAllContainers', 'OnContainerExits']), node('c', [RESTART])];
        const p = pod({ containers: [restartAll] });
        const m = scheduleMatrix([p], nodes);
        expect(nodes.map((_, n) => m.plugins[m.code(0, n)])).toEqual(['Feasible', 'NodeDeclaredFeatures', 'Feasible']);
        expect(scheduleOn(p, nodes).rejected.map((v) => v.node)).toEqual(['b']);
      })));
});
