// Issue 36's client options: toPrefer's schedulerConfiguration, the namespace policy objects (limitRanges,
// resourceQuotas, runtimeClasses, priorityClasses) in the matchers' options for one assertion, and keep-apart under
// each workload's scheduler profile.
import type { KubeObject, Node } from '../core/types';
import { configure, resetConfiguration, settings } from '../core/config';
import { place } from '../engine/replicas';
import { deployment, failure, pod } from '../../test/fixtures';

afterEach(resetConfiguration);

const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };
const sized = (name: string, cpu: string, memory: string, labels: Record<string, string> = {}): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
  status: { allocatable: { cpu, memory, pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
});
const requesting = (requests?: Record<string, string>, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' },
  spec: { containers: [{ name: 'app', image: 'registry.example/app:1', ...(requests ? { resources: { requests } } : {}) }], ...extra },
} as KubeObject);

describe('toPrefer(node, { schedulerConfiguration })', () => {
  // pkg/scheduler/framework/plugins/noderesources: the pod requests cpu 1 and memory 2Gi; NodeResourcesFit scores cpu
  // and memory at weight 1 each, the node's score their weighted mean (integer division throughout).
  //  LeastAllocated (least_allocated.go leastRequestedScore: (capacity - requested) * 100 / capacity):
  //    small (2 cpu, 4Gi):  cpu (2000 - 1000) * 100 / 2000 = 50, memory (4Gi - 2Gi) * 100 / 4Gi = 50  → 50
  //    big (8 cpu, 16Gi):   cpu (8000 - 1000) * 100 / 8000 = 87, memory (16Gi - 2Gi) * 100 / 16Gi = 87 → 87
  //  MostAllocated (most_allocated.go mostRequestedScore: requested * 100 / capacity):
  //    small: cpu 1000 * 100 / 2000 = 50, memory 2Gi * 100 / 4Gi = 50 → 50
  //    big:   cpu 1000 * 100 / 8000 = 12, memory 2Gi * 100 / 16Gi = 12 → 12
  // Both nodes are used alike in cpu and memory (BalancedAllocation 100 on each) and the other plugins score them
  // alike, so NodeResourcesFit decides: LeastAllocated prefers the emptier node, MostAllocated the fuller one.
  const web = requesting({ cpu: '1', memory: '2Gi' });
  const [small, big] = [sized('small', '2', '4Gi'), sized('big', '8', '16Gi')];
  const mostAllocated = { ...KSC, profiles: [{ pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }] }] };

  test('the default LeastAllocated prefers the emptier node', () => {
    expect(web).toPrefer(big).over(small);
    const msg = failure(() => expect(web).toPrefer(small).over(big));
    expect(msg).toMatch(/Node small: \d+ = .*1 × NodeResourcesFit 50 /);
    expect(msg).toMatch(/Node big: \d+ = .*1 × NodeResourcesFit 87 /);
  });

  test('a MostAllocated profile in the options reverses it: the fuller node is preferred', () => {
    expect(web).toPrefer(small, { schedulerConfiguration: mostAllocated }).over(big);
    expect(web).not.toPrefer(big, { schedulerConfiguration: mostAllocated }).over(small);
    const msg = failure(() => expect(web).toPrefer(big, { schedulerConfiguration: mostAllocated }).over(small));
    expect(msg).toContain('Expected Pod default/web to prefer Node big over Node small, but the scores (normalised over these two nodes) are');
    expect(msg).toMatch(/Node big: \d+ = .*1 × NodeResourcesFit 12 /);
    expect(msg).toMatch(/Node small: \d+ = .*1 × NodeResourcesFit 50 /);
    expect(msg).toContain('NodeResourcesFit: MostAllocated');
    // .not: the preferred node's scores are printed as the reason it failed
    const not = failure(() => expect(web).not.toPrefer(small, { schedulerConfiguration: mostAllocated }).over(big));
    expect(not).toContain('Expected Pod default/web not to prefer Node small over Node big, but');
    expect(not).toMatch(/Node small: \d+ = .*1 × NodeResourcesFit 50 /);
    // for that assertion only
    expect(web).toPrefer(big).over(small);
  });

  test('under configure({ schedulerConfiguration }) the same, and an option of LeastAllocated wins over it', () => {
    configure({ schedulerConfiguration: mostAllocated });
    expect(web).toPrefer(small).over(big);
    expect(web).not.toPrefer(big).over(small);
    expect(web).toPrefer(big, { schedulerConfiguration: { ...KSC } }).over(small);
  });

  test('a profile picked by the pod\'s schedulerName', () => {
    const twoProfiles = { ...KSC, profiles: [{ schedulerName: 'default-scheduler' }, { schedulerName: 'bin-packing', pluginConfig: mostAllocated.profiles[0].pluginConfig }] };
    const packed = requesting({ cpu: '1', memory: '2Gi' }, { schedulerName: 'bin-packing' });
    expect(packed).toPrefer(small, { schedulerConfiguration: twoProfiles }).over(big);
    expect(web).toPrefer(big, { schedulerConfiguration: twoProfiles }).over(small);
  });

  test('options are checked: unknown keys are refused with the list, an invalid configuration with kube-scheduler\'s text', () => {
    for (const run of [() => expect(web).toPrefer(small, { existingPods: [] } as never).over(big), () => expect(web).not.toPrefer(small, { existingPods: [] } as never).over(big)]) {
      expect(failure(run)).toContain('unknown option(s) existingPods: options are { schedulerConfiguration?, limitRanges?, resourceQuotas?, runtimeClasses?, priorityClasses? }');
    }
    expect(failure(() => expect(web).toPrefer(small, 'x' as never).over(big))).toContain('options must be { schedulerConfiguration?, limitRanges?');
    const bad = { ...KSC, profiles: [{ pluginConfig: [{ name: 'InterPodAffinity', args: { hardPodAffinityWeight: 101 } }] }] };
    expect(failure(() => expect(web).not.toPrefer(small, { schedulerConfiguration: bad }).over(big))).toContain('hardPodAffinityWeight: Invalid value: 101: not in valid range [0, 100]');
  });
});

