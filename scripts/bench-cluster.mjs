// The cluster-plugin figures of issue 23: one pod with zone and hostname spread (DoNotSchedule) plus required hostname
// anti-affinity, over 5,000 nodes (3 zones) and 20,000 existing pods (50 apps in 2 namespaces, every tenth pod with
// required hostname anti-affinity): the first scheduleOn (the snapshot is built) and each later pod on the same
// arrays; then placeReplicas of a 300-replica Deployment with the same constraints on that cluster. Each run is a
// fresh process; wall and CPU time are printed (the machine may be shared). Part of `npm run bench`, never a test.
//
//   node scripts/bench-cluster.mjs [--dist dist] [--runs 3] [--later 20] [--replicas 300]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');
const NODES = 5000;
const PODS = 20000;
const APPS = 50;

export function cluster() {
  const nodes = Array.from({ length: NODES }, (_, i) => ({
    apiVersion: 'v1', kind: 'Node',
    metadata: { name: `node-${i}`, labels: { 'kubernetes.io/hostname': `node-${i}`, 'topology.kubernetes.io/zone': `z${i % 3}`, pool: `p${i % 5}` } },
    status: { allocatable: { cpu: '64', memory: '256Gi', pods: '250' } },
  }));
  const anti = (app) => ({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' }] } });
  const existingPods = Array.from({ length: PODS }, (_, i) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: `p-${i}`, namespace: i % 7 === 0 ? 'other' : 'default', labels: { app: `app-${i % APPS}` } },
    spec: {
      nodeName: `node-${(i * 7919) % NODES}`,
      containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
      ...(i % 10 === 0 ? { affinity: anti(`app-${i % APPS}`) } : {}),
    },
  }));
  return { nodes, existingPods };
}

function template(app) {
  return {
    metadata: { labels: { app } },
    spec: {
      containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
      topologySpreadConstraints: ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) =>
        ({ maxSkew: 1, topologyKey, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } })),
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' }] } },
    },
  };
}
const pod = (i) => {
  const t = template(`app-${i % APPS}`);
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `incoming-${i}`, namespace: 'default', ...t.metadata }, spec: t.spec };
};
const deployment = (replicas) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { replicas, selector: { matchLabels: { app: 'web' } }, template: template('web') },
});

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** `fn`'s value with its wall and CPU time in ms (bench-volumes.mjs uses it too). */
export function timed(fn) {
  const c = cpu();
  const t = performance.now();
  const value = fn();
  return { wall: performance.now() - t, cpu: cpu() - c, value };
}
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};

// ---- child: one measurement in a fresh process, one JSON line out
if (process.argv[1] === here && process.argv[2] === '--child') {
  const [what, dist, count] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  const lib = require(path.resolve(dist, 'index.js'));
  const { nodes, existingPods } = cluster();
  if (what === 'pods') {
    const first = timed(() => lib.scheduleOn(pod(0), nodes, { existingPods }));
    const later = Array.from({ length: Number(count) }, (_, i) => timed(() => lib.scheduleOn(pod(i + 1), nodes, { existingPods })));
    // the same pods through the scheduler with the shared snapshot given (snapshotFor), where the build has it: what
    // scheduleOn costs once it reuses the snapshot of the same arrays (internal modules, not the package's API)
    let shared;
    try {
      const { snapshotFor } = require(path.resolve(dist, 'scheduler/snapshot.js'));
      const { schedule } = require(path.resolve(dist, 'scheduler/index.js'));
      const { toSubject } = require(path.resolve(dist, 'k8s/subject.js'));
      if (snapshotFor) {
        const runs = Array.from({ length: Number(count) }, (_, i) => timed(() => schedule(toSubject(pod(1000 + i)), nodes, undefined, undefined, snapshotFor(nodes, existingPods))));
        shared = { wall: median(runs.map((l) => l.wall)), cpu: median(runs.map((l) => l.cpu)) };
      }
    } catch {
      // an older build: no shared snapshot
    }
    console.log(JSON.stringify({
      first: { wall: first.wall, cpu: first.cpu }, feasible: first.value.feasible.length,
      later: { wall: median(later.map((l) => l.wall)), cpu: median(later.map((l) => l.cpu)) }, shared,
    }));
  } else {
    const r = timed(() => lib.placeReplicas(deployment(Number(count)), nodes, { existingPods }));
    console.log(JSON.stringify({ wall: r.wall, cpu: r.cpu, placed: r.value.pods.filter((p) => p.node).length }));
  }
  process.exit(0);
}

// ---- driver
export function run({ dist = path.join(repo, 'dist'), runs = 3, later = 20, replicas = 300 } = {}) {
  const child = (...args) => {
    const r = spawnSync(process.execPath, [here, '--child', ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (r.status !== 0) throw new Error(`bench-cluster ${args.join(' ')} failed:\n${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`cluster plugins: ${NODES} nodes, ${PODS} existing pods; zone + hostname spread and hostname anti-affinity; ${runs} fresh processes; load average ${load()}`);
  const pods = Array.from({ length: runs }, () => child('pods', dist, String(later)));
  const figures = {
    first: median(pods.map((p) => p.first.wall)), firstCpu: median(pods.map((p) => p.first.cpu)), firstCpuMin: Math.min(...pods.map((p) => p.first.cpu)),
    later: median(pods.map((p) => p.later.wall)), laterCpu: median(pods.map((p) => p.later.cpu)),
  };
  console.log(`  scheduleOn first pod  median ${figures.first.toFixed(0)} ms (cpu ${figures.firstCpu.toFixed(0)} ms; target ≤ 200)  runs [${pods.map((p) => p.first.wall.toFixed(0)).join(", ")}], cpu [${pods.map((p) => p.first.cpu.toFixed(0)).join(", ")}], ${pods[0].feasible} feasible`);
  console.log(`  scheduleOn later pods median ${figures.later.toFixed(1)} ms (cpu ${figures.laterCpu.toFixed(1)} ms; target ≤ 50), median of ${later} pods per run`);
  if (pods[0].shared) {
    figures.shared = median(pods.map((p) => p.shared.wall));
    figures.sharedCpu = median(pods.map((p) => p.shared.cpu));
    console.log(`  later pods, snapshot shared (snapshotFor)  median ${figures.shared.toFixed(1)} ms (cpu ${figures.sharedCpu.toFixed(1)} ms): the scheduler's own cost per pod once scheduleOn reuses the snapshot`);
  }
  const placed = Array.from({ length: runs }, () => child('place', dist, String(replicas)));
  figures.place = median(placed.map((p) => p.wall));
  figures.placeCpu = median(placed.map((p) => p.cpu));
  console.log(`  placeReplicas ${replicas}     median ${figures.place.toFixed(0)} ms (cpu ${figures.placeCpu.toFixed(0)} ms; target ≤ 3000)  runs [${placed.map((p) => p.wall.toFixed(0)).join(', ')}], ${placed[0].placed} placed`);
  console.log(`  load average now ${load()}`);
  return figures;
}

/** `--dist dir --runs 3 …` as run()'s options: --dist a path, the others numbers. */
export function options(args) {
  const opt = {};
  for (let i = 0; i < args.length; i += 2) opt[args[i].replace(/^--/, '')] = args[i] === '--dist' ? path.resolve(args[i + 1]) : Number(args[i + 1]);
  return opt;
}

if (process.argv[1] === here) run(options(process.argv.slice(2)));
