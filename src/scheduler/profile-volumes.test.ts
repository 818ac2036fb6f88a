// The default profile lists the four volume plugins through a lazy entry (profile.ts volumePlugin): a pod with no
// volume is Skipped at PreFilter without their folders being loaded. That rests on each plugin's own PreFilter
// Skipping such a pod (upstream: volume_restrictions.go, csi.go, volume_binding.go, volume_zone.go PreFilter return
// fwk.Skip when the pod has nothing to check): checked here against the folders themselves, and the entry shown to
// hand every other pod to its plugin.
import type { KubeObject, Node } from '../core/types';
import { toSubject } from '../k8s/subject';
import { podInfo } from './framework';
import { DEFAULT_PROFILE } from './profile';
import { buildSnapshot } from './snapshot';
import { VolumeRestrictions } from './plugins/volumerestrictions';
import { NodeVolumeLimits } from './plugins/nodevolumelimits';
import { VolumeBinding } from './plugins/volumebinding';
import { VolumeZone } from './plugins/volumezone';
import type { ClusterPlugin } from './cycle';

const nodes: Node[] = [{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'a', labels: { 'topology.kubernetes.io/zone': 'z1' } } }];
const snapshot = () => buildSnapshot(nodes, new Map());
const spec = (volumes?: unknown[]) => ({ containers: [{ name: 'c', image: 'i' }], ...(volumes ? { volumes } : {}) });
const template = (volumes?: unknown[]) => ({ metadata: { labels: { app: 'x' } }, spec: spec(volumes) });
const workload = (kind: string, volumes?: unknown[], extra: Record<string, unknown> = {}): KubeObject =>
  kind === 'Pod'
    ? { apiVersion: 'v1', kind, metadata: { name: 'p', namespace: 'default' }, spec: spec(volumes) } as KubeObject
    : { apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1', kind, metadata: { name: 'w', namespace: 'default' }, spec: { selector: { matchLabels: { app: 'x' } }, template: template(volumes), ...extra } } as KubeObject;

const folders: Record<string, ClusterPlugin<unknown>> = {
  VolumeRestrictions: VolumeRestrictions as ClusterPlugin<unknown>,
  NodeVolumeLimits: NodeVolumeLimits as ClusterPlugin<unknown>,
  VolumeBinding: VolumeBinding as ClusterPlugin<unknown>,
  VolumeZone: VolumeZone as ClusterPlugin<unknown>,
};
const entries = DEFAULT_PROFILE.clusterFilter.filter((p) => p.name in folders);

test('the profile lists the four volume plugins, in upstream order', () => {
  expect(entries.map((p) => p.name)).toEqual(['VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone']);
});

describe.each(['Pod', 'Deployment', 'StatefulSet', 'DaemonSet', 'Job'])('a %s without volumes', (kind) => {
  test.each([[undefined], [[]]])('(volumes %j): each plugin Skips it, the entry too', (volumes) => {
    const pod = podInfo(toSubject(workload(kind, volumes)));
    for (const entry of entries) {
      expect({ [entry.name]: folders[entry.name].preFilter(pod, snapshot()) }).toEqual({ [entry.name]: { skip: true } });
      expect({ [entry.name]: entry.preFilter(pod, snapshot()) }).toEqual({ [entry.name]: { skip: true } });
    }
  });
});

describe('a pod with a volume is handed to the plugin', () => {
  const cases: Array<[string, KubeObject]> = [
    ['an emptyDir (the plugins Skip it themselves)', workload('Pod', [{ name: 'v', emptyDir: {} }])],
    ['a claim', workload('Pod', [{ name: 'v', persistentVolumeClaim: { claimName: 'data' } }])],
    ['a StatefulSet claim template', workload('StatefulSet', undefined, { volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] })],
  ];
  test.each(cases)('%s: the entry answers as its plugin', (_, w) => {
    const pod = podInfo(toSubject(w));
    const s = snapshot();
    for (const entry of entries) {
      expect({ [entry.name]: entry.preFilter(pod, s) }).toEqual({ [entry.name]: folders[entry.name].preFilter(pod, s) });
    }
  });
});
