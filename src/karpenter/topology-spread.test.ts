// Topology spread in Karpenter's provisioning for one pod on an empty cluster, and Karpenter v1.15's default
// constraints (kubernetes-sigs/karpenter#3205). Each case names the upstream test or code it follows:
// pkg/controllers/provisioning/scheduling/topology_test.go ("Topology", and "DefaultConstraints" from v1.15.0),
// defaultconstraints.go, topology.go buildDomainGroups / AddRequirements, topologygroup.go nextDomainTopologySpread,
// preferences.go removeTopologySpreadScheduleAnyway.
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import { chooseNodePool } from '.';
import { configure, resetConfiguration, settings } from '../core/config';
import { DEFAULT_PLUGIN_ARGS, setActivePluginArgs, type PodTopologySpreadArgs } from '../scheduler/plugin-args';
import { karpenterRelease, KARPENTER_VERSIONS } from '../core/karpenter-releases';
import type { NodePool } from '../loader';

function nodePool(name: string, o: { requirements?: object[]; labels?: Record<string, string>; taints?: object[]; weight?: number } = {}): NodePool {
  return {
    apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
    spec: {
      ...(o.weight !== undefined ? { weight: o.weight } : {}),
      template: {
        metadata: { labels: o.labels },
        spec: { requirements: (o.requirements ?? []) as never, taints: o.taints as never, nodeClassRef: { group: 'karpenter.kwok.sh', kind: 'KWOKNodeClass', name: 'default' } },
      },
    },
  };
}

const LABELS = { app: 'web' };
const podSpec = (tsc?: TopologySpreadConstraint[], tolerations?: object[]) => ({
  containers: [{ name: 'c', image: 'pause' }], ...(tsc ? { topologySpreadConstraints: tsc } : {}), ...(tolerations ? { tolerations } : {}),
});
const deployment = (tsc?: TopologySpreadConstraint[]) => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { selector: { matchLabels: LABELS }, template: { metadata: { labels: LABELS }, spec: podSpec(tsc) } },
});
const pod = (o: { tsc?: TopologySpreadConstraint[]; owner?: object; tolerations?: object[] } = {}) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: LABELS, ...(o.owner ? { ownerReferences: [o.owner] } : {}) },
  spec: podSpec(o.tsc, o.tolerations),
});
const job = () => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', namespace: 'default' },
  spec: { template: { metadata: { labels: LABELS }, spec: { ...podSpec(), restartPolicy: 'Never' } } },
});
const spread = (topologyKey: string, whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway' = 'DoNotSchedule', extra: Partial<TopologySpreadConstraint> = {}): TopologySpreadConstraint => ({
  topologyKey, whenUnsatisfiable, maxSkew: 1, labelSelector: { matchLabels: LABELS }, ...extra,
});
const ZONE = 'topology.kubernetes.io/zone';
const HOSTNAME = 'kubernetes.io/hostname';

/** The active scheduler profile's PodTopologySpread args (cfg36's KubeSchedulerConfiguration fills them through configure). */
function schedulerDefaults(args: Partial<PodTopologySpreadArgs>) {
  setActivePluginArgs({ ...DEFAULT_PLUGIN_ARGS, PodTopologySpread: { ...DEFAULT_PLUGIN_ARGS.PodTopologySpread, ...args } });
}
const listDefaults = (...defaultConstraints: TopologySpreadConstraint[]) => schedulerDefaults({ defaultingType: 'List', defaultConstraints });
/** kube-scheduler forbids a labelSelector on a default constraint (and so does Karpenter's --scheduler-config). */
const def = (topologyKey: string, whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway' = 'DoNotSchedule', extra: Partial<TopologySpreadConstraint> = {}): TopologySpreadConstraint => ({
  topologyKey, whenUnsatisfiable, maxSkew: 1, ...extra,
});

afterEach(() => {
  resetConfiguration();
  setActivePluginArgs(DEFAULT_PLUGIN_ARGS);
});

describe('the Karpenter release table', () => {
  test('1.14 and 1.15, the newest the default; each row names its oracle module and pinned release', () => {
    expect(KARPENTER_VERSIONS).toEqual(['1.14', '1.15']);
    expect(settings().karpenterVersion).toBe('1.15');
    expect(karpenterRelease('1.14')).toMatchObject({ module: 'v1.14.3', oracle: 'karpenter-1.14', defaultTopologySpread: false });
    expect(karpenterRelease('1.15')).toMatchObject({ module: 'v1.15.0', oracle: 'karpenter-1.15', defaultTopologySpread: true });
  });

  test('configure({ karpenterVersion }) takes a modelled release and refuses any other', () => {
    configure({ karpenterVersion: '1.14' });
    expect(settings().karpenterVersion).toBe('1.14');
    expect(() => configure({ karpenterVersion: '1.13' as never })).toThrow(`configure: unsupported karpenterVersion "1.13" (supported: '1.14', '1.15')`);
    expect(settings().karpenterVersion).toBe('1.14');
  });
});

