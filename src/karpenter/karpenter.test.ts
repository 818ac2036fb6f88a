// Karpenter NodePools through the public matchers. Each case names the kubernetes-sigs/karpenter test it ports
// (@ v1.14.0-20-g226646810): pkg/scheduling/requirements_test.go, pkg/controllers/provisioning/scheduling/suite_test.go,
// pkg/controllers/provisioning/suite_test.go, pkg/controllers/provisioning/scheduling/topology_test.go.
import { chooseNodePool, nodesFromNodePool } from '.';
import { configure, resetConfiguration } from '../core/config';
import type { NodePool } from '../loader';
import { failure } from '../../test/fixtures';

type Req = { key: string; operator: string; values?: string[]; minValues?: number };
type Expr = { key: string; operator: string; values?: string[] };

function nodePool(name: string, o: { requirements?: Req[]; labels?: Record<string, string>; taints?: object[]; startupTaints?: object[]; weight?: number; replicas?: number; apiVersion?: string } = {}): NodePool {
  return {
    apiVersion: o.apiVersion ?? 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
    spec: {
      ...(o.weight !== undefined ? { weight: o.weight } : {}),
      ...(o.replicas !== undefined ? { replicas: o.replicas } : {}),
      template: {
        metadata: { labels: o.labels },
        spec: { requirements: o.requirements ?? [], taints: o.taints as never, startupTaints: o.startupTaints as never, nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' } },
      },
    },
  };
}

function pod(o: { nodeSelector?: Record<string, string>; required?: Expr[][]; preferred?: Array<[number, Expr[]]>; tolerations?: object[]; resources?: object } = {}) {
  const affinity = o.required || o.preferred ? {
    nodeAffinity: {
      ...(o.required ? { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: o.required.map((matchExpressions) => ({ matchExpressions })) } } : {}),
      ...(o.preferred ? { preferredDuringSchedulingIgnoredDuringExecution: o.preferred.map(([weight, matchExpressions]) => ({ weight, preference: { matchExpressions } })) } : {}),
    },
  } : undefined;
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'pause', ...(o.resources ? { resources: o.resources } : {}) }], nodeSelector: o.nodeSelector, affinity, tolerations: o.tolerations },
  };
}

afterEach(() => resetConfiguration());

const ZONE = 'topology.kubernetes.io/zone';

describe('requirements_test.go "should be compatible with well-known v1 labels undefined" (pool rows × pod columns, on topology.kubernetes.io/zone)', () => {
  const sets: Record<string, Req[]> = {
    unconstrained: [], exists: [{ key: ZONE, operator: 'Exists' }], doesNotExist: [{ key: ZONE, operator: 'DoesNotExist' }],
    inA: [{ key: ZONE, operator: 'In', values: ['A'] }], inB: [{ key: ZONE, operator: 'In', values: ['B'] }], inAB: [{ key: ZONE, operator: 'In', values: ['A', 'B'] }],
    notInA: [{ key: ZONE, operator: 'NotIn', values: ['A'] }], in1: [{ key: ZONE, operator: 'In', values: ['1'] }], in9: [{ key: ZONE, operator: 'In', values: ['9'] }],
    in19: [{ key: ZONE, operator: 'In', values: ['1', '9'] }], notIn12: [{ key: ZONE, operator: 'NotIn', values: ['1', '2'] }],
    greaterThan1: [{ key: ZONE, operator: 'Gt', values: ['1'] }], greaterThan9: [{ key: ZONE, operator: 'Gt', values: ['9'] }],
    lessThan1: [{ key: ZONE, operator: 'Lt', values: ['1'] }], lessThan9: [{ key: ZONE, operator: 'Lt', values: ['9'] }],
  };
  const cols = Object.keys(sets);
  // Upstream's expectations, row = pool (receiver), column = pod (argument); 1 = Succeed.
  const table: Record<string, string> = {
    unconstrained: '111111111111111', exists: '110111111111111', doesNotExist: '101000100010000',
    inA: '110101000010000', inB: '110011100010000', inAB: '110111100010000', notInA: '111011111111111',
    in1: '110000110100001', in9: '110000101111000', in19: '110000111111001', notIn12: '111111101111111',
    greaterThan1: '110000101111101', greaterThan9: '110000100011100', lessThan1: '110000100010011', lessThan9: '110000110111011',
  };
  const cases = cols.flatMap((row) => cols.map((col, j) => [row, col, table[row][j] === '1'] as const));
  test.each(cases)('pool %s, pod %s → Compatible %s', (row, col, expected) => {
    const p = nodePool('zone', { requirements: sets[row] });
    const subject = pod({ required: sets[col].length ? [sets[col] as Expr[]] : undefined });
    const verdict = chooseNodePool(subject, [p]).pools[0];
    // Beyond Compatible, Karpenter's instance-type stage applies: every instance type has a zone, so a pool or pod that leaves the zone
    // DoesNotExist gets no instance type (NewScheduler drops such a pool; filterInstanceTypesByRequirements fails the pod).
    const noInstanceType = row === 'doesNotExist' || (col === 'doesNotExist' && expected);
    expect(verdict.ok).toBe(expected && !noInstanceType);
    if (!expected) expect(verdict.stage === 'requirements' || verdict.stage === 'not a candidate').toBe(true);
    if (noInstanceType && expected) expect(verdict.stage === 'not a candidate' || verdict.stage === 'instance types').toBe(true);
  });
});

