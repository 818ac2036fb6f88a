// Issue 31 item 4: with the provider's instance types, Karpenter's answer names the instance type it would launch and
// why each other type is left out. Karpenter orders the types that fit by the price of their cheapest available
// compatible offering, equal prices by name (kubernetes-sigs/karpenter pkg/cloudprovider/types.go OrderByPrice, used by
// Truncate before a launch); the AWS provider asks EC2 Fleet for them with the lowest-price on-demand strategy
// (aws/karpenter-provider-aws pkg/providers/instance/instance.go launchInstance).
import { chooseNodePool } from '.';
import type { NodePool } from '../loader';
import { failure } from '../../test/fixtures';

const pool = (name: string, requirements: unknown[] = []): NodePool => ({
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
  spec: { template: { spec: { requirements, nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' } } } },
} as NodePool);
const pod = (requests: Record<string, string> = {}, nodeSelector?: Record<string, string>) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'pause', resources: { requests, limits: requests } }], ...(nodeSelector ? { nodeSelector } : {}) },
});
const type = (name: string, cpu: string, arch: string, offerings: Array<{ zone: string; capacityType: string; price?: number; available?: boolean }>) =>
  ({ name, capacity: { cpu, memory: '8Gi', pods: '29' }, labels: { 'kubernetes.io/arch': arch }, offerings });

const types = [
  type('m6g.large', '2', 'arm64', [{ zone: 'eu-west-1a', capacityType: 'on-demand', price: 0.077 }, { zone: 'eu-west-1a', capacityType: 'spot', price: 0.031 }]),
  type('c6g.large', '2', 'arm64', [{ zone: 'eu-west-1a', capacityType: 'on-demand', price: 0.068 }]),
  type('c6g.xlarge', '4', 'arm64', [{ zone: 'eu-west-1a', capacityType: 'on-demand', price: 0.136 }]),
  type('m5.large', '2', 'amd64', [{ zone: 'eu-west-1a', capacityType: 'on-demand', price: 0.096 }]),
  type('r6g.large', '2', 'arm64', [{ zone: 'eu-west-1b', capacityType: 'on-demand', price: 0.1 }]),
];
const onDemandArm = pool('arm-od', [
  { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
  { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
  { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1a'] },
]);

describe('the instance type Karpenter would launch', () => {
  test('the cheapest compatible offering decides the order; the pick is the first', () => {
    const r = chooseNodePool(pod({ cpu: '1' }), [onDemandArm], { instanceTypes: types });
    expect(r.chosen?.instanceTypes).toEqual({
      fit: [{ name: 'c6g.large', price: 0.068 }, { name: 'm6g.large', price: 0.077 }, { name: 'c6g.xlarge', price: 0.136 }],
      launch: 'c6g.large',
      rejected: [
        { name: 'm5.large', why: ['key kubernetes.io/arch, kubernetes.io/arch In [arm64] not in kubernetes.io/arch In [amd64]'] },
        // its own requirements offer only its offerings' zones (as providers build them)
        { name: 'r6g.large', why: ['key topology.kubernetes.io/zone, topology.kubernetes.io/zone In [eu-west-1a] not in topology.kubernetes.io/zone In [eu-west-1b]', 'no available offering with topology.kubernetes.io/zone In [eu-west-1a] and karpenter.sh/capacity-type In [on-demand] (offerings: eu-west-1b on-demand)'] },
      ],
    });
  });
  test('only offerings the requirements allow count: with spot allowed, m6g.large\'s spot price puts it first', () => {
    const anyCapacity = pool('arm', [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }]);
    expect(chooseNodePool(pod({ cpu: '1' }), [anyCapacity], { instanceTypes: types }).chosen?.instanceTypes?.launch).toBe('m6g.large');
    // a bigger pod: only c6g.xlarge has room, and the others say what is short
    const big = chooseNodePool(pod({ cpu: '3' }), [onDemandArm], { instanceTypes: types }).chosen?.instanceTypes;
    expect(big?.launch).toBe('c6g.xlarge');
    expect(big?.rejected.find((t) => t.name === 'c6g.large')?.why).toEqual(['cpu: the pod requests 3, the type has 2']);
  });
  test('equal prices go by name; without a price for every type that fits, no pick is named', () => {
    const same = ['b.large', 'a.large'].map((n) => type(n, '2', 'arm64', [{ zone: 'eu-west-1a', capacityType: 'on-demand', price: 0.05 }]));
    expect(chooseNodePool(pod(), [onDemandArm], { instanceTypes: same }).chosen?.instanceTypes?.fit.map((t) => t.name)).toEqual(['a.large', 'b.large']);
    const unpriced = [...same, type('c.large', '2', 'arm64', [{ zone: 'eu-west-1a', capacityType: 'on-demand' }])];
    const choice = chooseNodePool(pod(), [onDemandArm], { instanceTypes: unpriced }).chosen?.instanceTypes;
    expect(choice?.fit.map((t) => t.name)).toEqual(['a.large', 'b.large', 'c.large']);
    expect(choice?.launch).toBeUndefined();
    expect(failure(() => expect(pod()).not.toBeProvisionableBy(onDemandArm, { instanceTypes: unpriced }))).toContain(
      '\n  instance types that fit: a.large 0.05, b.large 0.05, c.large; Karpenter launches the cheapest, which is not known without a price in the offerings of c.large');
  });
  test('a .not failure names the pick and why each other type is left out', () => {
    const message = failure(() => expect(pod({ cpu: '1' })).not.toBeProvisionableBy(onDemandArm, { instanceTypes: types, daemonSets: [] }));
    expect(message).toContain('but Karpenter would launch a node from that pool for its pod.\n' +
      '  instance type c6g.large, the cheapest of the 3 that fit (c6g.large 0.068, m6g.large 0.077, c6g.xlarge 0.136): Karpenter asks the provider for them cheapest first');
    expect(message).toContain('\n  m5.large is left out: key kubernetes.io/arch, kubernetes.io/arch In [arm64] not in kubernetes.io/arch In [amd64]\n');
    expect(failure(() => expect(pod({ cpu: '1' })).not.toBeProvisionableByAnyOf([onDemandArm], { instanceTypes: types, daemonSets: [] })))
      .toContain('would pick NodePool arm-od (weight 0); NodePools are tried by weight, then name descending.\n  instance type c6g.large, the cheapest');
  });
  test('when none fits, each type says why, under Karpenter\'s own error', () => {
    const message = failure(() => expect(pod({ 'nvidia.com/gpu': '1' })).toBeProvisionableBy(onDemandArm, { instanceTypes: types }));
    expect(message).toContain('no instance type has enough resources, requirements=');
    expect(message).toContain('\n    c6g.large: nvidia.com/gpu: the pod requests 1, the type has 0\n');
    expect(message).toContain('\n    m5.large: key kubernetes.io/arch, kubernetes.io/arch In [arm64] not in kubernetes.io/arch In [amd64]; nvidia.com/gpu: the pod requests 1, the type has 0\n');
  });
  test('a price that is not a number ≥ 0 is a usage error naming the field', () => {
    const bad = [{ ...types[0], offerings: [{ zone: 'eu-west-1a', capacityType: 'on-demand', price: '0.1' }] }];
    expect(() => chooseNodePool(pod(), [onDemandArm], { instanceTypes: bad })).toThrow('instanceTypes[0].offerings[0].price: expected a number ≥ 0, received "0.1"');
  });
});
