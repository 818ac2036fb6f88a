// PodRequests (staging/src/k8s.io/component-helpers/resource/helpers.go) after the API server's defaulting
// (pkg/apis/core/v1/defaults.go SetDefaults_Pod: container requests from limits; defaultPodRequests for pod-level
// resources), computed both ways the library does: exactly in nano-units (podRequests) and in whole scheduler units as
// numbers (podRequestsInUnits). Cases are upstream's (helpers_test.go TestPodRequestsAndLimits,
// TestPodResourceRequests, TestPodLevelResourceRequests); both paths must give upstream's figures.
import type { Container, PodSpec } from '../core/types';
import {
  containerRequests, isExtendedResourceName, isNativeResource, isScalarResourceName, podRequests, podRequestsInUnits, ResourceError,
} from './resources';

// k8s.io/apimachinery/pkg/api/resource ErrFormatWrong's text, as the decoder reports it
const QUANTITY_REGEX = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
const Mi = 2 ** 20;
const Gi = 2 ** 30;
type R = Record<string, string>;
const c = (requests?: R, limits?: R, extra: Partial<Container> = {}): Container => ({
  name: 'c', image: 'i', ...extra, resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) },
});
const sidecar = (requests?: R, limits?: R) => c(requests, limits, { restartPolicy: 'Always' });

/** Expected amounts in the scheduler's units: cpu in milli-cpu, everything else in units (bytes, devices). */
type Units = Record<string, number>;
const nanos = (u: Units) => new Map(Object.entries(u).map(([k, n]) => [k, BigInt(n) * (k === 'cpu' ? 1_000_000n : 1_000_000_000n)]));
const sorted = <T>(m: Map<string, T> | undefined) => m && new Map([...m].sort(([a], [b]) => (a < b ? -1 : 1)));
const both = (spec: PodSpec, want: Units) => {
  expect(sorted(podRequests(spec, 'spec'))).toEqual(sorted(nanos(want)));
  expect(sorted(podRequestsInUnits(spec, 'spec'))).toEqual(sorted(new Map(Object.entries(want))));
};

describe('helpers_test.go TestPodRequestsAndLimits / TestPodResourceRequests (container level)', () => {
  test.each<[string, PodSpec, Units]>([
    ['just-overhead', { containers: [c()], overhead: { cpu: '5', memory: '5' } }, { cpu: 5000, memory: 5 }],
    ['req-and-overhead', { containers: [c({ cpu: '1', memory: '10' })], overhead: { cpu: '5', memory: '5' } }, { cpu: 6000, memory: 15 }],
    ['all-req-lim-and-overhead: a request wins over its limit',
      { containers: [c({ cpu: '1', memory: '10' }, { cpu: '2', memory: '12' })], overhead: { cpu: '5', memory: '5' } }, { cpu: 6000, memory: 15 }],
    ['req-some-lim-and-overhead', { containers: [c({ cpu: '1', memory: '10' }, { cpu: '2' })], overhead: { cpu: '5', memory: '5' } }, { cpu: 6000, memory: 15 }],
    ['nil options, larger init container', { containers: [c({ cpu: '1' })], initContainers: [c({ cpu: '4' })] }, { cpu: 4000 }],
    ['nil options, larger containers', { containers: [c({ cpu: '2' }), c({ cpu: '3' })], initContainers: [c({ cpu: '2' })] }, { cpu: 5000 }],
    ['pod overhead included', {
      containers: [c({ cpu: '2' }), c({ cpu: '3' })], initContainers: [c({ cpu: '2' }, { cpu: '2' })], overhead: { cpu: '1', memory: '1Gi' },
    }, { cpu: 6000, memory: Gi }],
    ['restartable init container', { containers: [c({ cpu: '1' })], initContainers: [sidecar({ cpu: '1' })] }, { cpu: 2000 }],
    ['multiple restartable init containers', {
      containers: [c({ cpu: '1' })], initContainers: [c({ cpu: '5' }), sidecar({ cpu: '1' }), sidecar({ cpu: '2' }), sidecar({ cpu: '3' })],
    }, { cpu: 7000 }],
    ['multiple restartable and regular init containers', {
      containers: [c({ cpu: '1' })], initContainers: [c({ cpu: '5' }), sidecar({ cpu: '1' }), sidecar({ cpu: '2' }), c({ cpu: '5' }), sidecar({ cpu: '3' })],
    }, { cpu: 8000 }],
    ['restartable-init, init and regular', { containers: [c({ cpu: '100' })], initContainers: [sidecar({ cpu: '10' }), c({ cpu: '200' })] }, { cpu: 210000 }],
    ['two container no overhead - should just be sum of containers', {
      containers: [c({ cpu: '1', memory: '5' }, { cpu: '2', memory: '10' }), c({ cpu: '4', memory: '12' }, { cpu: '8', memory: '24' })],
    }, { cpu: 5000, memory: 17 }],
  ])('%s', (_name, spec, want) => both(spec, want));
});

