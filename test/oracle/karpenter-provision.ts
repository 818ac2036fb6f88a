// The karpenterProvision domain (oracle/shared/karpenter/provision.go): Karpenter's provisioning decision for one
// pending pod, by its own scheduler (Provisioner.Validate, NewScheduler, Scheduler.Solve) over 1–3 NodePools and the
// provider's instance types, against the library's `provision(...)` (what toBeProvisionableByAnyOf and chooseNodePool
// answer): which pool the new NodeClaim comes from and its instance types, or the pod's error.
import fc from 'fast-check';
import type { Difference } from './compare';
import type { Domain } from './domains';
import { podFromTemplate, poolModel, provision, toSubject } from './lib';

const ZONES = ['us-east-1a', 'us-east-1b', 'us-east-1c'];
const CAPACITY_TYPES = ['on-demand', 'spot'];
const FAMILY = 'example.com/instance-family';
const ZONE = 'topology.kubernetes.io/zone';
const ARCH = 'kubernetes.io/arch';
const CT = 'karpenter.sh/capacity-type';
const IT = 'node.kubernetes.io/instance-type';
const TYPES: Array<{ name: string; family: string; arch: string }> = [
  { name: 'm5.large', family: 'm5', arch: 'amd64' }, { name: 'm5.xlarge', family: 'm5', arch: 'amd64' },
  { name: 'c6g.large', family: 'c6g', arch: 'arm64' }, { name: 'r5.2xlarge', family: 'r5', arch: 'amd64' },
  { name: 'g4dn.xlarge', family: 'g4dn', arch: 'amd64' },
];
const POOLS = ['default', 'spot', 'on-demand', 'gpu'];

const sub = <T>(xs: readonly T[], min = 1) => fc.subarray([...xs], { minLength: min });

const offeringArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  capacityType: fc.constantFrom(...CAPACITY_TYPES),
  available: fc.constantFrom(true, true, true, true, false),
  price: fc.constantFrom(0.05, 0.1, 0.1, 0.17, 0.2, 0.34, 0.5, 1.2),
});

const instanceTypeArb = (t: { name: string; family: string; arch: string }) => fc.record({
  cpu: fc.constantFrom('1', '2', '2', '4', '8', '16'),
  memory: fc.constantFrom('2Gi', '4Gi', '8Gi', '16Gi', '32Gi'),
  pods: fc.constantFrom('4', '29', '110'),
  gpu: fc.constantFrom(undefined, undefined, undefined, '1'),
  offerings: fc.uniqueArray(offeringArb, { minLength: 1, maxLength: 4, selector: (o) => `${o.zone}/${o.capacityType}` }),
}).map(({ cpu, memory, pods, gpu, offerings }) => ({
  name: t.name,
  capacity: { cpu, memory, pods, ...(gpu ? { 'nvidia.com/gpu': gpu } : {}) },
  labels: { [ARCH]: t.arch, 'kubernetes.io/os': 'linux', [FAMILY]: t.family },
  offerings,
}));

const instanceTypesArb = sub(TYPES).chain((ts) => fc.tuple(...ts.map(instanceTypeArb)));

/** A requirement of a NodePool as users write them: capacity type, zone, arch, family, instance type. */
const poolRequirementArb = fc.oneof(
  fc.record({ key: fc.constant(CT), operator: fc.constant('In'), values: sub(CAPACITY_TYPES) }),
  fc.record({ key: fc.constant(ZONE), operator: fc.constantFrom('In', 'In', 'NotIn'), values: sub(ZONES) }),
  fc.record({ key: fc.constant(ARCH), operator: fc.constant('In'), values: sub(['amd64', 'arm64']) }),
  fc.record({ key: fc.constant(FAMILY), operator: fc.constantFrom('In', 'In', 'NotIn', 'Exists'), values: sub(['m5', 'c6g', 'r5', 'g4dn']) }),
  fc.record({ key: fc.constant(IT), operator: fc.constantFrom('In', 'NotIn'), values: sub(TYPES.map((t) => t.name)) }),
).chain((r) => fc.record({ r: fc.constant(r), minValues: fc.constantFrom(undefined, undefined, undefined, undefined, 1, 2) }))
  .map(({ r, minValues }) => ({
    key: r.key, operator: r.operator, ...(r.operator === 'Exists' ? {} : { values: r.values }),
    ...(minValues !== undefined && r.operator === 'In' && r.values.length >= minValues ? { minValues } : {}),
  }));

