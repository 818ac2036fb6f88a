// fast-check generators for the end-to-end oracle: what users pass, shaped like real manifests and dumps. A workload
// as written (Pod, Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, CronJob) with container ports without host
// ports, hostNetwork pods with ports (init containers and sidecars too), quantities people get wrong (`5K`,
// `2 cores`, `abc`), pod affinity with matchLabelKeys/mismatchLabelKeys and spread with matchLabelKeys
// (pod-template-hash), a runtimeClassName, images named as people write them (generators-images.ts); nodes as
// `kubectl get nodes -o json` prints them (capacity with or without allocatable, the kubelet's conditions, images
// under their digest and tag names, creationTimestamp, well-known labels), a few hand-written
// ones (no conditions); the cluster's other pods as dumped (pod-template-hash labels, owner references, ports,
// hostNetwork, Succeeded ones), replicas the workload's controller made before, Namespaces with and without their
// kubernetes.io/metadata.name label, Services selecting the workload, RuntimeClasses. Small vocabularies, so that
// ports, labels, taints and topology domains collide.
import fc from 'fast-check';
import { rarely, half } from './draw';
import { containerFieldsArb, podFieldsArb } from './generators-podfields';
import { nodeImagesArb, podImageArb } from './generators-images';
import { boundClaim, claimTemplatesArb, csiNodesArb, retentionPolicyArb, staticPvsArb, storageClassesArb } from './generators-claims';

export interface E2EInput {
  workload: Record<string, any>;
  nodes: Array<Record<string, any>>;
  pods: Array<Record<string, any>>;
  /** Nodes the workload's controller already runs a replica on (not for DaemonSets). */
  replicas: string[];
  namespaces: Array<Record<string, any>>;
  services: Array<Record<string, any>>;
  runtimeClasses: Array<Record<string, any>>;
  extendedResourceToleration: boolean;
  /** The cluster's storage objects (generators-claims.ts): for a StatefulSet with volumeClaimTemplates. */
  storage?: Array<Record<string, any>>;
}

const NODE_NAMES = ['n0', 'n1', 'n2', 'n3', 'n4'];
const ZONES = ['us-east-1a', 'us-east-1b'];
const GPU = 'nvidia.com/gpu';

const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))) as T;
const weighted = <T>(...pairs: Array<[number, fc.Arbitrary<T>]>) => fc.oneof(...pairs.map(([weight, arbitrary]) => ({ weight, arbitrary })));

// ---- nodes ---------------------------------------------------------------------------------------------------

const capacity = fc.record({
  cpu: fc.constantFrom('2', '4', '8'),
  memory: fc.constantFrom('8146056Ki', '16Gi', '32Gi'),
  pods: fc.constantFrom('110', '110', '29', '2'),
  'ephemeral-storage': fc.constantFrom('51527500Ki', '100Gi'),
  gpu: rarely(fc.constantFrom('1', '4'), 6),
  // a quantity the API server cannot decode: the node cannot exist
  bad: rarely(fc.constantFrom('5K', '2 cores', 'abc'), 60),
}).map(({ gpu, bad, ...c }) => compact({ ...c, [GPU]: gpu, ...(bad ? { cpu: bad } : {}) }) as Record<string, string>);

/** Allocatable as the kubelet reports it: capacity less its reservations. */
const reserve = (c: Record<string, string>, cut: boolean) => (cut
  ? { ...c, cpu: c.cpu === '2' ? '1930m' : c.cpu === '4' ? '3920m' : c.cpu, memory: c.memory === '16Gi' ? '15Gi' : c.memory }
  : { ...c });