describe('a pod\'s own spread constraints, one pod on an empty cluster (both releases: topology.go is the same)', () => {
  test.each(KARPENTER_VERSIONS)('topology_test.go "should ignore unknown topology keys": a DoNotSchedule spread on a key no NodePool knows is unsatisfiable (%s)', (v) => {
    configure({ karpenterVersion: v });
    const r = chooseNodePool(pod({ tsc: [spread('unknown')] }), [nodePool('default')]);
    expect(r.chosen).toBeUndefined();
    expect(r.pools[0]).toMatchObject({ ok: false, stage: 'topology spread' });
    // topologyError.Error, its parenthesis never closed; counts is pretty.Map of no domain
    expect(r.error).toBe('Failed to schedule pod, unsatisfiable topology constraint for topology spread, key=unknown (counts = , podDomains = unknown Exists, nodeDomains = unknown Exists');
    expect(r.pools[0].details[0]).toContain('has no domain: no NodePool defines unknown');
  });

  test('the topology key is not normalized: the beta zone alias finds no domain (TopologyGroup.Key against buildDomainGroups\' normalized keys)', () => {
    const r = chooseNodePool(pod({ tsc: [spread('failure-domain.beta.kubernetes.io/zone')] }), [nodePool('default', { requirements: [{ key: ZONE, operator: 'In', values: ['a'] }] })]);
    expect(r.error).toBe('Failed to schedule pod, unsatisfiable topology constraint for topology spread, key=failure-domain.beta.kubernetes.io/zone (counts = , podDomains = topology.kubernetes.io/zone Exists, nodeDomains = topology.kubernetes.io/zone Exists');
  });

  test('the well-known zone and the new node\'s own hostname always have a domain for one pod (topology_test.go "should balance pods across zones", "… across nodes": the first pod schedules)', () => {
    const r = chooseNodePool(pod({ tsc: [spread(ZONE), spread(HOSTNAME), spread('karpenter.sh/capacity-type')] }), [nodePool('default')]);
    expect(r.chosen?.pool).toBe('default');
  });

  test('nextDomainTopologySpread narrows the new node to one zone before instance types: a pool asking for two zones (minValues 2) fails while the spread is in force (the karpenterProvision oracle domain)', () => {
    const zones = [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z1', 'z2'], minValues: 2 }];
    const spread = (whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway') => pod({ tsc: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable, labelSelector: { matchLabels: LABELS } }] });
    const two = nodePool('two', { requirements: zones, weight: 10 });
    const r = chooseNodePool(spread('DoNotSchedule'), [two]);
    expect(r.pools[0].error).toMatch(/^minValues requirement is not met for label\(s\) \(label\(s\)=\[topology\.kubernetes\.io\/zone\]\)/);
    expect(r.pools[0].details[0]).toContain('narrows the new node to one topology.kubernetes.io/zone domain first');
    // ScheduleAnyway: the first rounds keep it, so a lighter pool wins; alone, the pool fits once relaxation removes it
    expect(chooseNodePool(spread('ScheduleAnyway'), [two, nodePool('other')]).chosen?.pool).toBe('other');
    expect(chooseNodePool(spread('ScheduleAnyway'), [two]).chosen?.round).toContain('ScheduleAnyway spread on topology.kubernetes.io/zone removed');
    expect(chooseNodePool(pod(), [two]).chosen?.pool).toBe('two');
  });
  test('a key a NodePool defines by requirement or template label gives domains (buildDomainGroups); minDomains does not matter for the first pod', () => {
    const byLabel = nodePool('rack-a', { labels: { rack: 'a' } });
    const byReq = nodePool('rack-b', { requirements: [{ key: 'rack', operator: 'In', values: ['b', 'c'] }] });
    expect(chooseNodePool(pod({ tsc: [spread('rack', 'DoNotSchedule', { minDomains: 5 })] }), [byLabel]).chosen?.pool).toBe('rack-a');
    expect(chooseNodePool(pod({ tsc: [spread('rack')] }), [byReq]).chosen?.pool).toBe('rack-b');
  });

  test('a domain another pool defines, on a key this pool does not, fails Compatible as an undefined label (tryVolumeAlternative) and the next pool wins', () => {
    const heavy = nodePool('heavy', { weight: 10 });
    const racked = nodePool('racked', { labels: { rack: 'a' } });
    const r = chooseNodePool(pod({ tsc: [spread('rack')] }), [heavy, racked]);
    expect(r.chosen?.pool).toBe('racked');
    expect(r.pools[0]).toMatchObject({ pool: 'heavy', ok: false, stage: 'topology spread', error: 'label "rack" does not have known values' });
    expect(r.pools[0].details[0]).toContain('takes a domain another NodePool defines (a)');
  });

  test('nodeTaintsPolicy Honor counts only the domains of pools whose taints the pod tolerates (TopologyDomainGroup.ForEachDomain)', () => {
    const tainted = nodePool('tainted', { labels: { rack: 'a' }, taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }] });
    const open = nodePool('open', { weight: 10, requirements: [{ key: 'rack', operator: 'Exists' }] });
    // Ignore (the default): the tainted pool's rack=a is a domain, which `open` (rack Exists) may take
    expect(chooseNodePool(pod({ tsc: [spread('rack')] }), [tainted, open]).chosen?.pool).toBe('open');
    const honor = chooseNodePool(pod({ tsc: [spread('rack', 'DoNotSchedule', { nodeTaintsPolicy: 'Honor' })] }), [tainted, open]);
    expect(honor.chosen).toBeUndefined();
    expect(honor.pools.find((p) => p.pool === 'open')?.error).toBe('unsatisfiable topology constraint for topology spread, key=rack (counts = , podDomains = rack Exists, nodeDomains = rack Exists');
  });

  test('a ScheduleAnyway spread is tried, then removed by relaxation (preferences.go removeTopologySpreadScheduleAnyway), after the preferred node affinity terms', () => {
    const heavy = nodePool('heavy', { weight: 10 });
    const racked = nodePool('racked', { labels: { rack: 'a' } });
    // the first round keeps it: only `racked` passes, and wins over the heavier pool
    expect(chooseNodePool(pod({ tsc: [spread('rack', 'ScheduleAnyway')] }), [heavy, racked]).chosen).toMatchObject({ pool: 'racked', round: 'as written' });
    // nowhere to satisfy it: relaxed, then the heaviest pool wins
    const r = chooseNodePool(pod({ tsc: [spread(ZONE), spread('unknown', 'ScheduleAnyway')] }), [heavy]);
    expect(r.chosen).toMatchObject({ pool: 'heavy', round: 'after relaxing: ScheduleAnyway spread on unknown removed' });
  });
});

