// The volume figures of issue 34: pods with claims asked of 5,000 nodes (3 zones) and 20,000 existing pods
// (bench-cluster.mjs's cluster), of which 3,000 have a claim bound to an EBS CSI PersistentVolume pinned to their
// node's zone; every node has a CSINode allowing 25 EBS volumes; StorageClass gp3 binds WaitForFirstConsumer. Asked:
// Pods whose claim (given, unbound, gp3) is provisioned per node, and StatefulSets with volumeClaimTemplates (the
// claims their controller makes) — the first scheduleOn (the snapshot is built) and each later one on the same
// arrays; beside them, for reference, a pod without volumes asked first of the same cluster (what the first answer
// costs before any volume plugin runs). Each run is a fresh process; wall and CPU time are printed. Part of
// `npm run bench`, never a test.
//
//   node scripts/bench-volumes.mjs [--dist dist] [--runs 3] [--later 20]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cluster, median, options, timed } from './bench-cluster.mjs';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');
const CLAIMED = 3000;
const DRIVER = 'ebs.csi.aws.com';
const ZONE = 'topology.kubernetes.io/zone';
const LATER = 20;

const gp3 = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: DRIVER, volumeBindingMode: 'WaitForFirstConsumer', parameters: { type: 'gp3' } };
const request = { requests: { storage: '10Gi' } };

/** bench-cluster.mjs's cluster, 3,000 of its pods with a bound claim, the CSINodes, the class and the claims asked with. */
export function volumeCluster(asked = LATER + 1) {
  const { nodes, existingPods } = cluster();
  const zoneOf = new Map(nodes.map((n) => [n.metadata.name, n.metadata.labels[ZONE]]));
  const storage = [gp3];
  // every nth pod: 3,000 spread over the 20,000
  const step = Math.floor(existingPods.length / CLAIMED);
  for (let k = 0; k < CLAIMED; k++) {
    const p = existingPods[k * step];
    const ns = p.metadata.namespace;
    const claim = `data-${p.metadata.name}`;
    const pv = `pv-${ns}-${claim}`;
    p.spec = { ...p.spec, volumes: [{ name: 'data', persistentVolumeClaim: { claimName: claim } }] };
    storage.push(
      {
        apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: pv, annotations: { 'pv.kubernetes.io/provisioned-by': DRIVER } },
        spec: {
          capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], storageClassName: 'gp3', persistentVolumeReclaimPolicy: 'Delete', volumeMode: 'Filesystem',
          claimRef: { kind: 'PersistentVolumeClaim', apiVersion: 'v1', namespace: ns, name: claim },
          csi: { driver: DRIVER, volumeHandle: `vol-${k}`, fsType: 'ext4' },
          nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: ZONE, operator: 'In', values: [zoneOf.get(p.spec.nodeName)] }] }] } },
        },
        status: { phase: 'Bound' },
      },
      {
        apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: claim, namespace: ns, annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } },
        spec: { accessModes: ['ReadWriteOnce'], resources: request, storageClassName: 'gp3', volumeName: pv, volumeMode: 'Filesystem' },
        status: { phase: 'Bound' },
      },
    );
  }
  for (const n of nodes) {
    storage.push({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: n.metadata.name }, spec: { drivers: [{ name: DRIVER, nodeID: n.metadata.name, topologyKeys: [ZONE], allocatable: { count: 25 } }] } });
  }
  // the claims of the Pods asked: unbound, WaitForFirstConsumer (given with the cluster, the same array every time)
  for (let i = 0; i < asked; i++) {
    storage.push({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: `incoming-data-${i}`, namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: request, storageClassName: 'gp3' } });
  }
  return { nodes, existingPods, storage };
}

const container = { name: 'c', image: 'postgres', resources: { requests: { cpu: '500m', memory: '1Gi' } } };
const pod = (i) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: `incoming-${i}`, namespace: 'default', labels: { app: `db-${i}` } },
  spec: { containers: [container], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: `incoming-data-${i}` } }] },
});
const statefulSet = (i) => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: `db-${i}`, namespace: 'default' },
  spec: {
    serviceName: `db-${i}`, replicas: 3, selector: { matchLabels: { app: `db-${i}` } },
    template: { metadata: { labels: { app: `db-${i}` } }, spec: { containers: [{ ...container, volumeMounts: [{ name: 'data', mountPath: '/data' }] }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], storageClassName: 'gp3', resources: request } }],
  },
});

