// fast-check generators for the scheduling oracle: small clusters from a small vocabulary, so that labels, taints,
// ports and topology domains collide often, with the adversarial corners mixed in (amounts beyond 2^53, repeated
// conditions, matchFields, pod-level resources, sidecars). Every object is meant to pass the API server's validation:
// a difference must come from scheduling, not from input the cluster would refuse.
import fc from 'fast-check';
import { nodeImagesArb, podImageArb } from './generators-images';

export interface SchedulingInput {
  pod: Record<string, any>;
  nodes: Array<Record<string, any>>;
  pods: Array<Record<string, any>>;
  namespaces: Array<Record<string, any>>;
}

const NODE_NAMES = ['n0', 'n1', 'n2', 'n3', 'n4'];
const ZONES = ['z1', 'z2'];
const APPS = ['web', 'db'];
const NAMESPACES = ['default', 'team'];
const TAINT_KEYS = ['dedicated', 'example.com/gpu', 'spot'];
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const GPU = 'example.com/gpu';
/** 2^54 + 1: a number cannot hold it. */
const BEYOND_2_53 = '18014398509481985';

/** `arb` in one draw of `n`, else undefined (fc.option's freq is the other way round: nil in 1 of freq). */
const rarely = <T>(arb: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const half = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
const often = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });
const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))) as T;

const taint = fc.record({ key: fc.constantFrom(...TAINT_KEYS), value: fc.constantFrom(undefined, '', 'a', 'b'), effect: fc.constantFrom(...EFFECTS) })
  .map((t) => compact(t));
const taints = fc.uniqueArray(taint, { maxLength: 3, selector: (t) => `${t.key}\u0000${t.effect}` });

const condition = fc.record({
  type: fc.constantFrom('Ready', 'Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'),
  status: fc.constantFrom('True', 'False', 'Unknown'),
});

const allocatable = fc.record(
  {
    cpu: fc.constantFrom('500m', '2', '4', '4', '8'),
    memory: fc.constantFrom('1Gi', '4Gi', '8Gi', '16Gi', BEYOND_2_53),
    pods: fc.constantFrom('0', '1', '2', '110', '110', '110', '110', '110', '110'),
    'ephemeral-storage': fc.constantFrom('10Gi', '100Gi'),
    [GPU]: fc.constantFrom('0', '1', '2', BEYOND_2_53),
  },
  { requiredKeys: ['cpu', 'memory', 'pods'] },
);

// Node features (status.declaredFeatures): the ones pods need (NodeDeclaredFeatures), one kube-scheduler does not
// infer for scheduling, and names no release registers. The kubelet writes the list sorted; an unsorted one is read
// as sorted by the scheduler (FeatureMapper.TryMap), so both are generated.
const FEATURES = ['Alpha', 'ExtendWebSocketsToKubelet', 'RestartAllContainersOnContainerExits', 'UserNamespacesHostNetworkSupport', 'VolumeBindMountOptions', 'Zeta'];
const declaredFeatures = fc.record({ names: fc.subarray(FEATURES, { minLength: 1 }), shuffled: rarely(fc.constant(true), 4) })
  .map(({ names, shuffled }) => (shuffled ? [...names].reverse() : names));

function nodeArb(name: string): fc.Arbitrary<Record<string, any>> {
  return fc.record({
    zone: often(fc.constantFrom(...ZONES)),
    pool: half(fc.constantFrom('x', 'y')),
    disk: half(fc.constant('ssd')),
    taints: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: taints }),
    unschedulable: fc.oneof({ weight: 10, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant(true) }),
    conditions: fc.oneof({ weight: 5, arbitrary: fc.constant([{ type: 'Ready', status: 'True' }]) }, { weight: 1, arbitrary: fc.array(condition, { maxLength: 3 }) }),
    // a node without status.allocatable is rare in dumps, and a known deviation (known.ts), kept rare so that the
    // bounded run spends its cases on what is not known
    allocatable: fc.oneof({ weight: 400, arbitrary: allocatable }, { weight: 1, arbitrary: fc.constant(undefined) }),
    declaredFeatures: half(declaredFeatures),
    images: often(nodeImagesArb),
  }).map((n) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: compact({ 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': n.zone, pool: n.pool, disk: n.disk }) },
    spec: compact({ taints: n.taints, unschedulable: n.unschedulable }),
    status: compact({ allocatable: n.allocatable, conditions: n.conditions, declaredFeatures: n.declaredFeatures, images: n.images }),
  }));
}

