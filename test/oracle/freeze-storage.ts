// Asks each release's oracle (oracle/k8s-*/bin/oracle, built by scripts/oracle.mjs) the frozen StorageClass, CSINode, CSIDriver and
// RuntimeClass cases and writes test/e2e/oracle-regressions-storage.json: `npx ts-node --transpile-only test/oracle/freeze-storage.ts`.
import { writeFileSync } from 'node:fs';
import { OracleClient } from './client';

const sc = (extra: Record<string, unknown> = {}) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com', ...extra });
const node = (drivers: unknown[]) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'ip-10-0-1-23.ec2.internal' }, spec: { drivers } });
const driver = (spec: Record<string, unknown> = {}, name = 'ebs.csi.aws.com') => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name }, spec });
const rc = (extra: Record<string, unknown> = {}) => ({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', ...extra });
const zone = 'topology.kubernetes.io/zone';
const OBJECTS: Array<[string, Record<string, unknown>, string[]?]> = [
  ['a gp3 StorageClass as the EBS CSI chart writes it', sc({ parameters: { type: 'gp3', fsType: 'ext4' }, reclaimPolicy: 'Retain', volumeBindingMode: 'WaitForFirstConsumer', allowVolumeExpansion: true, mountOptions: ['debug'], allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.ebs.csi.aws.com/zone', values: ['us-east-1a', 'us-east-1b'] }] }] })],
  ['a local-storage class in a namespace (cleared: cluster-scoped)', sc({ metadata: { name: 'local-storage', namespace: 'default' }, provisioner: 'kubernetes.io/no-provisioner', volumeBindingMode: 'WaitForFirstConsumer' })],
  ['a StorageClass without a provisioner', sc({ provisioner: '' })],
  ['a StorageClass whose provisioner is not a qualified name (printed lower-cased)', sc({ provisioner: 'Bad Provisioner' })],
  ['a StorageClass with volumeBindingMode Sometimes', sc({ volumeBindingMode: 'Sometimes' })],
  ['a StorageClass with an empty volumeBindingMode', sc({ volumeBindingMode: '' })],
  ['a StorageClass with reclaimPolicy Recycle', sc({ reclaimPolicy: 'Recycle' })],
  ['a StorageClass with an empty reclaimPolicy (accepted)', sc({ reclaimPolicy: '' })],
  ['a StorageClass with an empty parameter key', sc({ parameters: { '': 'x', type: 'gp3' } })],
  ['a StorageClass with 513 parameters', sc({ parameters: Object.fromEntries([...Array(513).keys()].map((i) => [`k${i}`, 'v'])) })],
  ['a StorageClass with bad topology expressions (no values, a repeated value and key, a bad key)', sc({ allowedTopologies: [{ matchLabelExpressions: [{ key: zone, values: [] }, { key: zone, values: ['a', 'a'] }, { key: 'bad key', values: ['a'] }] }] })],
  ['a StorageClass with the same topology term twice (values in another order)', sc({ allowedTopologies: [{ matchLabelExpressions: [{ key: zone, values: ['a', 'b'] }] }, { matchLabelExpressions: [{ key: zone, values: ['b', 'a'] }] }] })],
  ['a StorageClass with a term without expressions (a duplicate of the nil entries upstream starts with)', sc({ allowedTopologies: [{}, { matchLabelExpressions: [{ key: zone, values: ['a'] }] }] })],
  ['a StorageClass with two empty terms', sc({ allowedTopologies: [{ matchLabelExpressions: [] }, {}] })],
  ['a StorageClass named Bad_Name', sc({ metadata: { name: 'Bad_Name' } })],
  ['a CSINode as a node dump has it', node([{ name: 'ebs.csi.aws.com', nodeID: 'i-0123456789abcdef0', topologyKeys: ['topology.ebs.csi.aws.com/zone'], allocatable: { count: 25 } }, { name: 'efs.csi.aws.com', nodeID: 'i-0123456789abcdef0' }])],
  ['a CSINode with an empty node ID and a negative count', node([{ name: 'ebs.csi.aws.com', nodeID: '', allocatable: { count: -1 } }])],
  ['a CSINode with a 257-character node ID', node([{ name: 'ebs.csi.aws.com', nodeID: 'n'.repeat(257) }])],
  ['a CSINode with a 256-character node ID (accepted)', node([{ name: 'ebs.csi.aws.com', nodeID: 'n'.repeat(256) }])],
  ['a CSINode with the same driver twice', node([{ name: 'ebs.csi.aws.com', nodeID: 'a' }, { name: 'ebs.csi.aws.com', nodeID: 'a' }])],
  ['a CSINode with bad topology keys (empty, repeated, not qualified)', node([{ name: 'ebs.csi.aws.com', nodeID: 'a', topologyKeys: ['', 'x', 'x', 'bad key'] }])],
  ['a CSINode with bad driver names (empty, too long, not a subdomain)', node([{ name: '', nodeID: 'a' }, { name: `${'x'.repeat(64)}.com`, nodeID: 'a' }, { name: 'Bad_Driver', nodeID: 'a' }])],
  ['a CSIDriver as the EBS CSI chart writes it', driver({ attachRequired: true, podInfoOnMount: false, fsGroupPolicy: 'File', volumeLifecycleModes: ['Persistent'] })],
  ['a CSIDriver with every default (the booleans SetDefaults_CSIDriver fills)', driver({})],
  ['a CSIDriver with fsGroupPolicy file', driver({ fsGroupPolicy: 'file' })],
  ['a CSIDriver with short, long and repeated token requests', driver({ tokenRequests: [{ audience: 'a', expirationSeconds: 599 }, { audience: 'a', expirationSeconds: 1 }, { audience: 'b', expirationSeconds: 4294967297 }] })],
  ['a CSIDriver with volumeLifecycleModes Inline', driver({ volumeLifecycleModes: ['Persistent', 'Inline'] })],
  ['a CSIDriver with nodeAllocatableUpdatePeriodSeconds 5 (dropped before 1.35)', driver({ nodeAllocatableUpdatePeriodSeconds: 5 })],
  ['a CSIDriver with serviceAccountTokenInSecrets and no tokenRequests', driver({ serviceAccountTokenInSecrets: true }), ['1.35', '1.36', '1.37']],
  ['a CSIDriver named Bad_Name', driver({}, 'Bad_Name')],
  ['a gVisor RuntimeClass with overhead and scheduling', rc({ overhead: { podFixed: { cpu: '250m', memory: '120Mi' } }, scheduling: { nodeSelector: { 'sandbox.gke.io/runtime': 'gvisor' }, tolerations: [{ key: 'sandbox.gke.io/runtime', operator: 'Equal', value: 'gvisor', effect: 'NoSchedule' }] } })],
  ['a RuntimeClass with an empty handler', rc({ handler: '' })],
  ['a RuntimeClass with a 64-character handler', rc({ handler: 'x'.repeat(64) })],
  ['a RuntimeClass with a dotted handler', rc({ handler: 'runsc.v2' })],
  ['a RuntimeClass with a negative overhead and hugepages', rc({ overhead: { podFixed: { cpu: '-250m', 'hugepages-2Mi': '2Mi' } } })],
  ['a RuntimeClass with hugepages alone in its overhead', rc({ overhead: { podFixed: { 'hugepages-2Mi': '2Mi' } } })],
  ['a RuntimeClass with a bad node selector, a repeated toleration and an Lt one', rc({ scheduling: { nodeSelector: { 'bad key': 'x' }, tolerations: [{ key: 'kata', operator: 'Exists', effect: 'NoSchedule' }, { key: 'kata', operator: 'Exists', effect: 'NoSchedule' }, { key: 'k', operator: 'Lt', value: '5' }] } })],
  ['a RuntimeClass with an empty toleration (the core checks\' path before 1.35)', rc({ scheduling: { tolerations: [{}] } })],
  ['a RuntimeClass with a toleration of a bad key and tolerationSeconds without NoExecute', rc({ scheduling: { tolerations: [{ key: 'bad key', tolerationSeconds: 300 }] } })],
];
const CASES = OBJECTS.map(([name, object, releases]) => ({ name, input: { object, extendedResourceToleration: false }, releases }));
// objects read from a cluster, written back unchanged (the updateSelf question, update_self.go)
const stored = (o: Record<string, any>) => ({ ...o, metadata: { ...o.metadata, uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '12345' } });
const UPDATES: Array<[string, Record<string, unknown>]> = [
  ['a stored StorageClass without a provisioner', stored(sc({ provisioner: '' }))],
  ['a stored StorageClass with volumeBindingMode Sometimes', stored(sc({ volumeBindingMode: 'Sometimes' }))],
  ['a stored CSINode with a negative count', stored(node([{ name: 'ebs.csi.aws.com', nodeID: 'i-1', allocatable: { count: -1 } }]))],
  ['a stored CSIDriver named Bad_Name (ValidateCSIDriverUpdate does not check the name)', stored(driver({}, 'Bad_Name'))],
  ['a stored CSIDriver with nodeAllocatableUpdatePeriodSeconds 5 (PrepareForUpdate keeps it)', stored(driver({ nodeAllocatableUpdatePeriodSeconds: 5 }))],
  ['a stored RuntimeClass with an empty handler', stored(rc({ handler: '' }))],
  ['a stored RuntimeClass with a 64-character handler (the handwritten text at 1.37)', stored(rc({ handler: 'x'.repeat(64) }))],
  ['a stored RuntimeClass with a bad toleration key', stored(rc({ scheduling: { tolerations: [{ key: 'bad key', operator: 'Exists' }] } }))],
  ['a stored RuntimeClass with a bad label and annotation (each checked four times before 1.37)', stored(rc({ metadata: { name: 'gvisor', labels: { app: '-x' }, annotations: { 'bad key': 'v' } } }))],
  ['a stored StorageClass with a bad label and a non-standard finalizer (core\'s ValidateObjectMetaUpdate)', stored(sc({ metadata: { name: 'gp3', labels: { 'bad key': 'x' }, finalizers: ['custom'] } }))],
  ['a stored CSIDriver with a bad label', stored({ ...driver({}), metadata: { name: 'ebs.csi.aws.com', labels: { app: 'a b' } } })],
];
const UPDATE_CASES = UPDATES.map(([name, object]) => ({ name, input: { object, extendedResourceToleration: false } }));

async function main() {
  const out: Record<string, { create: unknown[]; updateSelf?: unknown[] }> = {};
  for (const release of ['1.33', '1.34', '1.35', '1.36', '1.37']) {
    const client = new OracleClient(`oracle/k8s-${release}/bin/oracle`);
    out[release] = { create: [] };
    for (const c of CASES) {
      if (c.releases && !c.releases.includes(release)) continue;
      const a = await client.ask('create', c.input);
      if (a.error) throw new Error(`${release} ${c.name}: ${a.error}`);
      const upstream = a.output;
      if (upstream.object) upstream.object = { kind: upstream.object.kind };
      out[release].create.push({ name: c.name, input: c.input, upstream });
    }
    out[release].updateSelf = [];
    for (const c of UPDATE_CASES) {
      const a = await client.ask('updateSelf', c.input);
      if (a.error) throw new Error(`${release} ${c.name}: ${a.error}`);
      out[release].updateSelf!.push({ name: c.name, input: c.input, upstream: a.output });
    }
    client.close();
  }
  // one case a line
  const list = (cases: unknown[] = []) => `[\n${cases.map((c) => JSON.stringify(c)).join(',\n')}\n]`;
  writeFileSync('test/e2e/oracle-regressions-storage.json', `{\n${Object.entries(out).map(([r, v]) => `${JSON.stringify(r)}: {"create": ${list(v.create)}, "updateSelf": ${list(v.updateSelf)}}`).join(',\n')}\n}\n`);
}
main();