const READY = [
  { type: 'MemoryPressure', status: 'False' }, { type: 'DiskPressure', status: 'False' },
  { type: 'PIDPressure', status: 'False' }, { type: 'Ready', status: 'True' },
];
const conditions = weighted<Array<Record<string, string>> | undefined>(
  [900, fc.constant(READY)],
  [60, fc.constantFrom('False', 'Unknown').map((s) => READY.map((c) => (c.type === 'Ready' ? { ...c, status: s } : c)))],
  [60, fc.constantFrom('MemoryPressure', 'DiskPressure', 'PIDPressure').map((t) => READY.map((c) => (c.type === t ? { ...c, status: 'True' } : c)))],
  [15, fc.constant([...READY, { type: 'NetworkUnavailable', status: 'True' }])],
  // hand-written nodes: Ready only, or no conditions at all (rare: the known node-without-ready-condition)
  [30, fc.constantFrom('True', 'False').map((status) => [{ type: 'Ready', status }])],
  [1, fc.constant(undefined)],
);

const taint = fc.record({ key: fc.constantFrom('dedicated', GPU, 'spot'), value: fc.constantFrom(undefined, 'gpu', 'true'), effect: fc.constantFrom('NoSchedule', 'PreferNoSchedule', 'NoExecute') })
  .map((t) => compact(t));

