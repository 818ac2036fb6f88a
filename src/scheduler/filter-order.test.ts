// RunFilterPlugins (pkg/scheduler/framework/runtime/framework.go) runs every Filter plugin of the profile in order
// until one rejects: a cluster plugin's Filter that passes (InterPodAffinity, PodTopologySpread) does not end the run,
// so NodeDeclaredFeatures, which the 1.37 profile appends last (default_plugins.go applyFeatureGates), still rejects
// (nodedeclaredfeatures_test.go TestFilter "Node does not match requirements").
import type { Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { toSubject } from '../k8s/subject';
import { scheduleOnNode } from '../engine';
import { schedule } from '.';

const RESTART = 'RestartAllContainersOnContainerExits';
const node = (name: string, declaredFeatures: string[] = []): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, declaredFeatures } as Node['status'],
});
const restartAll = { name: 'c', image: 'registry.example/app:1', restartPolicy: 'Never', restartPolicyRules: [{ action: 'RestartAllContainers', exitCodes: { operator: 'In', values: [42] } }] };
// required anti-affinity to pods no node holds: InterPodAffinity runs its Filter, and passes
const antiAffinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' }] } };
const pod: Pod = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: { app: 'web' } },
  spec: { containers: [restartAll], affinity: antiAffinity } as Pod['spec'],
};

test('a node without the feature the pod needs is rejected by NodeDeclaredFeatures after InterPodAffinity passes it', () => {
  configure({ kubernetesVersion: '1.37' });
  const answer = scheduleOnNode(toSubject(pod), node('n'));
  expect(answer.feasible).toBe(false);
  expect(answer.status?.plugin).toBe('NodeDeclaredFeatures');
  expect(scheduleOnNode(toSubject(pod), node('n', [RESTART])).feasible).toBe(true);
  const r = schedule(toSubject(pod), [node('a'), node('b', [RESTART])]);
  expect(r.feasible.map((v) => v.node)).toEqual(['b']);
  expect(r.rejected.map((v) => [v.node, v.status!.plugin])).toEqual([['a', 'NodeDeclaredFeatures']]);
});
