// The node lifecycle controller: Ready=Unknown after the grace period, the NoSchedule condition taint, and the
// zone-aware, rate-limited NoExecute tainting
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go @003e8629, and its scheduler/rate_limited_queue.go).
import type { Node } from '../core/types';
import { releaseAtLeast, settings } from '../core/config';
import type { NodeState, World } from './world';

export const UNREACHABLE_TAINT = 'node.kubernetes.io/unreachable';
export const NOT_READY_TAINT = 'node.kubernetes.io/not-ready';

/**
 * --node-monitor-grace-period. 50 s since v1.32 (kubernetes/kubernetes PR #126287, "The default value for
 * node-monitor-grace-period has been increased to 50s (earlier 40s)"); 40 s in
 * pkg/controller/nodelifecycle/config/v1alpha1/defaults.go up to v1.31.
 */
export const NODE_MONITOR_GRACE_PERIOD = 50;
/** --node-monitor-period: one monitorNodeHealth pass (staging/src/k8s.io/cloud-provider/config/v1alpha1/defaults.go). */
export const NODE_MONITOR_PERIOD = 5;
/** --node-eviction-rate: nodes tainted NoExecute per second, per zone. */
export const NODE_EVICTION_RATE = 0.1;
/** --secondary-node-eviction-rate: in a PartialDisruption zone larger than the threshold below. */
export const SECONDARY_NODE_EVICTION_RATE = 0.01;
/** --large-cluster-size-threshold, compared with the zone's node count (ReducedQPSFunc), strictly greater. */
export const LARGE_CLUSTER_SIZE_THRESHOLD = 50;
/** --unhealthy-zone-threshold. */
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;
/** labelNodeDisruptionExclusion: such nodes are left out of their zone's counts (still tainted themselves). */
export const EXCLUDE_DISRUPTION_LABEL = 'node.kubernetes.io/exclude-disruption';

export type ZoneState = 'Normal' | 'PartialDisruption' | 'FullDisruption';

/**
 * ComputeZoneState: no Ready node (and some not Ready) → FullDisruption; more than 2 not Ready and their share
 * (float32) at least the threshold → PartialDisruption; else Normal.
 */
export function computeZoneState(ready: number, notReady: number, threshold = UNHEALTHY_ZONE_THRESHOLD): ZoneState {
  if (ready === 0 && notReady > 0) return 'FullDisruption';
  if (notReady > 2 && Math.fround(notReady / (notReady + ready)) >= Math.fround(threshold)) return 'PartialDisruption';
  return 'Normal';
}

/**
 * setLimiterInZone: Normal → --node-eviction-rate; PartialDisruption → ReducedQPSFunc(zone size): the secondary
 * rate when the zone has more than --large-cluster-size-threshold nodes, else 0 (no NoExecute taints);
 * FullDisruption → HealthyQPSFunc: the normal rate. (Every zone fully disrupted is handled by handleDisruption.)
 */
export function zoneEvictionRate(state: ZoneState, zoneSize: number): number {
  if (state === 'PartialDisruption') return zoneSize > LARGE_CLUSTER_SIZE_THRESHOLD ? SECONDARY_NODE_EVICTION_RATE : 0;
  return NODE_EVICTION_RATE;
}

/**
 * GetZoneKey (staging/src/k8s.io/component-helpers/node/topology/helpers.go): region and zone, each from the
 * failure-domain.beta.kubernetes.io label if present, else topology.kubernetes.io; "" when neither is set.
 */
export function zoneKey(node: Node): string {
  const labels = node.metadata?.labels ?? {};
  const zone = labels['failure-domain.beta.kubernetes.io/zone'] ?? labels['topology.kubernetes.io/zone'] ?? '';
  const region = labels['failure-domain.beta.kubernetes.io/region'] ?? labels['topology.kubernetes.io/region'] ?? '';
  if (!region && !zone) return '';
  return `${region}:\u0000:${zone}`;
}

/** The zone key as people write it: `zone`, `region/zone`, or `(no zone label)`. */
export function zoneName(key: string): string {
  if (key === '') return '(no zone label)';
  const [region, zone] = key.split(':\u0000:');
  return region ? `${region}/${zone}` : zone;
}

