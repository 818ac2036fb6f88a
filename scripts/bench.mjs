// Benchmarks (run with `npm run bench`; never as timed tests).
// 1. Scheduling: many subjects against thousands of nodes (per-subject work is done once).
// 2. Cluster-aware plugins: one pod over a 5,000-node cluster with 20,000 existing pods.
// 3. Loading: a large real bundle against a bare js-yaml loadAll (needs ../shared/corpus).
import { performance } from 'node:perf_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lib = require('../dist/index.js');

function median(fn, runs = 5) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

// --- scheduling ---
const NODES = 5000;
const SUBJECTS = 200;
const nodes = Array.from({ length: NODES }, (_, i) => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name: `node-${i}`, labels: { pool: ['general', 'gpu', 'spot'][i % 3], 'topology.kubernetes.io/zone': `z${i % 4}` } },
  spec: { taints: i % 3 === 1 ? [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] : i % 3 === 2 ? [{ key: 'spot', effect: 'PreferNoSchedule' }] : [] },
  status: { allocatable: { cpu: '8', memory: '32Gi', pods: '110', ...(i % 3 === 1 ? { 'nvidia.com/gpu': '4' } : {}) }, conditions: [{ type: 'Ready', status: i % 97 === 0 ? 'False' : 'True' }] },
}));
const subjects = Array.from({ length: SUBJECTS }, (_, i) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `app-${i}`, namespace: 'default' },
  spec: { template: { spec: {
    nodeSelector: i % 2 ? { pool: 'gpu' } : undefined,
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z0', 'z1', 'z2'] }] }] } } },
    tolerations: i % 2 ? [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] : [],
    containers: [{ name: 'c', resources: { requests: { cpu: `${100 + i}m`, memory: '256Mi' }, limits: i % 2 ? { 'nvidia.com/gpu': 1 } : {} } }],
  } } },
}));
const ms = median(() => {
  lib.resetConfiguration(); // drop caches: measure cold per-subject and per-node preparation too
  for (const s of subjects) lib.scheduleOn(s, nodes);
});
const checks = NODES * SUBJECTS;
console.log(`scheduling: ${SUBJECTS} subjects × ${NODES} nodes = ${checks} node checks in ${ms.toFixed(0)} ms (${((ms * 1000) / checks).toFixed(2)} µs per check)`);

// --- cluster-aware plugins (PodTopologySpread, InterPodAffinity): one pod against every node of a 5,000-node
// cluster with 20,000 existing pods; their PreFilter runs once per pod, their Filter per node ---
const PODS = 20000;
const clusterNodes = nodes.map((n) => ({ ...n, metadata: { ...n.metadata, labels: { ...n.metadata.labels, 'kubernetes.io/hostname': n.metadata.name } } }));
const antiAffinity = (app) => ({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey: 'kubernetes.io/hostname' }] } });
const existingPods = Array.from({ length: PODS }, (_, i) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${i}`, namespace: 'default', labels: { app: `app-${i % 50}` } },
  spec: { nodeName: `node-${i % NODES}`, containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m', memory: '128Mi' } } }], ...(i % 10 === 0 ? { affinity: antiAffinity(`app-${i % 50}`) } : {}) },
}));
const clusterPod = (withTerms) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default', labels: { app: 'app-7' } },
  spec: {
    containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m', memory: '128Mi' } } }],
    tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
    ...(withTerms ? {
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'app-7' } } }],
      affinity: antiAffinity('app-7'),
    } : {}),
  },
});
const withPlugins = median(() => { lib.resetConfiguration(); lib.scheduleOn(clusterPod(true), clusterNodes, { existingPods }); });
const without = median(() => { lib.resetConfiguration(); lib.scheduleOn(clusterPod(false), clusterNodes, { existingPods }); });
console.log(`cluster plugins: 1 pod × ${NODES} nodes with ${PODS} existing pods: ${withPlugins.toFixed(0)} ms with a spread constraint and pod anti-affinity, ${without.toFixed(0)} ms without (existing pods' anti-affinity still checked)`);

// --- where one pod lands: the filters, then the default profile's six Score plugins (this pod has a soft spread
// constraint and a preferred pod affinity term, so none of them skips) over every feasible node ---
const incoming = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { replicas: 1, selector: { matchLabels: { app: 'app-7' } }, template: { metadata: { labels: { app: 'app-7' } }, spec: {
    containers: [{ name: 'web', image: 'x', resources: { requests: { cpu: '500m', memory: '512Mi' } } }],
    topologySpreadConstraints: [
      { maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'app-7' } } },
      { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'app-7' } } },
    ],
    affinity: {
      podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'app-7' } } }] },
      podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: { topologyKey: 'topology.kubernetes.io/zone', labelSelector: { matchLabels: { app: 'app-3' } } } }] },
    },
  } } },
};
const placeCold = median(() => { lib.resetConfiguration(); lib.placeReplicas(incoming, clusterNodes, { existingPods }); }, 3);
const placeWarm = median(() => lib.placeReplicas(incoming, clusterNodes, { existingPods }), 3);
console.log(`placeReplicas: 1 pod × ${NODES} nodes with ${PODS} existing pods, filters and scores: ${placeCold.toFixed(0)} ms cold, ${placeWarm.toFixed(0)} ms with the existing pods' per-pod work cached`);

// --- loading ---
const corpusFile = path.resolve(import.meta.dirname, '../../shared/corpus/argo-cd/ha/install.yaml');
if (lib.parseManifests && existsSync(corpusFile)) {
  const yaml = require('js-yaml');
  const text = readFileSync(corpusFile, 'utf8');
  const bare = median(() => yaml.loadAll(text), 7);
  const ours = median(() => lib.parseManifests(text, 'install.yaml'), 7);
  console.log(`loading ${(text.length / 1e6).toFixed(2)} MB (argo-cd ha/install.yaml): js-yaml loadAll ${bare.toFixed(1)} ms, parseManifests ${ours.toFixed(1)} ms, ratio ${(ours / bare).toFixed(2)} (target < 1.25)`);
} else {
  console.log('loading: skipped (needs ../shared/corpus/argo-cd/ha/install.yaml)');
}