function nodeArb(name: string): fc.Arbitrary<Record<string, any>> {
  return fc.record({
    zone: fc.constantFrom(...ZONES),
    pool: half(fc.constantFrom('general', 'batch')),
    capacity,
    // dumps list allocatable; a capacity-only node comes from a hand edit or an old kubelet; neither is a hand-written
    // fixture (rare: the known node-without-allocatable)
    allocatable: weighted<'reserved' | 'same' | 'none' | 'neither'>([720, fc.constant('reserved')], [240, fc.constant('same')], [48, fc.constant('none')], [1, fc.constant('neither')]),
    conditions,
    // a dumped node lists its images; a hand-written one seldom does
    images: fc.oneof({ weight: 4, arbitrary: nodeImagesArb }, { weight: 1, arbitrary: fc.constant(undefined) }),
    taints: weighted<Array<Record<string, unknown>>>([6, fc.constant([])], [1, fc.uniqueArray(taint, { maxLength: 2, selector: (t) => `${t.key}/${t.effect}` })]),
    unschedulable: rarely(fc.constant(true), 15),
    created: half(fc.constant('2025-09-11T20:39:39Z')),
    labels: weighted<'both' | 'ga' | 'beta'>([20, fc.constant('both')], [2, fc.constant('ga')], [1, fc.constant('beta')]),
  }).map((n) => {
    // the kubelet writes both the GA and the beta os/arch labels; an old or hand-written node has one pair (the node
    // lifecycle controller's reconcileNodeLabels adds the beta pair from the GA one)
    const beta = { 'beta.kubernetes.io/os': 'linux', 'beta.kubernetes.io/arch': 'amd64' };
    const ga = { 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64' };
    const os = n.labels === 'beta' ? beta : n.labels === 'ga' ? ga : { ...beta, ...ga };
    const status: Record<string, unknown> = {};
    if (n.allocatable !== 'neither') status.capacity = n.capacity;
    if (n.allocatable === 'reserved' || n.allocatable === 'same') status.allocatable = reserve(n.capacity, n.allocatable === 'reserved');
    return {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: compact({
        name,
        creationTimestamp: n.created,
        labels: compact({ 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': n.zone, 'topology.kubernetes.io/region': 'us-east-1', ...os, pool: n.pool }),
      }),
      spec: compact({ taints: n.taints, unschedulable: n.unschedulable }),
      status: compact({ ...status, conditions: n.conditions, images: n.images }),
    };
  });
}

const nodesArb = fc.integer({ min: 1, max: NODE_NAMES.length }).chain((count) => fc.tuple(...NODE_NAMES.slice(0, count).map(nodeArb)));

// ---- pod specs -----------------------------------------------------------------------------------------------

// what people write, now and then a quantity the API server cannot decode (only in what users write: a dumped pod
// or node was decoded once)
const quantityOf = (good: readonly string[], bad: boolean) => (bad
  ? weighted([40, fc.constantFrom(...good)], [1, fc.constantFrom('5K', '2 cores', 'abc', '1.5.0')])
  : fc.constantFrom(...good));
const requests = (bad: boolean) => fc.record({
  // now and then finer than a milli-unit (rounded up as the API server decodes it: 1500u is 2m)
  cpu: fc.oneof({ weight: 15, arbitrary: quantityOf(['100m', '250m', '500m', '1', '2'], bad) }, { weight: 1, arbitrary: fc.constantFrom('0.5m', '1500u', '999u') }),
  memory: quantityOf(['64Mi', '128Mi', '512Mi', '1Gi', '4Gi'], bad),
  gpu: rarely(fc.constant('1'), 10),
}, { requiredKeys: [] });
const resourcesOf = (bad: boolean) => fc.record({ req: requests(bad), limitsToo: fc.boolean() }).map(({ req: { gpu, ...r }, limitsToo }) => {
  const requestsList = compact(r) as Record<string, string>;
  const out: Record<string, unknown> = {};
  if (Object.keys(requestsList).length) out.requests = requestsList;
  if (limitsToo && Object.keys(requestsList).length) out.limits = { ...requestsList };
  // an extended resource's request defaults to its limit, and must equal it
  if (gpu) out.limits = { ...(out.limits as object ?? {}), [GPU]: gpu };
  return Object.keys(out).length ? out : undefined;
});
const resources = resourcesOf(true);
const dumpedResources = resourcesOf(false);

// containerPort alone (the common case), a hostPort (as node-exporter writes it), or both ways on UDP
const port = weighted<Record<string, unknown>>(
  [6, fc.record({ containerPort: fc.constantFrom(80, 8080, 9100), name: half(fc.constantFrom('http', 'metrics')) }).map(compact)],
  [2, fc.record({ containerPort: fc.constantFrom(9100, 8080), hostPort: fc.constant(true), protocol: half(fc.constantFrom('TCP', 'UDP')) })
    .map(({ containerPort, protocol }) => compact({ containerPort, hostPort: containerPort, protocol }))],
);
const ports = (maxLength: number, arb = port) => fc.uniqueArray(arb, { maxLength, selector: (p) => `${p.containerPort}/${p.protocol ?? 'TCP'}` });
// a second container (a log shipper, an exporter) listens on its own port; now and then on the first one's, which a
// hostNetwork pod cannot have (the known created-pod-duplicate-host-ports)
const secondPort = weighted<Record<string, unknown>>([30, fc.constantFrom({ containerPort: 9102 }, { containerPort: 24231, name: 'metrics' })], [1, port]);

// securityContext, resizePolicy, a preStop sleep (generators-podfields.ts): rarely, on the first container
const container = (name: string, second = false) =>
  fc.record({ image: podImageArb, resources: half(resources), ports: second ? ports(1, secondPort) : ports(2), fields: second ? fc.constant({}) : rarely(containerFieldsArb, 3) })
    .map(({ image, resources: r, ports: p, fields }) => compact({ name, image, resources: r, ports: p, ...fields }));
// a sidecar (restartPolicy Always, #132040: its ports are the pod's) or a classic init container (no ports)
const initContainer = fc.record({ sidecar: fc.boolean(), image: podImageArb, resources: half(resources), port: half(fc.constantFrom(9090, 15090)) })
  .map(({ sidecar, image, resources: r, port: p }) => compact({
    name: sidecar ? 'proxy' : 'init',
    image,
    restartPolicy: sidecar ? 'Always' : undefined,
    resources: r,
    ports: sidecar && p ? [{ containerPort: p }] : undefined,
  }));

const APPS = ['web', 'db'];
const toleration = weighted<Record<string, unknown>>(
  [3, fc.record({ key: fc.constantFrom('dedicated', GPU, 'spot'), operator: fc.constant('Exists'), effect: half(fc.constantFrom('NoSchedule', 'NoExecute')) }).map(compact)],
  [2, fc.record({ key: fc.constantFrom('dedicated', 'spot'), value: fc.constantFrom('gpu', 'true'), effect: fc.constantFrom('NoSchedule', 'PreferNoSchedule') }).map(compact)],
  [1, fc.constantFrom({ operator: 'Exists' }, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 })],
);

const zoneOrHost = fc.constantFrom('topology.kubernetes.io/zone', 'kubernetes.io/hostname');
const appSelector = fc.oneof(
  fc.constantFrom(...APPS).map((app) => ({ matchLabels: { app } })),
  fc.uniqueArray(fc.constantFrom(...APPS), { minLength: 1, maxLength: 2 }).map((values) => ({ matchExpressions: [{ key: 'app', operator: 'In', values }] })),
);
// matchLabelKeys/mismatchLabelKeys (MatchLabelKeysInPodAffinity, beta on from 1.31): merged into the selector on create.
// A term may select the cluster's other pods (cache): with [pod-template-hash] it selects none of them (In) or all (NotIn).
const podAffinityTerm = fc.record({
  labelSelector: fc.oneof({ weight: 4, arbitrary: appSelector }, { weight: 1, arbitrary: fc.constant({ matchLabels: { app: 'cache' } }) }),
  topologyKey: zoneOrHost,
  namespaces: rarely(fc.constant(['default', 'team']), 6),
  namespaceSelector: rarely(fc.constantFrom({}, { matchLabels: { 'kubernetes.io/metadata.name': 'team' } }), 6),
  matchLabelKeys: rarely(fc.constantFrom(['pod-template-hash'], ['tier']), 4),
  mismatchLabelKeys: rarely(fc.constantFrom(['tier'], ['pod-template-hash']), 6),
}).map(compact);
const podAffinity = fc.record({
  required: fc.array(podAffinityTerm, { maxLength: 1 }),
  preferred: fc.array(fc.record({ weight: fc.constantFrom(1, 50, 100), podAffinityTerm }), { maxLength: 1 }),
}).map(({ required, preferred }) => compact({ requiredDuringSchedulingIgnoredDuringExecution: required, preferredDuringSchedulingIgnoredDuringExecution: preferred }))
  .filter((a) => Object.keys(a).length > 0);

const nodeAffinity = fc.record({
  required: rarely(fc.constantFrom(...ZONES).map((z) => ({ nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: [z] }] }] })), 3),
  preferred: half(fc.record({ weight: fc.constantFrom(1, 50, 100), preference: fc.constantFrom('general', 'batch').map((p) => ({ matchExpressions: [{ key: 'pool', operator: 'In', values: [p] }] })) }).map((t) => [t])),
}).map(({ required, preferred }) => compact({ requiredDuringSchedulingIgnoredDuringExecution: required, preferredDuringSchedulingIgnoredDuringExecution: preferred }))
  .filter((a) => Object.keys(a).length > 0);

