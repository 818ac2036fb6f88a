// "not modelled" in the answers built on placements (issue 31 finding 4): outages (toSurvive, toKeepAtLeast, the
// matrix's outage columns, the CLI's), spread, share and preference follow the scheduling matchers' rule
// (engine/not-modelled.ts): a modelled rejection stands, a modelled pass is unknown, and an unknown fails with and
// without `.not`. The case from the issue: an EBS-backed redis StatefulSet on EKS losing us-east-1a "came back 3/3"
// (its pods deleted at once, terminationGracePeriodSeconds 0), while its volumes pin each ordinal to its zone
// (volumebinding/binder.go checkBoundClaims: `node(s) didn't match PersistentVolume's node affinity`). Without its
// StorageClass the claims are not modelled; with it (issue 34) the outage answers Pending for the pinned replica.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { placementMatrix, formatMatrix, formatMatrixMarkdown } from '../../src/report/matrix';
import { zone } from '../../src/outage';
import { fewestRunning, outage, prefer, survive, toSubject } from '../../src/engine';
import { program } from '../../src/cli';
import { RecordsChannel } from '../../src/report/report';
import type { KubeObject, Node } from '../../src/core/types';
import { failure } from '../fixtures';

const node = (name: string, az: string, taints: Array<{ key: string; value: string; effect: string }> = []): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': az, 'eks.amazonaws.com/nodegroup': 'general' } },
  spec: { taints }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
} as Node);
const nodes = ['a', 'b', 'c'].flatMap((z) => [node(`${z}1`, `us-east-1${z}`), node(`${z}2`, `us-east-1${z}`)]);
const template = (app: string, spec: Record<string, unknown> = {}) => ({
  metadata: { labels: { app } },
  spec: { containers: [{ name: app, image: `registry.example/${app}:1`, resources: { requests: { cpu: '500m' } } }], ...spec },
});
const redis: KubeObject = {
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'redis', namespace: 'cache' },
  spec: {
    serviceName: 'redis', replicas: 3, selector: { matchLabels: { app: 'redis' } }, template: template('redis', { terminationGracePeriodSeconds: 0 }),
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'gp3', resources: { requests: { storage: '8Gi' } } } }],
  },
} as KubeObject;
const deployment = (name: string, spec: Record<string, unknown> = {}, replicas = 3): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'shop' },
  spec: { replicas, selector: { matchLabels: { app: name } }, template: template(name, spec) },
} as KubeObject);
const claim = { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] };
const db = deployment('db', claim);
const web = deployment('web');
const cluster = { nodes, workloads: [redis] };
const zoneA = zone('us-east-1a');
const message = failure;
const VCT = "VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions: spec.volumeClaimTemplates[0] (data): PersistentVolumeClaim cache/data-redis-0 asks for StorageClass gp3, which is not among the storage objects given: pass the StorageClasses in `storage`";
// the EBS CSI driver's class (WaitForFirstConsumer); and a network file system's, which every node reaches
const storageClass = (name: string, provisioner: string): KubeObject => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner, volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject);
const ebs = { ...cluster, storage: [storageClass('gp3', 'ebs.csi.aws.com')] };
const efs = { ...cluster, storage: [storageClass('gp3', 'efs.csi.aws.com')] };
const PENDING = "redis-0 is Pending: 0/6 nodes are available: 2 node(s) had untolerated taint(s), 4 node(s) didn't match PersistentVolume's node affinity. preemption: 0/6 nodes are available: 6 Preemption is not helpful for scheduling.";

