// A StatefulSet's pod brings claims of its own (the ones its controller makes, scheduler/storage-model.ts): the
// question's storage is the cluster's plus those. snapshotFor layers them over the cluster's shared snapshot (an
// overlay: the nodes, pods, usage and pod index shared, the storage listers layered) instead of building the cluster
// again per question; its answers are those of a snapshot built from the whole list.
import type { KubeObject, Node, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { createdPod } from '../admission/create';
import { schedule } from '.';
import { buildSnapshot, groupByNode, podIndex, sharedNodesOf, snapshotFor, storageFor, withObjects } from './snapshot';
import { scheduleOn } from '../engine/objects';
import { preparedSnapshot } from './prepared';
import { modelledStorage } from './storage-model';
import { nodeUsage } from './framework';
import { profile } from './profile';

const EBS = 'ebs.csi.aws.com';
const NO_USAGE = nodeUsage([]);
const gp3 = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: EBS, volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;
const node = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } });
// each node allows one EBS volume
const csiNode = (name: string) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name }, spec: { drivers: [{ name: EBS, nodeID: name, allocatable: { count: 1 } }] } }) as KubeObject;
const boundClaim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'x', namespace: 'db', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeName: 'pv-x' }, status: { phase: 'Bound' } } as KubeObject;
const volume = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-x' }, spec: { storageClassName: 'gp3', capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], claimRef: { namespace: 'db', name: 'x' }, csi: { driver: EBS, volumeHandle: 'vol-x' } }, status: { phase: 'Bound' } } as KubeObject;
const claimPod = (name: string, nodeName: string | undefined, claims: string[]): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'db' },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'i' }], volumes: claims.map((claimName, i) => ({ name: `v${i}`, persistentVolumeClaim: { claimName } })) },
});
const statefulSet = {
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg', namespace: 'db' },
  spec: {
    serviceName: 'pg', replicas: 1, selector: { matchLabels: { app: 'pg' } },
    template: { metadata: { labels: { app: 'pg' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
  },
} as KubeObject;

const nodes = [node('n1'), node('n2')];
// on n1: a pod with the bound EBS volume, and the claim the StatefulSet's controller makes for pg-0 (not given)
const existing = [claimPod('other', 'n1', ['x', 'data-pg-0']), claimPod('plain', 'n2', [])];
const given = [gp3, boundClaim, volume, csiNode('n1'), csiNode('n2')];

test("the StatefulSet's storage is the cluster's shared snapshot with its claim layered on, not a new cluster", () => {
  const storage = modelledStorage([createdPod(toSubject(statefulSet))], given);
  expect(storage.slice(given.length).map((o) => `${o.kind} ${o.metadata?.name}`)).toEqual(['PersistentVolumeClaim data-pg-0']);
  const base = snapshotFor(nodes, existing, undefined, undefined, given);
  const overlay = snapshotFor(nodes, existing, undefined, undefined, storage);
  expect(overlay).not.toBe(base);
  expect(overlay.storage.claim('db', 'data-pg-0')).toBeDefined();
  expect(base.storage.claim('db', 'data-pg-0')).toBeUndefined();
  expect(overlay.storage.claim('db', 'x')).toBe(boundClaim);
  // the nodes, their pods and usage, the namespaces and the pod index are the base's
  expect(overlay.nodes.map((n) => n.info)).toEqual(base.nodes.map((n) => n.info));
  overlay.nodes.forEach((n, i) => {
    expect(n.info).toBe(base.nodes[i].info);
    expect(n.pods).toBe(base.nodes[i].pods);
    expect(n.usage).toBe(base.nodes[i].usage);
    expect(overlay.byName.get(n.info.name)).toBe(n);
  });
  expect(overlay.namespaceLabels).toBe(base.namespaceLabels);
  expect(podIndex(overlay)).toBe(podIndex(base));
  expect(preparedSnapshot(overlay, NO_USAGE, profile().filter)).toBe(preparedSnapshot(base, NO_USAGE, profile().filter));
  // kept: the same list asked again is the same overlay, and the cluster's own snapshot stays the shared one
  expect(snapshotFor(nodes, existing, undefined, undefined, storage)).toBe(overlay);
  expect(snapshotFor(nodes, existing, undefined, undefined, given)).toBe(base);
  expect(snapshotFor(nodes, existing, undefined, undefined, [...given])).toBe(base);
});

// csi.go filterAttachableVolumes over the pods on n1: claims db/x and db/data-pg-0, volume pv-x, class gp3; and the
// VolumeAttachment's volume on n2
const attachment = { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'va' }, spec: { nodeName: 'n2', attacher: EBS, source: { persistentVolumeName: 'pv-attached' } } } as KubeObject;
const read: Array<[string, KubeObject]> = [
  ['a claim a pod uses', { ...boundClaim, metadata: { name: 'data-pg-0', namespace: 'db' } } as KubeObject],
  ['the volume of a claim a pod uses', { ...volume, metadata: { name: 'pv-x' } } as KubeObject],
  ["the class of a pod's claim", { ...gp3 }],
  ["a VolumeAttachment's volume", { ...volume, metadata: { name: 'pv-attached' } } as KubeObject],
];
const unread: Array<[string, KubeObject]> = [
  ['a claim of the same name in another namespace', { ...boundClaim, metadata: { name: 'data-pg-0', namespace: 'other' } } as KubeObject],
  ['another volume', { ...volume, metadata: { name: 'pv-y' } } as KubeObject],
  ['another class', { ...gp3, metadata: { name: 'io2' } }],
];

test.each(read)('what a plugin derives from a node in the overlay is its own when the additions hold %s', (_, added) => {
  const withAttachment = [...given, attachment];
  const fresh = nodes.map((n) => ({ ...n })); // (see ownEntries below)
  const base = snapshotFor(fresh, existing, undefined, undefined, withAttachment);
  const overlay = snapshotFor(fresh, existing, undefined, undefined, withObjects(withAttachment, [added]));
  let runs = 0;
  const count = (pods: readonly Pod[]) => ++runs + pods.length * 0;
  expect(base.nodes[0].memo(count)).toBe(1);
  expect(overlay.nodes[0].memo(count)).toBe(2);
  expect(overlay.nodes[0].memo(count)).toBe(2);
  expect(base.nodes[0].memo(count)).toBe(1);
  expect(overlay.nodes[0]).not.toBe(base.nodes[0]);
});

test.each(unread)("the overlay's node entries are the base's, memos and all, when the additions hold %s", (_, added) => {
  const withAttachment = [...given, attachment];
  const base = snapshotFor(nodes, existing, undefined, undefined, withAttachment);
  const overlay = snapshotFor(nodes, existing, undefined, undefined, withObjects(withAttachment, [added]));
  expect(overlay).not.toBe(base);
  expect(overlay.nodes).toBe(base.nodes);
  expect(overlay.byName).toBe(base.byName);
});

// csi.go Filter: the node's pods' unique volumes, then the new pod's not among them. With the claim its controller
// makes, the pod on n1 uses data-pg-0 already (counted by its claim's class and name, as an unbound claim is): pg-0
// adds no volume there. Counted without that claim (the cluster's snapshot, read first by another pod), n1 would
// hold only vol-x and pg-0 would add one over the limit.
test("the overlay answers as a snapshot built from the whole list, even after the cluster's snapshot was read", () => {
  const subject = toSubject(statefulSet);
  const storage = modelledStorage([createdPod(subject)], given);
  schedule(toSubject(claimPod('warm', undefined, ['x'])), nodes, existing, undefined, undefined, given);
  const shared = schedule(subject, nodes, existing, undefined, undefined, storage);
  const whole = schedule(subject, nodes, existing, undefined, buildSnapshot(nodes, groupByNode(existing), [], [], [...storage]));
  expect(JSON.parse(JSON.stringify(shared))).toEqual(JSON.parse(JSON.stringify(whole)));
  expect(shared.feasible.map((v) => v.node)).toEqual(['n1', 'n2']);
});

// The clients pass the same cluster's objects on every call, often in a fresh array: what is built of them is kept
// per list of the same objects, and a list changed in place (an object pushed or replaced) is read and checked again.
test('the listers and the check of a storage list follow its objects, not the array', () => {
  const cluster = [csiNode('n9'), ...given];
  const list = [...cluster];
  expect(storageFor([...cluster])).toBe(storageFor(cluster));
  expect(storageFor(list)).toBe(storageFor(cluster));
  const added = { ...boundClaim, metadata: { ...boundClaim.metadata, name: 'y' } } as KubeObject;
  list.push(added);
  expect(storageFor(list)).not.toBe(storageFor(cluster));
  expect(storageFor(list).claim('db', 'y')).toBe(added);
  const web = claimPod('web', undefined, ['x']);
  expect(scheduleOn(web, nodes, { existingPods: existing, storage: list }).feasible).toHaveLength(2);
  list.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'settings', namespace: 'db' } });
  expect(() => scheduleOn(web, nodes, { existingPods: existing, storage: list })).toThrow('options.storage[7]: ConfigMap db/settings is not a storage object');
});

