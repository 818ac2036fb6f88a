// Issue 24 (Karpenter NodePools) and issue 18 point 6 (the resource assumption): each case fails on the code before the fix.
import { chooseNodePool } from '.';
import type { NodePool } from '../loader';
import { failure } from '../../test/fixtures';

const AWS_REF = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' };

function pool(name: string, spec: Record<string, unknown> = {}, template: Record<string, unknown> = {}): NodePool {
  return {
    apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
    spec: { ...spec, template: { spec: { requirements: [], nodeClassRef: AWS_REF, ...template } } },
  } as NodePool;
}

function pod(spec: Record<string, unknown> = {}, requests?: Record<string, string>, status?: Record<string, unknown>) {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'pause', ...(requests ? { resources: { requests, limits: requests } } : {}) }], ...spec },
    ...(status ? { status } : {}),
  };
}

// pkg/controllers/provisioning/scheduling/scheduler.go addToNewNodeClaim (and provisioning suite_test.go
// "should not schedule if limits would be exceeded"): limits are applied before CanAdd; the next pool wins.
describe('exhausted limits', () => {
  const fallback = pool('fallback');
  test.each([
    ['cpu "0" (a paused pool)', { cpu: '0' }, undefined, 'all available instance types exceed limits for nodepool (NodePool=paused)', 'spec.limits["cpu"] is 0: every instance type has some cpu'],
    ['nodes "0"', { nodes: '0' }, undefined, 'node limits have been exhausted for nodepool (NodePool=paused)', 'spec.limits["nodes"] is 0: the pool may launch no node'],
    ['cpu below the pod\'s own request', { cpu: '2' }, { cpu: '3' }, 'all available instance types exceed limits for nodepool (NodePool=paused)', 'the pod requests cpu 3, more than spec.limits["cpu"] 2'],
  ])('%s: the lower-weight fallback wins', (_, limits, requests, error, detail) => {
    const paused = pool('paused', { weight: 50, limits });
    const result = chooseNodePool(pod({}, requests), [paused, fallback]);
    expect(result.chosen?.pool).toBe('fallback');
    expect(result.pools[0]).toMatchObject({ pool: 'paused', ok: false, stage: 'limits', error });
    expect(result.pools[0].details[0]).toContain(detail);
    const only = chooseNodePool(pod({}, requests), [paused]);
    expect(only.error).toBe(`Failed to schedule pod, ${error}`);
  });
  test('limits the pod fits under, and a 0 limit on a resource the pod does not ask for, leave the pool usable', () => {
    expect(chooseNodePool(pod({}, { cpu: '1' }), [pool('p', { limits: { cpu: '1000', 'nvidia.com/gpu': '0' } })]).chosen?.pool).toBe('p');
  });
  test('a gpu limit of 0 excludes the GPU pod', () => {
    const r = chooseNodePool(pod({}, { 'nvidia.com/gpu': '1' }), [pool('p', { limits: { 'nvidia.com/gpu': '0' } })]);
    expect(r.pools[0].stage).toBe('limits');
  });
  test('the matcher prints the error and why', () => {
    const msg = failure(() => expect(pod()).toBeProvisionableBy(pool('paused', { limits: { cpu: '0' } })));
    expect(msg).toContain('  all available instance types exceed limits for nodepool (NodePool=paused)\n    spec.limits["cpu"] is 0');
  });
});