describe('namespace policy objects in the options, for that assertion only', () => {
  // plugin/pkg/admission/limitranger/admission.go PodMutateLimitFunc: a container without requests gets the
  // namespace LimitRange's defaultRequest; NodeResourcesFit (noderesources/fit.go fitsRequest) then counts 500m on a
  // node with 250m allocatable: "Insufficient cpu". Without the LimitRange the pod requests nothing and fits.
  const tiny = sized('tiny', '250m', '1Gi');
  const limitRange = (defaultRequest: Record<string, string>, namespace = 'default'): KubeObject => ({
    apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults', namespace }, spec: { limits: [{ type: 'Container', defaultRequest }] },
  } as KubeObject);
  const defaults = limitRange({ cpu: '500m' });

  test('a LimitRange turns a fitting pod (no requests) into Insufficient cpu', () => {
    const web = requesting();
    expect(web).toBeSchedulableOn(tiny);
    expect(web).not.toBeSchedulableOn(tiny, { limitRanges: [defaults] });
    expect(failure(() => expect(web).toBeSchedulableOn(tiny, { limitRanges: [defaults] }))).toContain('Insufficient cpu');
    expect(failure(() => expect(web).toBeSchedulableOnAnyOf([tiny], { limitRanges: [defaults] }))).toContain('0/1 nodes are available: 1 Insufficient cpu.');
    expect(web).not.toBeSchedulableOnAllOf([tiny, sized('big', '8', '16Gi')], { limitRanges: [defaults] });
    // the workload's pods too, placed one at a time
    expect(deployment('web', undefined)).not.toHaveAllReplicasScheduled([tiny], { limitRanges: [defaults] });
    expect(deployment('web', undefined)).toHaveAllReplicasScheduled([tiny]);
    // only in its namespace, and only for that assertion
    expect(web).toBeSchedulableOn(tiny, { limitRanges: [limitRange({ cpu: '500m' }, 'other')] });
    expect(web).toBeSchedulableOn(tiny);
    expect(settings().limitRanges).toEqual([]);
  });

  test('a loadManifests-like collection: the LimitRanges among other kinds', () => {
    const collection = [tiny, defaults, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' } }] as KubeObject[];
    expect(requesting()).not.toBeSchedulableOn(tiny, { limitRanges: collection });
  });

  test('each kind given replaces configure\'s of that kind; the kinds not given stay', () => {
    configure({ limitRanges: [defaults] });
    expect(requesting()).not.toBeSchedulableOn(tiny);
    expect(requesting()).toBeSchedulableOn(tiny, { limitRanges: [] });
    expect(requesting()).not.toBeSchedulableOn(tiny, { resourceQuotas: [] });
  });

  test('an option that is not a list, and a LimitRange the API server would refuse, are usage errors naming the option', () => {
    expect(failure(() => expect(requesting()).toBeSchedulableOn(tiny, { limitRanges: 'x' as never }))).toContain('options.limitRanges must be an array (or iterable), received "x"');
    const bad = { ...defaults, spec: { limits: [{ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' } }] } } as KubeObject;
    for (const run of [() => expect(requesting()).toBeSchedulableOn(tiny, { limitRanges: [bad] }), () => expect(requesting()).not.toBeSchedulableOn(tiny, { limitRanges: [bad] })]) {
      expect(failure(run)).toContain('options.limitRanges: LimitRange default/defaults would be rejected by the API server:\n  spec.limits[0].min[cpu]: Invalid value: "2": min value 2 is greater than max value 1');
    }
  });

  // staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go CheckRequest: each admitted create
  // is charged before the next is checked, so a ReplicaSet of 3 under `pods: 2` gets 2 pods and FailedCreate for the third.
  const quota = (hard: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'default' }, spec: { hard } } as KubeObject);

  test('a ResourceQuota in the options refuses the replica past it with `exceeded quota`', () => {
    const web = { ...deployment('web', undefined), spec: { ...deployment('web', undefined).spec, replicas: 3 } };
    const nodes = [sized('a', '4', '8Gi'), sized('b', '4', '8Gi')];
    expect(web).toHaveAllReplicasScheduled(nodes);
    const msg = failure(() => expect(web).toHaveAllReplicasScheduled(nodes, { resourceQuotas: [quota({ pods: '2' })] }));
    expect(msg).toMatch(/but 1 of 3 are not running:\n {2}\S+ is never created: Error creating: pods "\S+" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2/);
    expect(web).not.toSpreadReplicasAcross('kubernetes.io/hostname', nodes, { resourceQuotas: [quota({ pods: '2' })] });
  });

  test('a quota that refuses the pod itself: no verdict, with and without .not', () => {
    for (const run of [() => expect(requesting()).toBeSchedulableOn(tiny, { resourceQuotas: [quota({ pods: '0' })] }), () => expect(requesting()).not.toBeSchedulableOn(tiny, { resourceQuotas: [quota({ pods: '0' })] })]) {
      expect(failure(run)).toContain('pods "web" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=0, limited: pods=0');
    }
  });

  // plugin/pkg/admission/runtimeclass/admission.go: an unknown runtimeClassName is refused; a known one's
  // scheduling.nodeSelector is merged into the pod's (NodeAffinity then filters by it)
  test('RuntimeClasses in the options: the class is known, and its nodeSelector places the pod', () => {
    const gvisor = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', scheduling: { nodeSelector: { sandbox: 'gvisor' } } } as KubeObject;
    const sandboxed = requesting(undefined, { runtimeClassName: 'gvisor' });
    const [plain, sandbox] = [sized('plain', '4', '8Gi'), sized('sandbox', '4', '8Gi', { sandbox: 'gvisor' })];
    expect(failure(() => expect(sandboxed).toBeSchedulableOn(sandbox))).toContain('RuntimeClass "gvisor" not found');
    expect(sandboxed).toBeSchedulableOn(sandbox, { runtimeClasses: [gvisor] });
    expect(sandboxed).not.toBeSchedulableOn(plain, { runtimeClasses: [gvisor] });
  });

  // plugin/pkg/admission/priority/admission.go: the pod's priority is its class's value, which DefaultPreemption
  // compares (default_preemption.go: only lower-priority pods are victims); a class the inputs do not give leaves the
  // priority unknown, and a cluster whose classes are given (even none) refuses a pod naming another.
  test('PriorityClasses in the options: the pod\'s priority, and so whom it preempts', () => {
    const high = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'high' }, value: 1000 } as KubeObject;
    const full = sized('full', '1', '8Gi');
    const running = { ...requesting({ cpu: '1' }, { nodeName: 'full' }), metadata: { name: 'batch', namespace: 'default' } } as KubeObject;
    const urgent = { ...requesting({ cpu: '1' }, { priorityClassName: 'high' }), metadata: { name: 'urgent', namespace: 'default' } };
    const cluster = { nodes: [full], existingPods: [running] } as never;
    for (const run of [() => expect(urgent).toPreempt(cluster), () => expect(urgent).not.toPreempt(cluster)]) {
      expect(failure(run)).toContain("names PriorityClass high, which is not among the cluster's classes given, so its priority is unknown");
    }
    expect(urgent).toPreempt([running], { ...(cluster as object), priorityClasses: [high] } as never);
    expect(failure(() => expect(urgent).toPreempt({ ...(cluster as object), priorityClasses: [] } as never))).toContain('no PriorityClass with name high was found');
  });

  test('the replica matchers list the options in their usage errors', () => {
    expect(failure(() => expect(deployment('web', undefined)).toHaveAllReplicasScheduled([tiny], { limitRange: [] } as never)))
      .toContain('unknown option(s) limitRange: options are { existingPods?, namespaces?, services?, storage?, storageAssumption?, podDisruptionBudgets?, schedulerConfiguration?, limitRanges?, resourceQuotas?, runtimeClasses?, priorityClasses? }');
  });
});

// Issue 36's "A MostAllocated profile changes … replica placement as upstream does": one replica of 1 cpu / 2Gi on a
// small (2 cpu, 4Gi) and a big (8 cpu, 16Gi) node. NodeResourcesFit's scores are those of the toPrefer case above
// (LeastAllocated small 50, big 87; MostAllocated small 50, big 12); BalancedAllocation scores both 100 and the other
// plugins score them alike, so LeastAllocated places it on big and MostAllocated on small.
describe('a MostAllocated profile changes replica placement', () => {
  const [small, big] = [sized('small', '2', '4Gi'), sized('big', '8', '16Gi')];
  const web = deployment('web', undefined, { containers: [{ name: 'app', image: 'registry.example/app:1', resources: { requests: { cpu: '1', memory: '2Gi' } } }] });
  const mostAllocated = { ...KSC, profiles: [{ pluginConfig: [{ name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'MostAllocated' } } }] }] };
  test('the option and configure() alike', () => {
    const leastNode = place([web], { nodes: [small, big] }).pods[0].node;
    const mostNode = place([web], { nodes: [small, big], schedulerConfiguration: mostAllocated }).pods[0].node;
    expect([leastNode, mostNode]).toEqual(['big', 'small']);
    configure({ schedulerConfiguration: mostAllocated });
    expect(place([web], { nodes: [big, small] }).pods[0].node).toBe('small');
  });
});

