// A null entry in spec.volumes (the scheduler's input taken as JSON: Go decodes null into a zero Volume, with no source)
// is no volume to any of the four volume plugins: they neither throw nor count it. (Each plugin ranges over
// pod.Spec.Volumes and reads only the sources: volume_restrictions.go, csi.go, volume_zone.go, volume_binding.go.)
import type { KubeObject, Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { schedule } from '../../index';

const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0', labels: { 'topology.kubernetes.io/zone': 'a' } }, status: { allocatable: { cpu: '1', memory: '1Gi', pods: '10' } } } as Node;
const csiNode = { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'n0' }, spec: { drivers: [{ name: 'pd.csi.storage.gke.io', nodeID: 'x', allocatable: { count: 1 } }] } } as KubeObject;
const pod = (name: string, volumes: unknown[], nodeName?: string) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName, containers: [{ name: 'c', image: 'x' }], volumes } }) as unknown as Pod;

test('null volume entries are skipped by VolumeRestrictions, NodeVolumeLimits, VolumeBinding and VolumeZone', () => {
  const incoming = pod('p', [null, { name: 'g', gcePersistentDisk: { pdName: 'd' } }]);
  const result = schedule(toSubject(incoming), [node], [pod('o', [null], 'n0')], [], undefined, [csiNode]);
  expect(result.rejected).toEqual([]);
  expect(result.feasible.map((v) => v.node)).toEqual(['n0']);
  // the same disk on the node's pod still conflicts, and the limit of 1 is still reached by a second disk
  const sameDisk = schedule(toSubject(incoming), [node], [pod('o', [null, { name: 'g', gcePersistentDisk: { pdName: 'd' } }], 'n0')], [], undefined, [csiNode]);
  expect(sameDisk.rejected.map((v) => [v.status!.plugin, v.status!.reasons])).toEqual([['VolumeRestrictions', ['node(s) had no available disk']]]);
  const twoDisks = schedule(toSubject(pod('p', [null, { name: 'g', gcePersistentDisk: { pdName: 'd' } }, { name: 'h', gcePersistentDisk: { pdName: 'e' } }])), [node], [], [], undefined, [csiNode]);
  expect(twoDisks.rejected.map((v) => [v.status!.plugin, v.status!.reasons])).toEqual([['NodeVolumeLimits', ['node(s) exceed max volume count']]]);
});