describe('outages', () => {
  test('toSurvive without the StorageClass: the modelled "3/3 after 350s" is no verdict, with or without .not, and names the fix', () => {
    expect(survive(toSubject(redis), zoneA, cluster)).toMatchObject({ pass: true, state: { running: 3, desired: 3 } });
    const positive = message(() => expect(redis).toSurvive(zoneA, cluster, { within: 3600 }));
    expect(positive).toContain('Expected StatefulSet cache/redis to run all its replicas again within 3600s when a1, a2 fail: unreachable (grace period 50s), but the verdict is unknown: not modelled for this pod:\n');
    expect(positive).toContain(`  ${VCT}`);
    expect(positive).toContain('By the modelled filters and scores alone:\nReceived: 3/3 running, 0 pending, 0 terminating');
    expect(message(() => expect(redis).not.toSurvive(zoneA, cluster, { within: 3600 }))).toContain('not to run all its replicas again within 3600s when a1, a2 fail: unreachable (grace period 50s), but that cannot be proved');
    expect(message(() => expect(redis).toSurvive(zoneA, cluster, { within: 400 }))).toContain('but the verdict is unknown');
  });

  test('with the EBS StorageClass the answer is real by default: redis-0\'s volume keeps it Pending; a network file system lets it return', () => {
    expect(redis).not.toSurvive(zoneA, ebs, { within: 3600 });
    expect(message(() => expect(redis).toSurvive(zoneA, ebs, { within: 3600 }))).toContain(PENDING);
    expect(redis).toSurvive(zoneA, efs, { within: 3600 });
    const answer = survive(toSubject(redis), zoneA, ebs);
    expect(answer).not.toHaveProperty('notModelled');
    expect(answer.why).toEqual([`${PENDING} PersistentVolumeClaim cache/data-redis-0 is bound to PersistentVolume pvc-cache.data-redis-0, provisioned for a1 at 0s (topology.kubernetes.io/zone In [us-east-1a]): a bound volume does not move with its pod`]);
    expect(answer.timeline).toContain(`default-scheduler          FailedScheduling: ${PENDING.slice('redis-0 is Pending: '.length)}`);
  });

  test('toKeepAtLeast: no verdict either way without the StorageClass; with it, 2 and not 3', () => {
    expect(message(() => expect(redis).toKeepAtLeast(2, zoneA, cluster))).toMatch(/to keep at least 2 replicas running, but the verdict is unknown: not modelled for this pod:\n/);
    expect(message(() => expect(redis).not.toKeepAtLeast(3, zoneA, cluster))).toMatch(/not to keep at least 3 replicas running, but that cannot be proved/);
    expect(redis).toKeepAtLeast(2, zoneA, ebs);
    expect(redis).not.toKeepAtLeast(3, zoneA, ebs);
  });

  test('a claim assumed (storageAssumption) or provisioned by a driver of unknown topology: no verdict, with the fix', () => {
    const unknown = { ...cluster, storage: [storageClass('gp3', 'csi.example.com')] };
    const items = survive(toSubject(redis), zoneA, unknown).notModelled!.map((n) => n.detail);
    expect(items).toEqual(["spec.volumeClaimTemplates[0] (data): StorageClass gp3 provisions with csi.example.com, whose volumes' topology the library does not know: pass the nodes' CSINodes in `storage` (kubectl get csinode -o yaml: spec.drivers[].topologyKeys name the node labels that pin its volumes)"]);
    expect(message(() => expect(redis).toSurvive(zoneA, unknown, { within: 3600 }))).toContain('but the verdict is unknown');
  });

  test('workloads that use nothing unmodelled, and a bare Pod bound by spec.nodeName (never scheduled again), keep their verdicts', () => {
    expect(web).toSurvive(zoneA, { nodes, workloads: [web] }, { within: 3600 });
    const bound = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' }, spec: { nodeName: 'a1', ...template('p', claim).spec } } as KubeObject;
    expect(bound).not.toSurvive(zoneA, { nodes, workloads: [bound] }, { within: 3600 });
  });

  test('the engine answers carry notModelled and round-trip through JSON', () => {
    const s = toSubject(redis);
    for (const a of [survive(s, zoneA, cluster), fewestRunning(s, zoneA, cluster)]) {
      expect(a.notModelled!.map((n) => `${n.what}: ${n.detail}`)).toEqual([expect.stringContaining(VCT)]);
      expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    }
    const o = outage({ nodes, workloads: [redis, web] }, zoneA);
    expect(o.outcomes.map((x) => !!x?.notModelled)).toEqual([true, false]);
    expect(fewestRunning(s, zoneA, ebs)).toMatchObject({ running: 2 });
    expect(fewestRunning(s, zoneA, ebs)).not.toHaveProperty('notModelled');
  });

  test('the matrix\'s outage cells: N?/M running, never survived, with the footnote; with the StorageClass they are plain', () => {
    const m = placementMatrix([redis, web], nodes, { groupBy: 'eks.amazonaws.com/nodegroup', failures: [zoneA] });
    const row = m.rows.find((r) => r.workload === 'StatefulSet cache/redis')!;
    expect(row.outage[0]).toMatchObject({ running: 3, desired: 3, survived: false, unknown: true, notModelled: 'not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions' });
    expect(row.outage[0]).not.toHaveProperty('since');
    const text = formatMatrix(m);
    expect(text).toMatch(/StatefulSet cache\/redis\s+6\?\/6 \[\w+\]\s+3\?\/3 running after 350s \[\w+\]/);
    expect(text).toMatch(/Deployment shop\/web\s+6\/6\s+3\/3 running/);
    expect(text).toContain('N?/M running: the outage as the filters the library models play it, but the pods use what it does not model');
    expect(formatMatrixMarkdown(m)).toContain('| ❔ 3?/3 running after 350s — not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions |');
    const zonal = placementMatrix([redis], nodes, { failures: [zoneA], storage: ebs.storage });
    expect(zonal.rows[0].outage[0]).toMatchObject({ survived: false, text: '2/3 running, 1 Pending' });
    expect(zonal.rows[0].outage[0]).not.toHaveProperty('unknown');
  });

  test('the CLI matrix --failure zone: says the same; the StorageClass among the manifests decides it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jkp-nma-'));
    const write = (name: string, objects: object[]) => {
      writeFileSync(path.join(dir, name), objects.map((o) => JSON.stringify(o)).join('\n---\n'));
      return path.join(dir, name);
    };
    const nodeFile = write('nodes.yaml', nodes);
    const run = (objects: object[], ...extra: string[]) => {
      let out = '';
      const cli = program((s) => (out += s), () => undefined);
      cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => undefined });
      cli.parse(['node', 'jest-k8s-placement', 'matrix', write(`m${objects.length}.yaml`, objects), '--nodes', nodeFile, '--failure', 'zone:us-east-1a', ...extra]);
      return out;
    };
    expect(run([redis])).toMatch(/StatefulSet cache\/redis\s+6\?\/6 \[\w+\]\s+3\?\/3 running after 350s \[\w+\]/);
    expect(run([redis, ebs.storage[0]])).toMatch(/StatefulSet cache\/redis\s+6\/6\s+2\/3 running, 1 Pending \[\w+\]/);
  });
});