const spread = fc.record({
  maxSkew: fc.constantFrom(1, 2),
  topologyKey: zoneOrHost,
  whenUnsatisfiable: fc.constantFrom('DoNotSchedule', 'ScheduleAnyway'),
  matchLabelKeys: rarely(fc.constant(['pod-template-hash']), 3),
}).map(compact);

export const podSpecArb = fc.record({
  containers: fc.integer({ min: 1, max: 2 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => container(i ? 'sidecar-log' : 'app', i > 0)))),
  initContainers: rarely(fc.tuple(initContainer), 4),
  hostNetwork: rarely(fc.constant(true), 6),
  tolerations: weighted<Array<Record<string, unknown>>>([3, fc.constant([])], [1, fc.array(toleration, { minLength: 1, maxLength: 2 })]),
  nodeSelector: rarely(fc.constantFrom({ 'kubernetes.io/os': 'linux' }, { pool: 'general' }, { 'topology.kubernetes.io/zone': ZONES[0] }), 3),
  nodeAffinity: rarely(nodeAffinity, 4),
  podAffinity: rarely(podAffinity, 5),
  podAntiAffinity: rarely(podAffinity, 4),
  spread: rarely(fc.uniqueArray(spread, { minLength: 1, maxLength: 2, selector: (s) => `${s.topologyKey}/${s.whenUnsatisfiable}` }), 4),
  // RuntimeClass admission: a class the case has or not, an overhead equal to a class's or not, or without one
  runtimeClassName: rarely(fc.constantFrom('gvisor', 'kata', 'missing'), 4),
  overhead: rarely(fc.constantFrom({ cpu: '250m', memory: '120Mi' }, { cpu: '100m' }), 10),
  gates: rarely(fc.constant([{ name: 'example.com/quota' }]), 40),
  // securityContext, dnsPolicy with dnsConfig, terminationGracePeriodSeconds, readinessGates (generators-podfields.ts)
  fields: rarely(podFieldsArb, 3),
});