/**
 * When the k-th node queued in a zone gets its NoExecute taint: RateLimitedTimedQueue.Try takes one token of a
 * token bucket (burst 1, EvictionRateLimiterBurst) per node, draining the queue every 100 ms; the bucket is full
 * when the zone was Normal before, so the first node is tainted at once and each next one 1/rate later.
 * A rate of 0 (SwapLimiter(0), the never-accepting limiter) taints none.
 */
export function noExecuteTaintTimes(start: number, count: number, rate: number): number[] {
  if (rate <= 0) return [];
  const step = tokenInterval(rate);
  // whole milliseconds
  return Array.from({ length: count }, (_, k) => start + Math.round(k * step * 1000) / 1000);
}

/**
 * Seconds between two NoExecute taints of a zone: the limiter is golang.org/x/time/rate's, built from the flag's
 * float32 (flowcontrol.NewTokenBucketRateLimiter(qps float32, …): rate.Limit(qps)), and a token is looked for at each
 * tainting pass (NodeEvictionPeriod, 100 ms), so the next taint waits for the first pass at which a whole token has
 * come back: float32(0.1) is a little above 0.1 (a token after exactly 10 s), float32(0.01) a little below 0.01 (after
 * 100 s the bucket holds 0.99999998: the token is taken at the next pass, 100.1 s; every further node 100.1 s more).
 * Found by the outage oracle (bin/oracle-outage, upstream's NodeLifecycleController in virtual time).
 */
export function tokenInterval(rate: number): number {
  const limit = Math.fround(rate);
  let passes = Math.ceil(1 / (0.1 * limit));
  while (passes > 1 && (passes - 1) * 0.1 * limit >= 1) passes--;
  while (passes * 0.1 * limit < 1) passes++;
  return passes / 10;
}

export interface ZoneView {
  key: string;
  name: string;
  /** Nodes counted (those without the exclude-disruption label). */
  size: number;
  notReady: number;
  state: ZoneState;
  /** NoExecute taints per second in this zone. */
  rate: number;
}

/**
 * handleDisruption for one pass after the failed nodes turned not Ready together: each zone's state and rate;
 * when every zone is FullDisruption ("master disruption mode") every rate is 0 and existing NoExecute
 * condition taints are removed (markNodeAsReachable on every node).
 */
export function zonesAfterFailure(nodes: readonly Node[], failed: ReadonlySet<string>): { zones: ZoneView[]; allFullyDisrupted: boolean } {
  const counts = new Map<string, { size: number; notReady: number }>();
  for (const n of nodes) {
    if (n.metadata?.labels?.[EXCLUDE_DISRUPTION_LABEL] !== undefined) continue;
    const key = zoneKey(n);
    const c = counts.get(key) ?? { size: 0, notReady: 0 };
    c.size++;
    // a node already not Ready in the input counts too; one without conditions is taken as Ready (as everywhere here)
    const ready = n.status?.conditions?.find((x) => x.type === 'Ready')?.status ?? 'True';
    if (failed.has(n.metadata?.name ?? '') || ready !== 'True') c.notReady++;
    counts.set(key, c);
  }
  const zones = [...counts].map(([key, c]) => {
    const state = computeZoneState(c.size - c.notReady, c.notReady);
    return { key, name: zoneName(key), size: c.size, notReady: c.notReady, state, rate: zoneEvictionRate(state, c.size) };
  });
  const allFullyDisrupted = zones.length > 0 && zones.every((z) => z.state === 'FullDisruption');
  if (allFullyDisrupted) for (const z of zones) z.rate = 0;
  return { zones, allFullyDisrupted };
}

/**
 * Seconds between Ready=Unknown and the node entering its zone's NoExecute tainting queue. Before v1.34,
 * processTaintBaseEviction read the Ready condition observed before the pass (still True when tryUpdateNodeHealth
 * sets Unknown), so the node was queued one --node-monitor-period (5 s) later; kubernetes/kubernetes #120816
 * (fixes #120815, v1.34) passes the current condition. A live kubelet's Ready=False is already observed: no lag.
 */
export function noExecuteLag(down: 'unreachable' | 'notReady' | undefined, version = settings().kubernetesVersion): number {
  return down === 'unreachable' && !releaseAtLeast('1.34', version) ? NODE_MONITOR_PERIOD : 0;
}

