// The PreFilterExtensions preemption's dry run reads (AddPod/RemovePod: podtopologyspread/filtering.go,
// interpodaffinity/filtering.go and volumerestrictions/volume_restrictions.go updateWithPod, the same v1.33.13–v1.37.2):
// where upstream's update counts as its PreFilter does, a state changed pod by pod gives the Filter verdict PreFilter
// gives over the changed cluster; where it does not (a terminating pod, another namespace's claim of the same name),
// the state follows upstream's update.
import fc from 'fast-check';
import type { Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { toSubject } from '../../../k8s/subject';
import type { ClusterPlugin } from '../../cycle';
import { podInfo, type PodInfo } from '../../framework';
import { buildSnapshot, groupByNode, type NodeSnapshot, type Snapshot } from '../../snapshot';
import { PodTopologySpread } from '../podtopologyspread';
import { DomainCounts, type PreFilterState as SpreadState } from '../podtopologyspread/state';
import { InterPodAffinity } from '../interpodaffinity';
import { VolumeRestrictions } from '../volumerestrictions';

beforeEach(() => configure({ kubernetesVersion: '1.37', admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const ZONES = ['z1', 'z2', 'z3'];
const node = (name: string, zone: string): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } }, status: { allocatable: { cpu: '8', memory: '8Gi', pods: '110' } } }) as Node;
const HOST = 'kubernetes.io/hostname';
const anti = (app: string, topologyKey: string) => ({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey }] } });
const affinity = (app: string, topologyKey: string) => ({ podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app } }, topologyKey }] } });
function pod(name: string, o: { node?: string; app: string; namespace?: string; extra?: object; terminating?: boolean }): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: o.namespace ?? 'default', labels: { app: o.app }, ...(o.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
    spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...(o.node ? { nodeName: o.node } : {}), ...o.extra },
    status: { phase: 'Running' },
  } as Pod;
}

function stateOf<S>(plugin: ClusterPlugin<S>, info: PodInfo, snapshot: Snapshot): S | undefined {
  const r = plugin.preFilter(info, snapshot);
  return 'state' in r ? r.state : undefined;
}
/** The Filter's verdict as preemption reads it: undefined, or the code and reasons. */
function verdict<S>(plugin: ClusterPlugin<S>, info: PodInfo, entry: NodeSnapshot, state: S | undefined) {
  const s = state === undefined ? undefined : plugin.filter(info, entry, state);
  return s && { code: s.code, reasons: s.reasons };
}

const incomingArb = fc.record({
  app: fc.constantFrom('a', 'b'),
  spread: fc.constantFrom(undefined, HOST, 'topology.kubernetes.io/zone'),
  minDomains: fc.constantFrom(undefined, 4),
  anti: fc.constantFrom(undefined, HOST, 'topology.kubernetes.io/zone'),
  affinity: fc.constantFrom(undefined, 'topology.kubernetes.io/zone'),
});
const existingArb = fc.record({
  node: fc.nat({ max: 5 }),
  app: fc.constantFrom('a', 'b', 'c'),
  namespace: fc.constantFrom('default', 'default', 'team'),
  anti: fc.constantFrom(undefined, undefined, 'a', 'b'),
});

describe('AddPod/RemovePod against PreFilter over the changed cluster', () => {
  test('PodTopologySpread and InterPodAffinity: removing a node\'s pods one by one, then adding them back, gives the verdicts PreFilter gives', () => {
    fc.assert(fc.property(incomingArb, fc.array(existingArb, { minLength: 1, maxLength: 14 }), fc.nat({ max: 5 }), fc.array(fc.boolean(), { minLength: 14, maxLength: 14 }), (inc, drawn, target, removed) => {
      const nodes = Array.from({ length: 6 }, (_, i) => node(`n${i}`, ZONES[i % 3]));
      const pods = drawn.map((d, i) => pod(`p${i}`, { node: `n${d.node}`, app: d.app, namespace: d.namespace, extra: d.anti ? { affinity: anti(d.anti, HOST) } : {} }));
      const incoming = pod('incoming', {
        app: inc.app,
        extra: {
          ...(inc.spread ? { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: inc.spread, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: inc.app } }, ...(inc.minDomains ? { minDomains: inc.minDomains } : {}) }] } : {}),
          ...(inc.anti || inc.affinity ? { affinity: { ...(inc.anti ? anti(inc.app, inc.anti) : {}), ...(inc.affinity ? affinity('c', inc.affinity) : {}) } } : {}),
        },
      });
      const info = podInfo(toSubject(incoming));
      const snapshot = buildSnapshot(nodes, groupByNode(pods));
      const entry = snapshot.byName.get(`n${target}`)!;
      const onNode = entry.pods;
      const gone = onNode.filter((_, i) => removed[i]);
      const left = pods.filter((p) => !gone.includes(p));
      const changed = buildSnapshot(nodes, groupByNode(left));
      const changedEntry = changed.byName.get(`n${target}`)!;
      for (const plugin of [PodTopologySpread, InterPodAffinity] as unknown as Array<ClusterPlugin<object>>) {
        const base = stateOf(plugin, info, snapshot);
        const want = verdict(plugin, info, changedEntry, stateOf(plugin, info, changed));
        if (base === undefined) {
          // Skip: no pod the cluster holds changes that (the state would count nothing)
          expect(want).toBeUndefined();
          continue;
        }
        let state = base;
        for (const p of gone) state = plugin.removePod!(info, state, p, entry);
        expect(verdict(plugin, info, changedEntry, state)).toEqual(want);
        for (const p of gone) state = plugin.addPod!(info, state, p, entry);
        expect(verdict(plugin, info, entry, state)).toEqual(verdict(plugin, info, entry, base));
      }
    }), { numRuns: 300 });
  });

  test('a pod changing nothing leaves the state as it is, and the cycle\'s own state is never changed', () => {
    const nodes = [node('n0', 'z1'), node('n1', 'z2')];
    const pods = [pod('x', { node: 'n0', app: 'a' }), pod('y', { node: 'n0', app: 'other' })];
    const incoming = pod('incoming', { app: 'a', extra: { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'a' } } }] } });
    const info = podInfo(toSubject(incoming));
    const snapshot = buildSnapshot(nodes, groupByNode(pods));
    const base = stateOf(PodTopologySpread, info, snapshot)!;
    expect(PodTopologySpread.removePod!(info, base, pods[1], snapshot.nodes[0])).toBe(base);
    const without = PodTopologySpread.removePod!(info, base, pods[0], snapshot.nodes[0]);
    expect([...without.counts[0]]).toEqual([['z1', 0], ['z2', 0]]);
    expect([...base.counts[0]]).toEqual([['z1', 1], ['z2', 0]]);
  });
});

