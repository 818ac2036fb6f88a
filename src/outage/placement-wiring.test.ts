// The outage simulation places pods with the replica placement (src/placement): the initial pods are placeReplicas'
// own, and each replacement gets the same scheduling cycle (filters, the default profile's scores, first tied node),
// over the storage as the outage leaves it (a claim provisioned for a node stays there: outage/volumes.ts).
import { placeReplicas } from '../placement/place';
import type { KubeObject } from '../core/types';
import { simulateOutage, zone } from '.';
import { daemonSet, deployment, job, pod, statefulSet, zonedNode, zones } from '../../test/outage/cluster';

test('the pods before the failure are where placeReplicas puts them, existing pods included', () => {
  const nodes = zones(['a', 'b', 'c'], 2);
  const workloads = [deployment('web', 5, '1'), statefulSet('db', 3, '2'), daemonSet('logging'), job('batch', 2), pod('solo')] as KubeObject[];
  const existingPods = [pod('heavy', 'b1', { cpu: '3' })];
  const expected = placeReplicas(workloads, nodes, { existingPods }).pods.map((p) => `${p.name} ${p.node}`);
  const o = simulateOutage({ nodes, workloads, existingPods }, zone('a'));
  expect(o.pods.filter((p) => p.createdAt === 0 && p.workload).map((p) => `${p.name} ${p.node}`)).toEqual(expected);
  expect(expected).toHaveLength(5 + 3 + 6 + 2 + 1);
});

describe('a replacement is placed by the default scores, within the zone of its volumes', () => {
  // Zone a: a1, a2 (a 3-CPU pod, no labels, on it), a3; zone b: b1; 4 CPU, 16Gi each. db: one member of 500m, its
  // claim an EBS volume (WaitForFirstConsumer). db-0 starts on a1 (a1, a3, b1 tie on every score; a1 is first). a1 fails, out-of-service at 400 s: PodGC
  // force-deletes db-0 at 400 s and the StatefulSet controller recreates it. a1 is tainted; b1 is outside the
  // volumes' zone (VolumeBinding). Between a2 and a3 (PodTopologySpread 100 on both: no db pod left):
  //   a2: LeastAllocated (cpu (4000 − 3500) × 100 / 4000 = 12, memory (16384 − 400) × 100 / 16384 = 97) / 2 = 54,
  //       Balanced 100 × (1 − |0.875 − 0| / 2) = 56 → 300 + 54 + 200 + 56 = 610
  //   a3: LeastAllocated (87 + 98) / 2 = 92, Balanced 100 × (1 − 0.125 / 2) = 93 → 300 + 92 + 200 + 93 = 685
  // → a3 (node order, the old stand-in's tie rule, would have given a2).
  const nodes = [zonedNode('a1', 'a'), zonedNode('a2', 'a'), zonedNode('a3', 'a'), zonedNode('b1', 'b')];
  const db = { ...statefulSet('db', 1, '500m'), spec: { ...statefulSet('db', 1, '500m').spec, volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] } };
  const storage = [{ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com', volumeBindingMode: 'WaitForFirstConsumer' }];
  const o = simulateOutage({ nodes, workloads: [db], existingPods: [pod('heavy', 'a2', { cpu: '3' })], storage }, { nodes: ['a1'], outOfServiceAt: 400 });
  test('db-0 goes from a1 to a3', () => {
    expect(o.pods.filter((p) => p.workload).map((p) => `${p.name} ${p.node} ${p.createdAt}`)).toEqual(['db-0 a1 0', 'db-0 a3 400']);
    expect(o.events.find((e) => e.reason === 'Scheduled')!.message).toBe('Successfully assigned default/db-0 to a3');
  });
});

test("the cluster's namespaces serve namespaceSelector, before the failure and for the replacement", () => {
  // web requires a pod of app=db, from a namespace labelled team=data, on its node; db pods run on a1 and b1.
  // web-0 starts on a1 (a1 and b1 tie); a1 lost → web-1 at 350 s fits only b1. Without the Namespace objects
  // no namespace has the label and web stays Pending from the start.
  const nodes = zones(['a', 'b', 'c'], 1);
  const dbPod = (name: string, node: string) => ({ ...pod(name, node), metadata: { name, namespace: 'data', labels: { app: 'db' } } });
  const affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'db' } }, namespaceSelector: { matchLabels: { team: 'data' } } }] } };
  const web = deployment('web', 1, '500m');
  web.spec.template.spec = { ...web.spec.template.spec, affinity } as never;
  const namespaces = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'data', labels: { team: 'data' } } }];
  const cluster = { nodes, workloads: [web], existingPods: [dbPod('db-0', 'a1'), dbPod('db-1', 'b1')] };
  const o = simulateOutage({ ...cluster, namespaces }, zone('a'));
  expect(o.pods.filter((p) => p.workload).map((p) => `${p.name} ${p.node} ${p.boundAt}`)).toEqual(['web-0 a1 0', 'web-1 b1 350']);
  expect(simulateOutage(cluster, zone('a')).stateOf(web, 0)).toMatchObject({ running: 0, pending: 1 });
});