const TAINTS = [
  { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, { key: 'spot', value: 'true', effect: 'NoSchedule' },
  { key: 'batch', effect: 'PreferNoSchedule' }, { key: 'maintenance', value: 'true', effect: 'NoExecute' },
];

const poolArb = (name: string) => fc.record({
  weight: fc.constantFrom(undefined, undefined, 10, 50, 50, 100),
  requirements: fc.uniqueArray(poolRequirementArb, { maxLength: 3, selector: (r) => r.key }),
  team: fc.constantFrom(undefined, 'a', 'b'),
  taints: fc.constantFrom<number[]>([], [], [], [0], [1], [2], [3], [0, 2]),
  limits: fc.constantFrom<Record<string, string> | undefined>(undefined, undefined, undefined, { cpu: '1000' }, { cpu: '4' }, { cpu: '8' }, { memory: '8Gi' }, { nodes: '0' }, { nodes: '10' }, { 'nvidia.com/gpu': '0' }),
}).map(({ weight, requirements, team, taints, limits }) => ({
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
  spec: {
    ...(weight !== undefined ? { weight } : {}),
    ...(limits ? { limits } : {}),
    disruption: { consolidateAfter: '0s' },
    template: {
      ...(team ? { metadata: { labels: { team } } } : {}),
      spec: {
        requirements,
        nodeClassRef: { group: 'karpenter.kwok.sh', kind: 'KWOKNodeClass', name: 'default' },
        ...(taints.length ? { taints: taints.map((i) => TAINTS[i]) } : {}),
      },
    },
  },
}));

const poolsArb = fc.uniqueArray(fc.constantFrom(...POOLS), { minLength: 1, maxLength: 3 }).chain((names) => fc.tuple(...names.map(poolArb)));

/** A pod node-selector expression over the keys the pools and instance types use, and one no pool defines. */
const exprArb = fc.oneof(
  fc.record({ key: fc.constant(ZONE), operator: fc.constantFrom('In', 'In', 'NotIn'), values: sub(ZONES) }),
  fc.record({ key: fc.constant(CT), operator: fc.constantFrom('In', 'NotIn'), values: sub(CAPACITY_TYPES) }),
  fc.record({ key: fc.constant(ARCH), operator: fc.constant('In'), values: sub(['amd64', 'arm64']) }),
  fc.record({ key: fc.constant(FAMILY), operator: fc.constantFrom('In', 'NotIn'), values: sub(['m5', 'c6g', 'r5']) }),
  fc.record({ key: fc.constant(IT), operator: fc.constant('In'), values: sub(TYPES.map((t) => t.name)) }),
  fc.record({ key: fc.constant('team'), operator: fc.constantFrom('In', 'Exists'), values: sub(['a', 'b']) }),
).map((e) => ({ key: e.key, operator: e.operator, ...(e.operator === 'Exists' ? {} : { values: e.values }) }));

const SELECTORS: Array<Record<string, string>> = [{ [CT]: 'spot' }, { [CT]: 'on-demand' }, { [ARCH]: 'arm64' }, { [ZONE]: 'us-east-1b' }, { team: 'a' }];
const TOLERATIONS = [
  { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, { key: 'spot', operator: 'Exists' },
  { key: 'batch', operator: 'Exists', effect: 'PreferNoSchedule' }, { key: 'maintenance', operator: 'Exists', effect: 'NoExecute' },
];

const podArb = fc.record({
  selector: fc.constantFrom(undefined, undefined, undefined, ...SELECTORS),
  required: fc.array(fc.record({ matchExpressions: fc.array(exprArb, { minLength: 1, maxLength: 2 }) }), { maxLength: 2 }),
  preferred: fc.array(fc.record({ weight: fc.constantFrom(1, 10, 50, 100), preference: fc.record({ matchExpressions: fc.array(exprArb, { minLength: 1, maxLength: 2 }) }) }), { maxLength: 2 }),
  tolerations: fc.subarray(TOLERATIONS),
  cpu: fc.constantFrom(undefined, '100m', '500m', '1', '1800m', '2', '3', '3700m', '6', '12'),
  memory: fc.constantFrom(undefined, '128Mi', '1Gi', '3Gi', '12Gi'),
  gpu: fc.constantFrom(undefined, undefined, undefined, undefined, '1'),
  spread: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'ScheduleAnyway', 'DoNotSchedule'),
  // a host port some DaemonSets' pods use too (HostPortUsage.Conflicts); the protocol written, as the API server stores it
  hostPort: fc.constantFrom(undefined, undefined, undefined, undefined, undefined, 9100, 8080),
}).map(({ selector, required, preferred, tolerations, cpu, memory, gpu, spread, hostPort }) => {
  const nodeAffinity: Record<string, unknown> = {};
  if (required.length) nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: required };
  if (preferred.length) nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution = preferred;
  const requests = { ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}), ...(gpu ? { 'nvidia.com/gpu': gpu } : {}) };
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid: 'pod-uid', labels: { app: 'web' } },
    spec: {
      containers: [{
        name: 'c', image: 'registry.example/app:1', ...(Object.keys(requests).length ? { resources: { requests, ...(gpu ? { limits: { 'nvidia.com/gpu': gpu } } : {}) } } : {}),
        ...(hostPort ? { ports: [{ containerPort: hostPort, hostPort, protocol: 'TCP' }] } : {}),
      }],
      ...(selector ? { nodeSelector: selector } : {}),
      ...(Object.keys(nodeAffinity).length ? { affinity: { nodeAffinity } } : {}),
      ...(tolerations.length ? { tolerations } : {}),
      ...(spread ? { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: ZONE, whenUnsatisfiable: spread, labelSelector: { matchLabels: { app: 'web' } } }] } : {}),
    },
    status: { phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] },
  };
});

