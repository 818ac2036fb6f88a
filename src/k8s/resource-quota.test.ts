// ResourceQuota's pod evaluation: plugin/pkg/admission/resourcequota/admission_test.go (the tests named below, their
// quotas and pods; the expected texts are controller.go's CheckRequest and pods.go's Constraints) and
// pkg/quota/v1/evaluator/core/pods_test.go's usage rules, the same at 1.33–1.37.
import type { PodSpec } from '../core/types';
import { matchingResources, podMatchesScope, podUsage, quotaRefusal, quotaUsed, resourceQuotaProblems, type QuotaPod, type ResourceQuota } from './resource-quota';
import { quantityList } from './limit-range';

type List = Record<string, string>;
const list = (cpu: string, memory: string): List => ({ ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) });
/** validPod: containers without names, as upstream's */
const validPod = (n: number, requests: List, limits: List, more: Partial<PodSpec> = {}): PodSpec =>
  ({ containers: Array.from({ length: n }, (_, i) => ({ name: '', image: `foo:V${i}`, resources: { requests, limits } })), ...more });
const quota = (name: string, hard: List, used: List | undefined, spec: ResourceQuota['spec'] = {}): ResourceQuota =>
  ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name, namespace: 'test' }, spec, status: { hard, ...(used ? { used } : {}) } });
/** CheckRequest with each quota's status.used */
const check = (quotas: ResourceQuota[], spec: PodSpec) => quotaRefusal(quotas, new Map(quotas.map((q) => [q, quantityList(q.status?.used)])), spec, true);
const text = (l: Map<string, { canonical(): string }>) => Object.fromEntries([...l].map(([k, q]) => [k, q.canonical()]));

const base = () => quota('quota', { cpu: '3', memory: '100Gi', pods: '5' }, { cpu: '1', memory: '50Gi', pods: '3' });

