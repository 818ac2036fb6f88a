// Regression cases from the volumes domain (oracle/shared/scheduling.go and storage.go in every oracle/k8s-<minor>
// module: the scheduler with the storage objects in its informers), frozen verbatim per release in
// test/fixtures/oracle-regressions-volumes.json (k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3, v1.37.2) and
// compared as the oracle run compares them (test/oracle/compare.ts), so `npm test` keeps them without Go.
// - beta-annotation-class-score-panic: a claim naming its StorageClass only in the volume.beta.kubernetes.io/storage-class
//   annotation, provisioned against a CSIStorageCapacity, with two feasible nodes: v1.37.2's VolumeBinding Score
//   (StorageCapacityScoring on by default) dereferences the nil spec.storageClassName (volume_binding.go:503) and
//   kube-scheduler panics; before 1.37 the gate is off and the pod is scored and placed. The library threw nothing and
//   answered it as placed (the generator had left the combination out, since the oracle exited with kube-scheduler).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { librarySchedule, type SchedulingOutput } from '../oracle/adapter';
import { compareScheduling } from '../oracle/compare';
import type { SchedulingInput } from '../oracle/generators';
import { KUBERNETES_VERSIONS, withConfiguration, type KubernetesVersion } from '../oracle/lib';

const frozen: Record<string, { input: SchedulingInput; upstream: Record<KubernetesVersion, SchedulingOutput> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-volumes.json'), 'utf8'));

const ours = (release: KubernetesVersion, input: SchedulingInput) => withConfiguration({ kubernetesVersion: release }, () => librarySchedule(input));

describe.each(KUBERNETES_VERSIONS)('the volume plugins with the storage objects, as a %s cluster answers', (release) => {
  it.each(Object.keys(frozen))('%s', (name) => {
    expect(compareScheduling(ours(release, frozen[name].input), frozen[name].upstream[release])).toEqual([]);
  });
});

describe('what the frozen answers say', () => {
  it('1.37 panics where 1.36 places the pod; the library says so, and why', () => {
    const { input, upstream } = frozen['beta-annotation-class-score-panic'];
    expect(upstream['1.37'].panic).toBe('runtime error: invalid memory address or nil pointer dereference');
    expect(upstream['1.36'].panic).toBeUndefined();
    expect(upstream['1.36'].feasible).toEqual(['n0', 'n1']);
    expect(ours('1.37', input).panic).toContain('PersistentVolumeClaim default/c0 would be provisioned against a CSIStorageCapacity and names its StorageClass cap only in the volume.beta.kubernetes.io/storage-class annotation');
    expect(ours('1.36', input).panic).toBeUndefined();
  });
});