describe('Karpenter v1.15: the scheduler\'s default constraints (topology_test.go "DefaultConstraints", defaultconstraints_test.go)', () => {
  const pools = () => [nodePool('heavy', { weight: 10 }), nodePool('racked', { labels: { rack: 'a' } })];

  test('a List default on a key only one pool defines changes which NodePool a Deployment gets at 1.15, not at 1.14', () => {
    listDefaults(def('rack'));
    const at15 = chooseNodePool(deployment(), pools());
    expect(at15.chosen?.pool).toBe('racked');
    expect(at15.pools[0].details[0]).toContain("the scheduler's default constraint defaultConstraints[0], with the selector deduced from its Deployment's ReplicaSet");
    configure({ karpenterVersion: '1.14' });
    expect(chooseNodePool(deployment(), pools()).chosen?.pool).toBe('heavy');
  });

  test('"should NOT schedule past a synthesized DoNotSchedule default that can\'t be satisfied", and "should relax a synthesized ScheduleAnyway default"', () => {
    listDefaults(def('unknown'));
    const r = chooseNodePool(deployment(), [nodePool('default')]);
    expect(r.error).toBe('Failed to schedule pod, unsatisfiable topology constraint for topology spread, key=unknown (counts = , podDomains = unknown Exists, nodeDomains = unknown Exists');
    listDefaults(def('unknown', 'ScheduleAnyway'));
    expect(chooseNodePool(deployment(), [nodePool('default')]).chosen).toMatchObject({ pool: 'default', round: 'after relaxing: ScheduleAnyway spread on unknown removed' });
  });

  test('"should NOT apply the default to a pod that declares its own constraints" (Inject: all-or-nothing)', () => {
    listDefaults(def('unknown'));
    expect(chooseNodePool(deployment([spread(ZONE)]), [nodePool('default')]).chosen?.pool).toBe('default');
  });

  test('"should not apply the default to a pod with no owner and no matching service"; a Job\'s pods neither (no Service is an input)', () => {
    listDefaults(def('unknown'));
    expect(chooseNodePool(pod(), [nodePool('default')]).chosen?.pool).toBe('default');
    expect(chooseNodePool(job(), [nodePool('default')]).chosen?.pool).toBe('default');
    expect(chooseNodePool(pod({ owner: { apiVersion: 'batch/v1', kind: 'Job', name: 'j', uid: 'u', controller: true } }), [nodePool('default')]).chosen?.pool).toBe('default');
  });

  test('"should deduce a ReplicaSet\'s / StatefulSet\'s / ReplicationController\'s selector"; "should ignore a non-controller owner reference"', () => {
    listDefaults(def('unknown'));
    for (const [apiVersion, kind] of [['apps/v1', 'ReplicaSet'], ['apps/v1', 'StatefulSet'], ['v1', 'ReplicationController']]) {
      const owned = pod({ owner: { apiVersion, kind, name: 'o', uid: 'u', controller: true } });
      expect(chooseNodePool(owned, [nodePool('default')]).error).toContain('key=unknown');
    }
    const notController = pod({ owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'o', uid: 'u' } });
    expect(chooseNodePool(notController, [nodePool('default')]).chosen?.pool).toBe('default');
  });

  test('"should be a no-op when no default constraints are configured": the default profile (System defaulting) injects nothing', () => {
    expect(chooseNodePool(deployment(), [nodePool('default')]).chosen?.pool).toBe('default');
    // System defaulting: kube-scheduler's built-in zone and hostname constraints are not Karpenter's (no --scheduler-config)
    schedulerDefaults({ defaultingType: 'System', defaultConstraints: [] });
    expect(chooseNodePool(deployment(), pools()).chosen?.pool).toBe('heavy');
  });

  test('a zone and hostname List default (what platforms mirror) never stops one pod: the spread is about the replicas after it', () => {
    listDefaults(def(ZONE, 'DoNotSchedule'), def(HOSTNAME, 'DoNotSchedule'));
    expect(chooseNodePool(deployment(), [nodePool('default')]).chosen?.pool).toBe('default');
  });
});

