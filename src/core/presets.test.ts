// configure({ cluster }) presets and platform helpers (README "Cloud presets").
import { aks } from '../k8s/cloud';
import { configure, resetConfiguration, settings } from './config';
import { failure, node, pod } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const gpuPod = () => ({ ...pod('cuda'), spec: { containers: [{ name: 'c', image: 'cuda', resources: { limits: { 'nvidia.com/gpu': '1' } } }] } });

describe('configure({ cluster })', () => {
  test('upstream by default: no ExtendedResourceToleration', () => {
    expect(settings().admission.extendedResourceToleration).toBe(false);
    expect(gpuPod()).not.toTolerate('nvidia.com/gpu:NoSchedule');
  });
  test('eks enables ExtendedResourceToleration; the toleration is attributed to the admission step', () => {
    configure({ cluster: 'eks' });
    expect(gpuPod()).toTolerate('nvidia.com/gpu=present:NoSchedule');
    expect(gpuPod()).not.toTolerate('nvidia.com/gpu=present:NoExecute');
    expect(failure(() => expect(gpuPod()).not.toTolerate('nvidia.com/gpu:NoSchedule'))).toContain('ExtendedResourceToleration admission');
  });
  test('gke, aks and kubeadm add nothing verified; an explicit admission setting wins over the preset', () => {
    for (const cluster of ['gke', 'aks', 'kubeadm'] as const) {
      configure({ cluster });
      expect(settings().admission.extendedResourceToleration).toBe(false);
    }
    configure({ cluster: 'eks', admission: { extendedResourceToleration: false } });
    expect(gpuPod()).not.toTolerate('nvidia.com/gpu:NoSchedule');
    configure({ admission: { extendedResourceToleration: true } });
    expect(gpuPod()).toTolerate('nvidia.com/gpu:NoSchedule');
  });
  test('an unknown cluster is an error naming the known ones', () => {
    expect(() => configure({ cluster: 'openshift' as never })).toThrow('configure: unknown cluster "openshift" (known: gke, eks, aks, kubeadm)');
  });
  test('a GPU node is still refused to a GPU pod that lacks a toleration, unless the preset adds it', () => {
    const gpuNode = node('g', [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }]);
    expect(gpuPod()).not.toBeSchedulableOn(gpuNode);
    configure({ cluster: 'eks' });
    expect(gpuPod()).toBeSchedulableOn(gpuNode);
  });
});

describe('aks.spotPool (MicrosoftDocs/azure-docs articles/aks/spot-node-pool.md)', () => {
  test('adds the scalesetpriority label and NoSchedule taint, once', () => {
    const [spot] = aks.spotPool(node('aks-spot-1'));
    expect(spot.metadata?.labels).toMatchObject({ 'kubernetes.azure.com/scalesetpriority': 'spot' });
    expect(spot.spec?.taints).toEqual([{ key: 'kubernetes.azure.com/scalesetpriority', value: 'spot', effect: 'NoSchedule' }]);
    expect(aks.spotPool(spot)[0].spec?.taints).toHaveLength(1);
    expect(pod('web')).not.toBeSchedulableOn(spot);
    expect(pod('batch', [{ key: 'kubernetes.azure.com/scalesetpriority', operator: 'Equal', value: 'spot', effect: 'NoSchedule' }])).toBeSchedulableOn(spot);
  });
});
