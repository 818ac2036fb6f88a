// LimitRanger's rules: plugin/pkg/admission/limitranger/admission_test.go (TestPodLimitFunc's success and error
// cases, names verbatim; TestDefaultContainerResourceRequirements; TestMergePodResourceRequirements;
// TestPodLimitFuncApplyDefault), the same at 1.33–1.37, and SetDefaults_LimitRangeItem / ValidateLimitRange.
import type { Container, PodSpec } from '../core/types';
import { aggregate, containerDefaults, defaultLimitRange, goFloatF, limitRangeProblems, limitRangeViolation, podLevelErrors, podResourceConsistency, withLimitRangeDefaults, withPodLevelDefaults, withPodLevelResourcesDefaulted, withRequestsFromLimits, type LimitRange, type LimitRangeItem } from './limit-range';

type List = Record<string, string>;
/** getComputeResourceList */
const compute = (cpu: string, memory: string): List => ({ ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) });
/** getLocalStorageResourceList */
const storage = (amount: string): List => (amount ? { 'ephemeral-storage': amount } : {});
const reqs = (requests: List, limits: List) => ({ requests, limits });
const E: List = {};
/** createLimitRange: one item, as the test converts it (not defaulted) */
const limitRange = (type: string, min: List, max: List, def: List, defaultRequest: List, ratio: List): LimitRange =>
  ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'abc', namespace: 'test' }, spec: { limits: [{ type, min, max, default: def, defaultRequest, maxLimitRequestRatio: ratio }] } });
/** validPod */
const validPod = (n: number, resources: { requests: List; limits: List }): PodSpec =>
  ({ containers: Array.from({ length: n }, (_, i): Container => ({ name: `foo-${i}`, image: `foo:V${i}`, resources })) });
/** validPodInit */
const validPodInit = (pod: PodSpec, ...resources: Array<{ requests: List; limits: List }>): PodSpec =>
  ({ ...pod, initContainers: resources.map((r, i) => ({ name: `foo-${i}`, image: `foo:V${i}`, resources: r })) });
const withPodResources = (pod: PodSpec, resources: { requests: List; limits: List }): PodSpec => ({ ...pod, resources });
/** withRestartableInitContainer */
const withSidecar = (requests: List, limits: List, pod: PodSpec): PodSpec =>
  ({ ...pod, initContainers: [...(pod.initContainers ?? []), { name: `foo-${pod.initContainers?.length ?? 0}`, image: 'x', restartPolicy: 'Always', resources: { requests, limits } }] });

