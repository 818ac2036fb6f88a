// Frozen answers of the create-path oracle for the cluster objects the volume plugins and the RuntimeClass admission
// read (oracle/shared/create.go at k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3 and v1.37.2): StorageClasses,
// CSINodes and CSIDrivers (pkg/registry/storage/{storageclass,csinode,csidriver}: SetDefaults_StorageClass and
// SetDefaults_CSIDriver, PrepareForCreate's gated drops, ValidateStorageClass, ValidateCSINode, ValidateCSIDriver) and
// RuntimeClasses (pkg/registry/node/runtimeclass: ValidateRuntimeClass, from 1.37 with declarative validation of the
// handler); and, in `updateSelf`, the update of itself an object read from a cluster gets (oracle/shared/update_self.go;
// the library's validateInput). The answers per release are in oracle-regressions-storage.json beside this file,
// written by test/oracle/freeze-storage.ts (the serviceAccountTokenInSecrets case from 1.35, where the field exists;
// the 256 KiB parameters case is left to the unit tests, src/k8s/validation-storage.test.ts, for its size), compared as
// the oracle run compares them (test/oracle/create.ts), so `npm test` keeps them without Go. Fixes they hold: the core
// toleration checks' paths of a RuntimeClass before 1.35 (`scheduling.tolerations.tolerations[0]…`, upstream's own
// slip), the handler's length limit in bytes from 1.37 on create (declarative validation's content.MaxLenError), and
// the handwritten errors an update of itself keeps at 1.37.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';
import { libraryUpdateSelf } from '../oracle/update-self';

type Frozen = Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }>;
const frozen: Record<string, { create: Frozen; updateSelf: Frozen }> =
  JSON.parse(readFileSync(path.join(__dirname, 'oracle-regressions-storage.json'), 'utf8'));

describe.each(Object.keys(frozen))('StorageClasses, CSINodes, CSIDrivers and RuntimeClasses as kube-apiserver %s answers them', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});

// objects read from a cluster and written back unchanged (oracle/shared/update_self.go: rest.BeforeUpdate of itself)
describe.each(Object.keys(frozen))('the same kinds read from a cluster, as kube-apiserver %s answers an update of itself', (release) => {
  test.each(frozen[release].updateSelf.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryUpdateSelf(c.input, release as never), c.upstream)).toEqual([]);
  });
});
