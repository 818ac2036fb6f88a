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
import { ErrReasonUnsatisfiedRequirements, nodeFeatures } from '.';

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
    const r = scheduleOn(needsBoth, [node('n', [RESTART])]);
    expect(r.rejected[0].status!.details).toEqual([
      `node n does not declare ${USERNS}, which spec.hostNetwork, hostUsers needs; status.declaredFeatures: ${RESTART}`,
    ]);
    expect(r.fitError).toBe(`0/1 nodes are available: 1 ${ErrReasonUnsatisfiedRequirements}.`);
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