export const nodesArb = fc.integer({ min: 1, max: NODE_NAMES.length }).chain((count) => fc.tuple(...NODE_NAMES.slice(0, count).map(nodeArb)));

const toleration = fc.record({
  key: fc.constantFrom(undefined, ...TAINT_KEYS, 'node.kubernetes.io/not-ready', 'node.kubernetes.io/unschedulable', 'node.kubernetes.io/memory-pressure'),
  operator: fc.constantFrom('Exists', 'Equal', undefined),
  value: fc.constantFrom('a', 'b'),
  effect: fc.constantFrom(undefined, ...EFFECTS),
  seconds: half(fc.constantFrom(0, 60)),
}).map(({ key, operator, value, effect, seconds }) => {
  if (key === undefined) return compact({ operator: 'Exists', effect });
  if (operator === 'Exists') return compact({ key, operator, effect, tolerationSeconds: effect === 'NoExecute' ? seconds : undefined });
  return compact({ key, operator, value, effect, tolerationSeconds: effect === 'NoExecute' ? seconds : undefined });
});

const LABELS: Record<string, string[]> = { 'topology.kubernetes.io/zone': ZONES, pool: ['x', 'y'], disk: ['ssd'] };
const requirement = fc.constantFrom(...Object.keys(LABELS)).chain((key) =>
  fc.oneof(
    fc.record({ key: fc.constant(key), operator: fc.constantFrom('In', 'NotIn'), values: fc.uniqueArray(fc.constantFrom(...LABELS[key]), { minLength: 1, maxLength: 2 }) }),
    fc.record({ key: fc.constant(key), operator: fc.constantFrom('Exists', 'DoesNotExist') }),
  ));
const fieldRequirement = fc.record({
  key: fc.constant('metadata.name'),
  operator: fc.constantFrom('In', 'NotIn'),
  values: fc.uniqueArray(fc.constantFrom(...NODE_NAMES), { minLength: 1, maxLength: 1 }),
});
const nodeSelectorTerm = fc.record({ matchExpressions: fc.array(requirement, { maxLength: 2 }), matchFields: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.tuple(fieldRequirement) }) })
  .map((t) => compact(t));

const nodeAffinity = fc.record({
  required: rarely(fc.array(nodeSelectorTerm, { minLength: 1, maxLength: 2 }), 3),
  preferred: half(fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), preference: nodeSelectorTerm }), { minLength: 1, maxLength: 2 })),
}).map(({ required, preferred }) => compact({
  requiredDuringSchedulingIgnoredDuringExecution: required && { nodeSelectorTerms: required },
  preferredDuringSchedulingIgnoredDuringExecution: preferred,
})).filter((a) => Object.keys(a).length > 0);

const selector = fc.oneof(
  fc.record({ matchLabels: fc.record({ app: fc.constantFrom(...APPS) }) }),
  fc.record({ matchExpressions: fc.tuple(fc.record({ key: fc.constant('app'), operator: fc.constantFrom('In', 'NotIn'), values: fc.uniqueArray(fc.constantFrom(...APPS), { minLength: 1, maxLength: 2 }) })) }),
);
const TOPOLOGY_KEYS = ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'];
const podAffinityTerm = fc.record({
  labelSelector: selector,
  topologyKey: fc.constantFrom(...TOPOLOGY_KEYS),
  namespaces: half(fc.uniqueArray(fc.constantFrom(...NAMESPACES), { minLength: 1, maxLength: 2 })),
  namespaceSelector: half(fc.oneof(fc.constant({}), fc.record({ matchLabels: fc.record({ env: fc.constantFrom('prod', 'dev') }) }))),
}).map((t) => compact(t));
const podAffinityGroup = fc.record({
  required: fc.array(podAffinityTerm, { maxLength: 1 }),
  preferred: fc.array(fc.record({ weight: fc.integer({ min: 1, max: 100 }), podAffinityTerm }), { maxLength: 1 }),
}).map(({ required, preferred }) => compact({ requiredDuringSchedulingIgnoredDuringExecution: required, preferredDuringSchedulingIgnoredDuringExecution: preferred }))
  .filter((a) => Object.keys(a).length > 0);

const spread = fc.record({
  maxSkew: fc.integer({ min: 1, max: 2 }),
  topologyKey: fc.constantFrom(...TOPOLOGY_KEYS),
  whenUnsatisfiable: fc.constantFrom('DoNotSchedule', 'ScheduleAnyway'),
  labelSelector: selector,
  minDomains: rarely(fc.constantFrom(2, 3), 4),
  nodeAffinityPolicy: rarely(fc.constantFrom('Honor', 'Ignore'), 4),
  nodeTaintsPolicy: rarely(fc.constantFrom('Honor', 'Ignore'), 4),
});