type PodSpecValue = typeof podSpecArb extends fc.Arbitrary<infer T> ? T : never;

/** The pod spec and the labels of its pods: the app, sometimes a tier. */
function podTemplate(s: PodSpecValue, app: string, tier: string | undefined) {
  const labelSelector = { matchLabels: { app } };
  const affinity = compact({ nodeAffinity: s.nodeAffinity, podAffinity: s.podAffinity, podAntiAffinity: s.podAntiAffinity });
  return {
    metadata: { labels: compact({ app, tier }) },
    spec: compact({
      initContainers: s.initContainers,
      containers: s.containers,
      hostNetwork: s.hostNetwork,
      tolerations: s.tolerations,
      nodeSelector: s.nodeSelector,
      affinity: Object.keys(affinity).length ? affinity : undefined,
      topologySpreadConstraints: s.spread?.map((c) => ({ ...c, labelSelector })),
      runtimeClassName: s.runtimeClassName,
      overhead: s.overhead,
      schedulingGates: s.gates,
      ...s.fields,
    }),
  };
}

// ---- workloads -----------------------------------------------------------------------------------------------

const KINDS = ['Pod', 'Deployment', 'Deployment', 'Deployment', 'StatefulSet', 'DaemonSet', 'DaemonSet', 'ReplicaSet', 'Job', 'CronJob'];

export const workloadArb = fc.record({
  kind: fc.constantFrom(...KINDS),
  app: fc.constantFrom(...APPS),
  tier: rarely(fc.constantFrom('frontend', 'backend'), 3),
  namespace: fc.constantFrom(undefined, 'default', 'team'),
  spec: podSpecArb,
  replicas: fc.constantFrom(undefined, 1, 3),
  indexed: fc.boolean(),
  suspend: rarely(fc.constant(true), 30),
  // a StatefulSet named as a Helm release's fullname can be: its Pods' controller-revision-hash label is `<name>-<hash>`
  nameLength: rarely(fc.integer({ min: 50, max: 63 }), 8),
}).map(({ kind, app, tier, namespace, spec, replicas, indexed, suspend, nameLength }) => {
  const template = podTemplate(spec, app, tier);
  const name = kind === 'StatefulSet' && nameLength ? `${app}-${'release'.repeat(10)}`.slice(0, nameLength) : app;
  const metadata = compact({ name, namespace, labels: { app } });
  const selector = { matchLabels: { app } };
  switch (kind) {
    case 'Pod':
      return { apiVersion: 'v1', kind, metadata: { ...metadata, labels: template.metadata.labels }, spec: template.spec };
    case 'Deployment':
    case 'ReplicaSet':
      return { apiVersion: 'apps/v1', kind, metadata, spec: compact({ replicas, selector, template }) };
    case 'StatefulSet':
      return { apiVersion: 'apps/v1', kind, metadata, spec: compact({ serviceName: app, replicas, selector, template }) };
    case 'DaemonSet':
      return { apiVersion: 'apps/v1', kind, metadata, spec: { selector, template } };
    default: {
      const job = compact({
        completions: indexed ? 3 : undefined,
        parallelism: indexed ? 3 : undefined,
        completionMode: indexed ? 'Indexed' : undefined,
        suspend: kind === 'Job' ? suspend : undefined,
        template: { ...template, spec: { ...template.spec, restartPolicy: 'OnFailure' } },
      });
      if (kind === 'Job') return { apiVersion: 'batch/v1', kind, metadata, spec: job };
      return { apiVersion: 'batch/v1', kind, metadata, spec: compact({ schedule: '*/5 * * * *', suspend, jobTemplate: { spec: job } }) };
    }
  }
});

