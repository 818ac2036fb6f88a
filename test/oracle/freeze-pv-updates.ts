// Asks each release's oracle (oracle/k8s-*/bin/oracle, built by scripts/oracle.mjs) the update of itself of the frozen
// stored PersistentVolumes (the updateSelf question, oracle/shared/update_self.go) and writes them into
// test/e2e/oracle-regressions-pv.json beside its create cases: `npx ts-node --transpile-only test/oracle/freeze-pv-updates.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { OracleClient } from './client';

const FILE = 'test/e2e/oracle-regressions-pv.json';
const stored = (metadata: Record<string, unknown>, spec: Record<string, unknown>) => ({
  apiVersion: 'v1', kind: 'PersistentVolume',
  metadata: { name: 'pv-1', ...metadata, uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '12345' },
  spec: { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], ...spec },
});
const hostname = (value: string) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [value] }] }] } });
const UPDATES: Array<[string, Record<string, unknown>]> = [
  ['a stored local PV (accepted)', stored({}, { local: { path: '/mnt/disks/ssd1' }, nodeAffinity: hostname('node-1'), storageClassName: 'local-storage' })],
  ['a stored PV without a volume source (ValidatePersistentVolume runs twice before 1.37)', stored({}, {})],
  ['a stored PV with two sources', stored({}, { local: { path: '/mnt/disks/ssd1' }, nfs: { server: 'nfs.example.com', path: '/exports' }, nodeAffinity: hostname('node-1') })],
  ["a stored hostPath PV of '/' with reclaim policy Recycle", stored({}, { hostPath: { path: '/' }, persistentVolumeReclaimPolicy: 'Recycle' })],
  ['a stored local PV with the mount-options annotation (its check runs once)', stored({ annotations: { 'volume.beta.kubernetes.io/mount-options': 'hard' } }, { local: { path: '/mnt/disks/ssd1' }, nodeAffinity: hostname('node-1') })],
  ['a stored local PV whose node affinity holds an invalid label value (allowed on update)', stored({}, { local: { path: '/mnt/disks/ssd1' }, nodeAffinity: hostname('node_1 bad') })],
  ['a stored PV named Bad_Name with a bad label (validateCommonFields, then ValidatePersistentVolume twice)', stored({ name: 'Bad_Name', labels: { app: '-x' } }, { nfs: { server: 'nfs.example.com', path: '/exports' } })],
];

async function main() {
  const frozen = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, { create: unknown[]; updateSelf?: unknown[] }>;
  for (const release of Object.keys(frozen)) {
    const client = new OracleClient(`oracle/k8s-${release}/bin/oracle`);
    frozen[release].updateSelf = [];
    for (const [name, object] of UPDATES) {
      const input = { object, extendedResourceToleration: false };
      const a = await client.ask('updateSelf', input);
      if (a.error) throw new Error(`${release} ${name}: ${a.error}`);
      // an accepted update answers the object's kind alone: nothing of it is compared (update-self.ts)
      const { object: _kind, ...upstream } = a.output;
      frozen[release].updateSelf!.push({ name, input, upstream });
    }
    client.close();
  }
  // one case a line
  const list = (cases: unknown[] = []) => `[\n  ${cases.map((c) => JSON.stringify(c)).join(',\n  ')}\n ]`;
  writeFileSync(FILE, `{\n${Object.entries(frozen).map(([r, v]) => ` ${JSON.stringify(r)}: { "create": ${list(v.create)},\n "updateSelf": ${list(v.updateSelf)} }`).join(',\n')}\n}\n`);
}
main();
