// DynamicResources' PostFilter for a pod without claims, at each release, through schedule(): the texts the oracle's
// real schedulers print (oracle/shared/preemption.go, scheduling.go; default_plugins.go applyDynamicResources).
import type { Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS, releasesFrom } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { schedule } from '../..';

afterEach(() => resetConfiguration());

const node = (name: string, taint?: boolean): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: taint ? { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] } : {}, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } }) as Node;
const pod = (spec: object = {}): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'app:1' }], ...spec } }) as Pod;
// two matchFields requirements naming different nodes in one term: NodeAffinity's PreFilter rejects the pod as a whole,
// UnschedulableAndUnresolvable, so RunPreFilterPlugins returns before DynamicResources' PreFilter
const conflicting = { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }, { key: 'metadata.name', operator: 'In', values: ['b'] }] }] } } } };

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
  const enabled = releasesFrom('1.34').includes(version);
  const withReason = enabled && !releasesFrom('1.37').includes(version);

  test('a Filter rejection: its status joins DefaultPreemption\'s message (up to 1.36), or adds nothing', () => {
    const r = schedule(toSubject(pod()), [node('a', true), node('b', true)]);
    expect(r.fitError).toBe(`0/2 nodes are available: 2 node(s) had untolerated taint${releasesFrom('1.34').includes(version) ? '(s)' : ' {dedicated: gpu}'}. ${withReason ? 'no new claims to deallocate, ' : ''}preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.`);
  });

  test('a PreFilter that stops the loop: DynamicResources fails with CycleState\'s "not found", DefaultPreemption never runs', () => {
    const r = schedule(toSubject(pod(conflicting)), [node('a'), node('b')]);
    expect(r.fitError).toBe(enabled
      ? '0/2 nodes are available: pod affinity terms conflict. not found'
      : '0/2 nodes are available: pod affinity terms conflict. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.');
    expect(r.preemption).toEqual(enabled ? { message: 'not found', nominatedNodes: [], candidates: [] } : expect.objectContaining({ nominatedNodes: [] }));
  });
});