const kwokPool = (): NodePool => ({ ...nodePool('plain'), spec: { template: { spec: { requirements: [], nodeClassRef: { group: 'karpenter.kwok.sh', kind: 'KWOKNodeClass', name: 'default' } } } } });

describe('requirements_test.go "Error Messages"', () => {
  test.each([
    ['zone', 'topology.kubernetes.io/zone'], ['region', 'topology.kubernetes.io/region'], ['nodepool', 'karpenter.sh/nodepool'],
    ['instance-type', 'node.kubernetes.io/instance-type'], ['arch', 'kubernetes.io/arch'], ['capacity-type', 'karpenter.sh/capacity-type'],
    ['topology.kubernetesio/zone', 'topology.kubernetes.io/zone'], ['node.io/zone', 'topology.kubernetes.io/zone'],
    ['topology.kubernetes.io/regio', 'topology.kubernetes.io/region'], ['node.kubernetes.io/region', 'topology.kubernetes.io/region'],
    ['karpenter/nodepool', 'karpenter.sh/nodepool'],
  ])('should detect well known label truncations/typos: %s', (bad, hint) => {
    const p = kwokPool(); // not the AWS provider: core vocabulary only
    const msg = failure(() => expect(pod({ required: [[{ key: bad, operator: 'Exists' }]] })).toBeProvisionableBy(p));
    expect(msg).toContain(`incompatible requirements, label "${bad}" does not have known values (typo of "${hint}"?)`);
  });
  test('should display an error message for unknown labels', () => {
    const p = kwokPool();
    const msg = failure(() => expect(pod({ required: [[{ key: 'deployment', operator: 'Exists' }]] })).toBeProvisionableBy(p));
    expect(msg).toContain('incompatible requirements, label "deployment" does not have known values\n');
    expect(msg).toContain('spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0])');
  });
});

