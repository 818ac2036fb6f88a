// The DaemonSet controller decides which nodes get a pod from the template, before any admission plugin runs
// (pkg/controller/daemon/daemon_controller.go NodeShouldRunDaemonPod: NewPod copies the template and adds the daemon
// tolerations, util.AddOrUpdateDaemonPodTolerations); the pods it then creates go through admission
// (plugin/pkg/admission/extendedresourcetoleration/admission.go adds a toleration per extended resource). Found by
// the e2e oracle (known daemonset-runs-with-admission-tolerations until fixed): every release answers run: false.
import type { KubeObject, Node } from '../core/types';
import { admitPod } from '../engine/objects';
import { placeReplicas } from './place';
import { withConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { daemonShouldRun } from './replicas';

const gpuNode = (name: string, taints: object[]): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: { taints } as Node['spec'],
  status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110', 'nvidia.com/gpu': '1' }, conditions: [{ type: 'Ready', status: 'True' }] } as Node['status'],
});
const dcgm = (tolerations?: object[]): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'gpu', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'gpu' } }, template: { metadata: { labels: { app: 'gpu' } }, spec: {
    ...(tolerations ? { tolerations } : {}), containers: [{ name: 'c', image: 'nvidia/dcgm', resources: { limits: { 'nvidia.com/gpu': '1' } } }] } } },
} as KubeObject);
const tainted = gpuNode('n0', [{ key: 'nvidia.com/gpu', effect: 'NoSchedule' }]);
const plain = gpuNode('n1', []);
const withERT = <T>(fn: () => T) => withConfiguration({ admission: { extendedResourceToleration: true } }, fn);

test('ExtendedResourceToleration does not make the controller run a pod on a node tainted with the resource', () => {
  withERT(() => {
    expect(daemonShouldRun(dcgm(), tainted)).toEqual({ run: false, why: 'untolerated taint nvidia.com/gpu:NoSchedule', taint: { key: 'nvidia.com/gpu', effect: 'NoSchedule' } });
    expect(placeReplicas(dcgm(), [tainted, plain]).pods.map((p) => p.node)).toEqual(['n1']);
  });
});

test('the pods it does create are admitted: they carry the plugin\'s toleration', () => {
  withERT(() => {
    const admitted = admitPod(toSubject(dcgm()));
    const i = admitted.tolerations.findIndex((t) => t.key === 'nvidia.com/gpu');
    expect(admitted.tolerations[i]).toEqual({ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' });
    expect(admitted.sources[i]).toBe('ExtendedResourceToleration admission');
  });
});

test('with the toleration in its template, the controller runs a pod there', () => {
  const tolerant = dcgm([{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]);
  withERT(() => expect(placeReplicas(tolerant, [tainted, plain]).pods.map((p) => p.node)).toEqual(['n0', 'n1']));
});