const requests = fc.record({
  // now and then finer than a milli-unit (rounded up as the API server decodes it: 1500u is 2m)
  cpu: fc.oneof({ weight: 15, arbitrary: fc.constantFrom('100m', '250m', '500m', '1', '3') }, { weight: 1, arbitrary: fc.constantFrom('0.5m', '1500u', '999u') }),
  memory: fc.constantFrom('128Mi', '256Mi', '1Gi', '3Gi'),
  gpu: rarely(fc.constantFrom('1', '2'), 6),
}, { requiredKeys: [] }).map(({ gpu, ...r }) => compact({ ...r, [GPU]: gpu }) as Record<string, string>);

const hostPort = fc.record({ containerPort: fc.constant(8080), hostPort: fc.constantFrom(80, 8080), protocol: fc.constantFrom(undefined, 'TCP', 'UDP'), hostIP: fc.constantFrom(undefined, '0.0.0.0', '10.0.0.1') })
  .map((p) => compact(p));

function container(name: string, req: Record<string, string> | undefined, limitsToo: boolean, ports: Array<Record<string, unknown>>, restartPolicy?: string) {
  const resources: Record<string, unknown> = {};
  if (req && Object.keys(req).length) {
    // extended resources need requests == limits; limits alone also default the requests
    const ext = req[GPU] ? { [GPU]: req[GPU] } : {};
    if (limitsToo) resources.limits = { ...req };
    else { resources.requests = { ...req }; if (req[GPU]) resources.limits = ext; }
  }
  return compact({ name, image: 'registry.example/app:1', resources: Object.keys(resources).length ? resources : undefined, ports, restartPolicy });
}

// restartPolicyRules (ContainerRestartRules, beta on from 1.35): the action RestartAllContainers makes the pod need
// the node feature RestartAllContainersOnContainerExits (its validation needs that gate, on from 1.36).
const restartRules = fc.constantFrom('RestartAllContainers', 'Restart').map((action) => ({
  restartPolicy: 'Never',
  restartPolicyRules: [{ action, exitCodes: { operator: 'In', values: [42] } }],
}));
// volumeMounts[].bindMountOptions (alpha at 1.37, dropped on create while its gate is off: known.ts)
const bindMount = { volumeMounts: [{ name: 'scratch', mountPath: '/scratch', bindMountOptions: ['ro'] }] };

const containerArb = (name: string) => fc.record({ image: podImageArb, req: often(requests), limitsToo: fc.boolean(), ports: fc.array(hostPort, { maxLength: 1 }), rules: rarely(restartRules, 8), bind: rarely(fc.constant(bindMount), 200) })
  .map(({ image, req, limitsToo, ports, rules, bind }) => ({ ...container(name, req, limitsToo, ports), image, ...rules, ...bind }));
// A sidecar's hostPorts are the pod's for NodePorts (scheduler util.GetHostPorts; #132040): its own port, 9090, so
// that the pod's containers (80, 8080) never repeat it (validation's AccumulateUniqueHostPorts).
const sidecarPort = fc.record({ containerPort: fc.constant(9090), hostPort: fc.constant(9090), protocol: fc.constantFrom(undefined, 'UDP') }).map((p) => compact(p));
const initArb = (name: string) => fc.record({ image: podImageArb, req: often(requests), sidecar: fc.boolean(), ports: fc.array(sidecarPort, { maxLength: 1 }), rules: rarely(restartRules, 12) })
  .map(({ image, req, sidecar, ports, rules }) => ({ ...container(name, req, false, sidecar ? ports : [], sidecar ? 'Always' : undefined), image, ...(sidecar ? {} : rules) }));

