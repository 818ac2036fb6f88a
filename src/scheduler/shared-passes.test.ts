// schedule() shares a cluster plugin's pass among the nodes alike in the label keys the plugin reads
// (ClusterPlugin.reads), and filters each node it rejects on its own. A toy cluster plugin that passes zone a and
// rejects the rest (naming the node in its details) counts its Filter calls.
import type { Node, Pod } from '../core/types';
import type { ClusterPlugin } from './cycle';
import { failure } from './framework';
import { DEFAULT_PROFILE, withProfile } from './profile';
import { schedule } from '.';
import { toSubject } from '../k8s/subject';
import { zonedNode } from '../../test/outage/cluster';

const ZONE = 'topology.kubernetes.io/zone';

function toyZone(reads: boolean) {
  const calls: string[] = [];
  const plugin: ClusterPlugin<object> = {
    name: 'ToyZone',
    preFilter: () => ({ state: {} }),
    filter(_pod, node) {
      calls.push(node.info.name);
      if (node.info.labels[ZONE] === 'a') return undefined;
      return failure('ToyZone', 'UnschedulableAndUnresolvable', ['node(s) are not in zone a'], () => [`node ${node.info.name} is in zone ${node.info.labels[ZONE] ?? '(none)'}`]);
    },
    ...(reads ? { reads: () => [ZONE] } : {}),
  };
  return { plugin, calls };
}

const unzoned = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } } });
const nodes = [zonedNode('a1', 'a'), zonedNode('b1', 'b'), zonedNode('a2', 'a'), unzoned('n1'), zonedNode('a3', 'a'), zonedNode('b2', 'b'), unzoned('n2')];
const existing: Pod[] = [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'other', namespace: 'default' }, spec: { nodeName: 'b1', containers: [{ name: 'c', image: 'x' }] } }];
const pod = toSubject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'x' }] } });

function run(reads: boolean, given: readonly Node[] = nodes) {
  const { plugin, calls } = toyZone(reads);
  const result = withProfile({ clusterFilter: [...DEFAULT_PROFILE.clusterFilter, plugin] }, () => schedule(pod, given, existing));
  return { answer: JSON.parse(JSON.stringify(result)), calls };
}

test('a pass is shared by the nodes alike in what the plugin reads; each rejected node is filtered on its own', () => {
  const { answer, calls } = run(true);
  expect(answer.feasible.map((v: { node: string }) => v.node)).toEqual(['a1', 'a2', 'a3']);
  expect(calls).toEqual(['a1', 'b1', 'n1', 'b2', 'n2']);
  // the rejected nodes' statuses are their own (their details name them), and the nodes without the label too
  expect(answer.rejected.map((v: { status: { details: string[] } }) => v.status.details[0])).toEqual([
    'node b1 is in zone b', 'node n1 is in zone (none)', 'node b2 is in zone b', 'node n2 is in zone (none)',
  ]);
});

test('the verdicts, statuses and FitError are those of the plugin filtering every node', () => {
  const every = run(false);
  expect(every.calls).toEqual(nodes.map((n) => n.metadata!.name));
  expect(run(true).answer).toEqual(every.answer);
  const rejectedOnly = nodes.filter((n) => n.metadata!.labels![ZONE] !== 'a');
  expect(run(true, rejectedOnly).answer).toEqual(run(false, rejectedOnly).answer);
});

test('with node names repeated, every node is filtered (an entry is found by name)', () => {
  const twice = [...nodes, zonedNode('a1', 'a')];
  const { answer, calls } = run(true, twice);
  expect(calls).toEqual(twice.map((n) => n.metadata!.name));
  expect(answer).toEqual(run(false, twice).answer);
});