describe('maxResourceList / addResourceList take keys only one side has', () => {
  test.each<[string, PodSpec, Units]>([
    ['an init container’s resource the containers do not request', { containers: [c({ cpu: '1' })], initContainers: [c({ 'nvidia.com/gpu': '1' })] }, { cpu: 1000, 'nvidia.com/gpu': 1 }],
    ['a sidecar’s resource the containers do not request', { containers: [c({ cpu: '1' })], initContainers: [sidecar({ memory: '1Gi' })] }, { cpu: 1000, memory: Gi }],
    ['a plain init container after a sidecar peaks with it, key by key', {
      containers: [c({ cpu: '1' })], initContainers: [sidecar({ memory: '1Gi' }), c({ cpu: '2', memory: '1Gi' })],
    }, { cpu: 2000, memory: 2 * Gi }],
    ['overhead of a resource nothing else requests', { containers: [c({ cpu: '1' })], overhead: { memory: '120Mi' } }, { cpu: 1000, memory: 120 * Mi }],
    ['a container without resources', { containers: [{ name: 'c', image: 'i' }, c({ cpu: '1' })] }, { cpu: 1000 }],
    ['no containers at all', { containers: [] }, {}],
  ])('%s', (_name, spec, want) => both(spec, want));
});

describe('SetDefaults_Pod: a limit without a request is the request (defaults.go)', () => {
  // TestPodRequestsAndLimits "just-limit-no-overhead" runs PodRequests on an undefaulted pod ({}); a created pod has
  // been defaulted, so the limit is its request.
  test.each<[string, PodSpec, Units]>([
    ['just-limit-no-overhead, defaulted', { containers: [c(undefined, { cpu: '9' })] }, { cpu: 9000 }],
    ['an init container’s limit', { containers: [c({ cpu: '1' })], initContainers: [c(undefined, { cpu: '3', memory: '1Gi' })] }, { cpu: 3000, memory: Gi }],
    ['a sidecar’s limit', { containers: [c({ cpu: '1' })], initContainers: [sidecar(undefined, { cpu: '500m' })] }, { cpu: 1500 }],
  ])('%s', (_name, spec, want) => both(spec, want));
  test('containerRequests: the same defaulting for one container, exactly', () => {
    expect(containerRequests(c({ cpu: '1' }, { cpu: '2', memory: '1Ki' }), 'spec.containers[0]')).toEqual(new Map([['cpu', 1_000_000_000n], ['memory', 1024n * 1_000_000_000n]]));
    expect(containerRequests({ name: 'c', image: 'i' }, 'spec.containers[0]')).toEqual(new Map());
    expect(() => containerRequests(c(undefined, { cpu: 'x' }), 'spec.containers[3]')).toThrow(
      new ResourceError(`spec.containers[3].resources.limits.cpu: Invalid value: "x": ${QUANTITY_REGEX}`, { field: 'spec.containers[3].resources.limits.cpu', raw: 'x', error: QUANTITY_REGEX }),
    );
  });
});

