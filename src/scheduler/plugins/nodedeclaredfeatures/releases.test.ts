// NodeDeclaredFeatures before and after: alpha and off in 1.35 (#133389, KEP-5328), beta and on in 1.36 (#136042),
// GA and locked on in 1.37 (pkg/features/kube_features.go at v1.37.2). Every answer here pins its release.
import { configure, resetConfiguration, settings, withConfiguration } from '../../../core/config';
import { scheduleOn } from '../../../engine/objects';
import type { Node, Pod } from '../../../core/types';
import { releasesFrom } from '../../../core/releases';

const pod: Pod = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'restarter', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1', restartPolicy: 'Never', restartPolicyRules: [{ action: 'RestartAllContainers', exitCodes: { operator: 'In', values: [42] } }] }] } as unknown as Pod['spec'],
};
const old: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'old-kubelet' }, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '110' } } };
const current = { ...old, metadata: { name: 'new-kubelet' }, status: { ...old.status, declaredFeatures: ['RestartAllContainersOnContainerExits'] } } as Node;

afterEach(() => resetConfiguration());

describe('a pod that needs a node feature, on a node that does not declare it', () => {
  test('1.35: the gate is off by default, the plugin is not in the profile: every node fits', () => {
    // v1.35.4's API server refuses the action itself (RestartAllContainersOnContainerExits is alpha and off there:
    // validateContainerRestartPolicy; the oracle's create question agrees), so the placement is asked without validation
    withConfiguration({ kubernetesVersion: '1.35' }, () => expect(() => expect(pod).toBeSchedulableOn(old)).toThrow(
      'spec.containers[0].restartPolicyRules[0].action: Unsupported value: "RestartAllContainers": supported values: "Restart"'));
    withConfiguration({ kubernetesVersion: '1.35', validate: false }, () => {
      expect(pod).toBeSchedulableOn(old);
      expect(scheduleOn(pod, [old, current]).feasible.map((v) => v.node)).toEqual(['old-kubelet', 'new-kubelet']);
    });
  });
  test('1.35 with the alpha gate on: v1.35.4\'s own reason, which names the feature', () =>
    withConfiguration({ kubernetesVersion: '1.35', featureGates: { NodeDeclaredFeatures: true } }, () => {
      expect(scheduleOn(pod, [old]).fitError).toBe('0/1 nodes are available: 1 node declared features check failed - unsatisfied requirements: RestartAllContainersOnContainerExits. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    }));
  test.each(releasesFrom('1.36'))('%s: on by default; the old node is rejected, UnschedulableAndUnresolvable', (release) =>
    withConfiguration({ kubernetesVersion: release }, () => {
      expect(pod).not.toBeSchedulableOn(old);
      expect(pod).toBeSchedulableOn(current);
      const r = scheduleOn(pod, [old, current]);
      expect(r.rejected.map((v) => [v.node, v.status!.plugin, v.status!.code, v.status!.reasons])).toEqual([
        ['old-kubelet', 'NodeDeclaredFeatures', 'UnschedulableAndUnresolvable', ["node(s) didn't match Pod's required features"]],
      ]);
    }));
  test('1.36 with the gate off: the plugin is left out of the profile', () =>
    withConfiguration({ kubernetesVersion: '1.36', featureGates: { NodeDeclaredFeatures: false } }, () => expect(pod).toBeSchedulableOn(old)));
  test('the matcher\'s message says which feature the node lacks', () =>
    withConfiguration({ kubernetesVersion: '1.37' }, () => {
      expect(() => expect(pod).toBeSchedulableOn(old)).toThrow(
        /NodeDeclaredFeatures: node\(s\) didn't match Pod's required features\n\s+node old-kubelet does not declare RestartAllContainersOnContainerExits, which spec\.containers\[0\]\.restartPolicyRules\[0\] needs/);
    }));
});

describe('the gate in configure', () => {
  test('1.37: locked to true; false is refused as kube-scheduler refuses --feature-gates=NodeDeclaredFeatures=false', () => {
    expect(() => configure({ kubernetesVersion: '1.37', featureGates: { NodeDeclaredFeatures: false } }))
      .toThrow('configure: cannot set feature gate NodeDeclaredFeatures to false, feature is locked to true (GA in 1.37)');
    expect(() => configure({ kubernetesVersion: '1.37', featureGates: { NodeDeclaredFeatures: true } })).not.toThrow();
  });
  test('false set at 1.36 is refused when the release becomes 1.37', () => {
    configure({ kubernetesVersion: '1.36', featureGates: { NodeDeclaredFeatures: false } });
    expect(() => configure({ kubernetesVersion: '1.37' })).toThrow(/locked to true/);
    expect(settings().kubernetesVersion).toBe('1.36');
  });
  test('1.34 has no such gate', () =>
    expect(() => configure({ kubernetesVersion: '1.34', featureGates: { NodeDeclaredFeatures: true } })).toThrow('configure: unrecognized feature gate NodeDeclaredFeatures in Kubernetes 1.34 (it exists from 1.35)'));
});
