import type { Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { configure, resetConfiguration } from '../core/config';
import { schedule } from '.';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const node = (name: string, cpu = '2'): Node => ({ kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {}, status: { allocatable: { cpu, memory: '4Gi', pods: '110' } } } as Node);
const pod = (name: string, o: { cpu?: string; priority?: number; node?: string; nominated?: string } = {}): Pod => ({
  kind: 'Pod', metadata: { name, namespace: 'default', uid: name },
  spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: o.cpu ?? '1' } } }], priority: o.priority ?? 0, ...(o.node ? { nodeName: o.node } : {}) },
  status: { phase: o.node ? 'Running' : 'Pending', ...(o.nominated ? { nominatedNodeName: o.nominated } : {}) },
} as Pod);

test('smoke', () => {
  const existing = [pod('e1', { node: 'n1' }), pod('nom', { priority: 100, nominated: 'n1' })];
  const low = schedule(toSubject(pod('in', { priority: 0 })), [node('n1')], existing);
  console.log(JSON.stringify(low.rejected.map((v) => ({ ...v.status, details: v.status!.details })), null, 1), low.fitError);
  const high = schedule(toSubject(pod('in', { priority: 1000 })), [node('n1')], existing);
  expect(high.feasible.map((v) => v.node)).toEqual(['n1']);
});
