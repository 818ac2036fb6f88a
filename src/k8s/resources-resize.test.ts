// PodRequests of a bound pod while an in-place resize is pending or in progress (InPlacePodVerticalScaling, KEP-1287,
// on from 1.33; pod-level: InPlacePodLevelResourcesVerticalScaling, beta and on from 1.36), with the pod's status:
// - 1.33–1.36: each container and sidecar with status resources counts at max(spec, actuated, allocated), a resize
//   marked Infeasible at max(actuated, allocated) (component-helpers resource/helpers.go determineContainerReqs at
//   v0.33.13/v0.34.4, determineEffectiveRequests at v0.35.4/v0.36.3); 1.36 reads the pod-level status per spec name;
// - 1.37: the max of the spec, actuated and allocated aggregates, the last two from the pod-level status when it has
//   both (AggregateContainerRequests, containerActuatedRequests/containerAllocatedRequests, effectivePodLevelResources
//   at v0.37.2).
// Cases named as upstream's are from helpers_test.go (TestPodResourceRequests, TestPodRequestsAndLimitsVerticalScalingWrappers).
import type { Container, PodSpec } from '../core/types';
import { withConfiguration } from '../core/config';
import { scheduleOn } from '../engine/objects';
import { KUBERNETES_VERSIONS, type KubernetesVersion } from '../core/releases';
import { hasStatusResources, podRequests, podRequestsInUnits, ResourceError, type PodResourceStatus } from './resources';

type R = Record<string, string>;
/** Expected amounts in the scheduler's units: cpu in milli-cpu, the rest in units. */
type Units = Record<string, number>;
const c = (name: string | undefined, requests?: R, extra: Partial<Container> = {}): Container =>
  ({ ...(name === undefined ? {} : { name }), image: 'i', ...extra, resources: requests ? { requests } : {} }) as Container;
const sidecar = (name: string, requests?: R) => c(name, requests, { restartPolicy: 'Always' });
/** A container status: what runs (resources.requests) and what the kubelet admitted (allocatedResources). */
const cs = (name: string | undefined, actuated?: R, allocated?: R) => ({
  ...(name === undefined ? {} : { name }), ...(actuated ? { resources: { requests: actuated } } : {}), ...(allocated ? { allocatedResources: allocated } : {}),
});
const INFEASIBLE = { type: 'PodResizePending', status: 'True', reason: 'Infeasible' };
const DEFERRED = { type: 'PodResizePending', status: 'True', reason: 'Deferred' };
// a running pod's other conditions come first (IsPodResizeInfeasible looks for the PodResizePending one)
const RUNNING = [{ type: 'PodReadyToStartContainers', status: 'True' }, { type: 'Initialized', status: 'True' }, { type: 'Ready', status: 'True' }, { type: 'PodScheduled', status: 'True' }];

const nanos = (u: Units) => new Map(Object.entries(u).map(([k, n]) => [k, BigInt(n) * (k === 'cpu' ? 1_000_000n : 1_000_000_000n)]));
const sorted = <T>(m: Map<string, T> | undefined) => m && new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
const at = <T>(v: KubernetesVersion, fn: () => T): T => withConfiguration({ kubernetesVersion: v }, fn);
/** Both paths (exact and in numbers) give `want` at release `v`. */
const expectRequests = (v: KubernetesVersion, spec: PodSpec, status: PodResourceStatus, want: Units) => at(v, () => {
  expect([v, sorted(podRequests(spec, 'spec', status))]).toEqual([v, sorted(nanos(want))]);
  expect([v, sorted(podRequestsInUnits(spec, 'spec', status))]).toEqual([v, sorted(new Map(Object.entries(want)))]);
});