/**
 * A StatefulSet with bitnami-style volumeClaimTemplates (generators-claims.ts), sometimes a retention policy: the
 * claims its controller creates before its pods go through DefaultStorageClass admission (issue 34).
 */
export const statefulWorkloadArb = fc.record({
  app: fc.constantFrom(...APPS),
  tier: rarely(fc.constantFrom('frontend', 'backend'), 3),
  namespace: fc.constantFrom(undefined, 'default', 'team'),
  spec: podSpecArb,
  replicas: fc.constantFrom(undefined, 1, 3),
  templates: claimTemplatesArb,
  retention: retentionPolicyArb,
}).map(({ app, tier, namespace, spec, replicas, templates, retention }) => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet',
  metadata: compact({ name: app, namespace, labels: { app } }),
  spec: compact({
    serviceName: app, replicas, selector: { matchLabels: { app } }, template: podTemplate(spec, app, tier),
    volumeClaimTemplates: templates, persistentVolumeClaimRetentionPolicy: retention,
  }),
}));

/**
 * The storage a StatefulSet's claims meet: StorageClasses (none, one or two defaults), static local volumes, the EBS
 * driver's CSINodes, and now and then the claim `data-<set>-0` already bound to a zonal volume.
 */
const storageArb = (nodes: readonly string[]) => fc.record({
  classes: storageClassesArb,
  pvs: staticPvsArb(nodes),
  csiNodes: rarely(csiNodesArb(nodes), 3),
  bound: rarely(fc.record({ zone: fc.constantFrom(...ZONES), storageClassName: fc.constantFrom('gp3', 'standard') }), 5),
});

// ---- the rest of the cluster ---------------------------------------------------------------------------------