test("the claim model's additions follow a list changed in place (the same subject asked again)", () => {
  const pod = createdPod(toSubject(statefulSet));
  const list = [gp3, csiNode('n7')];
  const before = modelledStorage([pod], list);
  expect(before.slice(list.length).map((o) => o.metadata?.name)).toEqual(['data-pg-0']);
  expect(modelledStorage([pod], list)).toBe(before);
  // the claim its controller would make, now given (WaitForFirstConsumer, unbound): nothing to add, the list itself
  const made = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data-pg-0', namespace: 'db' }, spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as KubeObject;
  list.push(made);
  expect(modelledStorage([pod], list)).toBe(list);
  list.pop();
  expect(modelledStorage([pod], list).slice(list.length).map((o) => o.metadata?.name)).toEqual(['data-pg-0']);
});

// What the entries' memos can have read (snapshot.ts storageReads), object by object: a claim a pod on a node uses
// names a volume and classes the cluster's objects do not hold, and a pod's generic ephemeral volume has a claim
// named <pod>-<volume>; adding any of them gives the overlay entries of its own, anything else shares the base's.
describe('which additions the node entries can have read', () => {
  const claimZ = {
    apiVersion: 'v1', kind: 'PersistentVolumeClaim',
    metadata: { name: 'z', namespace: 'db', annotations: { 'volume.beta.kubernetes.io/storage-class': 'beta-class' } },
    spec: { storageClassName: 'io2', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, volumeName: 'pv-z' },
  } as KubeObject;
  const ephemeral: Pod = {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'eph', namespace: 'db' },
    spec: { nodeName: 'n2', containers: [{ name: 'c', image: 'i' }], volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }] },
  };
  // Pending, nominated to n2: kept beside the bound pods (Snapshot.nominated)
  const nominated: Pod = { ...claimPod('waiting', undefined, []), status: { phase: 'Pending', nominatedNodeName: 'n2' } } as Pod;
  const pods = [claimPod('z-user', 'n1', ['z']), ephemeral, nominated];
  const cluster = [gp3, claimZ, csiNode('n1'), csiNode('n2')];
  const pv = (name: string) => ({ ...volume, metadata: { name } }) as KubeObject;
  const claim = (name: string, namespace = 'db') => ({ ...boundClaim, metadata: { name, namespace } }) as KubeObject;
  const storageClass = (name: string) => ({ ...gp3, metadata: { name } });
  const ownEntries = (extra: KubeObject[]) => {
    // fresh nodes per case: each case works out what its base's entries read (a mutation run credits a test only
    // with the code it runs itself, not with what an earlier test left in a cache)
    const fresh = nodes.map((n) => ({ ...n }));
    const base = snapshotFor(fresh, pods, undefined, undefined, cluster);
    const overlay = snapshotFor(fresh, pods, undefined, undefined, withObjects(cluster, extra));
    expect(sharedNodesOf(overlay)).toBe(base);
    expect(overlay.services).toBe(base.services);
    expect(overlay.nominated).toBe(base.nominated);
    expect(overlay.nominated?.get('n2')).toEqual([nominated]);
    return overlay.nodes !== base.nodes;
  };

  test.each<[string, KubeObject[]]>([
    ["the volume a pod's claim names", [pv('pv-z')]],
    ["the class a pod's claim names", [storageClass('io2')]],
    ["the class a pod's claim names by the beta annotation", [storageClass('beta-class')]],
    ["a pod's generic ephemeral volume's claim", [claim('eph-scratch')]],
    ['one such object among others', [pv('pv-other'), pv('pv-z')]],
  ])('read: %s', (_, extra) => expect(ownEntries(extra)).toBe(true));

  test.each<[string, KubeObject[]]>([
    ['another volume', [pv('pv-other')]],
    ['another class', [storageClass('other')]],
    ['the ephemeral claim\'s name in another namespace', [claim('eph-scratch', 'other')]],
    ['a claim of the volume\'s name', [claim('pv-z')]],
  ])('not read: %s', (_, extra) => expect(ownEntries(extra)).toBe(false));

  test('additions with a default StorageClass, or of a kind not layered, are another cluster: a snapshot of their own', () => {
    const base = snapshotFor(nodes, pods, undefined, undefined, cluster);
    const defaultClass = { ...storageClass('fast'), metadata: { name: 'fast', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } };
    for (const extra of [[defaultClass], [pv('pv-other'), defaultClass], [csiNode('n3')]]) {
      const own = snapshotFor(nodes, pods, undefined, undefined, withObjects(cluster, extra));
      expect(sharedNodesOf(own)).toBe(own);
      expect(own).not.toBe(base);
      expect(own.storage.claim('db', 'z')).toBe(claimZ);
    }
    // a class that is not the default is layered (over the cluster's snapshot, kept for the last list asked)
    const again = snapshotFor(nodes, pods, undefined, undefined, cluster);
    expect(sharedNodesOf(snapshotFor(nodes, pods, undefined, undefined, withObjects(cluster, [storageClass('fast')]))) === again).toBe(true);
  });
});