describe('helpers_test.go TestPodLevelResourceRequests (pod-level resources replace cpu, memory and hugepages)', () => {
  test.each<[string, PodSpec, Units]>([
    ['pod level memory resource with SkipPodLevelResources false', { containers: [], resources: { requests: { memory: '2Mi' } } }, { memory: 2 * Mi }],
    ['pod level memory and container level cpu resources', { containers: [c({ cpu: '2m' })], resources: { requests: { memory: '2Mi' } } }, { memory: 2 * Mi, cpu: 2 }],
    ['pod level unsupported resources set at both pod-level and container-level',
      { containers: [c({ storage: '3Mi' })], resources: { requests: { storage: '2Mi' } } }, { storage: 3 * Mi }],
    ['pod level unsupported resources set at pod-level', { containers: [c({ memory: '3Mi' })], resources: { requests: { storage: '2Mi' } } }, { memory: 3 * Mi }],
    ['both container-level and pod-level resources set',
      { containers: [c({ memory: '3Mi', cpu: '2m' })], resources: { requests: { memory: '6Mi', cpu: '8m' } } }, { memory: 6 * Mi, cpu: 8 }],
    ['container-level resources and init container set',
      { containers: [c({ memory: '3Mi', cpu: '2m' })], initContainers: [c({ memory: '5Mi', cpu: '4m' })] }, { memory: 5 * Mi, cpu: 4 }],
    ['container-level resources and sidecar container set',
      { containers: [c({ memory: '3Mi', cpu: '2m' })], initContainers: [sidecar({ memory: '5Mi', cpu: '4m' })] }, { memory: 8 * Mi, cpu: 6 }],
    ['container-level resources, init and sidecar container set', {
      containers: [c({ memory: '3Mi', cpu: '2m' })], initContainers: [sidecar({ memory: '5Mi', cpu: '4m' }), c({ memory: '6Mi', cpu: '8m' })],
    }, { memory: 11 * Mi, cpu: 12 }],
    ['pod-level resources, container-level resources, init and sidecar container set', {
      containers: [c({ memory: '3Mi', cpu: '2m' })], initContainers: [sidecar({ memory: '5Mi', cpu: '4m' }), c({ memory: '6Mi', cpu: '8m' })],
      resources: { requests: { memory: '15Mi', cpu: '18m' } },
    }, { memory: 15 * Mi, cpu: 18 }],
    ['pod-level resources, hugepage request/limit single page size',
      { containers: [], resources: { limits: { 'hugepages-2Mi': '2Mi' }, requests: { memory: '10Mi', 'hugepages-2Mi': '2Mi' } } }, { memory: 10 * Mi, 'hugepages-2Mi': 2 * Mi }],
    ['pod-level resources, hugepage request/limit multiple page sizes', {
      containers: [], resources: { limits: { 'hugepages-2Mi': '2Mi', 'hugepages-1Gi': '1Gi' }, requests: { cpu: '1', 'hugepages-2Mi': '2Mi', 'hugepages-1Gi': '1Gi' } },
    }, { cpu: 1000, 'hugepages-2Mi': 2 * Mi, 'hugepages-1Gi': Gi }],
    ['pod-level resources, container-level resources, hugepage request/limit single page size', {
      containers: [c({ 'hugepages-2Mi': '6Mi' }, { 'hugepages-2Mi': '6Mi' })],
      resources: { limits: { 'hugepages-2Mi': '10Mi' }, requests: { cpu: '1', 'hugepages-2Mi': '10Mi' } },
    }, { cpu: 1000, 'hugepages-2Mi': 10 * Mi }],
    ['pod-level resources, container-level resources, hugepage request/limit multiple page sizes', {
      containers: [c({ cpu: '1', 'hugepages-1Gi': '2Gi' }, { 'hugepages-1Gi': '2Gi' })],
      resources: { limits: { 'hugepages-2Mi': '10Mi', 'hugepages-1Gi': '2Gi' }, requests: { cpu: '1', 'hugepages-2Mi': '10Mi', 'hugepages-1Gi': '2Gi' } },
    }, { cpu: 1000, 'hugepages-2Mi': 10 * Mi, 'hugepages-1Gi': 2 * Gi }],
    ['pod-level resources, container-level resources, hugepage request/limit multiple page sizes between pod-level and container-level', {
      containers: [c({ memory: '4Mi', 'hugepages-1Gi': '1Gi' }, { 'hugepages-1Gi': '1Gi' })],
      resources: { limits: { 'hugepages-2Mi': '10Mi' }, requests: { cpu: '1', 'hugepages-2Mi': '10Mi' } },
    }, { cpu: 1000, memory: 4 * Mi, 'hugepages-2Mi': 10 * Mi, 'hugepages-1Gi': Gi }],
    // PodRequests adds the overhead after the pod-level values replaced the aggregate
    ['overhead is added to pod-level requests', { containers: [c({ cpu: '2' })], resources: { requests: { cpu: '1' } }, overhead: { cpu: '100m' } }, { cpu: 1100 }],
  ])('%s', (_name, spec, want) => both(spec, want));
});