describe('toBeKeptApartFrom under each workload\'s scheduler profile', () => {
  const nodes = [sized('n1', '4', '8Gi'), sized('n2', '4', '8Gi')];
  const withSpec = (name: string, spec: Record<string, unknown>) => deployment(name, undefined, spec);
  const antiAffinity = (app: string) => ({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app } } }] } });
  // InterPodAffinity's PreFilter and Filter both off (one without the other is not modelled)
  const without = (plugin: string) => ({ preFilter: { disabled: [{ name: plugin }] }, filter: { disabled: [{ name: plugin }] } });
  const profiles = (plugin: string) => ({ ...KSC, profiles: [{ schedulerName: 'default-scheduler' }, { schedulerName: 'loose', plugins: without(plugin) }] });

  test('required anti-affinity is a guarantee only when both pods\' profiles run InterPodAffinity\'s Filter', () => {
    const db = withSpec('db', { affinity: antiAffinity('cache') });
    const cache = deployment('cache', undefined);
    const looseCache = withSpec('cache', { schedulerName: 'loose' });
    const config = profiles('InterPodAffinity');
    // the profiles both pods run keep the filter (another profile dropping it changes nothing)
    expect(db).toBeKeptApartFrom(cache, nodes, { schedulerConfiguration: config });
    expect(db).toBeKeptApartFrom(cache, undefined, { schedulerConfiguration: config });
    // cache's profile ignores the term: a cache pod created after db's may join them
    const msg = failure(() => expect(db).toBeKeptApartFrom(looseCache, nodes, { schedulerConfiguration: config }));
    expect(msg).toContain("required anti-affinity: Deployment default/db's spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]");
    expect(msg).toContain('(not enforced: Deployment default/cache\'s pods are scheduled by the profile of schedulerName "loose", which does not run InterPodAffinity\'s Filter, so one created after Deployment default/db\'s pods may join them on a node)');
    expect(db).not.toBeKeptApartFrom(looseCache, undefined, { schedulerConfiguration: config });
    // the placement agrees: db first, then cache under "loose", on one node
    expect(db).toShareNodesWith(looseCache, [nodes[0]], { schedulerConfiguration: config });
    expect(db).not.toShareNodesWith(cache, nodes, { schedulerConfiguration: config });
    // from the other side too (the term is the existing pods' then), and under configure
    configure({ schedulerConfiguration: config });
    expect(looseCache).not.toBeKeptApartFrom(db, nodes);
    expect(cache).toBeKeptApartFrom(db, nodes);
  });

  test('the same host port is a guarantee only when both pods\' profiles run NodePorts', () => {
    const port = (name: string, extra: Record<string, unknown> = {}) => {
      const d = withSpec(name, extra);
      d.spec.template.spec.containers = [{ ...d.spec.template.spec.containers[0], ports: [{ containerPort: 8080, hostPort: 8080 }] } as never];
      return d;
    };
    const config = profiles('NodePorts');
    expect(port('a')).toBeKeptApartFrom(port('b'), undefined, { schedulerConfiguration: config });
    const msg = failure(() => expect(port('a')).toBeKeptApartFrom(port('b', { schedulerName: 'loose' }), undefined, { schedulerConfiguration: config }));
    expect(msg).toContain('both use hostPort 8080/TCP, and NodePorts never puts two such pods on one node (not enforced: Deployment default/b\'s pods are scheduled by the profile of schedulerName "loose", which does not run NodePorts\'s Filter');
  });

  test('node selection is each pod\'s own profile\'s: NodeAffinity\'s addedAffinity', () => {
    const pools = [sized('a1', '4', '8Gi', { pool: 'a' }), sized('b1', '4', '8Gi', { pool: 'b' })];
    const addedAffinity = { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['a'] }] }] } };
    const config = { ...KSC, profiles: [{ schedulerName: 'default-scheduler' }, { schedulerName: 'pool-a', pluginConfig: [{ name: 'NodeAffinity', args: { addedAffinity } }] }] };
    const web = withSpec('web', { schedulerName: 'pool-a' });
    const api = withSpec('api', { nodeSelector: { pool: 'b' } });
    // web's profile keeps it on pool a, api's selector on pool b: no node passes both
    expect(web).toBeKeptApartFrom(api, pools, { schedulerConfiguration: config });
    expect(failure(() => expect(web).not.toBeKeptApartFrom(api, pools, { schedulerConfiguration: config }))).toContain('node selection: no node given passes the node filters');
    // under the default profile web may run on b1 beside api
    expect(withSpec('web', {})).not.toBeKeptApartFrom(api, pools, { schedulerConfiguration: config });
  });

  test('its options are checked, with the list', () => {
    expect(failure(() => expect(deployment('a', undefined)).toBeKeptApartFrom(deployment('b', undefined), undefined, { nodes: [] } as never)))
      .toContain('unknown option(s) nodes: options are { namespaces?, schedulerConfiguration?, limitRanges?, resourceQuotas?, runtimeClasses?, priorityClasses? }');
  });
});