const C = 'Container', P = 'Pod';
type Case = [string, PodSpec, LimitRange, boolean?];
const success: Case[] = [
  ['ctr-min-cpu-request', validPod(1, reqs(compute('100m', ''), E)), limitRange(C, compute('50m', ''), E, E, E, E)],
  ['ctr-min-cpu-request-limit', validPod(1, reqs(compute('100m', ''), compute('200m', ''))), limitRange(C, compute('50m', ''), E, E, E, E)],
  ['ctr-min-memory-request', validPod(1, reqs(compute('', '60Mi'), E)), limitRange(C, compute('', '50Mi'), E, E, E, E)],
  ['ctr-min-memory-request-limit', validPod(1, reqs(compute('', '60Mi'), compute('', '100Mi'))), limitRange(C, compute('', '50Mi'), E, E, E, E)],
  ['ctr-max-cpu-request-limit', validPod(1, reqs(compute('500m', ''), compute('1', ''))), limitRange(C, E, compute('2', ''), E, E, E)],
  ['ctr-max-cpu-limit', validPod(1, reqs(E, compute('1', ''))), limitRange(C, E, compute('2', ''), E, E, E)],
  ['ctr-max-mem-request-limit', validPod(1, reqs(compute('', '250Mi'), compute('', '500Mi'))), limitRange(C, E, compute('', '1Gi'), E, E, E)],
  ['ctr-max-cpu-ratio', validPod(1, reqs(compute('500m', ''), compute('750m', ''))), limitRange(C, E, E, E, E, compute('1.5', ''))],
  ['ctr-max-mem-limit', validPod(1, reqs(E, compute('', '500Mi'))), limitRange(C, E, compute('', '1Gi'), E, E, E)],
  ['pod-min-cpu-request', validPod(2, reqs(compute('75m', ''), E)), limitRange(P, compute('100m', ''), E, E, E, E)],
  ['pod-min-cpu-request-limit', validPod(2, reqs(compute('75m', ''), compute('200m', ''))), limitRange(P, compute('100m', ''), E, E, E, E)],
  ['pod-min-memory-request', validPod(2, reqs(compute('', '60Mi'), E)), limitRange(P, compute('', '100Mi'), E, E, E, E)],
  ['pod-min-memory-request-limit', validPod(2, reqs(compute('', '60Mi'), compute('', '100Mi'))), limitRange(P, compute('', '100Mi'), E, E, E, E)],
  ['pod-init-min-memory-request', validPodInit(validPod(2, reqs(compute('', '60Mi'), E)), reqs(compute('', '100Mi'), E)), limitRange(P, compute('', '100Mi'), E, E, E, E)],
  ['pod-init-min-memory-request-limit', validPodInit(validPod(2, reqs(compute('', '60Mi'), compute('', '100Mi'))), reqs(compute('', '80Mi'), compute('', '100Mi'))), limitRange(P, compute('', '100Mi'), E, E, E, E)],
  ['pod-max-cpu-request-limit', validPod(2, reqs(compute('500m', ''), compute('1', ''))), limitRange(P, E, compute('2', ''), E, E, E)],
  ['pod-max-cpu-limit', validPod(2, reqs(E, compute('1', ''))), limitRange(P, E, compute('2', ''), E, E, E)],
  ['pod-init-max-cpu-request-limit', validPodInit(validPod(2, reqs(compute('500m', ''), compute('1', ''))), reqs(compute('1', ''), compute('2', '')), reqs(compute('1', ''), compute('1', ''))), limitRange(P, E, compute('2', ''), E, E, E)],
  ['pod-init-max-cpu-limit', validPodInit(validPod(2, reqs(E, compute('1', ''))), reqs(E, compute('2', '')), reqs(E, compute('2', ''))), limitRange(P, E, compute('2', ''), E, E, E)],
  ['pod-max-mem-request-limit', validPod(2, reqs(compute('', '250Mi'), compute('', '500Mi'))), limitRange(P, E, compute('', '1Gi'), E, E, E)],
  ['pod-max-mem-limit', validPod(2, reqs(E, compute('', '500Mi'))), limitRange(P, E, compute('', '1Gi'), E, E, E)],
  ['pod-max-mem-ratio', validPod(3, reqs(compute('', '300Mi'), compute('', '450Mi'))), limitRange(P, E, compute('', '2Gi'), E, E, compute('', '1.5'))],
  ['ctr-1-min-local-ephemeral-storage-request', validPod(1, reqs(storage('60Mi'), E)), limitRange(C, storage('50Mi'), E, E, E, E)],
  ['ctr-1-min-local-ephemeral-storage-request-limit', validPod(1, reqs(storage('60Mi'), storage('100Mi'))), limitRange(C, storage('50Mi'), E, E, E, E)],
  ['ctr-1-max-local-ephemeral-storage-request-limit', validPod(1, reqs(storage('250Mi'), storage('500Mi'))), limitRange(C, E, storage('1Gi'), E, E, E)],
  ['ctr-1-max-local-ephemeral-storage-limit', validPod(1, reqs(E, storage('500Mi'))), limitRange(C, E, storage('1Gi'), E, E, E)],
  ['ctr-2-min-local-ephemeral-storage-request', validPod(2, reqs(storage('60Mi'), E)), limitRange(C, storage('50Mi'), E, E, E, E)],
  ['ctr-2-min-local-ephemeral-storage-request-limit', validPod(2, reqs(storage('60Mi'), storage('100Mi'))), limitRange(C, storage('50Mi'), E, E, E, E)],
  ['ctr-2-max-local-ephemeral-storage-request-limit', validPod(2, reqs(storage('250Mi'), storage('500Mi'))), limitRange(C, E, storage('600Mi'), E, E, E)],
  ['ctr-2-max-local-ephemeral-storage-limit', validPod(2, reqs(E, storage('500Mi'))), limitRange(C, E, storage('600Mi'), E, E, E)],
  ['pod-min-local-ephemeral-storage-request', validPod(2, reqs(storage('60Mi'), E)), limitRange(P, storage('100Mi'), E, E, E, E)],
  ['pod-min-local-ephemeral-storage-request-limit', validPod(2, reqs(storage('60Mi'), storage('100Mi'))), limitRange(P, storage('100Mi'), E, E, E, E)],
  ['pod-init-min-local-ephemeral-storage-request', validPodInit(validPod(2, reqs(storage('60Mi'), E)), reqs(storage('100Mi'), E)), limitRange(P, storage('100Mi'), E, E, E, E)],
  ['pod-init-min-local-ephemeral-storage-request-limit', validPodInit(validPod(2, reqs(storage('60Mi'), storage('100Mi'))), reqs(storage('80Mi'), storage('100Mi'))), limitRange(P, storage('100Mi'), E, E, E, E)],
  ['pod-max-local-ephemeral-storage-request-limit', validPod(2, reqs(storage('250Mi'), storage('500Mi'))), limitRange(P, E, storage('1Gi'), E, E, E)],
  ['pod-max-local-ephemeral-storage-limit', validPod(2, reqs(E, storage('500Mi'))), limitRange(P, E, storage('1Gi'), E, E, E)],
  ['pod-max-local-ephemeral-storage-ratio', validPod(3, reqs(storage('300Mi'), storage('450Mi'))), limitRange(P, E, storage('2Gi'), E, E, storage('1.5'))],
  ['pod-level-resources-with-min-max', withPodResources(validPod(3, reqs(compute('100m', '60Mi'), compute('200m', '100Mi'))), reqs(compute('200m', '180Mi'), compute('400m', '200Mi'))), limitRange(P, E, compute('400m', '200Mi'), E, E, E), true],
  ['pod-level-requests-with-min', withPodResources(validPod(3, reqs(compute('50m', '60Mi'), E)), reqs(compute('160m', '200Mi'), E)), limitRange(P, compute('160m', '200Mi'), E, E, E, E), true],
  ['pod-level-limits-with-max', withPodResources(validPod(3, reqs(E, compute('50m', '60Mi'))), reqs(E, compute('160m', '200Mi'))), limitRange(P, E, compute('160m', '200Mi'), E, E, E), true],
];