describe('admission_test.go', () => {
  it('TestAdmitBelowQuotaLimit', () => {
    expect(check([base()], validPod(1, list('100m', '2Gi'), list('', '')))).toBeUndefined();
  });

  it('TestAdmitExceedQuotaLimit', () => {
    expect(check([base()], validPod(1, list('3', '2Gi'), list('', '')))).toBe('exceeded quota: quota, requested: cpu=3, used: cpu=1, limited: cpu=3');
  });

  it('TestAdmitEnforceQuotaConstraints: a quota on limits.memory needs every container to state a memory limit', () => {
    const q = quota('quota', { cpu: '3', memory: '100Gi', 'limits.memory': '200Gi', pods: '5' }, { cpu: '1', memory: '50Gi', 'limits.memory': '100Gi', pods: '3' });
    expect(check([q], validPod(1, list('100m', '2Gi'), list('200m', '')))).toBe('failed quota: quota: must specify limits.memory for: ');
  });

  it('TestAdmitBelowTerminatingQuotaLimit: a terminating pod charges the Terminating quota only', () => {
    const full = { cpu: '3', memory: '100Gi', pods: '5' };
    const nonTerminating = quota('quota-non-terminating', { cpu: '3', memory: '100Gi', pods: '5' }, full, { scopes: ['NotTerminating'] });
    const terminating = quota('quota-terminating', { cpu: '3', memory: '100Gi', pods: '5' }, { cpu: '1', memory: '50Gi', pods: '3' }, { scopes: ['Terminating'] });
    const pod = validPod(1, list('100m', '2Gi'), list('200m', ''), { activeDeadlineSeconds: 60 });
    expect(check([terminating, nonTerminating], pod)).toBeUndefined();
    // the same pod without a deadline is charged to the full non-terminating quota
    expect(check([terminating, nonTerminating], validPod(1, list('100m', '2Gi'), list('200m', ''))))
      .toBe('exceeded quota: quota-non-terminating, requested: cpu=100m,memory=2Gi,pods=1, used: cpu=3,memory=100Gi,pods=5, limited: cpu=3,memory=100Gi,pods=5');
  });

  it('TestAdmitBelowBestEffortQuotaLimit / TestAdmitBestEffortQuotaLimitIgnoresBurstable', () => {
    const bestEffort = quota('quota-besteffort', { pods: '5' }, { pods: '3' }, { scopes: ['BestEffort'] });
    const notBestEffort = quota('quota-not-besteffort', { pods: '5' }, { pods: '5' }, { scopes: ['NotBestEffort'] });
    expect(check([bestEffort, notBestEffort], validPod(1, list('', ''), list('', '')))).toBeUndefined();
    expect(check([bestEffort, notBestEffort], validPod(1, list('100m', '1Gi'), list('', ''))))
      .toBe('exceeded quota: quota-not-besteffort, requested: pods=1, used: pods=5, limited: pods=5');
    const fullBestEffort = quota('quota-besteffort', { pods: '5' }, { pods: '5' }, { scopes: ['BestEffort'] });
    expect(check([fullBestEffort], validPod(1, list('100m', '1Gi'), list('', '')))).toBeUndefined();
  });

  it('TestAdmitWhenUnrelatedResourceExceedsQuota: only what the pod requests is compared', () => {
    const q = quota('quota', { services: '3', pods: '4' }, { services: '4', pods: '1' });
    expect(check([q], validPod(1, list('3', '2Gi'), list('', '')))).toBeUndefined();
  });

  it('TestAdmitLimitedScopeWithCoverQuota: the PriorityClass scope (Exists, In)', () => {
    const exists = quota('quota', { memory: '10Gi' }, { memory: '1Gi' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'Exists' }] } });
    expect(check([exists], validPod(1, list('3', '20Gi'), list('', ''), { priorityClassName: 'fake-priority' })))
      .toBe('exceeded quota: quota, requested: memory=20Gi, used: memory=1Gi, limited: memory=10Gi');
    const inServices = quota('quota', { memory: '10Gi' }, { memory: '1Gi' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['cluster-services'] }] } });
    expect(check([inServices], validPod(1, list('3', '20Gi'), list('', ''), { priorityClassName: 'fake-priority' }))).toBeUndefined();
    expect(check([inServices], validPod(1, list('3', '20Gi'), list('', ''), { priorityClassName: 'cluster-services' }))).toMatch(/^exceeded quota: quota, requested: memory=20Gi/);
  });

  it('TestAdmitPodInNamespaceWithoutQuota: no quota, no refusal', () => {
    expect(check([], validPod(1, list('100m', '2Gi'), list('200m', '')))).toBeUndefined();
  });

  it('a quota whose status has no usage for a resource it limits: status unknown', () => {
    expect(check([quota('quota', { cpu: '3', pods: '5' }, { pods: '1' })], validPod(1, list('1', ''), list('', ''))))
      .toBe('status unknown for quota: quota, resources: cpu,pods');
    // the resources sorted, whatever the order of spec.hard
    expect(check([quota('quota', { pods: '5', 'requests.memory': '1Gi', cpu: '3' }, { pods: '1' })], validPod(1, list('1', '1Gi'), list('', ''))))
      .toBe('status unknown for quota: quota, resources: cpu,pods,requests.memory');
  });

  it('several exceeded resources, sorted', () => {
    const q = quota('compute', { 'requests.cpu': '2', 'requests.memory': '1Gi', 'limits.cpu': '4', 'limits.memory': '2Gi' }, { 'requests.cpu': '1500m', 'requests.memory': '512Mi', 'limits.cpu': '3', 'limits.memory': '1Gi' });
    expect(check([q], validPod(1, list('1', '1Gi'), list('2', '1Gi'))))
      .toBe('exceeded quota: compute, requested: limits.cpu=2,requests.cpu=1,requests.memory=1Gi, used: limits.cpu=3,requests.cpu=1500m,requests.memory=512Mi, limited: limits.cpu=4,requests.cpu=2,requests.memory=1Gi');
  });

  it('must specify: every missing resource, with the containers that miss it, sorted', () => {
    const q = quota('compute', { 'requests.cpu': '2', 'limits.memory': '2Gi' }, { 'requests.cpu': '0', 'limits.memory': '0' });
    const spec: PodSpec = { containers: [{ name: 'b', image: 'x' }, { name: 'a', image: 'x', resources: { requests: { cpu: '1' } } }] };
    expect(check([q], spec)).toBe('failed quota: compute: must specify limits.memory for: a,b; requests.cpu for: b');
  });
});

