// notReady, unreachable, cordon, withCondition and cloneNode return the Node as the cluster would show it: the
// conditions, and the taints the node lifecycle controller keeps in spec.taints (node_lifecycle_controller.go).
import { cloneNode, cordon, notReady, unreachable, withCondition } from './node-helpers';
import { parseManifests } from '../loader';
import type { Node } from '../core/types';

const dump = parseManifests(`apiVersion: v1
kind: Node
metadata:
  name: general-a1
  uid: 1f0c
  resourceVersion: "4711"
  labels: {pool: general, kubernetes.io/hostname: general-a1, topology.kubernetes.io/zone: eu-west-1a, topology.kubernetes.io/region: eu-west-1}
spec:
  providerID: aws:///eu-west-1a/i-0abc
  taints: [{key: dedicated, value: general, effect: PreferNoSchedule}]
status:
  allocatable: {cpu: "4", memory: 16Gi, pods: "110"}
  addresses: [{type: InternalIP, address: 10.0.1.7}]
  conditions:
  - {type: MemoryPressure, status: "False"}
  - {type: Ready, status: "True", reason: KubeletReady}
`, 'nodes.yaml').nodes()[0];
const web = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
const keys = (n: Node) => (n.spec?.taints ?? []).map((t) => `${t.key}:${t.effect}`);