/**
 * DaemonSets as clusters run them (kube-proxy, the CNI, log and metrics agents, a GPU or arm64 agent): requests of
 * 50m–500m cpu (some as limits only, which the API server copies to requests), some tolerating everything, some a
 * pool's taint or none, some with a nodeSelector or required node affinity on arch, a pool's label, the pool's name or
 * the instance family (two terms: the second is tried after the first, removeRequiredNodeAffinityTerm), one on a key no
 * pool defines. The pool taints generated are never the node.kubernetes.io ones the DaemonSet controller tolerates, so
 * the pod its controller made and the template's pod (PodForDaemonSet, for a DaemonSet without one) count alike.
 */
const DAEMONS = ['kube-proxy', 'aws-node', 'fluent-bit', 'node-exporter', 'gpu-agent'];
const daemonSetArb = (name: string, i: number) => fc.record({
  cpu: fc.constantFrom('50m', '100m', '150m', '250m', '500m'),
  memory: fc.constantFrom(undefined, '64Mi', '128Mi', '256Mi'),
  limitsOnly: fc.constantFrom(false, false, false, true),
  tolerations: fc.constantFrom<Array<Record<string, string>>>([], [], [{ operator: 'Exists' }], [{ operator: 'Exists' }], [{ key: 'dedicated', operator: 'Exists' }],
    [{ key: 'spot', operator: 'Equal', value: 'true', effect: 'NoSchedule' }], [{ key: 'maintenance', operator: 'Exists', effect: 'NoExecute' }]),
  selector: fc.constantFrom<Record<string, string> | undefined>(undefined, undefined, undefined, { [ARCH]: 'arm64' }, { [ARCH]: 'amd64' }, { team: 'a' }, { [CT]: 'spot' }),
  required: fc.constantFrom<Array<Array<Record<string, unknown>>>>([], [], [],
    [[{ key: 'karpenter.sh/nodepool', operator: 'In', values: ['gpu', 'spot'] }]],
    [[{ key: FAMILY, operator: 'In', values: ['g4dn'] }]],
    [[{ key: ARCH, operator: 'In', values: ['arm64'] }], [{ key: 'team', operator: 'Exists' }]],
    [[{ key: 'example.com/role', operator: 'Exists' }]],
    [[{ key: IT, operator: 'NotIn', values: ['m5.large', 'c6g.large'] }]],
    [[{ key: ZONE, operator: 'In', values: ['us-east-1a'] }]]),
  preferred: fc.constantFrom(false, false, true),
  hostPort: fc.constantFrom(undefined, undefined, undefined, { containerPort: 9100, hostPort: 9100, protocol: 'TCP' }, { containerPort: 8080, hostPort: 8080, hostIP: '10.0.0.1', protocol: 'TCP' }),
  existing: fc.boolean(),
}).map(({ cpu, memory, limitsOnly, tolerations, selector, required, preferred, hostPort, existing }) => {
  const amounts = { cpu, ...(memory ? { memory } : {}) };
  const nodeAffinity: Record<string, unknown> = {};
  if (required.length) nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = { nodeSelectorTerms: required.map((matchExpressions) => ({ matchExpressions })) };
  if (preferred) nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution = [{ weight: 10, preference: { matchExpressions: [{ key: ARCH, operator: 'In', values: ['arm64'] }] } }];
  const ds = {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name, namespace: 'kube-system', uid: `ds-uid-${i}` },
    spec: {
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [{ name, image: `registry.example/${name}:1`, resources: limitsOnly ? { limits: amounts } : { requests: amounts }, ...(hostPort ? { ports: [hostPort] } : {}) }],
          ...(selector ? { nodeSelector: selector } : {}),
          ...(Object.keys(nodeAffinity).length ? { affinity: { nodeAffinity } } : {}),
          ...(tolerations.length ? { tolerations } : {}),
        },
      },
    },
  };
  return { ds, existing };
});
const daemonSetsArb = fc.uniqueArray(fc.constantFrom(...DAEMONS), { maxLength: 3 }).chain((names) => fc.tuple(...names.map(daemonSetArb)));