// hasStatusResources: does the status carry resources PodRequests reads (UseStatusResources)?
describe('hasStatusResources', () => {
  test.each<[string, PodResourceStatus | undefined, boolean]>([
    ['no status', undefined, false],
    ['an empty status', {}, false],
    ['conditions only, a resize Deferred', { conditions: [...RUNNING, DEFERRED] }, false],
    ['container statuses without resources', { containerStatuses: [cs('a'), cs('b')], initContainerStatuses: [cs('i')] }, false],
    ['a null container status (an empty one once decoded)', { containerStatuses: [null as never] }, false],
    ['pod-level actuated resources', { resources: { requests: {} } }, true],
    ['pod-level allocated resources', { allocatedResources: {} }, true],
    ['a container status with actuated resources, after one without', { containerStatuses: [cs('a'), cs('b', { cpu: '1' })] }, true],
    ['a container status with allocated resources only', { containerStatuses: [cs('a', undefined, { cpu: '1' })] }, true],
    ['an init container status with resources', { initContainerStatuses: [cs('i', { cpu: '1' })] }, true],
  ])('%s', (_name, status, want) => {
    expect(hasStatusResources(status)).toBe(want);
  });
  test('an Infeasible resize without resources: from 1.37 it changes what counts (nothing, for a container without them)', () => {
    const status = { conditions: [...RUNNING, INFEASIBLE], containerStatuses: [cs('c')] };
    expect(KUBERNETES_VERSIONS.map((v) => [v, at(v, () => hasStatusResources(status))])).toEqual(KUBERNETES_VERSIONS.map((v) => [v, v === '1.37']));
  });
});

describe('helpers_test.go TestPodResourceRequests, resized: the same answer at every release', () => {
  test.each<[string, PodSpec, PodResourceStatus, Units]>([
    ['resized, infeasible', { containers: [c('container-1', { cpu: '4' })] },
      { conditions: [...RUNNING, INFEASIBLE], containerStatuses: [cs('container-1', { cpu: '2' })] }, { cpu: 2000 }],
    ['resized, infeasible & in-progress', { containers: [c('container-1', { cpu: '6' })] },
      { conditions: [INFEASIBLE], containerStatuses: [cs('container-1', { cpu: '2' }, { cpu: '4' })] }, { cpu: 4000 }],
    ['resized, no resize status', { containers: [c('container-1', { cpu: '4' })] },
      { conditions: RUNNING, containerStatuses: [cs('container-1', { cpu: '2' })] }, { cpu: 4000 }],
    ['resized: per-resource 3-way maximum', { containers: [c('container-1', { cpu: '30m', memory: '20M', 'ephemeral-storage': '10G' })] }, {
      containerStatuses: [cs('container-1', { cpu: '10m', memory: '30M', 'ephemeral-storage': '20G' }, { cpu: '20m', memory: '10M', 'ephemeral-storage': '30G' })],
    }, { cpu: 30, memory: 30e6, 'ephemeral-storage': 30e9 }],
    ['resized, restartable init container, infeasible', { containers: [], initContainers: [sidecar('restartable-init-1', { cpu: '4' })] },
      { conditions: [INFEASIBLE], initContainerStatuses: [cs('restartable-init-1', { cpu: '2' })] }, { cpu: 2000 }],
    ['resized, restartable init container, no resize status', { containers: [], initContainers: [sidecar('restartable-init-1', { cpu: '4' })] },
      { initContainerStatuses: [cs('restartable-init-1', { cpu: '2' })] }, { cpu: 4000 }],
    // the sidecar's status read, among init container statuses that are null (empty once decoded) or without resources
    ['a growing sidecar after a plain init container', { containers: [c('app', { cpu: '1' })], initContainers: [c('setup', { cpu: '1' }), sidecar('proxy', { cpu: '1' })] },
      { initContainerStatuses: [null as never, cs('setup'), cs('proxy', { cpu: '3' }, { cpu: '3' })] }, { cpu: 4000 }],
    // a null condition decodes as an empty one (encoding/json), which is not PodResizePending
    ['a null condition before the Infeasible one', { containers: [c('container-1', { cpu: '4' })] },
      { conditions: [null as never, INFEASIBLE], containerStatuses: [cs('container-1', { cpu: '2' }, { cpu: '2' })] }, { cpu: 2000 }],
    // TestPodRequestsAndLimitsVerticalScalingWrappers "container limits aggregation with infeasible resize": the status
    // has limits only, so an Infeasible resize counts nothing (the container's limit, defaulted into its request, is spec)
    ['container limits aggregation with infeasible resize', { containers: [{ name: 'c1', image: 'i', resources: { limits: { cpu: '10' } } }] },
      { conditions: [INFEASIBLE], containerStatuses: [{ name: 'c1', resources: { limits: { cpu: '6' } } } as never] }, {}],
  ])('%s', (_name, spec, status, want) => {
    for (const v of KUBERNETES_VERSIONS) expectRequests(v, spec, status, want);
  });
});