describe('the pod evaluator', () => {
  it('PodUsageFunc: requests, limits, the overhead, count/pods; an ended pod counts only count/pods', () => {
    const spec = validPod(2, list('250m', '1Gi'), list('500m', ''), { overhead: { cpu: '100m', memory: '64Mi' } });
    expect(text(podUsage({ spec }, true))).toEqual({ 'count/pods': '1', pods: '1', cpu: '600m', 'requests.cpu': '600m', memory: '2112Mi', 'requests.memory': '2112Mi', 'limits.cpu': '1100m' });
    expect(text(podUsage({ spec, phase: 'Succeeded' }, true))).toEqual({ 'count/pods': '1' });
  });

  it('quotaUsed: the controller\'s count over the pods in the quota\'s scopes', () => {
    const q = quota('q', { pods: '10', 'requests.cpu': '4' }, undefined, { scopes: ['NotTerminating'] });
    const pods: QuotaPod[] = [{ spec: validPod(1, list('1', ''), list('', '')) }, { spec: validPod(1, list('2', ''), list('', ''), { activeDeadlineSeconds: 5 }) },
      { spec: validPod(1, list('500m', ''), list('', '')), phase: 'Failed' }];
    expect(text(quotaUsed(q, pods, true))).toEqual({ pods: '1', 'requests.cpu': '1' });
  });

  it('scopes', () => {
    const be = validPod(1, list('', ''), list('', ''));
    expect(podMatchesScope({ scopeName: 'BestEffort' }, be, true)).toBe(true);
    expect(podMatchesScope({ scopeName: 'BestEffort' }, validPod(1, list('0', ''), list('', '')), true)).toBe(true);
    expect(podMatchesScope({ scopeName: 'NotBestEffort' }, validPod(1, {}, list('', '1Gi')), true)).toBe(true);
    expect(podMatchesScope({ scopeName: 'PriorityClass', operator: 'DoesNotExist' }, be, true)).toBe(true);
    expect(podMatchesScope({ scopeName: 'PriorityClass', operator: 'NotIn', values: ['high'] }, { ...be, priorityClassName: 'low' }, true)).toBe(true);
    expect(podMatchesScope({ scopeName: 'CrossNamespacePodAffinity' }, { ...be, affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'z', namespaces: ['x'] }] } } }, true)).toBe(true);
    expect(podMatchesScope({ scopeName: 'VolumeAttributesClass' }, be, true)).toBe(false);
  });
});