/**
 * The pod the DaemonSet controller made on some node (pinned there by its required node affinity), owned by the
 * DaemonSet, as the API server stores it: SetDefaults_Pod copies a container's limits to its missing requests (the
 * library's created pod leaves that to its request arithmetic).
 */
function daemonPod(ds: any): any {
  const pod = podFromTemplate(ds, `${ds.metadata.name}-x7k2p`, { node: 'ip-10-0-0-1' }) as any;
  const containers = pod.spec.containers.map((c: any) => (c.resources?.limits
    ? { ...c, resources: { ...c.resources, requests: { ...c.resources.limits, ...c.resources.requests } } } : c));
  return { ...pod, metadata: { ...pod.metadata, uid: `${ds.metadata.uid}-pod`, creationTimestamp: '2026-01-01T00:00:00Z' }, spec: { ...pod.spec, containers } };
}

export interface ProvisionInput { nodePools: any[]; instanceTypes: any[]; pod: any; daemonSets?: any[]; daemonPods?: any[] }
export interface ProvisionOutcome { nodePool: string; instanceTypes: Array<{ name: string; price: number }>; error: string }
export interface ProvisionOutput {
  ignored: string;
  noNodePools: boolean;
  /** Upstream: every distinct outcome over the solves (upstream walks Go maps, provision.go); ours: one. */
  outcomes: ProvisionOutcome[];
}

const FAILED = 'Failed to schedule pod, ';