describe('spread', () => {
  test('where the replicas land is a guess: no verdict either way', () => {
    const m = message(() => expect(db).toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes));
    expect(m).toMatch(/Expected Deployment shop\/db to spread its replicas across topology.kubernetes.io\/zone with maxSkew 1, but the verdict is unknown: not modelled for this pod:\n {2}VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions: spec.template.spec.volumes\[0\] \(data, persistentVolumeClaim\)/);
    expect(m).toContain('By the modelled filters and scores alone, the 3 replica(s) land with skew 0:');
    expect(message(() => expect(db).not.toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes))).toContain('but that cannot be proved');
  });
  test('certain: no node has the key, or the first replica is rejected by every node', () => {
    expect(db).not.toSpreadReplicasAcross('example.com/rack', nodes);
    expect(db).not.toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes.map((n) => node(n.metadata!.name!, n.metadata!.labels!['topology.kubernetes.io/zone'], [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }])));
  });
});

describe('share', () => {
  test('a placement that shares or separates them is a guess', () => {
    expect(message(() => expect(db).toShareNodesWith(web, nodes))).toMatch(/Expected Deployment shop\/db to share a node with Deployment shop\/web, but the verdict is unknown: not modelled for this pod:\n {2}VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions: Deployment shop\/db: spec.template.spec.volumes\[0\]/);
    expect(message(() => expect(db).not.toShareNodesWith(web, nodes))).toMatch(/not to share a node with Deployment shop\/web, but that cannot be proved/);
  });
  test('a modelled constraint that keeps them apart stands', () => {
    const apart = deployment('db', { ...claim, affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } } }] } } });
    expect(apart).not.toShareNodesWith(web, nodes);
  });
});

describe('toPrefer', () => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' }, spec: template('p', claim).spec } as KubeObject;
  const tainted = node('g1', 'us-east-1a', [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }]);
  test('both nodes pass the modelled filters: no preference either way', () => {
    const m = message(() => expect(pod).toPrefer(nodes[0]).over(nodes[2]));
    expect(m).toMatch(/Expected Pod shop\/p to prefer Node a1 over Node b1, but the verdict is unknown: not modelled for this pod:\n/);
    expect(m).toContain('By the modelled filters and scores alone, the scores (normalised over these two nodes) are');
    expect(message(() => expect(pod).not.toPrefer(nodes[0]).over(nodes[2]))).toContain('but that cannot be proved');
    // only the preferred node feasible by the modelled filters is no verdict either
    expect(message(() => expect(pod).toPrefer(nodes[0]).over(tainted))).toContain('the verdict is unknown');
  });
  test('a preferred node a modelled filter rejects is certainly not preferred', () => {
    expect(pod).not.toPrefer(tainted).over(nodes[0]);
    expect(message(() => expect(pod).toPrefer(tainted).over(nodes[0]))).toMatch(/cannot be scheduled on Node g1 at all:\n {2}TaintToleration[^]*The rejection stands whatever these decide; not modelled for this pod:/);
    expect(prefer(toSubject(pod), tainted, nodes[0]).notModelled).toHaveLength(1);
  });
});

describe('the run report', () => {
  let channel: RecordsChannel;
  beforeEach(() => (channel = new RecordsChannel()));
  afterEach(() => channel.close());
  test('records the unknown verdicts as such, with what is not modelled as the reason', () => {
    expect(() => expect(redis).toKeepAtLeast(2, zoneA, cluster)).toThrow();
    expect(() => expect(db).not.toShareNodesWith(web, nodes)).toThrow();
    expect(channel.read().map((r) => [r.matcher, r.verdict, r.accepted, r.passed, r.reason])).toEqual([
      ['toKeepAtLeast', 'unknown', false, false, 'not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions'],
      ['toShareNodesWith', 'unknown', false, false, 'not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions'],
    ]);
  });
});