describe('scheduling/suite_test.go "Custom Constraints"', () => {
  const labelled = nodePool('labelled', { labels: { 'test-key': 'test-value' } });
  test('NodePool with Labels: should schedule unconstrained pods that don\'t have matching node selectors', () => {
    expect(pod()).toBeProvisionableBy(labelled);
    expect(nodesFromNodePool(labelled)[0].metadata?.labels).toMatchObject({ 'test-key': 'test-value' });
  });
  test('should not schedule pods that have conflicting node selectors', () => {
    const msg = failure(() => expect(pod({ nodeSelector: { 'test-key': 'different-value' } })).toBeProvisionableBy(labelled));
    expect(msg).toContain('incompatible requirements, key test-key, test-key In [different-value] not in test-key In [test-value]');
    expect(msg).toContain('spec.nodeSelector["test-key"]');
    expect(msg).toContain('spec.template.metadata.labels["test-key"]');
  });
  test('should not schedule pods that have node selectors with undefined key', () => {
    expect(pod({ nodeSelector: { 'test-key': 'test-value' } })).not.toBeProvisionableBy(nodePool('bare'));
  });
  test('should schedule pods that have matching requirements / should not schedule pods that have conflicting requirements', () => {
    expect(pod({ required: [[{ key: 'test-key', operator: 'In', values: ['test-value', 'another-value'] }]] })).toBeProvisionableBy(labelled);
    expect(pod({ required: [[{ key: 'test-key', operator: 'In', values: ['another-value'] }]] })).not.toBeProvisionableBy(labelled);
  });
  const zonal = nodePool('zonal', { requirements: [{ key: ZONE, operator: 'In', values: ['test-zone-1', 'test-zone-2'] }] });
  test('Well Known Labels: should use node selectors / should not schedule if node selector outside of NodePool constraints', () => {
    expect(pod({ nodeSelector: { [ZONE]: 'test-zone-2' } })).toBeProvisionableBy(zonal);
    expect(pod({ nodeSelector: { [ZONE]: 'test-zone-3' } })).not.toBeProvisionableBy(zonal);
  });
  test('should schedule compatible requirements with Operator=In on a pool that leaves the key open', () => {
    expect(pod({ required: [[{ key: ZONE, operator: 'In', values: ['test-zone-3'] }]] })).toBeProvisionableBy(nodePool('open'));
  });
  test('should not schedule nodes with a hostname selector (Constraints Validation: restricted labels)', () => {
    const msg = failure(() => expect(pod({ nodeSelector: { 'kubernetes.io/hostname': 'red-node' } })).toBeProvisionableBy(nodePool('open')));
    expect(msg).toContain('using label kubernetes.io/hostname is not allowed as it might interfere with the internal provisioning logic');
  });
  test('should not schedule pods that have node selectors with restricted domains', () => {
    expect(pod({ nodeSelector: { 'karpenter.sh/test': 'x' } })).not.toBeProvisionableBy(nodePool('open'));
    expect(pod({ nodeSelector: { 'subdomain.karpenter.sh/test': 'x' } })).not.toBeProvisionableBy(nodePool('open'));
  });
  test('Scheduling Logic: undefined custom key — In and Exists fail, NotIn and DoesNotExist pass', () => {
    const open = nodePool('open');
    expect(pod({ required: [[{ key: 'test-key', operator: 'In', values: ['v'] }]] })).not.toBeProvisionableBy(open);
    expect(pod({ required: [[{ key: 'test-key', operator: 'Exists' }]] })).not.toBeProvisionableBy(open);
    expect(pod({ required: [[{ key: 'test-key', operator: 'NotIn', values: ['v'] }]] })).toBeProvisionableBy(open);
    expect(pod({ required: [[{ key: 'test-key', operator: 'DoesNotExist' }]] })).toBeProvisionableBy(open);
  });
  test('Scheduling Logic: defined key — Exists passes, DoesNotExist and a matching NotIn fail', () => {
    const p = nodePool('p', { requirements: [{ key: 'test-key', operator: 'In', values: ['test-value'] }] });
    expect(pod({ required: [[{ key: 'test-key', operator: 'Exists' }]] })).toBeProvisionableBy(p);
    expect(pod({ required: [[{ key: 'test-key', operator: 'DoesNotExist' }]] })).not.toBeProvisionableBy(p);
    expect(pod({ required: [[{ key: 'test-key', operator: 'NotIn', values: ['test-value'] }]] })).not.toBeProvisionableBy(p);
    expect(pod({ required: [[{ key: 'test-key', operator: 'NotIn', values: ['other'] }]] })).toBeProvisionableBy(p);
  });
  test('should schedule compatible requirements with Operator=Gt / Lt (custom integer key)', () => {
    const p = nodePool('p', { requirements: [{ key: 'example.com/generation', operator: 'In', values: ['3'] }] });
    expect(pod({ required: [[{ key: 'example.com/generation', operator: 'Gt', values: ['2'] }]] })).toBeProvisionableBy(p);
    expect(pod({ required: [[{ key: 'example.com/generation', operator: 'Gt', values: ['3'] }]] })).not.toBeProvisionableBy(p);
    expect(pod({ required: [[{ key: 'example.com/generation', operator: 'Lt', values: ['4'] }]] })).toBeProvisionableBy(p);
  });
  test('should schedule compatible node selectors, preferences and requirements (the heaviest preference counts first)', () => {
    const p = nodePool('p', { requirements: [{ key: ZONE, operator: 'In', values: ['test-zone-1', 'test-zone-2', 'test-zone-3'] }] });
    expect(pod({ nodeSelector: { [ZONE]: 'test-zone-3' }, required: [[{ key: ZONE, operator: 'In', values: ['test-zone-2', 'test-zone-3'] }]], preferred: [[1, [{ key: ZONE, operator: 'In', values: ['test-zone-3'] }]]] })).toBeProvisionableBy(p);
  });
});

