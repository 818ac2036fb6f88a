// Issue 34: the storage objects as a cluster input. `storage: [...]` (PersistentVolumes, PersistentVolumeClaims,
// StorageClasses, CSINodes, CSIDrivers, CSIStorageCapacities, VolumeAttachments, in any order) reaches the
// scheduler's snapshot (snapshot.storage) from every client, as `services` does: the matchers, the engine's
// questions, placement, outages, the matrix, configure({ storage }) and the CLI. A test-only plugin that reads it
// (test/plugins/storageprobe) makes that visible until the volume plugins are in the profile.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KubeObject, Node, Pod } from './core/types';
import { configure, resetConfiguration, withConfiguration } from './core/config';
import { schedule, scheduleOnNode, place, outage } from './engine';
import { rankNodes, scheduleOn } from './engine/objects';
import { toSubject } from './k8s/subject';
import { parseManifests } from './loader';
import { placeReplicas } from './placement/place';
import { claimsOfPod } from './admission/storage';
import { buildSnapshot } from './scheduler/snapshot';
import { nodesDown, simulateOutage } from './outage';
import { placementMatrix } from './report/matrix';
import { DEFAULT_PROFILE, withProfile } from './scheduler/profile';
import { program } from './cli';
import { failure } from '../test/fixtures';
import { zonedNode } from '../test/outage/cluster';
import { ErrReasonProbe, StorageProbe } from '../test/plugins/storageprobe';

const withProbe = <T>(fn: () => T) => withProfile({ clusterFilter: [...DEFAULT_PROFILE.clusterFilter, StorageProbe] }, fn);
afterEach(() => resetConfiguration());

const a1 = zonedNode('a1', 'a');
const b1 = zonedNode('b1', 'b');
const nodes: Node[] = [a1, b1];
/** A StorageClass the probe reads: the nodes it bans. */
const probe = (ban: string): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'probe' }, provisioner: 'x', parameters: { ban } } as KubeObject);
const claim: KubeObject = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as KubeObject;
const storage = [claim, probe('a1')];
// a pod with a volume the volume plugins read (an in-tree EBS disk: VolumeRestrictions conflict-checks it, NodeVolumeLimits
// counts it once a CSINode declares a limit), so the cluster plugins run with the storage objects for it
const volumes = [{ name: 'scratch', awsElasticBlockStore: { volumeID: 'vol-0123456789abcdef0' } }];
const web = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }], volumes } } },
};
const feasibleNames = (r: { feasible: ReadonlyArray<{ node: string }> }) => r.feasible.map((v) => v.node);