// pods.go podMatchesScopeFunc and usesCrossNamespacePodAffinity (pods_test.go TestPodEvaluatorMatchingScopes'
// scopes), each part of a term alone; the scope selector's operators as ScopedResourceSelectorRequirementsAsSelector
// reads them for the PriorityClass scope.
describe('the scopes a pod falls in (podMatchesScopeFunc)', () => {
  const container = { name: 'c', image: 'i' };
  const spec = (extra: object): PodSpec => ({ containers: [container], ...extra }) as PodSpec;
  const term = (t: object) => ({ labelSelector: { matchLabels: { app: 'a' } }, topologyKey: 'kubernetes.io/hostname', ...t });
  const cross = { scopeName: 'CrossNamespacePodAffinity', operator: 'Exists' };
  test.each([
    ['no affinity', spec({}), false],
    ['a required pod-affinity term of its own namespace', spec({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term({})] } } }), false],
    ['a required pod-affinity term naming namespaces', spec({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term({ namespaces: ['other'] })] } } }), true],
    ['a required term with an empty namespaces list', spec({ affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term({ namespaces: [] })] } } }), false],
    ['a required anti-affinity term with a namespaceSelector {} (every namespace)', spec({ affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term({ namespaceSelector: {} })] } } }), true],
    ['a term whose namespaceSelector is null', spec({ affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term({ namespaceSelector: null })] } } }), false],
    ['a preferred anti-affinity term naming namespaces', spec({ affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: term({ namespaces: ['x'] }) }] } } }), true],
    ['a preferred affinity term of its own namespace', spec({ affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: term({}) }] } } }), false],
  ] as Array<[string, PodSpec, boolean]>)('CrossNamespacePodAffinity, %s', (_, s, expected) => {
    expect(podMatchesScope(cross, s, false)).toBe(expected);
  });

  test.each([
    ['In', ['high'], 'high', true], ['In', ['high'], 'low', false], ['In', ['high'], '', false],
    ['NotIn', ['high'], 'high', false], ['NotIn', ['high'], 'low', true], ['NotIn', ['high'], '', true],
    ['Exists', [], 'low', true], ['Exists', [], '', false],
    ['DoesNotExist', [], 'low', false], ['DoesNotExist', [], '', true],
    ['Gt', ['1'], 'low', false],
  ] as Array<[string, string[], string, boolean]>)('PriorityClass %s %j, the pod of class %j: %s', (operator, values, className, expected) => {
    expect(podMatchesScope({ scopeName: 'PriorityClass', operator, values }, spec(className ? { priorityClassName: className } : {}), false)).toBe(expected);
  });

  test.each([
    [{}, false], [{ activeDeadlineSeconds: 0 }, true], [{ activeDeadlineSeconds: 30 }, true], [{ activeDeadlineSeconds: -1 }, false], [{ activeDeadlineSeconds: null }, false],
  ] as Array<[object, boolean]>)('Terminating and NotTerminating read activeDeadlineSeconds >= 0: %j', (extra, terminating) => {
    expect(podMatchesScope({ scopeName: 'Terminating', operator: 'Exists' }, spec(extra), false)).toBe(terminating);
    expect(podMatchesScope({ scopeName: 'NotTerminating', operator: 'Exists' }, spec(extra), false)).toBe(!terminating);
  });

  test('BestEffort reads cpu and memory amounts other than 0, in every container, init containers too, or the pod\'s own', () => {
    const bestEffort = (s: PodSpec, podLevel = false) => podMatchesScope({ scopeName: 'BestEffort', operator: 'Exists' }, s, podLevel);
    const c = (resources?: object) => ({ name: 'c', image: 'i', ...(resources ? { resources } : {}) });
    expect(bestEffort({ containers: [c()] } as PodSpec)).toBe(true);
    expect(bestEffort({ containers: [c({ requests: { cpu: '0' }, limits: { memory: '0' } })] } as PodSpec)).toBe(true);
    expect(bestEffort({ containers: [c({ requests: { 'ephemeral-storage': '1Gi' } })] } as PodSpec)).toBe(true);
    expect(bestEffort({ containers: [c()], initContainers: [c({ limits: { memory: '1Gi' } })] } as PodSpec)).toBe(false);
    expect(bestEffort({ containers: [c({ requests: { cpu: '100m' } })] } as PodSpec)).toBe(false);
    const podLevel = { containers: [c()], resources: { requests: { cpu: '1' } } } as PodSpec;
    expect(bestEffort(podLevel, true)).toBe(false);
    expect(bestEffort(podLevel, false)).toBe(true);
    expect(podMatchesScope({ scopeName: 'NotBestEffort', operator: 'Exists' }, podLevel, true)).toBe(true);
  });

  test('a scope selector operator ValidateResourceQuota does not know is a field error, at its index', () => {
    const quota = { metadata: { name: 'q' }, spec: { hard: { pods: '1' }, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['a'] }, { scopeName: 'PriorityClass', operator: 'Gt', values: ['a'] }] } } } as unknown as ResourceQuota;
    const errors = resourceQuotaProblems(quota);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain('spec.scopeSelector.matchExpressions[1].operator');
    expect(JSON.stringify(errors[0])).toContain('not a valid selector operator');
    for (const operator of ['In', 'NotIn', 'Exists', 'DoesNotExist']) {
      const ok = { ...quota, spec: { ...quota.spec, scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator, values: operator.endsWith('In') ? ['a'] : [] }] } } } as ResourceQuota;
      expect(resourceQuotaProblems(ok)).toEqual([]);
    }
  });
});

