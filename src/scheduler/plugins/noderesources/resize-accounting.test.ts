// Release delta (issue 21): a bound pod in the middle of an in-place resize (InPlacePodVerticalScaling, KEP-1287:
// beta and on from 1.33, #130905; GA in 1.35, #134949). The scheduler counts it with UseStatusResources
// (pkg/scheduler/framework/types.go CalculateResource; staging/src/k8s.io/component-helpers/resource/helpers.go):
// - 1.33–1.36: per container, max(spec, status.containerStatuses[].resources.requests, allocatedResources)
//   (determineContainerReqs at v1.33.13/v1.34.4, determineEffectiveRequests at v1.35.4/v1.36.3); when the
//   PodResizePending condition says Infeasible, only the last two;
// - 1.37: the max of the three aggregates over the pod (AggregateContainerRequests at v1.37.2), so two containers
//   resizing in opposite directions no longer add up their larger halves.
// The oracle's scheduling domain generates such bound pods (test/oracle/generators.ts) at every release, and each
// answer below was checked against the five oracle binaries (oracle/k8s-1.33 … k8s-1.37).
import { scheduleOn } from '../../../engine/objects';
import { withConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS, type KubernetesVersion } from '../../../core/releases';

const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', labels: { 'kubernetes.io/hostname': 'n' } }, status: { allocatable: { cpu: '1', memory: '4Gi', pods: '110' } } };
const incoming = (cpu: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'new', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'app', resources: { requests: { cpu } } }] } });
const c = (name: string, cpu: string) => ({ name, image: 'app', resources: { requests: { cpu } } });
const cs = (name: string, actual: string, allocated: string) => ({ name, ready: true, restartCount: 0, image: 'app', imageID: '', resources: { requests: { cpu: actual } }, allocatedResources: { cpu: allocated } });
const bound = (containers: object[], statuses: object[], conditions: object[] = []) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'resizing', namespace: 'default' },
  spec: { nodeName: 'n', containers }, status: { phase: 'Running', conditions, containerStatuses: statuses },
});
const fits = (v: KubernetesVersion, existing: object, cpu: string) =>
  withConfiguration({ kubernetesVersion: v }, () => scheduleOn(incoming(cpu) as never, [node as never], { existingPods: [existing as never] }).feasible.length === 1);

const RELEASES = KUBERNETES_VERSIONS;

test('a pod growing from 100m to 800m counts at 800m while the resize is in flight, at every release (1.32 is out of range)', () => {
  const growing = bound([c('c', '100m')], [cs('c', '800m', '800m')]);
  for (const v of RELEASES) {
    expect([v, fits(v, growing, '500m')]).toEqual([v, false]);
    expect([v, fits(v, growing, '200m')]).toEqual([v, true]);
  }
});

test('an Infeasible resize counts at what runs, not at the spec', () => {
  const stuck = bound([c('c', '900m')], [cs('c', '100m', '100m')], [{ type: 'PodResizePending', status: 'True', reason: 'Infeasible' }]);
  const pending = bound([c('c', '900m')], [cs('c', '100m', '100m')], [{ type: 'PodResizePending', status: 'True', reason: 'Deferred' }]);
  for (const v of RELEASES) {
    expect([v, fits(v, stuck, '500m')]).toEqual([v, true]);
    expect([v, fits(v, pending, '500m')]).toEqual([v, false]);
  }
});

test('two containers resizing in opposite directions: 1.36 adds each one\'s larger side, 1.37 takes the larger aggregate', () => {
  // spec 500m + 100m, status 100m + 500m: per container 500m + 500m = 1, aggregates 600m each
  const swapping = bound([c('a', '500m'), c('b', '100m')], [cs('a', '100m', '100m'), cs('b', '500m', '500m')]);
  expect(fits('1.36', swapping, '300m')).toBe(false);
  expect(fits('1.37', swapping, '300m')).toBe(true);
});