const podSpec = fc.record({
  containers: fc.integer({ min: 1, max: 2 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => containerArb(`c${i}`)))),
  initContainers: fc.array(initArb('init'), { maxLength: 1 }),
  tolerations: fc.array(toleration, { maxLength: 4 }),
  nodeSelector: rarely(fc.dictionary(fc.constantFrom(...Object.keys(LABELS)), fc.constantFrom('z1', 'x', 'ssd'), { maxKeys: 2 }), 3),
  nodeAffinity: rarely(nodeAffinity, 3),
  podAffinity: rarely(podAffinityGroup, 3),
  podAntiAffinity: rarely(podAffinityGroup, 3),
  spread: fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(spread, { minLength: 1, maxLength: 2 }) }),
  podResources: rarely(fc.record({ cpu: fc.constantFrom('4', '8'), memory: fc.constantFrom('8Gi', '16Gi') }, { requiredKeys: [] }), 5),
  overhead: rarely(fc.record({ cpu: fc.constantFrom('100m', '1'), memory: fc.constantFrom('64Mi') }, { requiredKeys: [] }), 5),
  gates: rarely(fc.constant([{ name: 'example.com/wait' }]), 25),
  // rare: at 1.37 every pod with spec.nodeName meets the known prefilter-narrowed-plugin-name
  nodeName: rarely(fc.constantFrom(...NODE_NAMES), 60),
  // hostNetwork with hostUsers false needs UserNamespacesHostNetworkSupport (NodeDeclaredFeatures, 1.36+)
  hostNetwork: rarely(fc.record({ hostUsers: fc.constantFrom(false, true, undefined) }), 12),
  // an image volume: ImageLocality sums it from 1.36 and counts it from 1.37, and reads no volume before. (At 1.33
  // and 1.34, ImageVolume beta off, the API server would drop the source and refuse the pod; the scheduler, which
  // this domain asks directly, ignores the volume there as at 1.35.)
  imageVolume: rarely(podImageArb, 8),
});

export const podArb = fc.record({ app: fc.constantFrom(...APPS), namespace: fc.constantFrom(...NAMESPACES), spec: podSpec }).map(({ app, namespace, spec }) => {
  const affinity = compact({ nodeAffinity: spec.nodeAffinity, podAffinity: spec.podAffinity, podAntiAffinity: spec.podAntiAffinity });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'incoming', namespace, labels: { app } },
    spec: compact({
      nodeName: spec.nodeName,
      containers: spec.containers,
      initContainers: spec.initContainers,
      tolerations: spec.tolerations,
      nodeSelector: spec.nodeSelector && Object.keys(spec.nodeSelector).length ? spec.nodeSelector : undefined,
      affinity: Object.keys(affinity).length ? affinity : undefined,
      topologySpreadConstraints: spec.spread.length ? uniqueSpread(spec.spread) : undefined,
      resources: spec.podResources && Object.keys(spec.podResources).length ? { requests: spec.podResources, limits: spec.podResources } : undefined,
      overhead: spec.overhead && Object.keys(spec.overhead).length ? spec.overhead : undefined,
      schedulingGates: spec.gates,
      ...(spec.hostNetwork ? compact({ hostNetwork: true, hostUsers: spec.hostNetwork.hostUsers }) : {}),
      volumes: [
        ...(JSON.stringify(spec.containers).includes('bindMountOptions') ? [{ name: 'scratch', emptyDir: {} }] : []),
        ...(spec.imageVolume ? [{ name: 'tools', image: { reference: spec.imageVolume, pullPolicy: 'IfNotPresent' } }] : []),
      ],
    }),
  };
}).map((pod) => (pod.spec.hostNetwork ? withoutHostPorts(pod) : pod));

/**
 * A hostNetwork pod's ports default hostPort to containerPort (SetDefaults_Pod) and validation wants them equal;
 * its generated host ports are dropped so that NodePorts stays out of the hostNetwork cases.
 */
function withoutHostPorts(pod: Record<string, any>) {
  const strip = (c: Record<string, unknown>) => { const { ports: _, ...rest } = c; return rest; };
  return { ...pod, spec: { ...pod.spec, containers: pod.spec.containers.map(strip) } };
}