describe('what changed at 1.37: aggregates, not containers; every container and init container reads its status', () => {
  test.each<[string, PodSpec, PodResourceStatus, Units, Units]>([
    // 1.36 reads a container's status only with resources (found && cs.Resources != nil); 1.37 falls back to allocated
    ['allocated resources only', { containers: [c('c', { cpu: '1' })] }, { containerStatuses: [cs('c', undefined, { cpu: '3' })] }, { cpu: 1000 }, { cpu: 3000 }],
    // TestPodResourceRequests "aggregate request resolves max of sums instead of sum of maxes" (v0.37.2)
    ['aggregate request resolves max of sums instead of sum of maxes', { containers: [c('c1', { cpu: '1' }), c('c2', { cpu: '2' })] },
      { containerStatuses: [cs('c1', undefined, { cpu: '2' }), cs('c2', undefined, { cpu: '1' })] }, { cpu: 3000 }, { cpu: 3000 }],
    ['two containers resizing in opposite directions', { containers: [c('a', { cpu: '500m' }), c('b', { cpu: '100m' })] },
      { containerStatuses: [cs('a', { cpu: '100m' }, { cpu: '100m' }), cs('b', { cpu: '500m' }, { cpu: '500m' })] }, { cpu: 1000 }, { cpu: 600 }],
    // 1.36 reads the status of sidecars only among init containers; 1.37's findContainerStatus of every one
    ['a plain init container with status resources', { containers: [c('app', { cpu: '1' })], initContainers: [c('setup', { cpu: '2' })] },
      { initContainerStatuses: [cs('setup', { cpu: '5' })] }, { cpu: 2000 }, { cpu: 5000 }],
    // an Infeasible resize and no status resources: 1.36 reads statuses only with resources (the spec counts); 1.37's
    // containerActuatedRequests/containerAllocatedRequests give nil for a container without a status when Infeasible,
    // and the spec aggregate is left out (max(actuated, allocated)): nothing counts
    ['an Infeasible resize without status resources', { containers: [c('c', { cpu: '1' })], initContainers: [sidecar('s', { memory: '1Gi' })] },
      { conditions: [...RUNNING, INFEASIBLE], containerStatuses: [cs('c')] }, { cpu: 1000, memory: 2 ** 30 }, {}],
    // 1.37 reads the pod-level status when it has both lists (InPlacePodLevelResourcesVerticalScaling, beta and on)
    ['pod-level actuated and allocated resources', { containers: [c('c', { cpu: '1' })] },
      { resources: { requests: { cpu: '2' } }, allocatedResources: { cpu: '3' } }, { cpu: 1000 }, { cpu: 3000 }],
    ['pod-level allocated resources without actuated ones: the containers\' statuses', { containers: [c('c', { cpu: '1' })] },
      { allocatedResources: { cpu: '5' }, containerStatuses: [cs('c', { cpu: '2' })] }, { cpu: 2000 }, { cpu: 2000 }],
    // Go's zero value: a container and a status without a name match by the empty name
    ['an unnamed container and status, actuated above allocated', { containers: [c(undefined, { cpu: '1' })] },
      { containerStatuses: [cs(undefined, { cpu: '3' }, { cpu: '2' })] }, { cpu: 3000 }, { cpu: 3000 }],
    ['an unnamed container and status, allocated above actuated', { containers: [c(undefined, { cpu: '1' })] },
      { containerStatuses: [cs(undefined, { cpu: '2' }, { cpu: '3' })] }, { cpu: 3000 }, { cpu: 3000 }],
    ['an unnamed sidecar and init container status', { containers: [], initContainers: [{ ...sidecar('x', { cpu: '1' }), name: undefined as never }] },
      { initContainerStatuses: [cs(undefined, { cpu: '2' }, { cpu: '2' })] }, { cpu: 2000 }, { cpu: 2000 }],
  ])('%s', (_name, spec, status, at136, at137) => {
    expectRequests('1.36', spec, status, at136);
    expectRequests('1.37', spec, status, at137);
  });
});