/**
 * The controller over the world's failed nodes (world.down says how they fail): monitorNodeHealth /
 * tryUpdateNodeHealth set Ready=Unknown once the grace period has passed without a heartbeat (a live kubelet's
 * Ready=False is seen at once); doNoScheduleTaintingPass adds the NoSchedule taint on that update;
 * processTaintBaseEviction queues the node for its zone's rate-limited NoExecute tainting.
 */
export class NodeLifecycleController {
  /** Zone states when the failed nodes turned not Ready (empty before, and for a taint condition). */
  zones: ZoneView[] = [];
  /** Every zone FullDisruption: no NoExecute tainting at all. */
  allZonesFullyDisrupted = false;

  constructor(private readonly world: World, private readonly gracePeriod = NODE_MONITOR_GRACE_PERIOD) {}

  /** Queue the Ready transition of the failed nodes (nothing for a taint condition: the nodes stay Ready). */
  start() {
    const down = this.world.down;
    if (!down) return;
    this.world.at(down === 'unreachable' ? this.gracePeriod : 0, () => this.notReady());
  }

  private taintKey() {
    return this.world.down === 'unreachable' ? UNREACHABLE_TAINT : NOT_READY_TAINT;
  }

  /** The pass that sees the failed nodes not Ready: condition, NoSchedule taint, handleDisruption, the zone queues. */
  private notReady() {
    const { world } = this;
    const failed = world.failedStates();
    const key = this.taintKey();
    for (const n of failed) {
      n.ready = world.down === 'unreachable' ? 'Unknown' : 'False';
      n.notReadyAt = world.now;
      world.setTaints(n, [...n.added, { key, effect: 'NoSchedule' }]);
      world.emit('node-lifecycle-controller', `Node ${n.name}`, 'NodeNotReady',
        world.down === 'unreachable'
          ? `Ready=Unknown (Kubelet stopped posting node status.) after the ${this.gracePeriod}s grace period; taint ${key}:NoSchedule; its pods marked Ready=False`
          : `Ready=False; taint ${key}:NoSchedule; its pods marked Ready=False`);
    }
    const result = zonesAfterFailure(world.nodes, new Set(failed.map((n) => n.name)));
    this.zones = result.zones;
    this.allZonesFullyDisrupted = result.allFullyDisrupted;
    if (this.allZonesFullyDisrupted) {
      world.emit('node-lifecycle-controller', 'Cluster', 'MasterDisruptionMode',
        'every zone is FullDisruption ("Controller detected that all Nodes are not-Ready. Entering master disruption mode"): no NoExecute taints, so no pod is evicted');
      return;
    }
    const byZone = new Map<string, NodeState[]>();
    for (const n of failed) byZone.set(zoneKey(n.original), [...(byZone.get(zoneKey(n.original)) ?? []), n]);
    for (const [k, list] of byZone) this.queueZone(k, list);
  }

  /** One zone's RateLimitedTimedQueue: its state's event, then each node's NoExecute taint at the zone's rate. */
  private queueZone(key: string, list: NodeState[]) {
    const { world } = this;
    const z = this.zones.find((v) => v.key === key);
    const rate = z?.rate ?? NODE_EVICTION_RATE;
    if (z) {
      const how = rate === 0
        ? `no NoExecute taints: a PartialDisruption zone of ${z.size} nodes (not more than 50) stops evictions (ReducedQPSFunc)`
        : `NoExecute taints at ${rate} nodes/s${list.length > 1 ? `, one node every ${1 / rate}s` : ''}`;
      world.emit('node-lifecycle-controller', `Zone ${z.name}`, z.state, `${z.notReady} of ${z.size} nodes not Ready: ${how}`);
    }
    const taint = this.taintKey();
    noExecuteTaintTimes(world.now + noExecuteLag(world.down), list.length, rate).forEach((t, i) =>
      world.at(t, () => {
        const lag = noExecuteLag(world.down) ? `, queued one ${NODE_MONITOR_PERIOD}s monitor pass after Ready=Unknown as before v1.34` : '';
        world.emit('node-lifecycle-controller', `Node ${list[i].name}`, 'TaintNoExecute', `taint ${taint}:NoExecute (zone ${z?.name ?? '?'} tainting queue${lag})`);
        world.addTaint(list[i], { key: taint, effect: 'NoExecute' });
      }));
  }

  /** The zone a node is in, as handleDisruption saw it. */
  zoneOf(node: Node): ZoneView | undefined {
    return this.zones.find((z) => z.key === zoneKey(node));
  }
}