describe('storage reaches the snapshot from every client', () => {
  test('the engine: scheduleOnNode, schedule (and scores), scheduleOn, rankNodes', () => withProbe(() => {
    const s = toSubject(web);
    expect(scheduleOnNode(s, a1, { nodes }).feasible).toBe(true);
    expect(scheduleOnNode(s, a1, { nodes, storage }).status?.reasons).toEqual([ErrReasonProbe]);
    expect(feasibleNames(schedule(s, nodes))).toEqual(['a1', 'b1']);
    expect(feasibleNames(schedule(s, nodes, { storage }))).toEqual(['b1']);
    expect(schedule(s, nodes, { storage }, { scores: true }).topScored).toEqual(['b1']);
    expect(feasibleNames(scheduleOn(web, nodes, { storage }))).toEqual(['b1']);
    expect(rankNodes(web, nodes, { storage }).map((n) => n.node)).toEqual(['b1']);
  }));

  test('a pod without volumes is not affected (the volume plugins read nothing for it)', () => withProbe(() => {
    const plain = { ...web, spec: { ...web.spec, template: { ...web.spec.template, spec: { containers: [{ name: 'c', image: 'x' }] } } } };
    expect(feasibleNames(schedule(toSubject(plain), nodes, { storage }))).toEqual(['a1', 'b1']);
  }));

  test('the matchers: the scheduling and replica matchers take options.storage (any iterable)', () => withProbe(() => {
    expect(web).toBeSchedulableOn(a1);
    expect(web).not.toBeSchedulableOn(a1, { storage });
    expect(web).not.toBeSchedulableOn(a1, { nodes, storage: new Set(storage) });
    expect(web).toBeSchedulableOnAnyOf(nodes, { storage });
    expect(web).not.toBeSchedulableOnAnyOf([a1], { storage });
    expect(web).not.toHaveAllReplicasScheduled([a1], { storage });
    expect(web).toHaveAllReplicasScheduled([a1]);
  }));

  test('placement, outages (initial placement and the replacement pods) and the matrix', () => withProbe(() => {
    expect(placeReplicas(web, [a1], { storage }).pods[0].fitError).toBe(`0/1 nodes are available: 1 ${ErrReasonProbe}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.`);
    expect(place([web], { nodes: [a1], storage }).pods[0].node).toBeUndefined();
    // the replica runs on a1; a1 fails; the replacement may not go to b1
    const banB = [probe('b1')];
    const replaced = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1']));
    expect(replaced.stateOf(web).running).toBe(1);
    const pending = simulateOutage({ nodes, workloads: [web], storage: banB }, nodesDown(['a1']));
    expect(pending.stateOf(web).running).toBe(0);
    expect(JSON.stringify(pending.events)).toContain(ErrReasonProbe);
    expect(outage({ nodes, workloads: [web], storage: banB }, nodesDown(['a1'])).outcomes[0]?.running).toBe(0);
    const m = placementMatrix([web], nodes, { storage });
    expect(JSON.stringify(m.rows[0])).toContain(ErrReasonProbe);
    expect(JSON.stringify(placementMatrix([web], nodes).rows[0])).not.toContain(ErrReasonProbe);
  }));

  test('configure({ storage }) reaches every question; a given object replaces a configured one of the same name', () => withProbe(() => {
    configure({ storage: [probe('a1')] });
    const s = toSubject(web);
    expect(feasibleNames(schedule(s, nodes))).toEqual(['b1']);
    expect(web).not.toBeSchedulableOn(a1);
    expect(placeReplicas(web, [a1]).pods[0].node).toBeUndefined();
    expect(feasibleNames(schedule(s, nodes, { storage: [probe('b1')] }))).toEqual(['a1']);
    resetConfiguration();
    expect(feasibleNames(schedule(s, nodes))).toEqual(['a1', 'b1']);
    withConfiguration({ storage: [probe('b1')] }, () => expect(feasibleNames(schedule(s, nodes))).toEqual(['a1']));
  }));

  test('the shared snapshot is keyed by the storage objects too (snapshotFor, the one-node cluster)', () => withProbe(() => {
    const s = toSubject(web);
    const existingPods = [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'other', namespace: 'default' }, spec: { nodeName: 'b1', containers: [{ name: 'c', image: 'x' }] } }] as Pod[];
    expect(feasibleNames(schedule(s, nodes, { existingPods, storage: [probe('a1')] }))).toEqual(['b1']);
    expect(feasibleNames(schedule(s, nodes, { existingPods, storage: [probe('b1')] }))).toEqual(['a1']);
    expect(feasibleNames(schedule(s, nodes, { existingPods }))).toEqual(['a1', 'b1']);
    expect(scheduleOnNode(s, a1, { nodes, storage: [probe('a1')] }).feasible).toBe(false);
    expect(scheduleOnNode(s, a1, { nodes, storage: [probe('b1')] }).feasible).toBe(true);
  }));

  test('the CLI: storage objects among the manifests and in the --existing dumps', () => withProbe(() => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jkp-storage-'));
    const write = (name: string, items: unknown[]) => {
      writeFileSync(path.join(dir, name), JSON.stringify({ apiVersion: 'v1', kind: 'List', items }));
      return path.join(dir, name);
    };
    const run = (...args: string[]) => {
      let out = '';
      program((s) => (out += s), () => undefined).exitOverride().parse(['node', 'cli', 'explain', ...args]);
      return out;
    };
    const nodeFile = write('nodes.json', nodes);
    expect(run(write('web.json', [web]), '--nodes', nodeFile)).toContain('schedulable on 2 of 2 node(s): a1, b1');
    expect(run(write('with-sc.json', [web, probe('a1')]), '--nodes', nodeFile)).toContain('schedulable on 1 of 2 node(s): b1');
    expect(run(write('web2.json', [web]), '--nodes', nodeFile, '--existing', write('dump.json', [claim, probe('b1')]))).toContain('schedulable on 1 of 2 node(s): a1');
  }));
});