// pods.go podEvaluator.MatchingResources and podComputeUsageHelper: hugepages and extended resources (a name with a
// domain that is not kubernetes.io's) are counted as requests.<name>; native names with a domain are not.
describe('the resources the pod evaluator tracks and counts', () => {
  test('MatchingResources: the pod resources, hugepages, and requests of extended and DRA device-class resources', () => {
    const names = ['pods', 'cpu', 'services', 'hugepages-2Mi', 'requests.hugepages-1Gi', 'limits.hugepages-2Mi', 'requests.nvidia.com/gpu',
      'limits.nvidia.com/gpu', 'requests.kubernetes.io/something', 'requests.deviceclass.resource.kubernetes.io/gpu.example.com', 'requests.storage', 'count/pods'];
    expect(matchingResources(names)).toEqual(['pods', 'cpu', 'count/pods', 'hugepages-2Mi', 'requests.hugepages-1Gi', 'requests.nvidia.com/gpu', 'requests.deviceclass.resource.kubernetes.io/gpu.example.com']);
  });

  test('podComputeUsageHelper: a hugepages request counts as itself and as requests.<name>; an extended one as requests.<name> only', () => {
    const spec: PodSpec = { containers: [{ name: 'c', image: 'x', resources: {
      requests: { cpu: '1', 'hugepages-2Mi': '4Mi', 'nvidia.com/gpu': '2', 'example.kubernetes.io/native': '1' },
      limits: { 'hugepages-2Mi': '4Mi', 'nvidia.com/gpu': '2', 'example.kubernetes.io/native': '1' },
    } }] };
    const usage = text(podUsage({ spec }, true));
    expect(usage).toMatchObject({ 'hugepages-2Mi': '4Mi', 'requests.hugepages-2Mi': '4Mi', 'requests.nvidia.com/gpu': '2' });
    expect(usage['nvidia.com/gpu']).toBeUndefined();
    expect(usage['requests.example.kubernetes.io/native']).toBeUndefined();
  });
});

describe('CheckRequest: only what the pod requests is compared (quota.RemoveZeros)', () => {
  it('a quota already over on a resource the pod does not request admits the pod', () => {
    // hard lowered below what is used: requests.ephemeral-storage 2Gi of 1Gi; a pod that requests none is not compared on it
    const over = quota('over', { 'requests.ephemeral-storage': '1Gi', pods: '10' }, { 'requests.ephemeral-storage': '2Gi', pods: '3' });
    expect(check([over], validPod(1, { cpu: '100m' }, {}))).toBeUndefined();
    expect(check([over], validPod(1, { cpu: '100m', 'ephemeral-storage': '0' }, {}))).toBeUndefined();
    expect(check([over], validPod(1, { cpu: '100m', 'ephemeral-storage': '100Mi' }, {})))
      .toBe('exceeded quota: over, requested: requests.ephemeral-storage=100Mi, used: requests.ephemeral-storage=2Gi, limited: requests.ephemeral-storage=1Gi');
  });
});