// aws/karpenter-provider-aws pkg/apis/v1beta1/labels.go init registers the AWS labels for every pool; a v1beta1
// nodeClassRef carries apiVersion, not group.
describe('v1beta1 pools keep the AWS vocabulary', () => {
  const v1beta1 = (ref: Record<string, string>): NodePool => ({
    apiVersion: 'karpenter.sh/v1beta1', kind: 'NodePool', metadata: { name: 'old' },
    spec: { template: { spec: { requirements: [{ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5'] }], nodeClassRef: ref } } },
  } as NodePool);
  test.each([
    [{ apiVersion: 'karpenter.k8s.aws/v1beta1', kind: 'EC2NodeClass', name: 'default' }],
    [{ kind: 'EC2NodeClass', name: 'default' }],
  ])('%p: a pod asking for instance-family m5 is provisionable, and the AWS domain is restricted', (ref) => {
    expect(chooseNodePool(pod({ nodeSelector: { 'karpenter.k8s.aws/instance-family': 'm5' } }), [v1beta1(ref)]).chosen?.pool).toBe('old');
    const bad = chooseNodePool(pod({ nodeSelector: { 'karpenter.k8s.aws/made-up': 'x' } }), [v1beta1(ref)]);
    expect(bad.error).toContain('using label karpenter.k8s.aws/made-up is not allowed');
  });
});

describe('providers the library does not model get no verdict', () => {
  const azure = { ...pool('aks'), spec: { template: { spec: { requirements: [], nodeClassRef: { group: 'karpenter.azure.com', kind: 'AKSNodeClass', name: 'default' } } } } } as NodePool;
  test('karpenter.azure.com: a usage error, for .not too', () => {
    const p = pod({ nodeSelector: { 'karpenter.azure.com/sku-family': 'D' } });
    const expected = "provider not modelled: NodePool aks's nodeClassRef names karpenter.azure.com";
    expect(failure(() => expect(p).toBeProvisionableBy(azure))).toContain(expected);
    expect(failure(() => expect(p).not.toBeProvisionableBy(azure))).toContain(expected);
    expect(() => chooseNodePool(p, [azure])).toThrow(expected);
  });
});

// pkg/utils/pod/scheduling.go IsProvisionable / IsPreempting
describe('pods Karpenter does not consider', () => {
  const p = pool('general');
  test('a gated pod stays Pending: SchedulingGated', () => {
    const gated = pod({ schedulingGates: [{ name: 'example.com/wait' }] });
    const r = chooseNodePool(gated, [p]);
    expect(r.chosen).toBeUndefined();
    expect(r.error).toBeUndefined();
    expect(r.pools[0].details[0]).toContain('stays Pending: SchedulingGated');
    expect(failure(() => expect(gated).toBeProvisionableBy(p))).toContain('stays Pending: SchedulingGated');
  });
  test('a pod with status.nominatedNodeName is preempting', () => {
    const r = chooseNodePool(pod({}, undefined, { nominatedNodeName: 'n1' }), [p]);
    expect(r.chosen).toBeUndefined();
    expect(r.pools[0].details[0]).toContain('status.nominatedNodeName is "n1": the pod is preempting');
  });
});

// operatorpkg serrors: `msg (key=value, …)`; provisioner.go only logs "ignoring pod" for karpenter.sh/nodepool DoesNotExist
describe('structured values in the messages', () => {
  test('did not tolerate taint (taint=…)', () => {
    const gpu = pool('gpu', {}, { taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }] });
    expect(chooseNodePool(pod(), [gpu]).error).toBe('Failed to schedule pod, did not tolerate taint (taint=nvidia.com/gpu=true:NoSchedule)');
  });
  test('karpenter.sh/nodepool DoesNotExist: the requirement named, and no Failed to schedule pod event', () => {
    const avoid = pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }] }] } } } });
    const r = chooseNodePool(avoid, [pool('general')]);
    expect(r.error).toBeUndefined();
    expect(r.pools[0]).toMatchObject({ stage: 'pod ignored', error: 'configured to not run on a Karpenter provisioned node (requirement=karpenter.sh/nodepool DoesNotExist)' });
    expect(r.pools[0].details).toEqual(['Karpenter logs "ignoring pod" for it and records no event (Provisioner.Validate)']);
  });
});

describe('the resource assumption (issue 18 point 6)', () => {
  const arm64 = pool('arm64', {}, { requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] });
  test('a GPU pod: "would pick NodePool arm64 …, assuming an instance type with nvidia.com/gpu exists"', () => {
    const gpuPod = pod({}, { 'nvidia.com/gpu': '1' });
    expect(failure(() => expect(gpuPod).not.toBeProvisionableByAnyOf([arm64]))).toContain('but Karpenter would pick NodePool arm64 (weight 0), assuming an instance type with nvidia.com/gpu exists');
    expect(failure(() => expect(gpuPod).not.toBeProvisionableBy(arm64))).toContain('launch a node from that pool for its pod, assuming an instance type with nvidia.com/gpu exists');
  });
  test('no assumption named for cpu and memory', () => {
    expect(failure(() => expect(pod({}, { cpu: '1' })).not.toBeProvisionableByAnyOf([arm64]))).not.toContain('assuming');
  });
});