test('the snapshot\'s listers serve the create path of claims: claimsOfPod over snapshot.storage', () => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [], volumes: [{ name: 'd', persistentVolumeClaim: { claimName: 'data' } }, { name: 'e', ephemeral: { volumeClaimTemplate: { spec: {} } } }] } } as Pod;
  const gp3 = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } }, provisioner: 'ebs.csi.aws.com' } as KubeObject;
  const { storage: listers } = buildSnapshot(nodes, new Map(), [], [], [claim, gp3]);
  expect(claimsOfPod(pod, listers).map((c) => [c.volume, c.name, c.claim?.spec?.storageClassName, c.created])).toEqual([['d', 'data', undefined, false], ['e', 'p-e', 'gp3', true]]);
});

describe('another kind in storage is a usage error naming the object, never dropped', () => {
  const loaded = parseManifests([
    'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: gp3\nprovisioner: ebs.csi.aws.com',
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop',
  ].join('\n---\n'), 'cluster/storage.yaml');
  const configMap = 'ConfigMap shop/settings (cluster/storage.yaml:7)';
  const kinds = 'PersistentVolume, PersistentVolumeClaim, StorageClass, CSINode, CSIDriver, CSIStorageCapacity, VolumeAttachment';

  test('the matchers', () => {
    expect(failure(() => expect(web).toBeSchedulableOn(a1, { storage: loaded }))).toContain(`options.storage[1]: ${configMap} is not a storage object (options.storage takes ${kinds})`);
    expect(failure(() => expect(web).toBeSchedulableOnAnyOf(nodes, { storage: [web] }))).toContain('options.storage[0]: Deployment default/web is not a storage object');
    expect(failure(() => expect(web).toHaveAllReplicasScheduled(nodes, { storage: loaded }))).toContain(`options.storage[1]: ${configMap} is not a storage object`);
    expect(failure(() => expect(web).toSurvive(nodesDown(['a1']), { nodes, storage: [...loaded] }))).toContain(`cluster.storage[1]: ${configMap} is not a storage object`);
    expect(failure(() => expect(web).toBeSchedulableOn(a1, { storage: [42] as never }))).toContain(`options.storage[0] is not a Kubernetes object (expected ${kinds} objects, e.g. from loadManifests)`);
    expect(failure(() => expect(web).toBeSchedulableOn(a1, { storage: 'pv' as never }))).toContain('options.storage must be an array (or iterable)');
  });

  test('the engine entry points and configure', () => {
    expect(() => placeReplicas(web, nodes, { storage: [...loaded] })).toThrow(`options.storage[1]: ${configMap} is not a storage object`);
    expect(() => simulateOutage({ nodes, workloads: [web], storage: [...loaded] }, nodesDown(['a1']))).toThrow(`cluster.storage[1]: ${configMap} is not a storage object`);
    expect(() => scheduleOn(web, nodes, { storage: [...loaded] })).toThrow(`options.storage[1]: ${configMap} is not a storage object`);
    expect(() => configure({ storage: loaded })).toThrow(`configure: storage[1]: ${configMap} is not a storage object (storage takes ${kinds})`);
    expect(() => configure({ storage: 3 as never })).toThrow('configure: storage must be an array');
    // the storage objects alone are accepted, a loaded collection included
    expect(() => configure({ storage: [...loaded].filter((o) => o.kind === 'StorageClass') })).not.toThrow();
  });
});