/** ValidateTopologySpreadConstraints refuses two constraints with the same topologyKey and whenUnsatisfiable. */
function uniqueSpread(list: ReadonlyArray<Record<string, unknown>>) {
  const seen = new Set<string>();
  return list.filter((c) => {
    const k = `${c.topologyKey}/${c.whenUnsatisfiable}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  }).map((c) => compact(c));
}

const existingPodArb = (nodeCount: number) => fc.record({
  i: fc.nat(),
  node: fc.constantFrom(...NODE_NAMES.slice(0, nodeCount)),
  app: fc.constantFrom(...APPS, 'other'),
  namespace: fc.constantFrom(...NAMESPACES),
  req: often(requests),
  ports: fc.array(hostPort, { maxLength: 1 }),
  anti: rarely(fc.record({ labelSelector: selector, topologyKey: fc.constantFrom(...TOPOLOGY_KEYS) }), 3),
  phase: fc.constantFrom(undefined, 'Running', 'Running', 'Succeeded'),
  // a sidecar with its hostPort (NodePorts counts it, #132040) and pod-level resources (PodLevelResources, 1.34 on)
  sidecar: rarely(fc.record({ req: often(requests), ports: fc.array(sidecarPort, { maxLength: 1 }) }), 4),
  podResources: rarely(fc.record({ cpu: fc.constantFrom('2', '4'), memory: fc.constantFrom('4Gi', '8Gi') }, { requiredKeys: [] }), 6),
  // a resize in flight (InPlacePodVerticalScaling, on from 1.33): the kubelet's actual and allocated requests, and
  // PodResizePending=Infeasible, sometimes with no resources in the status at all (1.37 then counts nothing for the
  // container: component-helpers resource/helpers.go containerActuatedRequests)
  resize: rarely(fc.record({ actual: fc.constantFrom('100m', '2'), allocated: fc.constantFrom('250m', '3'), infeasible: fc.boolean(), bare: fc.boolean() }), 10),
  // Pending and nominated to the node instead of bound there (a past preemption's nominee, issue 35): in the
  // scheduler's nominator, counted on that node by RunFilterPluginsWithNominatedPods (priority 0, as the incoming pod's)
  nominated: rarely(fc.constant(true), 8),
}).map((p) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: `p${p.i}`, namespace: p.namespace, labels: { app: p.app } },
  spec: compact({
    nodeName: p.nominated ? undefined : p.node,
    containers: [container('c', p.req, false, p.ports)],
    initContainers: p.sidecar && [container('sidecar', p.sidecar.req, false, p.sidecar.ports, 'Always')],
    resources: p.podResources && Object.keys(p.podResources).length ? { requests: p.podResources, limits: p.podResources } : undefined,
    affinity: p.anti && { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [p.anti] } },
  }),
  status: compact({
    phase: p.nominated ? 'Pending' : p.phase,
    nominatedNodeName: p.nominated ? p.node : undefined,
    containerStatuses: p.resize && !p.nominated ? [{ name: 'c', ready: true, restartCount: 0, image: 'registry.example/app:1', imageID: '', ...(p.resize.bare ? {} : { resources: { requests: { cpu: p.resize.actual } }, allocatedResources: { cpu: p.resize.allocated } }) }] : undefined,
    conditions: p.resize?.infeasible && !p.nominated ? [{ type: 'PodResizePending', status: 'True', reason: 'Infeasible' }] : undefined,
  }),
}));

const namespacesArb = fc.tuple(fc.constantFrom('prod', 'dev'), fc.constantFrom('prod', 'dev')).map(([a, b]) => [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default', env: a } } },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', labels: { 'kubernetes.io/metadata.name': 'team', env: b } } },
]);

const adversarialInputArb: fc.Arbitrary<SchedulingInput> = nodesArb.chain((nodes) =>
  fc.record({
    pod: podArb,
    nodes: fc.constant(nodes as Array<Record<string, any>>),
    pods: fc.uniqueArray(existingPodArb(nodes.length), { maxLength: 4, selector: (p) => `${p.metadata.namespace}/${p.metadata.name}` }),
    namespaces: namespacesArb,
  }));

/**
 * The same cases with the pod's hard node constraints and the nodes' cordons and NoSchedule taints taken out, so
 * that several nodes stay feasible and the scores get compared as often as the filters.
 */
function relaxed(input: SchedulingInput): SchedulingInput {
  const spec = { ...input.pod.spec };
  delete spec.nodeSelector;
  delete spec.nodeName;
  delete spec.schedulingGates;
  if (spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution) {
    const { requiredDuringSchedulingIgnoredDuringExecution: _, ...nodeAffinity } = spec.affinity.nodeAffinity;
    spec.affinity = compact({ ...spec.affinity, nodeAffinity: Object.keys(nodeAffinity).length ? nodeAffinity : undefined });
    if (!Object.keys(spec.affinity).length) delete spec.affinity;
  }
  const nodes = input.nodes.map((n) => ({
    ...n,
    spec: compact({ taints: (n.spec.taints ?? []).filter((t: { effect: string }) => t.effect !== 'NoSchedule') }),
  }));
  return { ...input, pod: { ...input.pod, spec }, nodes };
}

export const schedulingInputArb: fc.Arbitrary<SchedulingInput> = fc.oneof(adversarialInputArb, adversarialInputArb.map(relaxed));
