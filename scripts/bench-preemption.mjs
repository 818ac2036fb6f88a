// The preemption figure of issue 35: a pod that fits no node as the cluster is and must preempt, asked of 5,000
// nodes (3 zones) and 20,000 existing pods (bench-cluster.mjs's cluster) with mixed priorities as a dump holds them
// (spec.priority: a third 0, a third 1000, the rest 100000 or system-cluster-critical), each pod requesting 15 CPUs,
// so that each node's 4 pods leave 4 of its 64 CPUs free. Asked: a system-node-critical Pod requesting 8 CPUs (DefaultPreemption
// evicts one pod per node) — the first scheduleOn (the snapshot is built) and each later one on the same arrays; and
// the same Pod with bench-cluster.mjs's zone and hostname spread (DoNotSchedule) and required hostname anti-affinity,
// where each candidate node's dry run updates the cluster plugins' PreFilter state through their AddPod/RemovePod (no
// goal in the issue; each of its processes is killed after --timeout seconds). Every answer must nominate a node with
// victims, or the bench fails. Each run is a fresh process; wall and CPU time are printed. Part of `npm run bench`,
// never a test.
//
//   node scripts/bench-preemption.mjs [--dist dist] [--runs 3] [--later 5] [--spread 0 (skip the spread path)] [--timeout 60 (s, the spread path's cap)]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cluster, median, options, timed } from './bench-cluster.mjs';

const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '..');
const LATER = 5;
// the spread path's cap per fresh process, in seconds (its first answer took over 10 minutes of CPU while the dry run
// reran PreFilter per candidate node; about 1 s since AddPod/RemovePod)
const TIMEOUT = 60;
const APPS = 50;
const SYSTEM_CLUSTER_CRITICAL = 2000000000;

/** The priority a dump holds for existing pod i: a third 0, a third 1000, of the rest a third system-cluster-critical. */
function priorityOf(i) {
  if (i % 3 === 0) return { priority: 0 };
  if (i % 3 === 1) return { priority: 1000 };
  return i % 9 === 2 ? { priorityClassName: 'system-cluster-critical', priority: SYSTEM_CLUSTER_CRITICAL } : { priority: 100000 };
}

/** bench-cluster.mjs's cluster with mixed priorities, each pod requesting 15 CPUs and 60Gi (4 a node: 60 of 64 CPUs). */
export function preemptionCluster() {
  const { nodes, existingPods } = cluster();
  existingPods.forEach((p, i) => {
    p.spec = { ...p.spec, ...priorityOf(i), containers: [{ ...p.spec.containers[0], resources: { requests: { cpu: '15', memory: '60Gi' } } }] };
  });
  return { nodes, existingPods };
}

const container = { name: 'c', image: 'agent', resources: { requests: { cpu: '8', memory: '16Gi' } } };
const pod = (i) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: `critical-${i}`, namespace: 'default', labels: { app: `agent-${i}` } },
  spec: { priorityClassName: 'system-node-critical', containers: [container] },
});
// the spread path: bench-cluster.mjs's template (zone + hostname spread, hostname anti-affinity) on a critical pod
const spreadPod = (i) => {
  const app = `app-${i % APPS}`;
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: `critical-spread-${i}`, namespace: 'default', labels: { app } },
    spec: {
      priorityClassName: 'system-node-critical', containers: [container],
      topologySpreadConstraints: ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) =>
        ({ maxSkew: 1, topologyKey, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app } } })),
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' }] } },
    },
  };
};

/** The answer must be a preemption: no node feasible, a nominated node, victims on it; otherwise the bench fails. */
function check(answer, name) {
  const p = answer.preemption;
  const fail = (why) => { throw new Error(`${name}: ${why}: ${JSON.stringify({ feasible: answer.feasible?.length, notModelled: answer.notModelled, preemption: p && { ...p, candidates: p.candidates?.slice(0, 3) } })}`); };
  if (answer.notModelled) fail('not modelled');
  if (answer.feasible.length !== 0) fail('the pod fits without preemption');
  if (!p || 'unknown' in p || p.nominatedNodes.length === 0) fail('no node nominated');
  const nominated = p.candidates.find((c) => c.node === p.nominatedNodes[0]);
  if (!nominated || nominated.victims.length === 0) fail('the nominated node has no victims');
  return { node: nominated.node, victims: nominated.victims.length, nominated: p.nominatedNodes.length, candidates: p.candidates.length };
}