describe('scheduling/suite_test.go "Preferential Fallback"', () => {
  test('Required: should not relax the final term', () => {
    const p = nodePool('p', { requirements: [{ key: ZONE, operator: 'In', values: ['test-zone-1'] }] });
    expect(pod({ required: [[{ key: ZONE, operator: 'In', values: ['invalid'] }]] })).not.toBeProvisionableBy(p);
  });
  test('Required: should relax multiple terms', () => {
    const p = nodePool('p', { requirements: [{ key: ZONE, operator: 'In', values: ['test-zone-1', 'test-zone-2'] }] });
    const subject = pod({ required: [[{ key: ZONE, operator: 'In', values: ['invalid'] }], [{ key: ZONE, operator: 'In', values: ['invalid'] }], [{ key: ZONE, operator: 'In', values: ['test-zone-1'] }], [{ key: ZONE, operator: 'In', values: ['test-zone-2'] }]] });
    const chosen = chooseNodePool(subject, [p]).chosen!;
    expect(chosen.round).toBe('after relaxing: required nodeSelectorTerms[0] removed, required nodeSelectorTerms[1] removed');
  });
  test('Preferred: should relax to use lighter weights; should schedule even if preference is conflicting with requirement', () => {
    const p = nodePool('p', { requirements: [{ key: ZONE, operator: 'In', values: ['test-zone-1', 'test-zone-2'] }] });
    const subject = pod({ preferred: [[100, [{ key: ZONE, operator: 'In', values: ['test-zone-3'] }]], [50, [{ key: ZONE, operator: 'In', values: ['test-zone-2'] }]]] });
    expect(chooseNodePool(subject, [p]).chosen!.round).toContain('preferred term [0] (weight 100) removed');
    expect(pod({ required: [[{ key: ZONE, operator: 'In', values: ['test-zone-3'] }]], preferred: [[1, [{ key: ZONE, operator: 'NotIn', values: ['test-zone-3'] }]]] })).toBeProvisionableBy(nodePool('open'));
  });
});