describe('pod-level requests mid-resize (InPlacePodLevelResourcesVerticalScaling, beta and on from 1.36)', () => {
  // TestPodRequestsAndLimitsVerticalScalingWrappers; before 1.36 the pod-level spec counts (1.33: dropped, the containers)
  const pod = (requests: R, limits: R): PodSpec => ({
    resources: { requests, limits }, containers: [{ name: 'c1', image: 'i', resources: { requests: { cpu: '1' }, limits: { cpu: '2' } } }],
  });
  test.each<[string, PodSpec, PodResourceStatus, Record<string, Units>]>([
    ['pod level requests/limits with PLR vertical scaling enabled and status populated', pod({ cpu: '2' }, { cpu: '4' }),
      { allocatedResources: { cpu: '3' }, resources: { requests: { cpu: '3.5' } } }, { '1.33': { cpu: 1000 }, '1.35': { cpu: 2000 }, '1.36': { cpu: 3500 }, '1.37': { cpu: 3500 } }],
    ['pod level requests/limits with PLR vertical scaling enabled and infeasible resize', pod({ cpu: '10' }, { cpu: '20' }),
      { conditions: [INFEASIBLE], allocatedResources: { cpu: '3' }, resources: { requests: { cpu: '4' } } },
      { '1.33': { cpu: 1000 }, '1.35': { cpu: 10000 }, '1.36': { cpu: 4000 }, '1.37': { cpu: 4000 } }],
    // applyPodLevelResources takes only supported names of the effective list (1.36: the spec's names)
    ['a status name that is not a pod-level resource', { ...pod({ cpu: '2' }, {}), containers: [c('c1', { cpu: '1', 'ephemeral-storage': '1Gi' })] },
      { resources: { requests: { cpu: '3', 'ephemeral-storage': '2Gi' } } },
      { '1.33': { cpu: 1000, 'ephemeral-storage': 2 ** 30 }, '1.35': { cpu: 2000, 'ephemeral-storage': 2 ** 30 }, '1.36': { cpu: 3000, 'ephemeral-storage': 2 ** 30 }, '1.37': { cpu: 3000, 'ephemeral-storage': 2 ** 30 } }],
    // Infeasible: a pod-level name the actuated list lacks is 0 at 1.36 (reqs[name] = effectiveReqs[name]); 1.37
    // applies only the names the effective list has, and the containers (no status, Infeasible) count nothing
    ['Infeasible, and the status lacks a pod-level name', { resources: { requests: { cpu: '2', memory: '1Gi' } }, containers: [c('c1', { cpu: '1', memory: '512Mi' })] },
      { conditions: [INFEASIBLE], resources: { requests: { cpu: '1' } } },
      { '1.33': { cpu: 1000, memory: 2 ** 29 }, '1.35': { cpu: 2000, memory: 2 ** 30 }, '1.36': { cpu: 1000, memory: 0 }, '1.37': { cpu: 1000 } }],
  ])('%s', (_name, spec, status, want) => {
    for (const [v, units] of Object.entries(want)) expectRequests(v as KubernetesVersion, spec, status, units);
  });
});

// PodResourcesOptions.NonMissingContainerRequests (applyNonMissing): each container's list gets the amounts it lacks.
describe('nonMissing, and pod-level requests that replace what it filled in', () => {
  const spec: PodSpec = { resources: { requests: { memory: '1Gi' } }, containers: [c('a', { cpu: '1' }), c('b', { memory: '1Mi' })] };
  test.each<[KubernetesVersion, Units]>([
    // the pod-level request is dropped (PodLevelResources off): 1 + 100m cpu, 200Mi + 1Mi memory
    ['1.33', { cpu: 1100, memory: 201 * 2 ** 20 }],
    // pod-level memory replaces the containers'; cpu is theirs, the 100m default included
    ['1.36', { cpu: 1100, memory: 2 ** 30 }],
    // PrepareForCreate defaulted the pod-level cpu request to the containers' own aggregate (pkg/api/pod/util.go
    // defaultPodLevelRequests, v1.37.2): 1, which replaces the filled-in sum
    ['1.37', { cpu: 1000, memory: 2 ** 30 }],
  ])('%s', (v, want) => {
    at(v, () => expect(sorted(podRequests(spec, 'spec', undefined, { cpu: '100m', memory: '200Mi' }))).toEqual(sorted(nanos(want))));
  });
  test('an amount that does not decode names the option', () => {
    expect(() => podRequests({ containers: [c('a')] }, 'spec', undefined, { cpu: 'lots' })).toThrow(/^nonMissing\.cpu: Invalid value: "lots"/);
  });
});

