// DefaultSelector(pod) (pkg/scheduler/framework/plugins/helper/spread.go DefaultSelector, GetPodServices), as
// PodTopologySpread's system defaults count with it, through rankNodes: a Service selects the pod only when every
// key=value of its selector is among the pod's labels; a Service without a spec or selector selects nothing; the
// Services' selectors are merged and the ReplicaSet owner's requirements added (selector.Add). Same in v1.33–v1.37.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { rankNodes } from '../../../engine/objects';

const H = 'kubernetes.io/hostname';
const node = (name: string, zone: string): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { [H]: name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const nodes = () => [node('n0', 'a'), node('n1', 'b')];
const running = (name: string, on: string, labels: Record<string, string>): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { nodeName: on, containers: [{ name: 'c', image: 'x' }] }, status: { phase: 'Running' },
});
const bare = (labels: Record<string, string>): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels }, spec: { containers: [{ name: 'c', image: 'x' }] } });
const service = (spec: object | undefined): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'svc', namespace: 'default' }, ...(spec ? { spec } : {}) }) as KubeObject;
const replicaSet = (selector: Record<string, string>, labels: Record<string, string>): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'web', namespace: 'default' },
  spec: { selector: { matchLabels: selector }, template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
}) as KubeObject;

/** PodTopologySpread's detail on n0, or its Skip reason. */
function spread(subject: KubeObject, services: KubeObject[], existingPods: Pod[]): string {
  const n0 = rankNodes(subject, nodes(), { existingPods, services }).find((s) => s.node === 'n0')!;
  const p = n0.plugins.find((x) => x.plugin === 'PodTopologySpread');
  return p ? p.detail : `skip: ${n0.skipped.find((s) => s.plugin === 'PodTopologySpread')!.reason}`;
}
const SKIP = 'skip: no ScheduleAnyway constraint; system defaults need a ReplicaSet/StatefulSet/RC owner';

test.each([
  ['a key of its selector the pod does not carry', { app: 'web' }, { selector: { app: 'web', tier: 'db' } }, { app: 'web', tier: 'db' }],
  ['a value that differs from the pod\'s', { app: 'web' }, { selector: { app: 'db' } }, { app: 'db' }],
  ['no spec', { app: 'web' }, undefined, { app: 'web' }],
  ['no selector', { app: 'web' }, {}, { app: 'web' }],
])('a Service with %s does not select the pod: no default constraint', (_name, labels, spec, runningLabels) => {
  expect(spread(bare(labels), [service(spec)], [running('x', 'n0', runningLabels)])).toBe(SKIP);
});

test('a Service that selects the pod: its selector', () => {
  expect(spread(bare({ app: 'web', tier: 'db' }), [service({ selector: { app: 'web' } })], [running('x', 'n0', { app: 'web' })]))
    .toBe(`${H}: 1 matching, topology.kubernetes.io/zone a: 1 matching (system default constraints, selector app=web)`);
});

test('the Service\'s selector with the ReplicaSet\'s requirements added', () => {
  const rs = replicaSet({ tier: 'front' }, { app: 'web', tier: 'front' });
  const pods = [running('x', 'n0', { app: 'web', tier: 'front' }), running('y', 'n0', { app: 'web' }), running('z', 'n0', { tier: 'front' })];
  expect(spread(rs, [service({ selector: { app: 'web' } })], pods))
    .toBe(`${H}: 1 matching, topology.kubernetes.io/zone a: 1 matching (system default constraints, selector app=web,tier=front)`);
});

test('a Service whose selector the API server would refuse is not in the cluster: the owner\'s selector alone', () => {
  // the pod carries the same label (the library takes objects as given): the Service's selector does not parse
  const rs = replicaSet({ app: 'web' }, { app: 'web', 'bad key!': 'x' });
  expect(spread(rs, [service({ selector: { 'bad key!': 'x' } })], [running('x', 'n0', { app: 'web' })]))
    .toBe(`${H}: 1 matching, topology.kubernetes.io/zone a: 1 matching (system default constraints, selector app=web)`);
});

test('a Deployment without a spec: no DefaultSelector', () => {
  const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' } } as KubeObject;
  expect(spread(deployment, [], [running('x', 'n0', { app: 'web' })])).toBe(SKIP);
});

test('a Deployment whose selector does not parse: no DefaultSelector', () => {
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: { selector: { matchExpressions: [{ key: 'app', operator: 'In', values: [] }] }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } },
  } as KubeObject;
  expect(spread(deployment, [], [running('x', 'n0', { app: 'web' })])).toBe(SKIP);
});