// ---- child: one measurement in a fresh process, one JSON line out
if (process.argv[1] === here && process.argv[2] === '--child') {
  const [dist, count, what] = process.argv.slice(3);
  const require = createRequire(import.meta.url);
  const lib = require(path.resolve(dist, 'index.js'));
  const { nodes, existingPods } = preemptionCluster();
  const make = what === 'spread' ? spreadPod : pod;
  const ask = (i) => {
    const r = timed(() => lib.scheduleOn(make(i), nodes, { existingPods }));
    return { wall: r.wall, cpu: r.cpu, answer: check(r.value, make(i).metadata.name) };
  };
  const first = ask(0);
  const later = Array.from({ length: Number(count) }, (_, i) => ask(i + 1));
  console.log(JSON.stringify({
    first: { wall: first.wall, cpu: first.cpu }, answer: first.answer,
    later: { wall: median(later.map((l) => l.wall)), cpu: median(later.map((l) => l.cpu)) },
  }));
  process.exit(0);
}

// ---- driver
export function run({ dist = path.join(repo, 'dist'), runs = 3, later = LATER, spread: slow = 1, timeout = TIMEOUT } = {}) {
  const child = (what, capped = false) => {
    const r = spawnSync(process.execPath, [here, '--child', dist, String(later), what], { encoding: 'utf8', maxBuffer: 1 << 26, ...(capped ? { timeout: timeout * 1000, killSignal: 'SIGKILL' } : {}) });
    if (capped && (r.error?.code === 'ETIMEDOUT' || r.signal === 'SIGKILL')) return undefined;
    if (r.status !== 0) throw new Error(`bench-preemption ${what} failed:\n${r.stderr}`);
    return JSON.parse(r.stdout.trim().split('\n').pop());
  };
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`preemption: 5000 nodes, 20000 existing pods of 15 CPUs (spec.priority 0 / 1000 / 100000 / system-cluster-critical), 4 CPUs free a node; a system-node-critical pod of 8 CPUs; ${runs} fresh processes; load average ${load()}`);
  const figures = { timeout };
  const measure = (what, label, goal, capped = false) => {
    const got = [];
    for (let k = 0; k < runs; k++) {
      const one = child(what, capped);
      if (!one) {
        console.log(`  scheduleOn first ${label}  > ${timeout * 1000} ms (${goal}): no answer within --timeout ${timeout} s, the process was killed`);
        return { first: Infinity, firstCpu: Infinity, later: Infinity, laterCpu: Infinity };
      }
      got.push(one);
    }
    const f = {
      first: median(got.map((p) => p.first.wall)), firstCpu: median(got.map((p) => p.first.cpu)),
      later: median(got.map((p) => p.later.wall)), laterCpu: median(got.map((p) => p.later.cpu)),
    };
    const a = got[0].answer;
    const outcome = `${a.node} nominated with ${a.victims} victim(s), ${a.nominated} nodes tied, ${a.candidates} candidates`;
    console.log(`  scheduleOn first ${label}  median ${f.first.toFixed(0)} ms (cpu ${f.firstCpu.toFixed(0)} ms; ${goal})  runs [${got.map((p) => p.first.wall.toFixed(0)).join(', ')}], ${outcome}`);
    console.log(`  scheduleOn later ${label}  median ${f.later.toFixed(0)} ms (cpu ${f.laterCpu.toFixed(0)} ms; ${goal}), median of ${later} pods per run`);
    return f;
  };
  const plain = measure('plain', 'pod that must preempt', 'goal ≤ 200');
  Object.assign(figures, plain);
  if (!slow) return figures;
  const spread = measure('spread', 'pod that must preempt, with spread + anti-affinity', 'no goal', true);
  figures.spread = spread.first;
  figures.spreadCpu = spread.firstCpu;
  figures.spreadLater = spread.later;
  figures.spreadLaterCpu = spread.laterCpu;
  console.log(`  load average now ${load()}`);
  return figures;
}

if (process.argv[1] === here) run(options(process.argv.slice(2)));