describe('where upstream\'s update differs from its PreFilter', () => {
  test('PodTopologySpread: RemovePod counts a terminating pod out though PreFilter never counted it (updateWithPod reads no DeletionTimestamp)', () => {
    const nodes = [node('n0', 'z1'), node('n1', 'z2')];
    const dying = pod('dying', { node: 'n0', app: 'a', terminating: true });
    const pods = [pod('x', { node: 'n0', app: 'a' }), dying, pod('y', { node: 'n1', app: 'a' })];
    const incoming = pod('incoming', { app: 'a', extra: { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'a' } } }] } });
    const info = podInfo(toSubject(incoming));
    const snapshot = buildSnapshot(nodes, groupByNode(pods));
    const base = stateOf(PodTopologySpread, info, snapshot) as SpreadState;
    expect([...base.counts[0]]).toEqual([['z1', 1], ['z2', 1]]);
    const after = PodTopologySpread.removePod!(info, base, dying, snapshot.byName.get('n0')!);
    expect([...after.counts[0]]).toEqual([['z1', 0], ['z2', 1]]);
    // a pod of another namespace changes nothing (updatedPod.Namespace != preemptorPod.Namespace)
    expect(PodTopologySpread.removePod!(info, base, pod('elsewhere', { node: 'n0', app: 'a', namespace: 'team' }), snapshot.byName.get('n0')!)).toBe(base);
  });

  test('VolumeRestrictions: the ReadWriteOncePod count falls with the pod using the claim, and counts a claim of that name in any namespace', () => {
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'db', namespace: 'default' }, spec: { accessModes: ['ReadWriteOncePod'] } };
    const user = (name: string, namespace = 'default') => pod(name, { node: 'n0', app: 'db', namespace, extra: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'db' } }] } });
    const holder = user('holder');
    const nodes = [node('n0', 'z1')];
    const info = podInfo(toSubject(pod('incoming', { app: 'db', extra: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'db' } }] } })));
    const snapshot = buildSnapshot(nodes, groupByNode([holder]), undefined, undefined, [claim as never]);
    const base = stateOf(VolumeRestrictions, info, snapshot)!;
    const entry = snapshot.nodes[0];
    expect(verdict(VolumeRestrictions, info, entry, base)?.code).toBe('Unschedulable');
    const freed = VolumeRestrictions.removePod!(info, base, holder, entry);
    expect(verdict(VolumeRestrictions, info, entry, freed)).toBeUndefined();
    expect(verdict(VolumeRestrictions, info, entry, VolumeRestrictions.addPod!(info, freed, holder, entry))?.code).toBe('Unschedulable');
    // conflictingPVCRefCountForPod matches the claim by name only
    expect(VolumeRestrictions.removePod!(info, base, user('other-ns', 'team'), entry).conflicting).toBe(0);
    expect(VolumeRestrictions.removePod!(info, base, pod('plain', { node: 'n0', app: 'x' }), entry)).toBe(base);
  });
});

describe('the counts RemovePod and AddPod change (one domain per node, as filtering.go\'s two critical paths assume)', () => {
  test('size, counts and minimum over the shared PreFilter counts', () => {
    fc.assert(fc.property(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 6 }), fc.nat({ max: 7 }), fc.array(fc.constantFrom(1, -1), { maxLength: 5 }), (matched, pick, deltas) => {
      const domains = matched.map((_, i) => `d${i}`);
      const counts = new DomainCounts(new Map(domains.map((d) => [d, 0])));
      matched.forEach((n, i) => { for (let k = 0; k < n; k++) counts.add(domains[i]); });
      // a domain PreFilter held, or one it did not (upstream's `+=` adds the key)
      const domain = pick < domains.length ? domains[pick] : 'new';
      let changed: ReturnType<DomainCounts['plus']> = counts;
      for (const d of deltas) changed = changed.plus(domain, d);
      const want = new Map(counts.entries());
      if (deltas.length) want.set(domain, (want.get(domain) ?? 0) + deltas.reduce((a, b) => a + b, 0));
      expect(new Map(changed.entries())).toEqual(want);
      expect(changed.size).toBe(want.size);
      expect(changed.min()).toBe(Math.min(...want.values()));
      expect(changed.count(domain)).toBe(want.get(domain) ?? 0);
    }), { numRuns: 300 });
  });
});
