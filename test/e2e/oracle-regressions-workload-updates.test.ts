// Frozen answers of the update-of-itself oracle (oracle/shared/update_self.go at k8s.io/kubernetes v1.33.13, v1.34.4,
// v1.35.4, v1.36.3 and v1.37.2: validateCommonFields, then the registry strategy's ValidateUpdate) for Deployments, ReplicaSets, DaemonSets, StatefulSets, Jobs, CronJobs, PriorityClasses and PodDisruptionBudgets
// read from a cluster (workload dumps, configure({ priorityClasses })), written by
// test/oracle/freeze-workload-updates.ts and compared as the workloadUpdates domain compares them
// (test/oracle/update-self.ts: the workload's own verdict, its created Pods' errors left out): a stored PriorityClass
// is not checked against the system classes nor the user maximum, a workload's name not by the create's rule, a
// StatefulSet's template spec skipped from 1.34 when the stored spec has an error, at 1.33 a ReplicaSet's and a
// DaemonSet's spec errors twice; a dumped Job before 1.37 ValidateJob then ValidateJobUpdate (its generated selector and labels checked, its spec errors twice), a Job as written told its selector is required.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';
import { compareUpdateSelf, libraryUpdateSelf } from '../oracle/update-self';

type Frozen = Array<{ name: string; input: CreateInput; upstream: UpstreamCreate }>;
const frozen: Record<string, { updateSelf: Frozen }> =
  JSON.parse(readFileSync(path.join(__dirname, 'oracle-regressions-workload-updates.json'), 'utf8'));

describe.each(Object.keys(frozen))('Workloads, PriorityClasses and budgets read from a cluster, as kube-apiserver %s answers an update of itself', (release) => {
  test.each(frozen[release].updateSelf.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(compareUpdateSelf(libraryUpdateSelf(c.input, release as never), c.upstream)).toEqual([]);
  });
});