describe('node helpers', () => {
  test('notReady: Ready=False and the not-ready taints; the node given is unchanged', () => {
    const before = JSON.stringify(dump);
    const n = notReady(dump);
    expect(n.status?.conditions?.find((c) => c.type === 'Ready')).toMatchObject({ status: 'False', reason: 'KubeletNotReady' });
    expect(keys(n)).toEqual(['dedicated:PreferNoSchedule', 'node.kubernetes.io/not-ready:NoSchedule', 'node.kubernetes.io/not-ready:NoExecute']);
    expect(JSON.stringify(dump)).toBe(before);
    expect(web).toBeEvictedFrom(n).after(300);
    expect(web).not.toBeSchedulableOn(n);
  });

  test('unreachable: Ready and the pressure conditions Unknown (NodeStatusUnknown), the unreachable taints', () => {
    const n = unreachable(dump);
    expect(n.status?.conditions?.map((c) => `${c.type}=${c.status}`)).toEqual(['MemoryPressure=Unknown', 'Ready=Unknown', 'DiskPressure=Unknown', 'PIDPressure=Unknown']);
    expect(n.status?.conditions?.[1]).toMatchObject({ reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });
    expect(keys(n)).toEqual(['dedicated:PreferNoSchedule', 'node.kubernetes.io/unreachable:NoSchedule', 'node.kubernetes.io/unreachable:NoExecute']);
    expect(web).toBeEvictedFrom(n).after(300);
  });

  test('the controller removes taints whose condition is gone: notReady, then Ready again', () => {
    const back = withCondition(notReady(dump), 'Ready', 'True');
    expect(keys(back)).toEqual(['dedicated:PreferNoSchedule']);
    expect(web).toBeSchedulableOn(back);
  });

  test('withCondition: a pressure condition adds its NoSchedule taint; a new condition type is appended', () => {
    const n = withCondition(dump, 'DiskPressure', 'True', { reason: 'KubeletHasDiskPressure' });
    expect(n.status?.conditions?.at(-1)).toEqual({ type: 'DiskPressure', status: 'True', reason: 'KubeletHasDiskPressure' });
    expect(keys(n)).toContain('node.kubernetes.io/disk-pressure:NoSchedule');
    expect(web).not.toBeSchedulableOn(n);
    expect(() => withCondition(dump, 'Ready', 'false' as never)).toThrow('withCondition: status must be "True", "False" or "Unknown", received "false"');
  });

  test('cordon: spec.unschedulable and the unschedulable taint; kube-scheduler reports NodeUnschedulable first', () => {
    const n = cordon(dump);
    expect(n.spec?.unschedulable).toBe(true);
    expect(keys(n)).toEqual(['dedicated:PreferNoSchedule', 'node.kubernetes.io/unschedulable:NoSchedule']);
    expect(() => expect(web).toBeSchedulableOn(n)).toThrow("NodeUnschedulable: node(s) were unschedulable");
  });

  test('cloneNode: a new name and zone, nothing unique to the original', () => {
    const n = cloneNode(dump, { name: 'general-b1', zone: 'eu-west-1b', labels: { pool: 'general-2' } });
    expect(n.metadata).toEqual({ name: 'general-b1', labels: { pool: 'general-2', 'kubernetes.io/hostname': 'general-b1', 'topology.kubernetes.io/zone': 'eu-west-1b', 'topology.kubernetes.io/region': 'eu-west-1' } });
    expect(n.spec).toEqual({ taints: [{ key: 'dedicated', value: 'general', effect: 'PreferNoSchedule' }] });
    expect(n.status?.addresses).toBeUndefined();
    expect(n.status?.allocatable).toEqual(dump.status?.allocatable);
    // a pool grown across zones spreads a zone-spread workload
    const pool = ['a', 'b', 'c'].map((z, i) => cloneNode(dump, { name: `general-${z}${i}`, zone: `eu-west-1${z}` }));
    expect(new Set(pool.map((p) => p.metadata?.labels?.['topology.kubernetes.io/zone']))).toEqual(new Set(['eu-west-1a', 'eu-west-1b', 'eu-west-1c']));
    expect(() => cloneNode(dump, {} as never)).toThrow('cloneNode: expected { name, zone?, labels? } with a name');
  });

  // issue 31 item 4: the zone lives in more labels than topology.kubernetes.io/zone on a cloud's nodes. The disk CSI
  // drivers label nodes with their topology key (aws-ebs-csi-driver pkg/driver/node.go, GCE PD CSI, Azure disk CSI);
  // a clone left with the old zone there would be placed by them in the old zone.
  test('cloneNode moves the zone labels the node has, and drops an AWS zone ID it cannot know', () => {
    const labelled = (labels: Record<string, string>) => ({ ...dump, metadata: { ...dump.metadata, labels: { ...dump.metadata?.labels, ...labels } } });
    const eks = labelled({
      'failure-domain.beta.kubernetes.io/zone': 'eu-west-1a', 'topology.ebs.csi.aws.com/zone': 'eu-west-1a', 'topology.k8s.aws/zone-id': 'euw1-az3',
    });
    const b = cloneNode(eks, { name: 'general-b1', zone: 'eu-west-1b' }).metadata!.labels!;
    expect(b).toMatchObject({ 'topology.kubernetes.io/zone': 'eu-west-1b', 'failure-domain.beta.kubernetes.io/zone': 'eu-west-1b', 'topology.ebs.csi.aws.com/zone': 'eu-west-1b' });
    expect(b['topology.k8s.aws/zone-id']).toBeUndefined();
    // the same zone keeps its ID, and an ID given in labels is used
    expect(cloneNode(eks, { name: 'general-a2', zone: 'eu-west-1a' }).metadata?.labels?.['topology.k8s.aws/zone-id']).toBe('euw1-az3');
    expect(cloneNode(eks, { name: 'general-b1', zone: 'eu-west-1b', labels: { 'topology.k8s.aws/zone-id': 'euw1-az1' } }).metadata?.labels?.['topology.k8s.aws/zone-id']).toBe('euw1-az1');
    expect(cloneNode(labelled({ 'topology.gke.io/zone': 'eu-west-1a' }), { name: 'g', zone: 'europe-west1-c' }).metadata?.labels?.['topology.gke.io/zone']).toBe('europe-west1-c');
    expect(cloneNode(labelled({ 'topology.disk.csi.azure.com/zone': 'eu-west-1a' }), { name: 'z', zone: 'westeurope-2' }).metadata?.labels?.['topology.disk.csi.azure.com/zone']).toBe('westeurope-2');
    // only labels the node has: a plain node gains none of them
    expect(Object.keys(cloneNode(dump, { name: 'p', zone: 'eu-west-1b' }).metadata!.labels!).sort()).toEqual(Object.keys(dump.metadata!.labels!).sort());
    // a workload spread over the EBS zone label sees the clone in its new zone
    const spread = { ...web, spec: { ...web.spec, replicas: 2, template: { ...web.spec.template, spec: { ...web.spec.template.spec,
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.ebs.csi.aws.com/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }] } } } };
    expect(spread).toSpreadReplicasAcross('topology.ebs.csi.aws.com/zone', [eks, cloneNode(eks, { name: 'general-b1', zone: 'eu-west-1b' })]);
  });

  test('not a Node: a TypeError naming the helper', () => {
    expect(() => notReady(web as never)).toThrow(/^notReady: expected a node \(a v1 Node object with kind: Node\)/);
  });
});
