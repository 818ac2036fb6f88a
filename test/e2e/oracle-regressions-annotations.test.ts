// Frozen answers of the create-path oracle (oracle/k8s-*/create.go) for the annotations kube-apiserver checks against a
// pod's spec (src/k8s/validation-annotations.ts): the deprecated AppArmor and seccomp annotations old charts still
// write (a container the pod lacks, a bad profile name, an annotation the field contradicts; a Pod's AppArmor annotation
// copied to its container's field first, applyAppArmorVersionSkew, a template's checked as written), the pod deletion
// cost, the mirror pod annotation, and a StatefulSet's template, whose annotations ValidatePodTemplateSpecForStatefulSet
// checks a second time from 1.34 (once again at 1.37, where declarative validation drops the repeated error). The
// library accepted every one of these objects before. Also the `scheduler.alpha.kubernetes.io/tolerations` annotation
// (ValidateTolerationsInPodAnnotations: Go's encoding/json errors, src/k8s/go-json.ts, then ValidateTolerations) on
// Pods and on Deployment, StatefulSet, DaemonSet and CronJob templates, and a toleration's operator and effect printed
// as named string types (json.Marshal from 1.34, %#v at 1.33), which the library printed as plain strings. The oracle's answers per
// release are kept in test/fixtures/oracle-regressions-annotations.json (k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4,
// v1.36.3, v1.37.2: pkg/registry/*/strategy.go PrepareForCreate + Validate, pkg/apis/core/validation/validation.go
// ValidatePodSpecificAnnotations, validateSeccompAnnotationsAndFields, validateAppArmorAnnotationsAndFieldsMatchOnCreate)
// and compared exactly as the oracle run compares them (test/oracle/create.ts), so `npm test` keeps them without Go.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';

const frozen: Record<string, { create: Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-annotations.json'), 'utf8'));

describe.each(Object.keys(frozen))('the annotations checked against a pod spec, as kube-apiserver %s refuses them', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});