// defaults.go defaultPodRequests: with pod-level limits, a missing pod-level request is the containers' aggregate
// for cpu/memory they request (IsOvercommitAllowed), else the pod-level limit (always so for hugepages).
describe('defaultPodRequests', () => {
  test.each<[string, PodSpec, Units]>([
    ['cpu limit only: the containers’ aggregate request', { containers: [c({ cpu: '1' })], resources: { limits: { cpu: '4' } } }, { cpu: 1000 }],
    ['the aggregate counts init containers and sidecars', {
      containers: [c({ cpu: '1' })], initContainers: [sidecar({ cpu: '500m' }), c({ cpu: '3' })], resources: { limits: { cpu: '4' } },
    }, { cpu: 3500 }],
    ['no container requests it: the limit', { containers: [c({ memory: '1Gi' })], resources: { limits: { cpu: '4', memory: '2Gi' } } }, { cpu: 4000, memory: Gi }],
    ['a pod-level request stays', { containers: [c({ memory: '1Gi' })], resources: { requests: { memory: '512Mi' }, limits: { memory: '2Gi' } } }, { memory: 512 * Mi }],
    ['an explicit zero container request is requested', { containers: [c({ cpu: '0' })], resources: { limits: { cpu: '4' } } }, { cpu: 0 }],
    ['hugepages: the pod-level limit, not the containers’ aggregate', {
      containers: [c({ 'hugepages-2Mi': '6Mi' }, { 'hugepages-2Mi': '6Mi' })], resources: { limits: { 'hugepages-2Mi': '10Mi' } },
    }, { 'hugepages-2Mi': 10 * Mi }],
  ])('%s', (_name, spec, want) => both(spec, want));
});

describe('the two paths agree, or the number path declines', () => {
  const one = (requests: R, overhead?: R): PodSpec => ({ containers: [c(requests)], ...(overhead ? { overhead } : {}) });
  test.each<[string, PodSpec]>([
    ['sub-milli cpu (MilliValue rounds the sum, not the parts)', one({ cpu: '100u' })],
    ['half a byte', one({ memory: '0.5' })],
    ['beyond 2^53', one({ memory: '9007199254740993' })],
    ['a fractional overhead', one({ cpu: '1' }, { cpu: '0.5m' })],
    ['a sum beyond 2^53 of parts within it', { containers: [c({ memory: '5000000000000000' }), c({ memory: '5000000000000000' })] }],
  ])('%s: undefined', (_name, spec) => {
    expect(podRequestsInUnits(spec, 'spec')).toBeUndefined();
    expect(podRequests(spec, 'spec').size).toBeGreaterThan(0);
  });
  test('the exact path keeps what numbers cannot', () => {
    expect(podRequests({ containers: [c({ memory: '5000000000000000' }), c({ memory: '5000000000000000' })] }, 'spec').get('memory')).toBe(10n ** 16n * 10n ** 9n);
    // SetDefaults_ResourceList (pkg/apis/core/v1/defaults.go) rounds each amount up to milli scale as the Pod is decoded
    expect(podRequests(one({ cpu: '100u' }), 'spec').get('cpu')).toBe(1_000_000n);
    expect(podRequests(one({ memory: '1500m' }), 'spec').get('memory')).toBe(1_500_000_000n);
  });
  // Quantity.RoundUp(-3) rounds away from zero (apimachinery math.go negativeScaleInt64; math_test.go
  // TestNegativeScaleInt64: ±1234567 at scale 3 is ±1235): a negative amount, which validation refuses later, is -1235m
  test.each([['1234567u', 1235], ['-1234567u', -1235], ['-0.5m', -1]] as const)('SetDefaults_ResourceList rounds %s to %im', (cpu, milli) => {
    expect(containerRequests(c({ cpu }), 'spec.containers[0]').get('cpu')).toBe(BigInt(milli) * 1_000_000n);
  });
  test('SetDefaults_ResourceList: each container counts rounded to milli before the sum (two 0.5m are 2m, not 1m)', () => {
    const pod = { containers: [c({ cpu: '0.5m' }), c({ cpu: '500u' })] };
    expect(podRequests(pod, 'spec').get('cpu')).toBe(2_000_000n);
    expect(podRequestsInUnits(pod, 'spec')).toBeUndefined(); // not whole milli-units as written: the exact path answers
  });
  test('whole units answer, cpu in milli-cpu and the rest in units, even for the same quantity text', () => {
    both(one({ cpu: '1', memory: '1', 'nvidia.com/gpu': '1', 'ephemeral-storage': '1' }), { cpu: 1000, memory: 1, 'nvidia.com/gpu': 1, 'ephemeral-storage': 1 });
    both(one({ memory: '2', cpu: '2' }), { cpu: 2000, memory: 2 });
    both(one({ cpu: '1.5', memory: '1.5Gi' }), { cpu: 1500, memory: 1.5 * Gi });
    both(one({ cpu: '1m' }), { cpu: 1 });
  });
});