// ---- child: one measurement in a fresh process, one JSON line out
if (process.argv[1] === here && process.argv[2] === '--child') {
  const [dist, count, what] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  const lib = require(path.resolve(dist, 'index.js'));
  const { nodes, existingPods, storage } = volumeCluster(Number(count) + 1);
  const ask = (subject) => lib.scheduleOn(subject, nodes, { existingPods, storage });
  if (what === 'plain') {
    const plain = timed(() => ask({ ...pod(0), spec: { containers: [container] } }));
    console.log(JSON.stringify({ wall: plain.wall, cpu: plain.cpu }));
    process.exit(0);
  }
  const first = timed(() => ask(pod(0)));
  if (first.value.notModelled) throw new Error(`not modelled: ${JSON.stringify(first.value.notModelled)}`);
  const later = Array.from({ length: Number(count) }, (_, i) => timed(() => ask(pod(i + 1))));
  const sets = Array.from({ length: Number(count) }, (_, i) => timed(() => ask(statefulSet(i))));
  const pick = (xs) => ({ wall: median(xs.map((l) => l.wall)), cpu: median(xs.map((l) => l.cpu)) });
  console.log(JSON.stringify({
    first: { wall: first.wall, cpu: first.cpu }, feasible: first.value.feasible.length,
    later: pick(later), sets: pick(sets), setFeasible: sets[0].value.feasible.length,
  }));
  process.exit(0);
}

// ---- driver
export function run({ dist = path.join(repo, 'dist'), runs = 3, later = LATER } = {}) {
  const child = (what = 'claims') => {
    const r = spawnSync(process.execPath, [here, '--child', dist, String(later), what], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`bench-volumes failed:\n${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`volumes: 5000 nodes, 20000 existing pods (${CLAIMED} with a claim bound to a zonal EBS PV), CSINodes allowing 25, gp3 WaitForFirstConsumer; ${runs} fresh processes; load average ${load()}`);
  const got = Array.from({ length: runs }, () => child());
  const figures = {
    first: median(got.map((p) => p.first.wall)), firstCpu: median(got.map((p) => p.first.cpu)), firstCpuMin: Math.min(...got.map((p) => p.first.cpu)),
    later: median(got.map((p) => p.later.wall)), laterCpu: median(got.map((p) => p.later.cpu)),
    sets: median(got.map((p) => p.sets.wall)), setsCpu: median(got.map((p) => p.sets.cpu)),
  };
  console.log(`  scheduleOn first pod with a claim  median ${figures.first.toFixed(0)} ms (cpu ${figures.firstCpu.toFixed(0)} ms; target ≤ 250)  runs [${got.map((p) => p.first.wall.toFixed(0)).join(", ")}], cpu [${got.map((p) => p.first.cpu.toFixed(0)).join(", ")}], ${got[0].feasible} feasible`);
  console.log(`  scheduleOn later pods with a claim median ${figures.later.toFixed(1)} ms (cpu ${figures.laterCpu.toFixed(1)} ms; target ≤ 50), median of ${later} pods per run`);
  console.log(`  scheduleOn later StatefulSets (volumeClaimTemplates) median ${figures.sets.toFixed(1)} ms (cpu ${figures.setsCpu.toFixed(1)} ms; target ≤ 50), ${got[0].setFeasible} feasible`);
  const plain = Array.from({ length: runs }, () => child('plain'));
  figures.plain = median(plain.map((p) => p.wall));
  figures.plainCpu = median(plain.map((p) => p.cpu));
  console.log(`  for reference: scheduleOn first pod without volumes, same cluster  median ${figures.plain.toFixed(0)} ms (cpu ${figures.plainCpu.toFixed(0)} ms)  runs [${plain.map((p) => p.wall.toFixed(0)).join(', ')}]`);
  console.log(`  load average now ${load()}`);
  return figures;
}

if (process.argv[1] === here) run(options(process.argv.slice(2)));