// each with the error the plugin returns (PodValidateLimitFunc's aggregate); the table only asserts that there is one
const failure: Array<[...Case, string]> = [
  ['ctr-min-cpu-request', validPod(1, reqs(compute('40m', ''), E)), limitRange(C, compute('50m', ''), E, E, E, E), false, 'minimum cpu usage per Container is 50m, but request is 40m'],
  ['ctr-min-cpu-request-limit', validPod(1, reqs(compute('40m', ''), compute('200m', ''))), limitRange(C, compute('50m', ''), E, E, E, E), false, 'minimum cpu usage per Container is 50m, but request is 40m'],
  ['ctr-min-cpu-no-request-limit', validPod(1, reqs(E, E)), limitRange(C, compute('50m', ''), E, E, E, E), false, 'minimum cpu usage per Container is 50m.  No request is specified'],
  ['ctr-min-memory-request', validPod(1, reqs(compute('', '40Mi'), E)), limitRange(C, compute('', '50Mi'), E, E, E, E), false, 'minimum memory usage per Container is 50Mi, but request is 40Mi'],
  ['ctr-min-memory-request-limit', validPod(1, reqs(compute('', '40Mi'), compute('', '100Mi'))), limitRange(C, compute('', '50Mi'), E, E, E, E), false, 'minimum memory usage per Container is 50Mi, but request is 40Mi'],
  ['ctr-min-memory-no-request-limit', validPod(1, reqs(E, E)), limitRange(C, compute('', '50Mi'), E, E, E, E), false, 'minimum memory usage per Container is 50Mi.  No request is specified'],
  ['ctr-max-cpu-request-limit', validPod(1, reqs(compute('500m', ''), compute('2500m', ''))), limitRange(C, E, compute('2', ''), E, E, E), false, 'maximum cpu usage per Container is 2, but limit is 2500m'],
  ['ctr-max-cpu-limit', validPod(1, reqs(E, compute('2500m', ''))), limitRange(C, E, compute('2', ''), E, E, E), false, 'maximum cpu usage per Container is 2, but limit is 2500m'],
  ['ctr-max-cpu-no-request-limit', validPod(1, reqs(E, E)), limitRange(C, E, compute('2', ''), E, E, E), false, 'maximum cpu usage per Container is 2.  No limit is specified'],
  ['ctr-max-cpu-ratio', validPod(1, reqs(compute('1250m', ''), compute('2500m', ''))), limitRange(C, E, E, E, E, compute('1', '')), false, 'cpu max limit to request ratio per Container is 1, but provided ratio is 2.000000'],
  ['ctr-max-mem-request-limit', validPod(1, reqs(compute('', '250Mi'), compute('', '2Gi'))), limitRange(C, E, compute('', '1Gi'), E, E, E), false, 'maximum memory usage per Container is 1Gi, but limit is 2Gi'],
  ['ctr-max-mem-limit', validPod(1, reqs(E, compute('', '2Gi'))), limitRange(C, E, compute('', '1Gi'), E, E, E), false, 'maximum memory usage per Container is 1Gi, but limit is 2Gi'],
  ['ctr-max-mem-no-request-limit', validPod(1, reqs(E, E)), limitRange(C, E, compute('', '1Gi'), E, E, E), false, 'maximum memory usage per Container is 1Gi.  No limit is specified'],
  ['pod-min-cpu-request', validPod(1, reqs(compute('75m', ''), E)), limitRange(P, compute('100m', ''), E, E, E, E), false, 'minimum cpu usage per Pod is 100m, but request is 75m'],
  ['pod-min-cpu-request-limit', validPod(1, reqs(compute('75m', ''), compute('200m', ''))), limitRange(P, compute('100m', ''), E, E, E, E), false, 'minimum cpu usage per Pod is 100m, but request is 75m'],
  ['pod-min-memory-request', validPod(1, reqs(compute('', '60Mi'), E)), limitRange(P, compute('', '100Mi'), E, E, E, E), false, 'minimum memory usage per Pod is 100Mi, but request is 60Mi'],
  ['pod-min-memory-request-limit', validPod(1, reqs(compute('', '60Mi'), compute('', '100Mi'))), limitRange(P, compute('', '100Mi'), E, E, E, E), false, 'minimum memory usage per Pod is 100Mi, but request is 60Mi'],
  // three containers' sums: Add prints the canonical form
  ['pod-max-cpu-request-limit', validPod(3, reqs(compute('500m', ''), compute('1', ''))), limitRange(P, E, compute('2', ''), E, E, E), false, 'maximum cpu usage per Pod is 2, but limit is 3'],
  ['pod-max-cpu-limit', validPod(3, reqs(E, compute('1', ''))), limitRange(P, E, compute('2', ''), E, E, E), false, 'maximum cpu usage per Pod is 2, but limit is 3'],
  ['pod-max-mem-request-limit', validPod(3, reqs(compute('', '250Mi'), compute('', '500Mi'))), limitRange(P, E, compute('', '1Gi'), E, E, E), false, 'maximum memory usage per Pod is 1Gi, but limit is 1500Mi'],
  ['pod-max-mem-limit', validPod(3, reqs(E, compute('', '500Mi'))), limitRange(P, E, compute('', '1Gi'), E, E, E), false, 'maximum memory usage per Pod is 1Gi, but limit is 1500Mi'],
  ['pod-init-max-mem-limit', validPodInit(validPod(1, reqs(E, compute('', '500Mi'))), reqs(E, compute('', '1.5Gi'))), limitRange(P, E, compute('', '1Gi'), E, E, E), false, 'maximum memory usage per Pod is 1Gi, but limit is 1536Mi'],
  ['pod-max-mem-ratio', validPod(3, reqs(compute('', '250Mi'), compute('', '500Mi'))), limitRange(P, E, compute('', '2Gi'), E, E, compute('', '1.5')), false, 'memory max limit to request ratio per Pod is 1500m, but provided ratio is 2.000000'],
  ['ctr-1-min-local-ephemeral-storage-request', validPod(1, reqs(storage('40Mi'), E)), limitRange(C, storage('50Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi'],
  ['ctr-1-min-local-ephemeral-storage-request-limit', validPod(1, reqs(storage('40Mi'), storage('100Mi'))), limitRange(C, storage('50Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi'],
  ['ctr-1-min-local-ephemeral-storage-no-request-limit', validPod(1, reqs(E, E)), limitRange(C, storage('50Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Container is 50Mi.  No request is specified'],
  ['ctr-1-max-local-ephemeral-storage-request-limit', validPod(1, reqs(storage('250Mi'), storage('2Gi'))), limitRange(C, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi'],
  ['ctr-1-max-local-ephemeral-storage-limit', validPod(1, reqs(E, storage('2Gi'))), limitRange(C, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi'],
  ['ctr-1-max-local-ephemeral-storage-no-request-limit', validPod(1, reqs(E, E)), limitRange(C, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Container is 1Gi.  No limit is specified'],
  // two containers with the same violation: the aggregate prints it once
  ['ctr-2-min-local-ephemeral-storage-request', validPod(2, reqs(storage('40Mi'), E)), limitRange(C, storage('50Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi'],
  ['ctr-2-min-local-ephemeral-storage-request-limit', validPod(2, reqs(storage('40Mi'), storage('100Mi'))), limitRange(C, storage('50Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Container is 50Mi, but request is 40Mi'],
  ['ctr-2-min-local-ephemeral-storage-no-request-limit', validPod(2, reqs(E, E)), limitRange(C, storage('50Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Container is 50Mi.  No request is specified'],
  ['ctr-2-max-local-ephemeral-storage-request-limit', validPod(2, reqs(storage('250Mi'), storage('2Gi'))), limitRange(C, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi'],
  ['ctr-2-max-local-ephemeral-storage-limit', validPod(2, reqs(E, storage('2Gi'))), limitRange(C, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Container is 1Gi, but limit is 2Gi'],
  ['ctr-2-max-local-ephemeral-storage-no-request-limit', validPod(2, reqs(E, E)), limitRange(C, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Container is 1Gi.  No limit is specified'],
  ['pod-min-local-ephemeral-storage-request', validPod(1, reqs(storage('60Mi'), E)), limitRange(P, storage('100Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Pod is 100Mi, but request is 60Mi'],
  ['pod-min-local-ephemeral-storage-request-limit', validPod(1, reqs(storage('60Mi'), storage('100Mi'))), limitRange(P, storage('100Mi'), E, E, E, E), false, 'minimum ephemeral-storage usage per Pod is 100Mi, but request is 60Mi'],
  ['pod-max-local-ephemeral-storage-request-limit', validPod(3, reqs(storage('250Mi'), storage('500Mi'))), limitRange(P, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Pod is 1Gi, but limit is 1500Mi'],
  ['pod-max-local-ephemeral-storage-limit', validPod(3, reqs(E, storage('500Mi'))), limitRange(P, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Pod is 1Gi, but limit is 1500Mi'],
  ['pod-init-max-local-ephemeral-storage-limit', validPodInit(validPod(1, reqs(E, storage('500Mi'))), reqs(E, storage('1.5Gi'))), limitRange(P, E, storage('1Gi'), E, E, E), false, 'maximum ephemeral-storage usage per Pod is 1Gi, but limit is 1536Mi'],
  ['pod-max-local-ephemeral-storage-ratio', validPod(3, reqs(storage('250Mi'), storage('500Mi'))), limitRange(P, E, storage('2Gi'), E, E, storage('1.5')), false, 'ephemeral-storage max limit to request ratio per Pod is 1500m, but provided ratio is 2.000000'],
  // the sidecar's request adds to the containers' (1 + 1.5 = 2.5 > 2)
  ['ctr-max-cpu-limit-restartable-init-container', withSidecar(compute('1500m', ''), E, validPod(1, reqs(compute('1000m', ''), compute('1500m', '')))), limitRange(P, E, compute('2', ''), E, E, E), false, 'maximum cpu usage per Pod is 2, but request is 2500m'],
  ['pod-level-resources-exceeding-max', withPodResources(validPod(3, reqs(compute('100m', '60Mi'), compute('200m', '100Mi'))), reqs(compute('200m', '180Mi'), compute('500m', '280Mi'))), limitRange(P, E, compute('400m', '200Mi'), E, E, E), true,
    '[maximum cpu usage per Pod is 400m, but limit is 500m, maximum memory usage per Pod is 200Mi, but limit is 280Mi]'],
  ['pod-level-requests-less-than-min', withPodResources(validPod(3, reqs(compute('50m', '60Mi'), E)), reqs(compute('100m', '200Mi'), E)), limitRange(P, compute('160m', '200Mi'), E, E, E, E), true, 'minimum cpu usage per Pod is 160m, but request is 100m'],
  ['pod-level-limits-exceeding-max', withPodResources(validPod(3, reqs(E, compute('50m', '60Mi'))), reqs(E, compute('160m', '300Mi'))), limitRange(P, E, compute('160m', '200Mi'), E, E, E), true,
    // the pod-level cpu limit (160m) replaces the containers' sum (150m): within the max
    'maximum memory usage per Pod is 200Mi, but limit is 300Mi'],
];

/** PodMutateLimitFunc, then PodValidateLimitFunc (the test's own sequence). */
const mutateThenValidate = (spec: PodSpec, lr: LimitRange, podLevel = false) => limitRangeViolation(withLimitRangeDefaults(spec, [lr]), lr, podLevel);

describe('TestPodLimitFunc', () => {
  // rest parameters: a callback taking more parameters than a row has is given Jest's `done`
  test.each(success)('success: %s', (...[, spec, lr, podLevel]: Case) => {
    expect(mutateThenValidate(spec, lr, podLevel ?? false)).toBeUndefined();
  });
  test.each(failure)('error: %s', (...[, spec, lr, podLevel, message]: [...Case, string]) => {
    expect(mutateThenValidate(spec, lr, podLevel ?? false)).toBe(message);
  });
});

/** validLimitRange */
const valid: LimitRange = { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'abc', namespace: 'test' }, spec: { limits: [
  { type: 'Pod', max: compute('200m', '4Gi'), min: compute('50m', '2Mi') },
  { type: 'Container', max: compute('100m', '2Gi'), min: compute('25m', '1Mi'), default: compute('75m', '10Mi'), defaultRequest: compute('50m', '5Mi') },
] } };
const text = (l: Map<string, { canonical(): string }>) => Object.fromEntries([...l].map(([k, q]) => [k, q.canonical()]));

describe('defaults', () => {
  it('TestDefaultContainerResourceRequirements', () => {
    const { requests, limits } = containerDefaults(valid);
    expect([text(requests), text(limits)]).toEqual([compute('50m', '5Mi'), compute('75m', '10Mi')]);
  });

  it('TestMergePodResourceRequirements: only what a container lacks, init containers too; nothing when it has all', () => {
    const input = reqs(compute('', '512Mi'), E);
    const merged = withLimitRangeDefaults(validPodInit(validPod(1, input), input), [valid]);
    for (const c of [...merged.containers, ...merged.initContainers!]) {
      expect(c.resources).toEqual({ requests: { cpu: '50m', memory: '512Mi' }, limits: compute('75m', '10Mi') });
    }
    const full = validPodInit(validPod(1, reqs(compute('100m', '512Mi'), compute('200m', '1G'))), reqs(compute('200m', '1G'), compute('400m', '2G')));
    expect(withLimitRangeDefaults(full, [valid])).toBe(full);
  });

  it('TestPodLimitFuncApplyDefault', () => {
    const pod = withLimitRangeDefaults(validPodInit(validPod(1, reqs(E, E)), reqs(E, E)), [valid]);
    for (const c of [...pod.containers, ...pod.initContainers!]) expect(c.resources).toEqual({ requests: compute('50m', '5Mi'), limits: compute('75m', '10Mi') });
  });

  it('of several LimitRanges, the first to default a resource wins (each merges only what is still missing)', () => {
    const second = limitRange(C, E, E, compute('1', ''), compute('500m', '1Gi'), E);
    const pod = withLimitRangeDefaults(validPod(1, reqs(E, E)), [limitRange(C, E, E, compute('2', ''), compute('1', ''), E), second]);
    expect(pod.containers[0].resources).toEqual({ requests: compute('1', '1Gi'), limits: compute('2', '') });
  });

  it('SetDefaults_Pod: a limit without a request is also the request, before LimitRanger adds any default', () => {
    const pod = withLimitRangeDefaults(withRequestsFromLimits(validPod(1, reqs(E, compute('2', '')))), [limitRange(C, E, E, E, compute('100m', ''), E)]);
    expect(pod.containers[0].resources?.requests).toEqual({ cpu: '2' });
  });

  it('SetDefaults_LimitRangeItem: default from max, defaultRequest from default, else from min (Container items only)', () => {
    const stored = defaultLimitRange({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'x' }, spec: { limits: [
      { type: 'Container', max: compute('2', '1Gi'), min: compute('100m', ''), default: compute('', '512Mi') },
      { type: 'Pod', max: compute('4', '') },
    ] } });
    expect(stored.spec!.limits![0]).toMatchObject({ default: { cpu: '2', memory: '512Mi' }, defaultRequest: { cpu: '2', memory: '512Mi' } });
    const minOnly = defaultLimitRange(limitRange(C, compute('100m', ''), E, E, E, E));
    expect(minOnly.spec!.limits![0]).toMatchObject({ default: {}, defaultRequest: { cpu: '100m' } });
    expect(stored.spec!.limits![1]).toEqual({ type: 'Pod', max: { cpu: '4' } });
  });
});

describe('texts', () => {
  it('fmt %f: six decimals, a tie on the exact binary value rounded to even', () => {
    expect(goFloatF(2)).toBe('2.000000');
    expect(goFloatF(1 / 3)).toBe('0.333333');
    expect(goFloatF(2 / 3)).toBe('0.666667');
    // 129/128 = 1.0078125 exactly: Go prints 1.007812, toFixed(6) 1.007813
    expect(goFloatF(129 / 128)).toBe('1.007812');
    expect(goFloatF(1.0234375)).toBe('1.023438');
    expect(goFloatF(1234567.5)).toBe('1234567.500000');
    // just past a tie and just short of one: no tie, rounded to the nearer
    expect(goFloatF(129 / 128 + 1e-12)).toBe('1.007813');
    expect(goFloatF(129 / 128 - 1e-12)).toBe('1.007812');
    expect(goFloatF(1.0234375 - 1e-12)).toBe('1.023437');
    expect(goFloatF(1.0000006)).toBe('1.000001');
    expect(goFloatF(1.0000004)).toBe('1.000000');
  });

  it('an item\'s resources are checked in sorted order (Go ranges over its map in random order), whatever the order given', () => {
    const spec = withPodResources(validPod(3, reqs(compute('100m', '60Mi'), compute('200m', '100Mi'))), reqs(compute('200m', '180Mi'), compute('500m', '280Mi')));
    expect(limitRangeViolation(spec, limitRange(P, E, { memory: '200Mi', cpu: '400m' }, E, E, E), true))
      .toBe('[maximum cpu usage per Pod is 400m, but limit is 500m, maximum memory usage per Pod is 200Mi, but limit is 280Mi]');
  });

  it('a minimum is met by an amount equal to it; a ratio with a limit of 0 is a ratio without a limit', () => {
    expect(limitRangeViolation(validPod(1, reqs(compute('1', ''), compute('1', ''))), limitRange(C, compute('1', ''), E, E, E, E), false)).toBeUndefined();
    expect(limitRangeViolation(validPod(1, reqs(compute('1', ''), compute('0', ''))), limitRange(C, E, E, E, E, compute('3', '')), false))
      .toBe('cpu max limit to request ratio per Container is 3, but no limit is specified or limit is 0');
  });

  it('the ratio is compared in thousandths and printed as the float it is', () => {
    // 100m : 301m is 3.01 > 3
    expect(limitRangeViolation(validPod(1, reqs(compute('100m', ''), compute('301m', ''))), limitRange(C, E, E, E, E, compute('3', '')), false))
      .toBe('cpu max limit to request ratio per Container is 3, but provided ratio is 3.010000');
    expect(limitRangeViolation(validPod(1, reqs(compute('100m', ''), compute('300m', ''))), limitRange(C, E, E, E, E, compute('3', '')), false)).toBeUndefined();
    expect(limitRangeViolation(validPod(1, reqs(compute('0', ''), compute('300m', ''))), limitRange(C, E, E, E, E, compute('3', '')), false))
      .toBe('cpu max limit to request ratio per Container is 3, but no request is specified or request is 0');
    expect(limitRangeViolation(validPod(1, reqs(compute('1', ''), E)), limitRange(C, E, E, E, E, compute('3', '')), false))
      .toBe('cpu max limit to request ratio per Container is 3, but no limit is specified or limit is 0');
  });

  it('utilerrors.NewAggregate: one error bare, several in brackets, repeats once', () => {
    expect(aggregate([])).toBeUndefined();
    expect(aggregate(['a'])).toBe('a');
    expect(aggregate(['a', 'a'])).toBe('a');
    expect(aggregate(['a', 'b', 'a'])).toBe('[a, b]');
  });

  it('quantities as the API server prints them: as written when canonical, else canonical', () => {
    expect(limitRangeViolation(validPod(1, reqs(compute('0.5', ''), E)), limitRange(C, compute('1', ''), E, E, E, E), false))
      .toBe('minimum cpu usage per Container is 1, but request is 500m');
  });
});

describe('ValidateLimitRange (the checks that change what the plugin reads)', () => {
  const problems = (items: LimitRangeItem[]) => limitRangeProblems(defaultLimitRange({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'x' }, spec: { limits: items } }))
    .map((e) => `${e.field}: ${e.message}`);
  it('orderings, with upstream texts', () => {
    expect(problems([{ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' } }])).toEqual([
      'spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1',
      'spec.limits[0].defaultRequest[cpu]: Invalid value: "1": min value 2 is greater than default request value 1',
      'spec.limits[0].default[cpu]: Invalid value: "2": min value 2 is greater than default value 1',
    ]);
    expect(problems([{ type: 'Container', default: { cpu: '1' }, defaultRequest: { cpu: '2' } }]))
      .toEqual(['spec.limits[0].defaultRequest[cpu]: Invalid value: "2": default request value 2 is greater than default limit value 1']);
    expect(problems([{ type: 'Container', maxLimitRequestRatio: { cpu: '500m' } }]))
      .toEqual(['spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: "500m": ratio 500m is less than 1']);
  });
  it('types: unknown, repeated; a Pod item with defaults', () => {
    expect(problems([{ type: 'Containers' }])).toEqual(['spec.limits[0].type: Invalid value: "Containers": must be a standard limit type or fully qualified']);
    expect(problems([{ type: 'Pod' }, { type: 'Pod' }])).toEqual(['spec.limits[1].type: Duplicate value: "Pod"']);
    expect(problems([{ type: 'Pod', default: { cpu: '1' } }])).toEqual(["spec.limits[0].default: Forbidden: may not be specified when `type` is 'Pod'"]);
    expect(problems([{ type: 'example.com/gpu', max: { cpu: '1' } }])).toEqual([]);
  });
  it('an amount that does not decode', () => {
    expect(problems([{ type: 'Container', max: { cpu: '1K' } }])[0]).toMatch(/^spec\.limits\[0\]\.max\[cpu\]: Invalid value: "1K": /);
  });
  // validation.go ValidateLimitRange: each ordering is strict (equal amounts pass), a ratio of exactly 1 passes
  it('equal amounts and a ratio of 1 pass; a default or default request above max does not', () => {
    expect(problems([{ type: 'Container', min: { cpu: '1' }, max: { cpu: '1' }, default: { cpu: '1' }, defaultRequest: { cpu: '1' }, maxLimitRequestRatio: { cpu: '1' } }])).toEqual([]);
    expect(problems([{ type: 'Container', max: { cpu: '1' }, default: { cpu: '1' }, defaultRequest: { cpu: '2' } }])).toEqual([
      'spec.limits[0].defaultRequest[cpu]: Invalid value: "2": default request value 2 is greater than max value 1',
      'spec.limits[0].defaultRequest[cpu]: Invalid value: "2": default request value 2 is greater than default limit value 1',
    ]);
    expect(problems([{ type: 'Container', max: { cpu: '1' }, default: { cpu: '2' }, defaultRequest: { cpu: '1' } }]))
      .toEqual(['spec.limits[0].default[cpu]: Invalid value: "1": default value 2 is greater than max value 1']);
    expect(problems([{ type: 'Pod', defaultRequest: { cpu: '1' } }])).toEqual(["spec.limits[0].defaultRequest: Forbidden: may not be specified when `type` is 'Pod'"]);
  });
  it('a type other than the standard ones must be a qualified name with a prefix', () => {
    for (const ok of ['example.com/a', 'example.com/a_b.c', 'a-b.example/GPU0']) expect(problems([{ type: ok }])).toEqual([]);
    for (const bad of ['example.com/-a', 'example.com/a-', 'exa_mple.com/a', '/a', 'example.com/', 'a/b/c']) {
      expect(problems([{ type: bad }])).toEqual([`spec.limits[0].type: Invalid value: ${JSON.stringify(bad)}: must be a standard limit type or fully qualified`]);
    }
  });
});

describe('withPodLevelDefaults (pod-level resources as the validating plugins read them)', () => {
  const spec = (containers: Container[], resources: { requests?: List; limits?: List }): PodSpec => ({ containers, resources });
  const c = (name: string, requests?: List, limits?: List): Container => ({ name, image: 'x', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } });

  it('1.37 (PrepareForCreate, after admission): requests from the containers\' aggregate, else the pod limit; limits when every container has one', () => {
    expect(withPodLevelDefaults(spec([c('a', { cpu: '250m' })], { limits: { cpu: '8', memory: '8Gi' } }), true).resources)
      .toEqual({ requests: { cpu: '250m', memory: '8Gi' }, limits: { cpu: '8', memory: '8Gi' } });
    // a container's defaulted limit of 50m: the pod limit is max(request 8, 50m)
    expect(withPodLevelDefaults(spec([c('a', { cpu: '50m' }, { cpu: '50m' })], { requests: { cpu: '8' } }), true).resources)
      .toEqual({ requests: { cpu: '8' }, limits: { cpu: '8' } });
    // not every container limits cpu: no pod limit
    expect(withPodLevelDefaults(spec([c('a', undefined, { cpu: '1' }), c('b')], { requests: { cpu: '2' } }), true).resources)
      .toEqual({ requests: { cpu: '2' } });
  });

  it('before 1.37 (the decoder): requests only, and only with pod-level limits', () => {
    const requestsOnly = spec([c('a', { cpu: '1' }, { cpu: '1' })], { requests: { cpu: '2' } });
    expect(withPodLevelDefaults(requestsOnly, false)).toBe(requestsOnly);
    expect(withPodLevelDefaults(spec([c('a', { cpu: '1' })], { limits: { cpu: '2', memory: '1Gi' } }), false).resources)
      .toEqual({ requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '2', memory: '1Gi' } });
  });

  it('a Pod item then reads the defaulted pod limit (oracle case: the limit, not the request, is named)', () => {
    const defaulted = withLimitRangeDefaults(spec([c('app')], { requests: { cpu: '8' } }), [limitRange(C, E, E, compute('50m', ''), compute('50m', ''), E)]);
    expect(limitRangeViolation(withPodLevelDefaults(defaulted, true), limitRange(P, E, compute('2', ''), E, E, E), true)).toBe('maximum cpu usage per Pod is 2, but limit is 8');
  });
});

// TestValidatePodResourceConsistency (pkg/apis/core/validation/validation_test.go, the same at v1.34.4 … v1.37.2),
// with upstream's path `resources`; the texts here are whole, as validatePodResourceConsistency prints them
describe('podResourceConsistency (validatePodResourceConsistency)', () => {
  const ctr = (requests?: List, limits?: List, extra: Partial<Container> = {}): Container =>
    ({ name: 'c', image: 'x', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) }, ...extra });
  const check = (resources: { requests?: List; limits?: List }, containers: Container[], initContainers?: Container[]) =>
    podResourceConsistency({ containers, ...(initContainers ? { initContainers } : {}), resources }, 'resources').map((e) => `${e.field}: ${e.message}`);

  it.each([
    ['aggregate container requests less than pod requests', { requests: { cpu: '10', memory: '10Mi' } }, [ctr({ cpu: '5', memory: '5Mi' }), ctr({ cpu: '4', memory: '3Mi' })]],
    ['aggregate container requests equal to pod requests', { requests: { cpu: '10', memory: '10Mi' } }, [ctr({ cpu: '5', memory: '5Mi' }), ctr({ cpu: '5', memory: '5Mi' })]],
    ['container requests with resources unsupported at pod-level', { requests: { cpu: '10', memory: '10Mi' } }, [ctr({ cpu: '6', memory: '5Mi', storage: '10Gi' }), ctr({ cpu: '4', memory: '3Mi' })]],
    ['aggregate container limits less than pod limits', { limits: { cpu: '10', memory: '10Mi' } }, [ctr(undefined, { cpu: '5', memory: '5Mi' }), ctr(undefined, { cpu: '4', memory: '3Mi' })]],
    ['aggregate container limits greater than pod limits (only each container\'s limit is compared)', { limits: { cpu: '10', memory: '10Mi' } }, [ctr(undefined, { cpu: '6', memory: '5Mi' }), ctr(undefined, { cpu: '6', memory: '9Mi' })]],
  ] as const)('%s: none', (_name, resources, containers) => {
    expect(check(resources, [...containers])).toEqual([]);
  });

  it('aggregate container requests greater than pod requests', () => {
    expect(check({ requests: { cpu: '10', memory: '10Mi' } }, [ctr({ cpu: '6', memory: '5Mi' }), ctr({ cpu: '8', memory: '7Mi' })])).toEqual([
      'resources.requests[cpu]: Invalid value: "10": must be greater than or equal to aggregate container requests of 14',
      'resources.requests[memory]: Invalid value: "10Mi": must be greater than or equal to aggregate container requests of 12Mi',
    ]);
  });

  // the amounts as the API server holds them: each rounded up to milli-units first (SetDefaults_ResourceList), so two
  // containers of 0.5m are 2m, and a pod of 0.5m is 1m; the oracle's create domain answers so at 1.34-1.37
  it('amounts finer than a milli-unit are rounded up before they are compared and printed', () => {
    expect(check({ requests: { cpu: '1m' } }, [ctr({ cpu: '0.5m' }), ctr({ cpu: '0.5m' })])).toEqual([
      'resources.requests[cpu]: Invalid value: "1m": must be greater than or equal to aggregate container requests of 2m',
    ]);
    expect(check({ requests: { cpu: '0.5m' } }, [ctr({ cpu: '1m' })])).toEqual([]);
    expect(check({ limits: { cpu: '1.5m' } }, [ctr(undefined, { cpu: '2m' })])).toEqual([]);
    expect(check({ limits: { cpu: '1m' } }, [ctr(undefined, { cpu: '1500u' })])).toEqual([
      'resources.containers[0][cpu].limits: Invalid value: "2m": must be less than or equal to pod limits of 1m',
    ]);
  });

  it('hugepage aggregate container limits greater than pod limits', () => {
    expect(check({ limits: { cpu: '10', 'hugepages-2Mi': '4Mi' } }, [ctr(undefined, { cpu: '6', 'hugepages-2Mi': '4Mi' }), ctr(undefined, { cpu: '6', 'hugepages-2Mi': '4Mi' })])).toEqual([
      'resources.limits[hugepages-2Mi]: Invalid value: "4Mi": must be greater than or equal to aggregate container limits of 8Mi',
    ]);
  });

  it('individual container limits greater than pod limits (upstream\'s path: containers[i][name].limits under resources)', () => {
    expect(check({ limits: { cpu: '10', memory: '10Mi', 'hugepages-2Mi': '2Mi' } }, [ctr(undefined, { cpu: '11', memory: '12Mi', 'hugepages-2Mi': '4Mi' })])).toEqual([
      'resources.limits[hugepages-2Mi]: Invalid value: "2Mi": must be greater than or equal to aggregate container limits of 4Mi',
      'resources.containers[0][cpu].limits: Invalid value: "11": must be less than or equal to pod limits of 10',
      'resources.containers[0][memory].limits: Invalid value: "12Mi": must be less than or equal to pod limits of 10Mi',
      'resources.containers[0][hugepages-2Mi].limits: Invalid value: "4Mi": must be less than or equal to pod limits of 2Mi',
    ]);
  });

  it('AggregateContainerRequests (component-helpers resource/helpers.go): sidecars add to later init steps and to the sum; init containers\' limits are not compared one by one', () => {
    const side = ctr({ cpu: '250m' }, undefined, { name: 'side', restartPolicy: 'Always' });
    const init = ctr({ cpu: '1' }, { cpu: '3' }, { name: 'init' });
    expect(check({ requests: { cpu: '1' }, limits: { cpu: '2' } }, [ctr({ cpu: '500m' })], [side, init])).toEqual([
      'resources.requests[cpu]: Invalid value: "1": must be greater than or equal to aggregate container requests of 1250m',
    ]);
    expect(check({ requests: { cpu: '1' }, limits: { cpu: '2' } }, [ctr({ cpu: '500m' })], [init, side])).toEqual([]);
  });

  it('podLevelErrors (LimitRanger\'s path) reports the same, at spec.resources', () => {
    expect(podLevelErrors({ containers: [ctr(undefined, { cpu: '2' })], resources: { limits: { cpu: '1' } } }).map((e) => `${e.field}: ${e.message}`))
      .toEqual(['spec.resources.containers[0][cpu].limits: Invalid value: "2": must be less than or equal to pod limits of 1']);
  });
});

describe('withPodLevelResourcesDefaulted (a Pod\'s pod-level resources as validatePodResources reads them)', () => {
  const c = (requests?: List, limits?: List): Container => ({ name: 'c', image: 'x', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } });

  it('defaultHugePagePodLimits, then defaultPodRequests (pkg/apis/core/v1/defaults.go up to 1.36): the containers\' requests from their limits count', () => {
    expect(withPodLevelResourcesDefaulted({ containers: [c(undefined, { 'hugepages-2Mi': '10Mi', memory: '1Gi' })], resources: { requests: { cpu: '1' } } }, false).resources)
      .toEqual({ requests: { cpu: '1', memory: '1Gi', 'hugepages-2Mi': '10Mi' }, limits: { 'hugepages-2Mi': '10Mi' } });
    // a hugepages request at pod level: no limit default for it
    expect(withPodLevelResourcesDefaulted({ containers: [c(undefined, { 'hugepages-2Mi': '10Mi' })], resources: { requests: { 'hugepages-2Mi': '4Mi' } } }, false).resources)
      .toEqual({ requests: { 'hugepages-2Mi': '4Mi' } });
  });

  it('1.37 (DefaultPodLevelResources): the requests also without pod-level limits, then the limits', () => {
    expect(withPodLevelResourcesDefaulted({ containers: [c(undefined, { memory: '1Gi', cpu: '1' })], resources: { requests: { memory: '2Gi' } } }, true).resources)
      .toEqual({ requests: { memory: '2Gi', cpu: '1' }, limits: { memory: '2Gi', cpu: '1' } });
  });
});