// pkg/controllers/provisioning/scheduling/nodeclaim.go InstanceTypeFilterError.Error: always `, requirements=…, resources=…`;
// zone and capacity type are offering keys, so their DoesNotExist leaves no offering
describe('instance-type messages', () => {
  const general = pool('general');
  const avoiding = (key: string) => pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'DoesNotExist' }] }] } } } }, { cpu: '500m' });
  test('zone DoesNotExist: the offering text, with the requirements and resources', () => {
    const error = chooseNodePool(avoiding('topology.kubernetes.io/zone'), [general]).pools[0].error!;
    expect(error).toMatch(/^no instance type met the scheduling requirements or had enough resources or had a required offering, requirements=.*topology\.kubernetes\.io\/zone DoesNotExist/);
    expect(error).toContain('karpenter.sh/nodepool In [general], ');
    expect(error).toContain('resources={"cpu":"500m","pods":"1"}');
    expect(error).not.toContain('kubernetes.io/hostname');
  });
  test('capacity type DoesNotExist: the same', () => {
    expect(chooseNodePool(avoiding('karpenter.sh/capacity-type'), [general]).pools[0].error).toMatch(/^no instance type met the scheduling requirements or had enough resources or had a required offering, requirements=/);
  });
  test('arch DoesNotExist: "no instance type met all requirements", with the values', () => {
    expect(chooseNodePool(avoiding('kubernetes.io/arch'), [general]).pools[0].error).toMatch(/^no instance type met all requirements, requirements=karpenter\.k8s\.aws\/ec2nodeclass In \[default\], karpenter\.sh\/initialized In \[true\], karpenter\.sh\/nodepool In \[general\], karpenter\.sh\/registered In \[true\], kubernetes\.io\/arch DoesNotExist, resources=\{"cpu":"500m","pods":"1"\}$/);
  });
});

// aws/karpenter-provider-aws examples/v1/min-values-family.yaml; cloudprovider/types.go SatisfiesMinValues, called from
// nodeclaim.go filterInstanceTypesByRequirements: one instance type carries one family, under the default strict policy
describe('minValues on one key with the pod narrowing another', () => {
  const family = pool('min-values-family', {}, { requirements: [{ key: 'karpenter.k8s.aws/instance-family', operator: 'Exists', minValues: 5 }] });
  test('instance-family Exists minValues 5, the pod pins instance-type m5.large: not provisionable', () => {
    const pinned = pod({ nodeSelector: { 'node.kubernetes.io/instance-type': 'm5.large' } });
    const v = chooseNodePool(pinned, [family]).pools[0];
    expect(v).toMatchObject({ ok: false, stage: 'instance types' });
    expect(v.error).toMatch(/^minValues requirement is not met for label\(s\) \(label\(s\)=\[karpenter\.k8s\.aws\/instance-family\]\), requirements=/);
    expect(v.details[0]).toContain('node.kubernetes.io/instance-type In [m5.large] (spec.nodeSelector["node.kubernetes.io/instance-type"]) leaves 1 instance type(s), so at most 1 value(s) of karpenter.k8s.aws/instance-family');
  });
  test('five instance types can carry five families: left to the instance types', () => {
    const five = pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large', 'c5.large', 'r5.large', 'm6i.large', 'c6i.large'] }] }] } } } });
    expect(chooseNodePool(five, [family]).chosen?.pool).toBe('min-values-family');
    expect(chooseNodePool(pod(), [family]).chosen?.pool).toBe('min-values-family');
  });
});

