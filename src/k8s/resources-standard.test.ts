// standardPodRequests, the plain-number PodRequests that PodInfo and podUsage take for the common pod (containers and
// init containers with cpu, memory and ephemeral-storage only): upstream's figures where it answers
// (component-helpers resource/helpers.go AggregateContainerRequests, cases from helpers_test.go TestPodResourceRequests
// and TestPodRequestsAndLimits, after SetDefaults_Pod), the same as the exact path (podRequests), and undefined for
// every other pod, which then takes the general path (and its decoding errors).
//
// Its amounts are cached per text across calls (and the mutation run keeps one module instance for every test), so
// each test spells its amounts afresh: upstream's figures scaled by a random unit `u`.
import type { Container, PodSpec } from '../core/types';
import { withConfiguration } from '../core/config';
import { podRequests, standardPodRequests } from './resources';

const Mi = 2 ** 20;
type R = Record<string, string | number>;
// YAML numbers (`cpu: 2`) as well as text: the decoder reads both as quantities
const c = (requests?: R, limits?: R, extra: Partial<Container> = {}): Container => ({
  name: 'c', image: 'i', ...extra, resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) },
}) as Container;
const sidecar = (requests?: R, limits?: R) => c(requests, limits, { restartPolicy: 'Always' });

/** The exact path in the scheduler's units (framework.Resource: milli-cpu, bytes). */
const exactUnits = (spec: PodSpec) => {
  const r = podRequests(spec, 'spec');
  return [Number((r.get('cpu') ?? 0n) / 10n ** 6n), Number((r.get('memory') ?? 0n) / 10n ** 9n), Number((r.get('ephemeral-storage') ?? 0n) / 10n ** 9n)];
};

// a fresh unit for every test: amounts no cache has seen (1 ≤ u < 10^6, so every sum below stays a safe integer)
let u = 0;
const freshUnit = () => {
  u = 1 + Math.floor(Math.random() * 999_999);
};
freshUnit();
beforeEach(freshUnit);
/** test.each over a table that each test builds again, with its own `u` (rows named uniquely). */
const eachFresh = <T extends unknown[]>(table: () => Array<[string, ...T]>) => (title: string, fn: (...row: T) => void) =>
  test.each(table().map(([name]) => name))(title, (name) => fn(...(table().find(([n]) => n === name)!.slice(1) as T)));
const m = (k: number) => `${k * u}m`; // k·u milli-cpu
const cpuOf = (k: number) => k * u; // in milli-cpu

describe('upstream figures, scaled: standardPodRequests answers them, as the exact path does', () => {
  eachFresh<[PodSpec, [number, number, number]]>(() => [
    // helpers_test.go TestPodResourceRequests
    ['nil options, larger init container', { containers: [c({ cpu: m(1) })], initContainers: [c({ cpu: m(4) })] }, [cpuOf(4), 0, 0]],
    ['nil options, larger containers', { containers: [c({ cpu: m(2) }), c({ cpu: m(3) })], initContainers: [c({ cpu: m(2) })] }, [cpuOf(5), 0, 0]],
    ['restartable init container', { containers: [c({ cpu: m(1) })], initContainers: [sidecar({ cpu: m(1) })] }, [cpuOf(2), 0, 0]],
    ['multiple restartable init containers', {
      containers: [c({ cpu: m(1) })], initContainers: [c({ cpu: m(5) }), sidecar({ cpu: m(1) }), sidecar({ cpu: m(2) }), sidecar({ cpu: m(3) })],
    }, [cpuOf(7), 0, 0]],
    ['multiple restartable and regular init containers', {
      containers: [c({ cpu: m(1) })], initContainers: [c({ cpu: m(5) }), sidecar({ cpu: m(1) }), sidecar({ cpu: m(2) }), c({ cpu: m(5) }), sidecar({ cpu: m(3) })],
    }, [cpuOf(8), 0, 0]],
    ['restartable-init, init and regular', { containers: [c({ cpu: m(100) })], initContainers: [sidecar({ cpu: m(10) }), c({ cpu: m(200) })] }, [cpuOf(210), 0, 0]],
    // TestPodRequestsAndLimits "two container no overhead": requests win over limits, limits only default
    ['two container no overhead - should just be sum of containers', {
      containers: [c({ cpu: m(1), memory: 5 * u }, { cpu: m(2), memory: 10 * u }), c({ cpu: m(4), memory: 12 * u }, { cpu: m(8), memory: 24 * u })],
    }, [cpuOf(5), 17 * u, 0]],
    // TestPodLevelResourceRequests "container-level resources, init and sidecar container set" (memory and cpu)
    ['container-level resources, init and sidecar container set', {
      containers: [c({ memory: `${3 * u}Mi`, cpu: m(2) })], initContainers: [sidecar({ memory: `${5 * u}Mi`, cpu: m(4) }), c({ memory: `${6 * u}Mi`, cpu: m(8) })],
    }, [cpuOf(12), 11 * u * Mi, 0]],
  ])('%s', (spec, want) => {
    expect(standardPodRequests(spec)).toEqual(want);
    expect(exactUnits(spec)).toEqual(want);
  });
});

