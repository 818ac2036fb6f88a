// NodeInfo.NonZeroRequested of the pods already on a node, as LeastAllocated reads it: each container gets
// 100m cpu / 200Mi memory for what it lacks (pkg/scheduler/util/pod_resources.go DefaultMilliCPURequest,
// DefaultMemoryRequest; component-helpers resource/helpers.go applyNonMissing). From 1.34, with pod-level requests set
// (component-helpers IsPodLevelRequestsSet), only what the pod's requests as a whole lack gets the default
// (pkg/scheduler/framework/types.go PodInfo.CalculateResource and getNonMissingContainerRequests, the same at
// k8s.io/kubernetes v1.34.4, v1.35.4, v1.36.3 and v1.37.2). Expected scores are least_allocated.go's
// leastRequestedScore: (allocatable − NonZeroRequested)·100 / allocatable per resource, averaged (weight 1 each).
import type { Node, Pod } from '../../../core/types';
import { rankNodes } from '../../../engine/objects';
import { withConfiguration, type KubernetesVersion } from '../../../core/config';

type Requests = Record<string, string>;
const container = (name: string, requests?: Requests) => ({ name, image: 'x', ...(requests ? { resources: { requests } } : {}) });
const node = (name: string): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { allocatable: { cpu: '2', memory: '2Gi', pods: '110' } } });
/** A pod bound to `nodeName` (built per call: the per-object caches must not carry one test's answer to another). */
const bound = (nodeName: string, spec: Record<string, unknown>): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `on-${nodeName}`, namespace: 'default' }, spec: { nodeName, ...spec } } as Pod);
// the pod being scored requests an explicit 0 of both: it adds nothing, so the scores read the existing pod alone
const incoming = (): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'new', namespace: 'default' }, spec: { containers: [container('c', { cpu: '0', memory: '0' })] } });

function leastAllocated(version: KubernetesVersion, existing: Record<string, Record<string, unknown>>): Record<string, number> {
  return withConfiguration({ kubernetesVersion: version }, () => {
    const nodes = Object.keys(existing).map(node);
    const ranked = rankNodes(incoming(), nodes, { existingPods: Object.entries(existing).map(([n, spec]) => bound(n, spec)) });
    return Object.fromEntries(ranked.map((r) => [r.node, r.plugins.find((p) => p.plugin === 'NodeResourcesFit')!.score]));
  });
}

describe('NonZeroRequested with pod-level requests (getNonMissingContainerRequests)', () => {
  // allocatable cpu 2000m, memory 2048Mi on every node
  const existing = () => ({
    // pod-level memory 1Gi; cpu from one container (500m): the pod's requests have both, no default applies.
    // cpu (2000 − 500)·100/2000 = 75, memory (2048 − 1024)·100/2048 = 50 → 62
    'memory-set': { resources: { requests: { memory: '1Gi' } }, containers: [container('a', { cpu: '500m' }), container('b')] },
    // pod-level memory 1Gi, no cpu anywhere: each container gets the 100m cpu default.
    // cpu (2000 − 200)·100/2000 = 90, memory 50 → 70
    'memory-set-no-cpu': { resources: { requests: { memory: '1Gi' } }, containers: [container('a'), container('b')] },
    // pod-level cpu 1; memory from one container (256Mi): no default applies.
    // cpu (2000 − 1000)·100/2000 = 50, memory (2048 − 256)·100/2048 = 87 → 68
    'cpu-set': { resources: { requests: { cpu: '1' } }, containers: [container('a', { memory: '256Mi' }), container('b')] },
    // pod-level cpu 1, no memory anywhere: each container gets the 200Mi memory default.
    // cpu 50, memory (2048 − 400)·100/2048 = 80 → 65
    'cpu-set-no-memory': { resources: { requests: { cpu: '1' } }, containers: [container('a'), container('b')] },
  });
  test.each(['1.34', '1.35', '1.36', '1.37'] as const)('%s: only what the pod as a whole lacks gets the default', (version) => {
    expect(leastAllocated(version, existing())).toEqual({ 'memory-set': 62, 'memory-set-no-cpu': 70, 'cpu-set': 68, 'cpu-set-no-memory': 65 });
  });
  // 1.33: PodLevelResources is off, the API server drops spec.resources (pkg/api/pod/util.go
  // dropDisabledPodLevelResources), so every container without a request gets the default:
  // memory-set: cpu 600m → 70, memory 400Mi → (2048 − 400)·100/2048 = 80 → 75; memory-set-no-cpu: cpu 200m → 90, memory 400Mi → 80 → 85;
  // cpu-set: cpu 200m → 90, memory 456Mi → 77 → 83; cpu-set-no-memory: cpu 200m → 90, memory 400Mi → 80 → 85.
  test('1.33: pod-level requests do not count', () => {
    expect(leastAllocated('1.33', existing())).toEqual({ 'memory-set': 75, 'memory-set-no-cpu': 85, 'cpu-set': 83, 'cpu-set-no-memory': 85 });
  });
});

describe('NonZeroRequested of a pod whose containers declare cpu and memory', () => {
  test('an init container that declares both does not spare a regular container the defaults', () => {
    // containers: a 300m/300Mi, b nothing → 100m/200Mi; init container 100m/100Mi. PodRequests: max(Σ containers,
    // each init container) = 400m / 500Mi. cpu (2000 − 400)·100/2000 = 80, memory (2048 − 500)·100/2048 = 75 → 77
    const spec = { initContainers: [container('init', { cpu: '100m', memory: '100Mi' })], containers: [container('a', { cpu: '300m', memory: '300Mi' }), container('b')] };
    expect(leastAllocated('1.35', { n: spec })).toEqual({ n: 77 });
  });
  test('limits alone declare the request (SetDefaults_Pod), so no default is added', () => {
    // a: limits 300m/300Mi (requests default to them), b: requests 100m/100Mi → 400m / 400Mi: cpu 80, memory (2048 − 400)·100/2048 = 80 → 80
    const spec = { containers: [{ name: 'a', image: 'x', resources: { limits: { cpu: '300m', memory: '300Mi' } } }, container('b', { cpu: '100m', memory: '100Mi' })] };
    expect(leastAllocated('1.35', { n: spec })).toEqual({ n: 80 });
  });
});