// issue 24 point 10: `instanceTypes: [{ name, capacity, labels, offerings }]`, checked as nodeclaim.go
// filterInstanceTypesByRequirements (compatible, fits, offerings) and InstanceTypeFilterError.Error do
describe('stated instance types', () => {
  const cmr = ['c6g.large', 'm6g.large', 'r6g.large'].map((name) => ({
    name, capacity: { cpu: '2', memory: '4Gi', pods: '29' },
    labels: { 'kubernetes.io/arch': 'arm64', 'karpenter.k8s.aws/instance-family': name.split('.')[0] },
    offerings: [{ zone: 'eu-west-1a', capacityType: 'on-demand' }],
  }));
  const arm64 = pool('arm64', {}, { requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] });
  const gpuPod = pod({}, { 'nvidia.com/gpu': '1' });
  test('a GPU pod against c/m/r instance types fails as Karpenter would', () => {
    const r = chooseNodePool(gpuPod, [arm64], { instanceTypes: cmr });
    expect(r.chosen).toBeUndefined();
    expect(r.error).toMatch(/^Failed to schedule pod, no instance type has enough resources, requirements=.*, resources=\{"nvidia\.com\/gpu":"1","pods":"1"\}$/);
    expect(failure(() => expect(gpuPod).toBeProvisionableBy(arm64, { instanceTypes: cmr }))).toContain('no instance type has enough resources');
  });
  test('with a GPU instance type it passes, and no assumption is named', () => {
    const g5g = { name: 'g5g.xlarge', capacity: { cpu: '4', memory: '8Gi', pods: '58', 'nvidia.com/gpu': '1' }, labels: { 'kubernetes.io/arch': 'arm64' } };
    expect(gpuPod).toBeProvisionableByAnyOf([arm64], { instanceTypes: [...cmr, g5g] });
    // the instance type is known (the DaemonSet assumption is daemon-overhead.test.ts's)
    expect(failure(() => expect(gpuPod).not.toBeProvisionableByAnyOf([arm64], { instanceTypes: [...cmr, g5g] }))).not.toContain('assuming an instance type');
    expect(failure(() => expect(gpuPod).not.toBeProvisionableByAnyOf([arm64], { instanceTypes: [...cmr, g5g], daemonSets: [] }))).not.toContain('assuming');
  });
  test('an offering in another zone: fits() counts resources only with a compatible offering, so both criteria fail', () => {
    const r = chooseNodePool(pod({ nodeSelector: { 'topology.kubernetes.io/zone': 'eu-west-1b' } }), [arm64], { instanceTypes: cmr });
    expect(r.pools[0].error).toMatch(/^no instance type met the scheduling requirements or had enough resources or had a required offering, requirements=.*topology\.kubernetes\.io\/zone In \[eu-west-1b\], resources=\{"pods":"1"\}$/);
  });
  test('minValues counted over the instance types left', () => {
    const fam = pool('fam', {}, { requirements: [{ key: 'karpenter.k8s.aws/instance-family', operator: 'Exists', minValues: 3 }] });
    expect(chooseNodePool(pod(), [fam], { instanceTypes: cmr }).chosen?.pool).toBe('fam');
    // the pod's own family leaves one type of the three: minValues fails over the types left
    const one = chooseNodePool(pod({ nodeSelector: { 'karpenter.k8s.aws/instance-family': 'c6g' } }, { cpu: '1' }), [fam], { instanceTypes: cmr });
    expect(one.pools[0].error).toMatch(/^minValues requirement is not met for label\(s\) \(label\(s\)=\[karpenter\.k8s\.aws\/instance-family\]\)/);
    // two types cannot meet the pool's own minValues: NewScheduler leaves the pool out (no NodeClaim template)
    const two = chooseNodePool(pod({}, { cpu: '1' }), [fam], { instanceTypes: [...cmr.slice(0, 2)] });
    expect(two.pools[0].stage).toBe('not a candidate');
    expect(two.error).toBe('Failed to schedule pod, nodepool requirements filtered out all available instance types');
  });
  test('a wrong shape is a usage error naming the field', () => {
    expect(failure(() => expect(gpuPod).toBeProvisionableBy(arm64, { instanceTypes: [{ name: 'x', capacity: { cpu: 'lots' } }] }))).toContain('instanceTypes[0].capacity["cpu"]');
    expect(() => chooseNodePool(gpuPod, [arm64], { instanceTypes: 'm5' })).toThrow('instanceTypes must be an array');
  });
});