// The API server's decoder refuses a Pod with an invalid quantity anywhere, status included: the field is named.
describe('an amount in the status that does not decode: the field', () => {
  test.each<[string, KubernetesVersion, PodSpec, PodResourceStatus, string]>([
    ['1.36: a container\'s actuated request', '1.36', { containers: [c('a', { cpu: '1' }), c('b', { cpu: '1' })] },
      { containerStatuses: [cs('a', { cpu: '1' }), cs('b', { cpu: 'x' })] }, 'status.containerStatuses[1].resources.requests.cpu'],
    ['1.36: a container\'s allocated resources', '1.36', { containers: [c('a', { cpu: '1' })] },
      { containerStatuses: [cs('a', { cpu: '1' }, { memory: 'x' })] }, 'status.containerStatuses[0].allocatedResources.memory'],
    ['1.36: a sidecar\'s actuated request', '1.36', { containers: [], initContainers: [sidecar('s', { cpu: '1' })] },
      { initContainerStatuses: [cs('s', { cpu: 'x' })] }, 'status.initContainerStatuses[0].resources.requests.cpu'],
    ['1.36: the pod-level actuated request', '1.36', { containers: [c('a', { cpu: '1' })], resources: { requests: { cpu: '2' } } },
      { resources: { requests: { cpu: 'x' } } }, 'status.resources.requests.cpu'],
    ['1.36: the pod-level allocated resources', '1.36', { containers: [c('a', { cpu: '1' })], resources: { requests: { cpu: '2' } } },
      { resources: { requests: { cpu: '2' } }, allocatedResources: { cpu: 'x' } }, 'status.allocatedResources.cpu'],
    ['1.37: a container\'s allocated resources', '1.37', { containers: [c('a', { cpu: '1' })] },
      { containerStatuses: [cs('a', { cpu: '1' }, { cpu: 'x' })] }, 'status.containerStatuses[0].allocatedResources.cpu'],
    ['1.37: the pod-level allocated resources', '1.37', { containers: [c('a', { cpu: '1' })] },
      { resources: { requests: { cpu: '1' } }, allocatedResources: { cpu: 'x' } }, 'status.allocatedResources.cpu'],
    ['1.37: the pod-level actuated request', '1.37', { containers: [c('a', { cpu: '1' })] },
      { resources: { requests: { cpu: 'x' } }, allocatedResources: { cpu: '1' } }, 'status.resources.requests.cpu'],
  ])('%s', (_name, v, spec, status, field) => {
    at(v, () => {
      let err: unknown;
      try {
        podRequests(spec, 'spec', status);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ResourceError);
      expect((err as ResourceError).undecodable).toEqual({ field, raw: 'x', error: expect.any(String) });
      expect((err as ResourceError).message).toMatch(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')}: Invalid value: "x": `));
    });
  });
});

// The bug this found (fixed in hasStatusResources): answers checked against oracle/k8s-1.36 and oracle/k8s-1.37
// (scheduling domain), which count the bound pod's 900m at 1.36 and nothing at 1.37.
test('scheduling beside a pod whose resize is Infeasible, without status resources: 1.36 counts its spec, 1.37 nothing', () => {
  const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', labels: { 'kubernetes.io/hostname': 'n' } }, status: { allocatable: { cpu: '1', memory: '4Gi', pods: '110' } } };
  const incoming = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'new', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'app', resources: { requests: { cpu: '500m' } } }] } };
  const fits = (v: KubernetesVersion) => at(v, () => {
    // a fresh bound pod per release (the engine caches per object)
    const stuck = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'resizing', namespace: 'default' },
      spec: { nodeName: 'n', containers: [{ name: 'c', image: 'app', resources: { requests: { cpu: '900m' } } }] },
      status: { phase: 'Running', conditions: [INFEASIBLE], containerStatuses: [{ name: 'c', ready: true, restartCount: 0, image: 'app', imageID: '' }] },
    };
    return scheduleOn(incoming as never, [node as never], { existingPods: [stuck as never] }).feasible.length === 1;
  });
  expect(KUBERNETES_VERSIONS.map((v) => [v, fits(v)])).toEqual(KUBERNETES_VERSIONS.map((v) => [v, v === '1.37']));
});