// Every matcher that takes PodDisruptionBudgets refuses one the API server refuses (k8s/validation-pdb.ts, through
// validate() or the outage's budget check), naming its field: a budget never stored must not decide a verdict.
describe('a PodDisruptionBudget the API server refuses is refused by every matcher that takes one', () => {
  const node = sized('n1', '2', '4Gi');
  const bad = { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web-pdb', namespace: 'default' }, spec: { minAvailable: '50', selector: { matchLabels: { app: 'web' } } } } as KubeObject;
  const text = 'spec.minAvailable: Invalid value: "50": a valid percent string must be a numeric string followed by an ending \'%\'';
  const web = deployment('web', undefined);
  test.each([
    ['toBeSchedulableOn', () => expect(requesting()).toBeSchedulableOn(node, { podDisruptionBudgets: [bad] })],
    ['toBeSchedulableOnAnyOf', () => expect(requesting()).toBeSchedulableOnAnyOf([node], { podDisruptionBudgets: [bad] })],
    ['toPreempt', () => expect(requesting()).toPreempt({ nodes: [node], podDisruptionBudgets: [bad] })],
    ['toHaveAllReplicasScheduled', () => expect(web).toHaveAllReplicasScheduled([node], { podDisruptionBudgets: [bad] })],
    ['toDrain', () => expect('n1').toDrain({ nodes: [node], workloads: [web], podDisruptionBudgets: [bad] })],
    ['toKeepAtLeast', () => expect(web).toKeepAtLeast(1, { nodes: ['n1'], condition: 'drain' }, { nodes: [node], podDisruptionBudgets: [bad] })],
  ])('%s', (_, assertion) => {
    expect(failure(assertion)).toContain(text);
  });
});
