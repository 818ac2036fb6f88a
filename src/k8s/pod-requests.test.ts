// Property: the pod's requests in numbers (podRequestsInUnits, the fast path PodInfo takes) are exactly what the
// exact path gives (podRequests in nano-units, rounded by toResources as framework.Resource does), or the fast path
// declines (undefined) — for random containers, init containers (sidecars too), pod-level resources and overhead,
// with quantities that are whole units, fractions, sub-milli amounts and amounts beyond 2^53.
import fc from 'fast-check';
import { podRequests, podRequestsInUnits, standardPodRequests } from './resources';
import { toResources } from '../scheduler/framework';
import type { PodSpec } from '../core/types';

const quantity = fc.oneof(
  { weight: 12, arbitrary: fc.tuple(fc.integer({ min: 0, max: 4000 }), fc.constantFrom('', 'k', 'M', 'G', 'Ki', 'Mi', 'Gi')).map(([n, s]) => `${n}${s}`) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 64 }).map((n) => `${n * 1000}m`) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 64 }) },
  { weight: 1, arbitrary: fc.constantFrom('0.5', '1.5Gi', '0.1', '100u', '1n', '2.5m', '7m', '9007199254740993', '8Ei', '1e3', '12E6', '-1') },
);
const list = fc.dictionary(fc.constantFrom('cpu', 'memory', 'ephemeral-storage', 'nvidia.com/gpu', 'hugepages-2Mi', 'pods'), quantity, { maxKeys: 4 });
const container = fc.record(
  { requests: list, limits: list, sidecar: fc.boolean() },
  { requiredKeys: ['sidecar'] },
).map(({ requests, limits, sidecar }) => ({
  name: 'c',
  image: 'i',
  ...(sidecar ? { restartPolicy: 'Always' } : {}),
  resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) },
}));
// mostly the three resources the plain-number path takes, sometimes another (which it must decline)
const standardList = fc.dictionary(fc.constantFrom('cpu', 'memory', 'ephemeral-storage', 'cpu', 'memory', 'nvidia.com/gpu'), quantity, { maxKeys: 3 });
const standardContainer = fc.record({ requests: standardList, limits: standardList, sidecar: fc.boolean() }, { requiredKeys: ['sidecar'] })
  .map(({ requests, limits, sidecar }) => ({
    name: 'c', image: 'i', ...(sidecar ? { restartPolicy: 'Always' } : {}),
    // a container without `resources` (the oracle's shrunk case: it must count 0, not the container before it)
    ...(requests || limits ? { resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } } : {}),
  }));
const standardSpec = fc.record({ containers: fc.array(standardContainer, { minLength: 1, maxLength: 3 }), initContainers: fc.array(standardContainer, { maxLength: 3 }) }, { requiredKeys: ['containers'] }) as fc.Arbitrary<PodSpec>;
const spec = fc.record(
  {
    containers: fc.array(container, { minLength: 1, maxLength: 3 }),
    initContainers: fc.array(container, { maxLength: 3 }),
    resources: fc.record({ requests: list, limits: list }, { requiredKeys: [] }),
    overhead: list,
  },
  { requiredKeys: ['containers'] },
) as fc.Arbitrary<PodSpec>;

test('podRequestsInUnits equals the exact PodRequests, rounded, whenever it answers', () => {
  let answered = 0;
  fc.assert(
    fc.property(spec, (s) => {
      const units = podRequestsInUnits(s, 'spec');
      if (!units) return;
      answered++;
      const r = toResources(podRequests(s, 'spec'));
      expect(r.exact).toBeUndefined();
      expect(units.get('cpu') ?? 0).toBe(r.milliCPU);
      expect(units.get('memory') ?? 0).toBe(r.memory);
      expect(units.get('ephemeral-storage') ?? 0).toBe(r.ephemeralStorage);
      for (const [name, n] of r.scalars) expect([name, units.get(name)]).toEqual([name, n]);
    }),
    { numRuns: 400 },
  );
  expect(answered).toBeGreaterThan(100); // the fast path is the common one
});

test('standardPodRequests (PodInfo\'s plain-number path) equals the exact PodRequests whenever it answers', () => {
  let answered = 0;
  fc.assert(
    fc.property(standardSpec, (plain) => {
      const standard = standardPodRequests(plain);
      if (!standard) return;
      answered++;
      const r = toResources(podRequests(plain, 'spec'));
      expect(r.exact).toBeUndefined();
      expect(standard).toEqual([r.milliCPU, r.memory, r.ephemeralStorage]);
      expect(r.scalars.size).toBe(0);
    }),
    { numRuns: 600 },
  );
  expect(answered).toBeGreaterThan(50);
});

test('standardPodRequests declines pod-level resources, overhead, other resources and invalid amounts, used or not', () => {
  const pod = (resources: object, extra: object = {}): PodSpec => ({ containers: [{ name: 'c', image: 'i', resources }], ...extra }) as PodSpec;
  expect(standardPodRequests(pod({ requests: { cpu: '1' } }))).toEqual([1000, 0, 0]);
  // the oracle's shrunk case: a container without resources after one with them counts nothing
  expect(standardPodRequests({ containers: [{ name: 'a', image: 'i', resources: { requests: { memory: '1Gi' } } }, { name: 'b', image: 'i' }] })).toEqual([0, 1073741824, 0]);
  expect(standardPodRequests(pod({ limits: { memory: '1Gi' } }))).toEqual([0, 1073741824, 0]); // the limit defaults the request
  expect(standardPodRequests(pod({ requests: { cpu: '1' }, limits: { cpu: '1x' } }))).toBeUndefined(); // unused, still refused upstream
  expect(standardPodRequests(pod({ requests: { 'nvidia.com/gpu': '1' } }))).toBeUndefined();
  expect(standardPodRequests(pod({ requests: { cpu: '-1' } }))).toBeUndefined();
  expect(standardPodRequests(pod({ requests: { cpu: '1' } }, { resources: { requests: { cpu: '2' } } }))).toBeUndefined();
  expect(standardPodRequests(pod({ requests: { cpu: '1' } }, { overhead: { cpu: '2' } }))).toBeUndefined();
  expect(standardPodRequests(pod({ requests: { cpu: '1' } }), { resources: { requests: { cpu: '2' } } })).toBeUndefined(); // a resize
});

test('podRequestsInUnits declines what numbers cannot hold exactly', () => {
  const pod = (requests: Record<string, string>): PodSpec => ({ containers: [{ name: 'c', image: 'i', resources: { requests } }] });
  expect(podRequestsInUnits(pod({ cpu: '100u' }), 'spec')).toBeUndefined(); // 0.1 milli-cpu: MilliValue rounds the sum
  expect(podRequestsInUnits(pod({ memory: '0.5' }), 'spec')).toBeUndefined(); // half a byte
  expect(podRequestsInUnits(pod({ memory: '9007199254740993' }), 'spec')).toBeUndefined(); // beyond 2^53
  expect(podRequestsInUnits(pod({ cpu: '1.5', memory: '1.5Gi' }), 'spec')).toEqual(new Map([['cpu', 1500], ['memory', 1610612736]]));
  expect(() => podRequestsInUnits(pod({ cpu: '1x' }), 'spec')).toThrow(/^spec\.containers\[0\]\.resources\.requests\.cpu: Invalid value: "1x"/);
});
