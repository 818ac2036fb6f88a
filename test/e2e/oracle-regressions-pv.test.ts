// Frozen answers of the create-path oracle for PersistentVolumes (oracle/shared/create.go at k8s.io/kubernetes
// v1.33.13, v1.34.4, v1.35.4, v1.36.3 and v1.37.2: pkg/registry/core/persistentvolume's strategy, ValidatePersistentVolume
// and pkg/volume/validation's mount-options check, after SetObjectDefaults_PersistentVolume), so that `npm test` keeps
// them without Go. Per release: the named cases (each rule of src/k8s/validation-pv.ts and validation-pv-sources.ts,
// and the two differences the persistentVolumes domain found: the mount-options annotation's path,
// `metadata.annotations.<key>`, and 1.33's printing of a missing capacity, `core.ResourceList(nil)`), then one drawn
// case (test/oracle/generators-pv.ts, seed 77) per distinct answer (its errors' fields and types, or accepted). At 1.33
// the cases whose bad value is a map of quantities are left out (known go-syntax-bad-values-1.33). Compared as the
// oracle run compares them (test/oracle/create.ts): an accepted PersistentVolume's defaulted reclaim policy and
// volumeMode, a refused one's field errors. `updateSelf`: stored PersistentVolumes written back unchanged
// (oracle/shared/update_self.go; the library's validateInput), written by test/oracle/freeze-pv-updates.ts: before 1.37
// the strategy's ValidateUpdate finds each of ValidatePersistentVolume's errors twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';
import { libraryUpdateSelf } from '../oracle/update-self';

type Frozen = Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }>;
const frozen: Record<string, { create: Frozen; updateSelf: Frozen }> =
  JSON.parse(readFileSync(path.join(__dirname, 'oracle-regressions-pv.json'), 'utf8'));

describe.each(Object.keys(frozen))('PersistentVolumes as kube-apiserver %s creates them', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});

describe.each(Object.keys(frozen))('PersistentVolumes read from a cluster, as kube-apiserver %s answers an update of itself', (release) => {
  test.each(frozen[release].updateSelf.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryUpdateSelf(c.input, release as never), c.upstream)).toEqual([]);
  });
});