describe('the three resources, each in its own place, from requests or (SetDefaults_Pod) limits', () => {
  eachFresh<[PodSpec, [number, number, number]]>(() => [
    ['cpu, memory and ephemeral-storage apart', { containers: [c({ cpu: m(3), memory: `${5 * u}Mi`, 'ephemeral-storage': `${7 * u}k` })] }, [cpuOf(3), 5 * u * Mi, 7000 * u]],
    ['each from its limit', { containers: [c(undefined, { cpu: m(3), memory: `${5 * u}Mi`, 'ephemeral-storage': `${7 * u}k` })] }, [cpuOf(3), 5 * u * Mi, 7000 * u]],
    ['a request over its limit, per resource', { containers: [c({ cpu: m(2) }, { cpu: m(9), memory: 4 * u })] }, [cpuOf(2), 4 * u, 0]],
    ['YAML numbers: whole cpus and bytes', { containers: [c({ cpu: u, memory: 3 * u, 'ephemeral-storage': 2 * u })] }, [1000 * u, 3 * u, 2 * u]],
    ['an explicit zero, spelled afresh', { containers: [c({ cpu: '0'.repeat(1 + (u % 997)), memory: 3 * u }), c({ cpu: m(2) })] }, [cpuOf(2), 3 * u, 0]],
    ['a container without resources counts nothing, before or after others', { containers: [{ name: 'a', image: 'i' }, c({ cpu: m(2) }), { name: 'b', image: 'i' }] }, [cpuOf(2), 0, 0]],
    ['empty resources and lists', { containers: [{ name: 'a', image: 'i', resources: {} }, c({}, {}), c({ memory: 9 * u })] }, [0, 9 * u, 0]],
    ['no containers listed', { initContainers: [c({ cpu: m(6) })] } as PodSpec, [cpuOf(6), 0, 0]],
    ['no init containers listed', { containers: [c({ memory: 2 * u })] }, [0, 2 * u, 0]],
  ])('%s', (spec, want) => {
    expect(standardPodRequests(spec)).toEqual(want);
    expect(exactUnits(spec)).toEqual(want);
  });

  test('an Infeasible resize without status resources: the plain answer up to 1.36, from 1.37 the general path (it counts nothing)', () => {
    const spec: PodSpec = { containers: [c({ cpu: m(4) })] };
    const status = { phase: 'Running', conditions: [{ type: 'PodResizePending', status: 'True', reason: 'Infeasible' }] };
    withConfiguration({ kubernetesVersion: '1.36' }, () => expect(standardPodRequests(spec, status as never)).toEqual([cpuOf(4), 0, 0]));
    withConfiguration({ kubernetesVersion: '1.37' }, () => expect(standardPodRequests(spec, status as never)).toBeUndefined());
  });
  test('a status without resources is no resize in flight (hasStatusResources): the plain answer', () => {
    const spec: PodSpec = { containers: [c({ cpu: m(4) })] };
    const status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'c', ready: true }] };
    expect(standardPodRequests(spec, status as never)).toEqual([cpuOf(4), 0, 0]);
  });
});

describe('every other pod: undefined, for the general path', () => {
  const one = (resources: unknown): PodSpec => ({ containers: [{ name: 'c', image: 'i', resources } as Container] });
  eachFresh<[PodSpec]>(() => [
    ['an amount that does not decode, though a request replaces it (the API server refuses it)', one({ requests: { cpu: m(1) }, limits: { cpu: `${u}x` } })],
    ['an amount that is not text or a number', one({ requests: { memory: m(1), cpu: null } })],
    ['a boolean amount', one({ requests: { cpu: true } })],
    ['a negative amount', one({ requests: { cpu: `-${u}m` } })],
    ['a negative amount in whole units', one({ requests: { memory: -u } })],
    ['a fraction of a milli-cpu', one({ requests: { cpu: `${u}.5m` } })],
    ['a fraction of a byte', one({ requests: { memory: `${u}.5` } })],
    ['an amount beyond 2^53', one({ requests: { memory: String(2 ** 53 + 2 * u) } })],
    ['a sum beyond 2^53 of parts within it', { containers: [c({ memory: String(2 ** 52 + u) }), c({ memory: String(2 ** 52 + u) })] }],
    ['a sum beyond 2^53 through a sidecar', { containers: [c({ memory: String(2 ** 52 + u) })], initContainers: [sidecar({ memory: String(2 ** 52 + u) })] }],
    ['another resource', one({ requests: { cpu: m(1), 'example.com/dongle': '1' } })],
    ['another resource in a limit', one({ limits: { pods: '1' } })],
  ])('%s', (spec) => {
    expect(standardPodRequests(spec)).toBeUndefined();
  });

  // what the API server's decoder refuses (the general path reports it): not an object or a list where one belongs
  eachFresh<[unknown]>(() => [
    ['a null container', { containers: [null] }],
    ['a container that is text', { containers: ['c'] }],
    ['a null init container', { containers: [c({ cpu: m(1) })], initContainers: [null] }],
    ['null resources', { containers: [{ name: 'c', image: 'i', resources: null }] }],
    ['resources that are text', { containers: [{ name: 'c', image: 'i', resources: 'lots' }] }],
    ['null requests', { containers: [{ name: 'c', image: 'i', resources: { requests: null } }] }],
    ['limits that are text', { containers: [{ name: 'c', image: 'i', resources: { limits: 'cpu=1' } }] }],
    ['limits that are a number', { containers: [{ name: 'c', image: 'i', resources: { limits: 5 } }] }],
    ['requests that are empty text', { containers: [{ name: 'c', image: 'i', resources: { requests: '' } }] }],
    ['containers that are not a list', { containers: { name: 'c' } }],
    ['init containers that are not a list', { containers: [c({ cpu: m(1) })], initContainers: { name: 'i' } }],
  ])('%s', (spec) => {
    expect(standardPodRequests(spec as PodSpec)).toBeUndefined();
  });

  test('a sum beyond 2^53 is left to the exact path, which keeps it', () => {
    const part = 2n ** 52n + BigInt(u);
    const spec: PodSpec = { containers: [c({ 'ephemeral-storage': String(part) }), c({ 'ephemeral-storage': String(part) })] };
    expect(standardPodRequests(spec)).toBeUndefined();
    expect(podRequests(spec, 'spec').get('ephemeral-storage')).toBe(2n * part * 10n ** 9n);
  });
});
