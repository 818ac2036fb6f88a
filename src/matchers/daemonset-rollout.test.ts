// A DaemonSet checked against a cluster dump that holds its own running pods (node-exporter against
// `kubectl get pods -A -o yaml`): its rollout deletes a node's old pod before it creates the new one under
// RollingUpdate without maxSurge (the default) and OnDelete (pkg/controller/daemon/update.go rollingUpdate), so the
// new pod never meets the old one's host port or requests; with maxSurge it is created beside the old one
// (scheduler/snapshot.ts replacedByRollout). Pods are the DaemonSet's by their controller reference, in its namespace.
import type { KubeObject, Node, Pod } from '../core/types';
import { resetConfiguration } from '../core/config';
import { failure } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const node = (name: string): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } }) as Node;
const exporter = (updateStrategy?: object): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'node-exporter', namespace: 'monitoring' },
  spec: {
    selector: { matchLabels: { app: 'node-exporter' } },
    ...(updateStrategy ? { updateStrategy } : {}),
    template: {
      metadata: { labels: { app: 'node-exporter' } },
      spec: { hostNetwork: true, containers: [{ name: 'exporter', image: 'quay.io/prometheus/node-exporter:v1.8.2', ports: [{ containerPort: 9100, hostPort: 9100 }], resources: { requests: { cpu: '1500m' } } }] },
    },
  },
}) as KubeObject;
/** A running pod of the DaemonSet `owner` in `namespace`, as a dump holds it. */
const running = (name: string, nodeName: string, owner = 'node-exporter', namespace = 'monitoring'): Pod => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace, labels: { app: 'node-exporter' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: owner, uid: 'u1', controller: true }] },
  spec: { nodeName, hostNetwork: true, containers: [{ name: 'exporter', image: 'quay.io/prometheus/node-exporter:v1.8.1', ports: [{ containerPort: 9100, hostPort: 9100 }], resources: { requests: { cpu: '1500m' } } }] },
  status: { phase: 'Running' },
} as Pod);
const nodes = [node('n0'), node('n1')];
const existingPods = [running('node-exporter-abcde', 'n0'), running('node-exporter-fghij', 'n1')];

test('its own running pods are replaced, not met: the default RollingUpdate and OnDelete', () => {
  for (const strategy of [undefined, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } }, { type: 'OnDelete' }]) {
    expect(exporter(strategy)).toBeSchedulableOnAllOf(nodes, { existingPods });
    expect(exporter(strategy)).toBeSchedulableOn(nodes[0], { existingPods });
  }
  const msg = failure(() => expect(exporter()).not.toBeSchedulableOnAllOf(nodes, { existingPods }));
  expect(msg).toContain('Assumed: DaemonSet monitoring/node-exporter replaces its 2 pod(s) of existingPods (updateStrategy RollingUpdate without maxSurge: ' +
    "each node's old pod is deleted before its new one is created), so its pods are checked without them");
  expect(failure(() => expect(exporter({ type: 'OnDelete' })).not.toBeSchedulableOn(nodes[0], { existingPods }))).toContain('ignored 2 of its own its rollout replaces');
});

test('with maxSurge the new pod is created beside the old one, whose host port and CPU it meets', () => {
  const surge = exporter({ type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } });
  const msg = failure(() => expect(surge).toBeSchedulableOnAllOf(nodes, { existingPods }));
  expect(msg).toContain("NodePorts: node(s) didn't have free ports for the requested pod ports");
  expect(exporter({ type: 'RollingUpdate', rollingUpdate: { maxSurge: '0%', maxUnavailable: 1 } })).toBeSchedulableOnAllOf(nodes, { existingPods });
});

test('another DaemonSet\'s pods, or one of its name in another namespace, are other pods', () => {
  for (const other of [running('x', 'n0', 'node-exporter-v2'), running('y', 'n0', 'node-exporter', 'kube-system')]) {
    expect(failure(() => expect(exporter()).toBeSchedulableOn(nodes[0], { existingPods: [other] }))).toContain("NodePorts: node(s) didn't have free ports for the requested pod ports");
  }
});

test('the replica matchers place its pods alike: without the pods they replace, beside them with maxSurge', () => {
  expect(exporter()).toHaveAllReplicasScheduled(nodes, { existingPods });
  expect(failure(() => expect(exporter()).not.toHaveAllReplicasScheduled(nodes, { existingPods }))).toContain('Assumed: DaemonSet monitoring/node-exporter replaces its 2 pod(s) of existingPods');
  const surge = exporter({ type: 'RollingUpdate', rollingUpdate: { maxSurge: '10%', maxUnavailable: 0 } });
  expect(failure(() => expect(surge).toHaveAllReplicasScheduled(nodes, { existingPods }))).toContain("didn't have free ports for the requested pod ports");
});