describe('taints: provisioning/suite_test.go "Taints", scheduling/topology_test.go', () => {
  const gpu = nodePool('gpu', { taints: [{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }] });
  test.each([
    [{ key: 'nvidia.com/gpu', operator: 'Equal', value: 'true', effect: 'NoSchedule' }],
    [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
    [{ key: 'nvidia.com/gpu', operator: 'Exists' }],
    [{ operator: 'Exists' }],
  ])('should schedule pods that tolerate taints: %j', (t) => {
    expect(pod({ tolerations: [t] })).toBeProvisionableBy(gpu);
  });
  test('an untolerated taint: Karpenter\'s "did not tolerate taint", then the taint; taints are checked before requirements', () => {
    const msg = failure(() => expect(pod({ nodeSelector: { 'test-key': 'x' } })).toBeProvisionableBy(gpu));
    expect(msg).toContain('but Karpenter would not launch a node from that pool for its pod:\n  did not tolerate taint (taint=nvidia.com/gpu=true:NoSchedule)\n    taint nvidia.com/gpu=true:NoSchedule (spec.template.spec.taints[0]) is not tolerated: the pod has no toleration with key "nvidia.com/gpu"');
    expect(msg).not.toContain('incompatible requirements');
    const wrongValue = failure(() => expect(pod({ tolerations: [{ key: 'nvidia.com/gpu', operator: 'Equal', value: 'false', effect: 'NoSchedule' }] })).toBeProvisionableBy(gpu));
    expect(wrongValue).toContain('is not tolerated: {key: "nvidia.com/gpu", operator: Equal, value: "false", effect: NoSchedule}: value "false" ≠ taint value "true"');
  });
  test('should provision nodes with taints and schedule pods if the taint is only a startup taint (topology_test.go)', () => {
    const p = nodePool('p', { startupTaints: [{ key: 'ignore-me', value: 'nothing-to-see-here', effect: 'NoSchedule' }] });
    expect(pod()).toBeProvisionableBy(p);
    // kube-scheduler disagrees until the startup taint is removed
    expect(pod()).not.toBeSchedulableOn(nodesFromNodePool(p, { starting: true })[0]);
    expect(pod()).toBeSchedulableOn(nodesFromNodePool(p)[0]);
  });
  test('a NoExecute or PreferNoSchedule pool taint counts too; PreferNoSchedule only until relaxation tolerates it (should tolerate PreferNoSchedule taint only after trying to relax Affinity terms)', () => {
    expect(pod()).not.toBeProvisionableBy(nodePool('ne', { taints: [{ key: 'k', effect: 'NoExecute' }] }));
    const pns = nodePool('pns', { taints: [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }] });
    expect(chooseNodePool(pod(), [pns]).chosen!.round).toBe('after relaxing: toleration {operator: Exists, effect: PreferNoSchedule} added');
  });
  test('should not match NodePool with PreferNoSchedule taint when other NodePool match', () => {
    const pns = nodePool('zzz-pns', { taints: [{ key: 'foo', value: 'bar', effect: 'PreferNoSchedule' }] });
    expect(chooseNodePool(pod(), [pns, nodePool('aaa')]).chosen!.pool).toBe('aaa');
  });
  test('ExtendedResourceToleration (cluster: eks) tolerates an nvidia.com/gpu pool taint for a pod requesting a GPU', () => {
    const gpuPod = pod({ resources: { limits: { 'nvidia.com/gpu': '1' } } });
    const tainted = nodePool('gpu', { taints: [{ key: 'nvidia.com/gpu', effect: 'NoSchedule' }] });
    expect(gpuPod).not.toBeProvisionableBy(tainted);
    configure({ cluster: 'eks' });
    expect(gpuPod).toBeProvisionableBy(tainted);
    expect(pod()).not.toBeProvisionableBy(tainted);
  });
});

describe('weights and explicit selection: provisioning/suite_test.go "Weighted NodePools"', () => {
  test('should schedule to the nodepool with the highest priority always', () => {
    const pools = [nodePool('a'), nodePool('b', { weight: 20 }), nodePool('c', { weight: 100 })];
    expect(chooseNodePool(pod(), pools).chosen!.pool).toBe('c');
    expect(failure(() => expect(pod()).not.toBeProvisionableByAnyOf(pools))).toContain('Karpenter would pick NodePool c (weight 100)');
  });
  test('equal weights: the name that sorts last wins (OrderByWeight)', () => {
    expect(chooseNodePool(pod(), [nodePool('alpha'), nodePool('zeta')]).chosen!.pool).toBe('zeta');
  });
  test('should schedule to explicitly selected nodepool even if other nodePools are higher priority; by labels too', () => {
    const pools = [nodePool('target'), nodePool('b', { weight: 20 }), nodePool('c', { weight: 100 })];
    expect(chooseNodePool(pod({ nodeSelector: { 'karpenter.sh/nodepool': 'target' } }), pools).chosen!.pool).toBe('target');
    const labelled = nodePool('foo', { labels: { foo: 'bar' } });
    expect(chooseNodePool(pod({ nodeSelector: { foo: 'bar' } }), [labelled, nodePool('zzz', { weight: 50 })]).chosen!.pool).toBe('foo');
  });
  test('should not create NodeClaims for StaticNodePool; an invalid pool is not Ready', () => {
    expect(pod()).not.toBeProvisionableBy(nodePool('static', { replicas: 2 }));
    const bad = nodePool('bad', { requirements: [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['cheap'] }] });
    expect(failure(() => expect(pod()).toBeProvisionableBy(bad))).toContain('no valid values found in [cheap] for karpenter.sh/capacity-type');
  });
  test('nothing fits: the per-pool table in order, Karpenter\'s errors joined by "; "', () => {
    const pools = [nodePool('spot', { weight: 10, taints: [{ key: 'spot', effect: 'NoSchedule' }] }), nodePool('od', { labels: { team: 'a' } })];
    const msg = failure(() => expect(pod({ nodeSelector: { team: 'b' } })).toBeProvisionableByAnyOf(pools));
    expect(msg).toContain('Failed to schedule pod, did not tolerate taint (taint=spot:NoSchedule); incompatible requirements, key team, team In [b] not in team In [a]');
    expect(msg.indexOf('NodePool spot (weight 10)')).toBeLessThan(msg.indexOf('NodePool od (weight 0)'));
  });
});