/** What the library answers: provision(...) over the pools' models, with the instance types. */
export function libraryProvision(i: ProvisionInput): ProvisionOutput {
  const r = provision(toSubject(i.pod), i.nodePools.map((p) => poolModel(p)), { instanceTypes: i.instanceTypes, daemonSets: i.daemonSets });
  const ignored = r.pools.find((v) => v.stage === 'pod ignored');
  const out: ProvisionOutput = { ignored: ignored?.error ?? '', noNodePools: r.error === 'no dynamic nodepools found', outcomes: [] };
  if (ignored || out.noNodePools) return out;
  out.outcomes = [{
    nodePool: r.chosen?.pool ?? '',
    instanceTypes: (r.chosen?.instanceTypes?.fit ?? []).map((t) => ({ name: t.name, price: t.price ?? NaN })),
    error: r.chosen || !r.error ? '' : r.error.startsWith(FAILED) ? r.error.slice(FAILED.length) : r.error,
  }];
  return out;
}

/** OrderByPrice sorts by price alone (sort.Slice): equal prices are ordered by name here, as the library orders them. */
const byPrice = (xs: ProvisionOutcome['instanceTypes']) => [...xs].sort((a, b) => (a.price !== b.price ? a.price - b.price : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
/**
 * An outcome compared with its error's multierr parts sorted, each without the `incompatible requirements, ` that
 * CanAdd wraps a pool's Compatible error in (it lands on that error's first part): Intersects appends one part per
 * conflicting key in Go map order, and the sampled solves need not meet every order (provision.go). Which of the
 * pod's keys the pool does not define Compatible names is a map walk too (the first undefined key; the
 * karpenterRequirements domain checks it over 1,024 calls): here the name is left out.
 */
const UNDEFINED_LABEL = /^label "[^"]*" does not have known values/;
const canonical = (o: ProvisionOutcome) => JSON.stringify({ ...o, instanceTypes: byPrice(o.instanceTypes), error: o.error.split('; ').map((p) => p.replace(/^incompatible requirements, /, '').replace(UNDEFINED_LABEL, 'label <undefined> does not have known values')).sort().join('; ') });

export const karpenterProvision: Domain<ProvisionInput, ProvisionOutput> = {
  name: 'karpenterProvision',
  oracle: 'karpenter',
  // each case is 6 to 48 solves on fresh schedulers (provision.go): a quarter of --cases keeps the bounded run cheap
  share: 0.25,
  arbitrary: fc.record({ nodePools: poolsArb, instanceTypes: instanceTypesArb, pod: podArb, daemons: daemonSetsArb }).map(({ daemons, ...rest }) => ({
    ...rest, daemonSets: daemons.map((d) => d.ds), daemonPods: daemons.filter((d) => d.existing).map((d) => daemonPod(d.ds)),
  })),
  ours: libraryProvision,
  // how often the DaemonSets decide: the library's answer without them differs (the pool, the types or the error)
  tally: (input) => (input.daemonSets?.length && JSON.stringify(libraryProvision({ ...input, daemonSets: undefined })) !== JSON.stringify(libraryProvision(input))
    ? ['daemon overhead decided'] : []),
  // each answer is the outcomes of up to 48 solves (provision.go): a differing case's second answer adds its own
  resample: (upstream, again) => ({ ...upstream, outcomes: [...upstream.outcomes, ...again.outcomes.filter((o) => !upstream.outcomes.some((u) => canonical(u) === canonical(o)))] }),
  // the library's one outcome must be among upstream's
  compare: (ours, upstream) => {
    const diffs: Difference[] = [];
    for (const f of ['ignored', 'noNodePools'] as const) {
      if (ours[f] !== upstream[f]) diffs.push({ field: f, ours: ours[f], upstream: upstream[f] });
    }
    if (diffs.length || !ours.outcomes.length) return diffs;
    const theirs = upstream.outcomes.map(canonical);
    if (!theirs.includes(canonical(ours.outcomes[0]))) {
      const fields = (['nodePool', 'instanceTypes', 'error'] as const).filter((f) => !upstream.outcomes.some((u) => JSON.stringify(f === 'instanceTypes' ? byPrice(u[f]) : u[f]) === JSON.stringify(ours.outcomes[0][f])));
      diffs.push({ field: `outcome (${fields.join(', ') || 'combination'})`, ours: ours.outcomes[0], upstream: upstream.outcomes });
    }
    return diffs;
  },
};