const existingPodArb = (nodeCount: number) => fc.record({
  i: fc.nat({ max: 99 }),
  node: fc.constantFrom(...NODE_NAMES.slice(0, nodeCount)),
  // mostly other workloads' pods: the workload's own are its replicas (an own app's pod with a pod-template-hash is
  // taken for the current revision; another revision's is the known other-revision-pods-counted; one without is not
  // the Deployment's ReplicaSet's)
  app: fc.oneof({ weight: 6, arbitrary: fc.constant('cache') }, { weight: 2, arbitrary: fc.constantFrom('web', 'db') }),
  namespace: fc.constantFrom('default', 'team'),
  hash: half(fc.constantFrom('7d9f8c6b5', '5c4f9b8d7')),
  resources: half(dumpedResources),
  ports: ports(1),
  hostNetwork: rarely(fc.constant(true), 6),
  phase: fc.constantFrom('Running', 'Running', 'Running', 'Succeeded', 'Pending'),
  anti: rarely(fc.record({ labelSelector: appSelector, topologyKey: zoneOrHost }), 5),
}).map((p) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: compact({
    name: `${p.app}-${p.i}`,
    namespace: p.namespace,
    labels: compact({ app: p.app, 'pod-template-hash': p.hash }),
    ownerReferences: p.hash ? [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${p.app}-${p.hash}`, uid: `rs-${p.hash}`, controller: true }] : undefined,
  }),
  spec: compact({
    nodeName: p.node,
    hostNetwork: p.hostNetwork,
    containers: [compact({ name: 'c', image: 'registry.example/app:1', resources: p.resources, ports: p.ports })],
    affinity: p.anti && { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [p.anti] } },
  }),
  status: { phase: p.phase },
}));

const namespacesArb = fc.record({ labelled: fc.boolean(), env: fc.constantFrom('prod', 'dev') }).map(({ labelled, env }) =>
  ['default', 'team'].map((name) => ({
    apiVersion: 'v1', kind: 'Namespace',
    metadata: { name, labels: compact({ 'kubernetes.io/metadata.name': labelled ? name : undefined, env: name === 'team' ? env : undefined }) },
  })));

const serviceArb = fc.record({ app: fc.constantFrom(...APPS), namespace: fc.constantFrom('default', 'team') }).map(({ app, namespace }) => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name: app, namespace }, spec: { selector: { app }, ports: [{ port: 80, targetPort: 8080 }] },
}));

const runtimeClassArb = fc.record({
  name: fc.constantFrom('gvisor', 'kata'),
  // podFixed semantically equal to a pod's overhead as written otherwise (0.25 = 250m)
  overhead: half(fc.constantFrom({ podFixed: { cpu: '250m', memory: '120Mi' } }, { podFixed: { cpu: '0.25', memory: '120Mi' } })),
  // a nodeSelector merged into the pod's or in conflict with it; tolerations MergeTolerations keeps or drops
  scheduling: half(fc.constantFrom(
    { nodeSelector: { pool: 'general' } },
    { nodeSelector: { pool: 'gpu' } },
    { nodeSelector: { pool: 'general' }, tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }] },
    { tolerations: [{ operator: 'Exists' }] },
  )),
}).map(({ name, overhead, scheduling }) => compact({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name }, handler: name === 'gvisor' ? 'runsc' : 'kata', overhead, scheduling }));

/**
 * A stored pod's affinity: the API server merged its matchLabelKeys and mismatchLabelKeys into each term's labelSelector
 * on create (pkg/registry/core/pod/strategy.go mutatePodAffinity, the gate on at every release modelled), which the
 * scheduler then reads as written. (A dump never holds an unmerged term; the oracle loads existing pods as given.)
 */
function storedAffinity(affinity: Record<string, any> | undefined, labels: Record<string, string> | undefined): Record<string, any> | undefined {
  if (!affinity) return affinity;
  const has = (k: string) => labels != null && Object.prototype.hasOwnProperty.call(labels, k);
  const term = (t: Record<string, any>) => {
    const extra = [
      ...(t.matchLabelKeys ?? []).filter(has).map((key: string) => ({ key, operator: 'In', values: [labels![key]] })),
      ...(t.mismatchLabelKeys ?? []).filter(has).map((key: string) => ({ key, operator: 'NotIn', values: [labels![key]] })),
    ];
    return t.labelSelector && extra.length ? { ...t, labelSelector: { ...t.labelSelector, matchExpressions: [...(t.labelSelector.matchExpressions ?? []), ...extra] } } : t;
  };
  const terms = (a: Record<string, any> | undefined) => a && compact({
    requiredDuringSchedulingIgnoredDuringExecution: a.requiredDuringSchedulingIgnoredDuringExecution?.map(term),
    preferredDuringSchedulingIgnoredDuringExecution: a.preferredDuringSchedulingIgnoredDuringExecution?.map((w: Record<string, any>) => ({ ...w, podAffinityTerm: term(w.podAffinityTerm) })),
  });
  return compact({ ...affinity, podAffinity: terms(affinity.podAffinity), podAntiAffinity: terms(affinity.podAntiAffinity) });
}

/** A running pod of the DaemonSet's (its controller reference) on `node`, of its template, as the API server stored it. */
function ownDaemonPod(ds: Record<string, any>, node: string, k: number): Record<string, any> {
  const name = ds.metadata?.name ?? 'ds';
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: compact({
      name: `${name}-old${k}`, namespace: ds.metadata?.namespace, labels: ds.spec?.template?.metadata?.labels,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name, uid: 'a8c0f7f2-0d2c-4b1a-9f55-6c1d3e0b2a11', controller: true }],
    }),
    // (a dumped pod's quantities decode: a template's bad one is the workload's refusal, not the dump's)
    spec: compact({
      ...ds.spec?.template?.spec, nodeName: node,
      affinity: storedAffinity(ds.spec?.template?.spec?.affinity, ds.spec?.template?.metadata?.labels),
      containers: (ds.spec?.template?.spec?.containers ?? []).map(decodable), initContainers: ds.spec?.template?.spec?.initContainers?.map(decodable),
    }),
    status: { phase: 'Running' },
  };
}

const QUANTITY = /^[0-9]+(\.[0-9]+)?(m|k|M|G|Ki|Mi|Gi)?$/;
const decodable = (c: Record<string, any>) => {
  const values = [...Object.values(c?.resources?.requests ?? {}), ...Object.values(c?.resources?.limits ?? {})];
  return values.every((v) => typeof v === 'string' && QUANTITY.test(v)) ? c : { ...c, resources: undefined };
};

/** The e2e cases of a workload arbitrary (the corpus pass, corpus.ts, gives it each real workload). */
export const inputArbOf = (workloads: fc.Arbitrary<Record<string, any>>): fc.Arbitrary<E2EInput> => nodesArb.chain((nodes) => fc.record({
  workload: workloads,
  storage: storageArb(nodes.map((n) => n.metadata.name)),
  nodes: fc.constant(nodes as Array<Record<string, any>>),
  pods: fc.uniqueArray(existingPodArb(nodes.length), { maxLength: 4, selector: (p) => `${p.metadata.namespace}/${p.metadata.name}` }),
  replicas: fc.array(fc.constantFrom(...NODE_NAMES.slice(0, nodes.length)), { maxLength: 2 }),
  namespaces: namespacesArb,
  // Services selecting the workload (or not): PodTopologySpread's system default constraints select by theirs
  services: rarely(fc.uniqueArray(serviceArb, { minLength: 1, maxLength: 2, selector: (s) => `${s.metadata.namespace}/${s.metadata.name}` }), 3),
  runtimeClasses: weighted<Array<Record<string, any>>>([3, fc.constant([])], [1, fc.uniqueArray(runtimeClassArb, { minLength: 1, maxLength: 2, selector: (r) => r.metadata.name })]),
  extendedResourceToleration: rarely(fc.constant(true), 6),
  // a DaemonSet's rollout with maxSurge creates its new pod beside the old one (else it deletes the old one first)
  surge: rarely(fc.constantFrom(1, '25%', '0%'), 3),
})).map(({ storage, surge, ...i }) => ({
  ...i,
  workload: i.workload.kind === 'DaemonSet' && surge !== undefined && !i.workload.spec?.updateStrategy
    ? { ...i.workload, spec: { ...i.workload.spec, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: surge, maxUnavailable: surge === '0%' ? 1 : 0 } } } }
    : i.workload,
  // a DaemonSet's own running pods, as a dump of the cluster it runs in holds them (replicas' nodes)
  pods: i.workload.kind === 'DaemonSet' ? [...i.pods, ...i.replicas.map((node, k) => ownDaemonPod(i.workload, node, k))] : i.pods,
  storage: (i.workload as Record<string, any>).spec?.volumeClaimTemplates ? [
    ...storage.classes, ...storage.pvs, ...(storage.csiNodes ?? []),
    ...(storage.bound ? boundClaim(`data-${i.workload.metadata.name}-0`, i.workload.metadata.namespace ?? 'default', storage.bound.zone, storage.bound.storageClassName) : []),
  ] : [],
  services: i.services ?? [],
  extendedResourceToleration: i.extendedResourceToleration ?? false,
  // a DaemonSet has no earlier replicas in the question (each node's pod is decided on its own)
  replicas: i.workload.kind === 'DaemonSet' || i.workload.kind === 'Pod' ? [] : i.replicas,
}));

// a quarter of the cases: a StatefulSet with volumeClaimTemplates and the cluster's storage
export const e2eInputArb = inputArbOf(fc.oneof({ weight: 3, arbitrary: workloadArb }, { weight: 1, arbitrary: statefulWorkloadArb }));
/** Those StatefulSets alone (the statefulClaims view of the e2e domain). */
export const statefulInputArb = inputArbOf(statefulWorkloadArb);
