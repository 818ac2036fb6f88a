// "not modelled" in the answers built on placements (issue 31 finding 4): outages (toSurvive, toKeepAtLeast, the
// matrix's outage columns, the CLI's), spread, share and preference follow the scheduling matchers' rule
// (engine/not-modelled.ts): a modelled rejection stands, a modelled pass is unknown, and an unknown fails with and
// without `.not`. The case from the issue: an EBS-backed redis StatefulSet on EKS losing us-east-1a "came back 3/3"
// (its pods deleted at once, terminationGracePeriodSeconds 0), while its volumes pin each ordinal to its zone
// (volumebinding/binder.go checkBoundClaims: `node(s) didn't match PersistentVolume's node affinity`).
// A persistentVolumeClaim volume and volumeClaimTemplates are not modelled at every release.
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
const VCT = "VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions: spec.volumeClaimTemplates[0] (data): each replica's PersistentVolumeClaim decides where it can run";

describe('outages', () => {
  test('toSurvive: the modelled "3/3 after 350s" is no verdict, with or without .not', () => {
    expect(survive(toSubject(redis), zoneA, cluster)).toMatchObject({ pass: true, state: { running: 3, desired: 3 } });
    const positive = message(() => expect(redis).toSurvive(zoneA, cluster, { within: 3600 }));
    expect(positive).toContain('Expected StatefulSet cache/redis to run all its replicas again within 3600s when a1, a2 fail: unreachable (grace period 50s), but the verdict is unknown: not modelled for this pod:\n');
    expect(positive).toContain(`  ${VCT}\n(cluster.zonalVolumes says what they are: true, zonal volumes`);
    expect(positive).toContain('By the modelled filters and scores alone:\nReceived: 3/3 running, 0 pending, 0 terminating');
    expect(message(() => expect(redis).not.toSurvive(zoneA, cluster, { within: 3600 }))).toContain('not to run all its replicas again within 3600s when a1, a2 fail: unreachable (grace period 50s), but that cannot be proved');
    expect(message(() => expect(redis).toSurvive(zoneA, cluster, { within: 400 }))).toContain('but the verdict is unknown');
  });

  test('with cluster.zonalVolumes the answer is real: zonal volumes keep redis-0 Pending, volumes every node reaches let it return', () => {
    const zonal = { ...cluster, zonalVolumes: true };
    expect(redis).not.toSurvive(zoneA, zonal, { within: 3600 });
    expect(message(() => expect(redis).toSurvive(zoneA, zonal, { within: 3600 }))).toContain("redis-0 is Pending: 0/6 nodes are available: 2 node(s) had untolerated taint(s), 4 node(s) didn't match PersistentVolume's node affinity.");
    expect(redis).toSurvive(zoneA, { ...cluster, zonalVolumes: false }, { within: 3600 });
    expect(survive(toSubject(redis), zoneA, zonal)).not.toHaveProperty('notModelled');
  });

  test('toKeepAtLeast: no verdict either way; zonalVolumes gives one', () => {
    expect(message(() => expect(redis).toKeepAtLeast(2, zoneA, cluster))).toMatch(/to keep at least 2 replicas running, but the verdict is unknown: not modelled for this pod:\n/);
    expect(message(() => expect(redis).not.toKeepAtLeast(3, zoneA, cluster))).toMatch(/not to keep at least 3 replicas running, but that cannot be proved/);
    expect(redis).toKeepAtLeast(2, zoneA, { ...cluster, zonalVolumes: true });
    expect(redis).not.toKeepAtLeast(3, zoneA, { ...cluster, zonalVolumes: true });
  });

  test('workloads that use nothing unmodelled, and a bare Pod bound by spec.nodeName (never scheduled again), keep their verdicts', () => {
    expect(web).toSurvive(zoneA, { nodes, workloads: [web] }, { within: 3600 });
    const bound = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'shop' }, spec: { nodeName: 'a1', ...template('p', claim).spec } } as KubeObject;
    expect(bound).not.toSurvive(zoneA, { nodes, workloads: [bound] }, { within: 3600 });
  });

  test('the engine answers carry notModelled and round-trip through JSON', () => {
    const s = toSubject(redis);
    for (const a of [survive(s, zoneA, cluster), fewestRunning(s, zoneA, cluster)]) {
      expect(a.notModelled!.map((n) => `${n.what}: ${n.detail}`)).toEqual([VCT]);
      expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    }
    const o = outage({ nodes, workloads: [redis, web] }, zoneA);
    expect(o.outcomes.map((x) => !!x?.notModelled)).toEqual([true, false]);
  });

  test('the matrix\'s outage cells: N?/M running, never survived, with the footnote; zonalVolumes makes them plain', () => {
    const m = placementMatrix([redis, web], nodes, { groupBy: 'eks.amazonaws.com/nodegroup', failures: [zoneA] });
    const row = m.rows.find((r) => r.workload === 'StatefulSet cache/redis')!;
    expect(row.outage[0]).toMatchObject({ running: 3, desired: 3, survived: false, unknown: true, notModelled: 'not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions' });
    expect(row.outage[0]).not.toHaveProperty('since');
    const text = formatMatrix(m);
    expect(text).toMatch(/StatefulSet cache\/redis\s+6\?\/6 \[\w+\]\s+3\?\/3 running after 350s \[\w+\]/);
    expect(text).toMatch(/Deployment shop\/web\s+6\/6\s+3\/3 running/);
    expect(text).toContain('N?/M running: the outage as the filters the library models play it, but the pods use what it does not model');
    expect(formatMatrixMarkdown(m)).toContain('| ❔ 3?/3 running after 350s — not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions |');
    const zonal = placementMatrix([redis], nodes, { failures: [zoneA], zonalVolumes: true });
    expect(zonal.rows[0].outage[0]).toMatchObject({ survived: false, text: '2/3 running, 1 Pending' });
    expect(zonal.rows[0].outage[0]).not.toHaveProperty('unknown');
  });

  test('the CLI matrix --failure zone: says the same; --zonal-volumes and --no-zonal-volumes decide it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jkp-nma-'));
    const write = (name: string, objects: object[]) => {
      writeFileSync(path.join(dir, name), objects.map((o) => JSON.stringify(o)).join('\n---\n'));
      return path.join(dir, name);
    };
    const [workloads, nodeFile] = [write('redis.yaml', [redis]), write('nodes.yaml', nodes)];
    const run = (...extra: string[]) => {
      let out = '';
      const cli = program((s) => (out += s), () => undefined);
      cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => undefined });
      cli.parse(['node', 'jest-k8s-placement', 'matrix', workloads, '--nodes', nodeFile, '--failure', 'zone:us-east-1a', ...extra]);
      return out;
    };
    expect(run()).toMatch(/StatefulSet cache\/redis\s+6\?\/6 \[\w+\]\s+3\?\/3 running after 350s \[\w+\]/);
    expect(run('--zonal-volumes')).toMatch(/StatefulSet cache\/redis\s+6\?\/6 \[\w+\]\s+2\/3 running, 1 Pending \[\w+\]/);
    expect(run('--no-zonal-volumes')).toMatch(/StatefulSet cache\/redis\s+6\?\/6 \[\w+\]\s+3\/3 running after 350s/);
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
