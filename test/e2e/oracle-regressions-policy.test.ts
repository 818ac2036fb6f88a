// Frozen answers of the create-path oracle for the cluster policy objects and the limits owed from branch corr
// (oracle/shared/create.go at k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3 and v1.37.2): PodDisruptionBudgets
// (pkg/registry/policy/poddisruptionbudget strategy: ValidatePodDisruptionBudget, then BeforeCreate's metadata check),
// PriorityClasses (pkg/registry/scheduling/priorityclass, and the Priority admission plugin's one-globalDefault rule over
// the cluster's classes), a Job's list limits (pkg/apis/batch/validation) and a claim's storage request as
// SetDefaults_ResourceList rounds it. The oracle's answers per release are in test/fixtures/oracle-regressions-policy.json
// (at 1.33 the both-set case is left out: its bad value prints pointers, known go-syntax-bad-values-1.33), compared as the
// oracle run compares them (test/oracle/create.ts), so `npm test` keeps them without Go.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';

const frozen: Record<string, { create: Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-policy.json'), 'utf8'));

describe.each(Object.keys(frozen))('policy objects, Job limits and claim amounts as kube-apiserver %s answers them', (release) => {
  test.each(frozen[release].create.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release as never), c.upstream)).toEqual([]);
  });
});