describe('pods Karpenter ignores (Provisioner.Validate)', () => {
  test('karpenter.sh/nodepool DoesNotExist, even from the heaviest preference', () => {
    const msg = failure(() => expect(pod({ preferred: [[1, [{ key: 'karpenter.sh/nodepool', operator: 'DoesNotExist' }]]] })).toBeProvisionableBy(nodePool('p')));
    expect(msg).toContain('configured to not run on a Karpenter provisioned node');
  });
  test('matchFields in any required term; negative Gt', () => {
    const withFields = { ...pod(), spec: { ...pod().spec, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'a', operator: 'Exists' }] }, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n'] }] }] } } } } };
    expect(failure(() => expect(withFields).toBeProvisionableBy(nodePool('p', { labels: { a: 'x' } })))).toContain('node selector term with matchFields is not supported');
  });
  test('a DaemonSet is never provisioned for: it counts as overhead if it tolerates spec.taints (PreferNoSchedule tolerated up front)', () => {
    const ds = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'kube-system' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } };
    expect(ds).toBeProvisionableBy(nodePool('pns', { taints: [{ key: 'x', effect: 'PreferNoSchedule' }] }));
    expect(ds).not.toBeProvisionableBy(nodePool('ns', { taints: [{ key: 'x', effect: 'NoSchedule' }] }));
  });
});

describe('pods Karpenter does not consider (IsProvisionable)', () => {
  test('a bound Pod (spec.nodeName) and a Pod owned by a DaemonSet', () => {
    const bound = { ...pod(), spec: { ...pod().spec, nodeName: 'n1' } };
    const msg = failure(() => expect(bound).toBeProvisionableByAnyOf([nodePool('p')]));
    expect(msg).toContain('but Karpenter would not consider the pod at all:');
    expect(msg).toContain('spec.nodeName is "n1"');
    const owned = { ...pod(), metadata: { name: 'agent-x', namespace: 'kube-system', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'u' }] } };
    expect(owned).toBeProvisionableBy(nodePool('pns', { taints: [{ key: 'x', effect: 'PreferNoSchedule' }] }));
  });
});

