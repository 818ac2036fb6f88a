// Preemption's dry run (SelectVictimsOnNode, pkg/scheduler/framework/preemption/preemption.go) runs the profile's
// Filter plugins on the node with the victims removed (RunFilterPluginsWithNominatedPods): a plugin of the profile
// without the framework's shared-rejection `check` (a plain FilterPlugin, as a user's or upstream's fake plugins in
// schedule_one_test.go are) is run through its `filter` there too.
import type { Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { toSubject } from '../k8s/subject';
import { failure, type FilterPlugin } from './framework';
import { DEFAULT_PROFILE, withProfile } from './profile';
import { schedule } from '.';

const node = (name: string): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } }) as Node;
const pod = (name: string, nodeName: string | undefined, priority: number, cpu: string): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }], priority, ...(nodeName ? { nodeName } : {}) }, status: { phase: 'Running' } }) as Pod;

test('a plain Filter plugin that rejects node b (Unschedulable) keeps it out of the candidates; node a is one', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const notB: FilterPlugin = { name: 'NotB', filter: (_pod, n) => (n.name === 'b' ? failure('NotB', 'Unschedulable', ['node(s) were b'], () => ['node b']) : undefined) };
  const r = withProfile({ filter: [...DEFAULT_PROFILE.filter, notB] }, () =>
    schedule(toSubject(pod('p', undefined, 1000, '1')), [node('a'), node('b')], [pod('la', 'a', 0, '2'), pod('lb', 'b', 0, '2')]));
  expect(r.preemption).toMatchObject({ nominatedNodes: ['a'], candidates: [{ node: 'a', victims: ['default/la'] }] });
});