describe('the NodePool CRD at each release (pkg/apis/crds/karpenter.sh_nodepools.yaml at v1.14.3 and v1.15.0)', () => {
  const withDisruption = (disruption: object) => ({ ...nodePool('p'), spec: { ...nodePool('p').spec, disruption } }) as NodePool;
  const errorOf = (x: NodePool) => {
    try {
      chooseNodePool(pod(), [x]);
      return '';
    } catch (e) {
      return (e as Error).message;
    }
  };

  test('consolidateAfter is required at 1.14 and optional (default 0s) at 1.15', () => {
    const pool = withDisruption({ consolidationPolicy: 'WhenEmpty' });
    expect(errorOf(pool)).toBe('');
    configure({ karpenterVersion: '1.14' });
    expect(errorOf(pool)).toContain('spec.disruption.consolidateAfter: Required value');
    expect(errorOf(nodePool('no-disruption'))).toBe(''); // the CRD's default disruption has it
  });

  test('the budget reason Unhealthy is new in 1.15; an unknown reason is refused at both', () => {
    const pool = withDisruption({ consolidateAfter: '0s', budgets: [{ nodes: '10%', reasons: ['Drifted', 'Unhealthy'] }] });
    expect(errorOf(pool)).toBe('');
    configure({ karpenterVersion: '1.14' });
    expect(errorOf(pool)).toContain('spec.disruption.budgets[0].reasons[1]: Unsupported value: "Unhealthy": supported values: "Underutilized", "Empty", "Drifted"');
    configure({ karpenterVersion: '1.15' });
    expect(errorOf(withDisruption({ consolidateAfter: '0s', budgets: [{ nodes: '1', reasons: ['Expired'] }] })))
      .toContain('Unsupported value: "Expired": supported values: "Underutilized", "Empty", "Drifted", "Unhealthy"');
  });

  test('the requirement operator enum is listed in each CRD\'s order', () => {
    const pool = nodePool('p', { requirements: [{ key: 'team', operator: 'Above', values: ['1'] }] });
    expect(errorOf(pool)).toContain('supported values: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt", "Gte", "Lte"');
    configure({ karpenterVersion: '1.14' });
    expect(errorOf(pool)).toContain('supported values: "Gte", "Lte", "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"');
  });
});
