// Frozen answers of the create-path oracle (oracle/k8s-*/create.go) for the pod fields placement does not read, at
// 1.33 … 1.37: kubernetes/api's placeholder DaemonSet of the corpus pass (and a Pod of its template), and a case per
// rule the library now checks (src/k8s/validation-security.ts, validation-pod-fields.ts, validation-handlers.ts' sleep
// action, validation-pod.ts' ephemeral containers), among them the two the corpus pass found once the placeholder files
// were no longer excluded (an ephemeral container's restartPolicyRules dropped at 1.34; its mounts of an image volume
// dropped while ImageVolume is off), and the bounded run's (an AppArmor profile on a container without a name: v1.33.13
// copies the field to an annotation keyed by the container's name, applyAppArmorVersionSkew). The oracle's answers per release are kept in
// test/fixtures/oracle-regressions-podfields.json (k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3, v1.37.2:
// pkg/registry/*/strategy.go PrepareForCreate + Validate, pkg/apis/core/validation/validation.go) and compared exactly as
// the oracle run compares them (test/oracle/create.ts), so `npm test` keeps them without Go.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';

const frozen: Record<string, { create: Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-podfields.json'), 'utf8'));

describe.each(Object.keys(frozen))('the pod fields placement does not read, as kube-apiserver %s refuses them', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});