describe('minValues, Gt/Lt bounds, v1beta1', () => {
  test('a pod narrowing an In list below minValues provably fails', () => {
    const p = nodePool('p', { requirements: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['a', 'b', 'c'], minValues: 2 }] });
    expect(pod({ nodeSelector: { 'node.kubernetes.io/instance-type': 'a' } })).not.toBeProvisionableBy(p);
    expect(pod({ required: [[{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['a', 'b'] }]] })).toBeProvisionableBy(p);
  });
  test('Gt N means at least N+1 and renders as Exists >=N+1', () => {
    const p = nodePool('p', { requirements: [{ key: 'example.com/gen', operator: 'Gt', values: ['2'] }] });
    expect(failure(() => expect(pod({ nodeSelector: { 'example.com/gen': '2' } })).toBeProvisionableBy(p))).toContain('example.com/gen In [2] not in example.com/gen Exists >=3');
  });
  test('a v1beta1 NodePool is read the same way', () => {
    expect(pod({ nodeSelector: { team: 'a' } })).toBeProvisionableBy(nodePool('old', { apiVersion: 'karpenter.sh/v1beta1', labels: { team: 'a' } }));
  });
  test('a NodePool the API server would refuse (CRD schema and CEL rules): a usage error naming the field', () => {
    const bad = nodePool('bad', { requirements: [{ key: 'example.com/gen', operator: 'Gt', values: ['-1'] }, { key: 'karpenter.sh/custom', operator: 'Exists' }] });
    const msg = failure(() => expect(pod()).toBeProvisionableBy(bad));
    expect(msg).toContain("spec.template.spec.requirements: Invalid value: \"array\": requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value");
    expect(msg).toContain('spec.template.spec.requirements[1].key: Invalid value: "karpenter.sh/custom": label domain "karpenter.sh" is restricted');
    expect(() => nodesFromNodePool(bad)).toThrow('would be rejected by the API server');
  });
  test('not a NodePool: a usage error, with and without .not', () => {
    expect(failure(() => expect(pod()).toBeProvisionableBy({ kind: 'Node' }))).toContain('expected a NodePool (kind: NodePool');
    expect(failure(() => expect(pod()).not.toBeProvisionableBy({ kind: 'Node' }))).toContain('expected a NodePool');
  });
});

describe('nodesFromNodePool', () => {
  const p = nodePool('general', {
    labels: { team: 'web' },
    requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64', 'arm64'] }, { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }, { key: 'example.com/tier', operator: 'In', values: ['gold'] }],
    taints: [{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }], startupTaints: [{ key: 'agent-not-ready', effect: 'NoExecute' }],
  });
  test('one node per allowed arch; labels from the template, single-valued requirements and the pool', () => {
    const nodes = nodesFromNodePool(p);
    expect(nodes.map((n) => n.metadata?.labels?.['kubernetes.io/arch'])).toEqual(['amd64', 'arm64']);
    expect(nodes[0].metadata?.labels).toMatchObject({ team: 'web', 'karpenter.sh/nodepool': 'general', 'karpenter.sh/capacity-type': 'spot', 'example.com/tier': 'gold', 'karpenter.k8s.aws/ec2nodeclass': 'default', 'kubernetes.io/os': 'linux' });
    expect(nodes[0].spec?.taints).toEqual([{ key: 'dedicated', value: 'web', effect: 'NoSchedule' }]);
  });
  test('options narrow, and a value the pool excludes is an error; starting adds startup taints', () => {
    const [n] = nodesFromNodePool(p, { arch: 'arm64', zones: ['eu-west-1a'], allocatable: { cpu: '4', memory: '16Gi', pods: '110' }, starting: true });
    expect(n.metadata?.labels?.['topology.kubernetes.io/zone']).toBe('eu-west-1a');
    expect(n.spec?.taints).toHaveLength(2);
    expect(n.status?.allocatable?.cpu).toBe('4');
    expect(() => nodesFromNodePool(p, { capacityType: 'on-demand' })).toThrow('cannot launch karpenter.sh/capacity-type=on-demand');
  });
});

describe('nodesFromNodePool: values of custom integer requirements stay within their bounds (Requirement.Any)', () => {
  test.each([
    [[{ key: 'gen', operator: 'Gt', values: ['4'] }], '5'],
    [[{ key: 'gen', operator: 'Gt', values: ['4'] }, { key: 'gen', operator: 'NotIn', values: ['5', '6'] }], '7'],
    [[{ key: 'gen', operator: 'Lt', values: ['3'] }, { key: 'gen', operator: 'NotIn', values: ['0'] }], '1'],
  ])('%j → gen=%s', (requirements, value) => {
    expect(nodesFromNodePool(nodePool('p', { requirements: requirements as Req[] }))[0].metadata?.labels?.gen).toBe(value);
  });
  test('no integer left within the bounds: no value is invented', () => {
    const p = nodePool('p', { requirements: [{ key: 'gen', operator: 'Lt', values: ['1'] }, { key: 'gen', operator: 'NotIn', values: ['0'] }] as Req[] });
    expect(nodesFromNodePool(p)[0].metadata?.labels?.gen).toBeUndefined();
  });
});
