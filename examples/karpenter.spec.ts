// Karpenter: which NodePool launches nodes for which workload, and what those nodes accept.
import { chooseNodePool, configure, isNodePool, loadManifests, nodesFromNodePool, resetConfiguration, type NodePool } from 'jest-k8s-placement';

const karpenter = loadManifests('platform/karpenter/*.yaml', { cwd: __dirname });
const pools = karpenter.all().filter(isNodePool);
const pool = (name: string) => pools.find((p) => p.metadata?.name === name) as NodePool;
const [od, spot, gpu, graviton] = ['general-od', 'general-spot', 'gpu', 'graviton'].map(pool);

describe('application pools (on-demand and spot share the intent=apps taint)', () => {
  const api = karpenter.get('deployment/api');
  const reports = karpenter.get('deployment/report-workers');
  test('api may use either and Karpenter picks on-demand (weight 50 over 10)', () => {
    expect(api).toBeProvisionableBy(od);
    expect(api).toBeProvisionableBy(spot);
    expect(chooseNodePool(api, pools).chosen?.pool).toBe('general-od');
  });
  test('report workers land only on spot', () => {
    expect(reports).toBeProvisionableBy(spot);
    expect(reports).not.toBeProvisionableBy(od);
    expect(chooseNodePool(reports, pools).chosen?.pool).toBe('general-spot');
  });
  test('nothing else gets in without the toleration', () => {
    expect(karpenter.get('deployment/image-resizer')).not.toBeProvisionableBy(od);
    expect(karpenter.get('job/fine-tune')).not.toBeProvisionableByAnyOf([od, spot]);
  });
  test('the nodes Karpenter launches accept the same pods kube-scheduler-side', () => {
    const spotNodes = nodesFromNodePool(spot, { zones: ['eu-west-1a', 'eu-west-1b'] });
    expect(reports).toBeSchedulableOnAllOf(spotNodes);
    expect(reports).not.toBeSchedulableOnAnyOf(nodesFromNodePool(od, { zones: ['eu-west-1a'] }));
  });
});

describe('the GPU pool', () => {
  const fineTune = karpenter.get('job/fine-tune');
  test('the fine-tune job tolerates nvidia.com/gpu; the startup taint does not stop Karpenter', () => {
    expect(fineTune).toBeProvisionableBy(gpu);
    expect(chooseNodePool(fineTune, pools).chosen?.pool).toBe('gpu');
  });
  test('a GPU pod that does not select the pool would be tried on graviton first (equal weights: name descending)', () => {
    const unpinned = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'notebook' }, spec: {
      tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
      containers: [{ name: 'lab', image: 'jupyter/pytorch', resources: { limits: { 'nvidia.com/gpu': '1' } } }] } };
    expect(chooseNodePool(unpinned, pools).chosen?.pool).toBe('graviton');
  });
  test('…but kube-scheduler waits until the driver installer removes the startup taint', () => {
    const [starting] = nodesFromNodePool(gpu, { instanceTypes: ['g5.xlarge'], starting: true });
    const [ready] = nodesFromNodePool(gpu, { instanceTypes: ['g5.xlarge'], allocatable: { cpu: '4', memory: '16Gi', pods: '58', 'nvidia.com/gpu': '1' } });
    expect(fineTune).not.toBeSchedulableOn(starting);
    expect(fineTune).toBeSchedulableOn(ready);
  });
  test('on EKS (ExtendedResourceToleration) a pod requesting a GPU tolerates the pool without writing the toleration', () => {
    const bare = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'cuda-check' }, spec: { containers: [{ name: 'smi', image: 'nvidia/cuda:12.4.1-base-ubuntu22.04', resources: { limits: { 'nvidia.com/gpu': '1' } } }] } };
    expect(bare).not.toBeProvisionableBy(gpu);
    configure({ cluster: 'eks' });
    expect(bare).toBeProvisionableBy(gpu);
    resetConfiguration();
  });
});

describe('the arm64 pool', () => {
  const resizer = karpenter.get('deployment/image-resizer');
  test('the arm64-only image goes to graviton, never to the amd64 pools', () => {
    expect(resizer).toBeProvisionableByAnyOf(pools);
    expect(chooseNodePool(resizer, pools).chosen?.pool).toBe('graviton');
    expect(resizer).not.toBeProvisionableBy(gpu); // nvidia.com/gpu taint
  });
  test('every node graviton can launch is arm64, spot or on-demand', () => {
    const nodes = nodesFromNodePool(graviton);
    expect(nodes.map((n) => n.metadata?.labels?.['karpenter.sh/capacity-type'])).toEqual(['on-demand', 'spot']);
    expect(resizer).toBeSchedulableOnAllOf(nodes);
  });
});