describe('an amount that is not a quantity: the field path and the quantity error', () => {
  test.each<[string, PodSpec, string, string | null]>([
    ['a container request', { containers: [c({ cpu: '1' }), c({ cpu: 'two' })] }, 'spec.containers[1].resources.requests.cpu', 'two'],
    ['an init container limit', { containers: [], initContainers: [c(), c(undefined, { memory: '1..2' })] }, 'spec.initContainers[1].resources.limits.memory', '1..2'],
    ['a pod-level request', { containers: [], resources: { requests: { cpu: 'lots' } } }, 'spec.resources.requests.cpu', 'lots'],
    ['a pod-level limit', { containers: [], resources: { limits: { memory: '' } } }, 'spec.resources.limits.memory', ''],
    ['overhead', { containers: [], overhead: { cpu: 'x' } }, 'spec.overhead.cpu', 'x'],
    ['a value that is not text', { containers: [c({ cpu: null as never })] }, 'spec.containers[0].resources.requests.cpu', null],
  ])('%s', (_name, spec, field, raw) => {
    // the message, and which field the API server's decoder would refuse (Jest's toThrow compares the message only)
    const err = new ResourceError(`${field}: Invalid value: ${JSON.stringify(raw)}: ${QUANTITY_REGEX}`, { field, raw, error: QUANTITY_REGEX });
    expect(() => podRequests(spec, 'spec')).toThrow(err);
    expect(() => podRequestsInUnits(spec, 'spec')).toThrow(err); // an error, not a declined answer
    expect(() => podRequestsInUnits(spec, 'spec')).toThrow(ResourceError);
  });
});

// pkg/apis/core/helper/helpers.go IsNativeResource / IsExtendedResourceName; pkg/apis/core/v1/helper IsScalarResourceName
describe('resource name classes', () => {
  test.each([
    ['cpu', true, false, false],
    ['memory', true, false, false],
    ['ephemeral-storage', true, false, false],
    ['pods', true, false, false],
    ['hugepages-2Mi', true, false, true],
    ['attachable-volumes-aws-ebs', true, false, true],
    ['kubernetes.io/batteries', true, false, true],
    ['foo.kubernetes.io/x', true, false, true],
    ['example.com/dongle', false, true, true],
    ['nvidia.com/gpu', false, true, true],
    ['example.com/bad name', false, false, false],
    ['a/b/c', false, false, false],
    ['requests.example.com/x', false, false, false],
    [`example.com/${'x'.repeat(64)}`, false, false, false],
    [`example.com/${'x'.repeat(63)}`, false, true, true],
  ])('%s: native %s, extended %s, scalar %s', (name, native, extended, scalar) => {
    expect([isNativeResource(name), isExtendedResourceName(name), isScalarResourceName(name)]).toEqual([native, extended, scalar]);
  });
});
