// The node dump itself: a `kubectl get nodes -o yaml` List loads as Nodes with their lines.
import { origin } from 'jest-k8s-placement';
import { cluster, nodes } from './platform';

test('the List is flattened into its seven Nodes', () => {
  expect(nodes.map((n) => n.metadata?.name)).toEqual(['system-a1', 'general-b1', 'general-c1', 'gpu-a1', 'spot-b1', 'general-b2', 'general-c2']);
  expect(origin(cluster.get('node/gpu-a1'))).toEqual({ file: 'platform/nodes/cluster-nodes.yaml', document: 0, line: 53 });
});

describe.each(nodes)('%s', (n) => {
  test('runs the node agents', () => {
    expect({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'probe' }, spec: { selector: { matchLabels: { app: 'probe' } }, template: { metadata: { labels: { app: 'probe' } }, spec: { containers: [{ name: 'p', image: 'busybox' }], tolerations: [{ operator: 'Exists' }] } } } }).toBeSchedulableOn(n);
  });
});
