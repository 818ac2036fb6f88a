// InterPodAffinity Filter messages (filter.ts) at their edges: how the pod's own labels are printed when it cannot
// start its group. Each test builds its own pods and nodes.
import type { Pod } from '../../../core/types';
import { scheduleOn } from '../../../engine/objects';
import { makeNode, makePod } from '../../../../test/cluster/builders';

const AFF = 'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution';
const why = (incoming: Pod) => scheduleOn(incoming, [makeNode('node-a', { zone: 'z1' })]).rejected[0].status!.details;

// filtering.go satisfyPodAffinity: no pod matches every term and the pod does not match them itself, so no node
// passes; the message prints the pod's labels, a Deployment's stand-in hash as the placeholder only
describe('podAffinity: the pod cannot be the first of its group', () => {
  test('a pod-template-hash of its own is printed as it is', () => {
    const incoming = makePod('p', { labels: { app: 'web', 'pod-template-hash': 'abc123' }, podAffinity: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'db' } } }] });
    expect(why(incoming)).toEqual([
      `${AFF}[0] (topologyKey zone, labelSelector app=db, namespaces [default]): no pod matching every required podAffinity term runs in zone=z1`,
      "  no pod in the cluster matches every term, and the pod cannot be the first of its group: its labels {app=web, pod-template-hash=abc123} do not match term [0]'s labelSelector app=db",
    ]);
  });

  test('the value this-revision under another key is printed as it is', () => {
    const incoming = makePod('p', { labels: { app: 'this-revision' }, podAffinity: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'db' } } }] });
    expect(why(incoming)![1]).toBe("  no pod in the cluster matches every term, and the pod cannot be the first of its group: its labels {app=this-revision} do not match term [0]'s labelSelector app=db");
  });
});

test('a Deployment\'s pod: its pod-template-hash stand-in is printed as the placeholder', () => {
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
    spec: {
      replicas: 1, selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'registry.k8s.io/pause' }],
        affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'db' } } }] } } } },
    },
  };
  const details = scheduleOn(deployment, [makeNode('node-a', { zone: 'z1' })]).rejected[0].status!.details;
  expect(details![1]).toBe("  no pod in the cluster matches every term, and the pod cannot be the first of its group: its labels {app=web, pod-template-hash=<this revision>} do not match term [0]'s labelSelector app=db");
});
