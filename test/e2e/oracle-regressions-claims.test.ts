// Regression cases from the claims of the create path (issue 34 part 5; oracle/shared/claims.go in every
// oracle/k8s-<minor> module): a StatefulSet's volumeClaimTemplates made into the claims its controller creates before
// its pod (statefulset/stateful_set_utils.go getPersistentVolumeClaims), each through the API server's create path
// with the DefaultStorageClass admission plugin (plugin/pkg/admission/storage/storageclass/setdefault), then the pod
// scheduled with the volume plugins reading those claims and the storage given. The five binaries' answers
// (k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3, v1.37.2) are frozen verbatim in
// test/fixtures/oracle-regressions-claims.json and compared as the oracle run compares them (test/oracle/e2e.ts).
// - volume-claim-template-attach-limit: NodeVolumeLimits skipped a StatefulSet's pod whose only claim volumes come
//   from its volumeClaimTemplates (its PreFilter read the template's volumes, not the created Pod's), so a node whose
//   CSINode allows no more EBS volumes passed; upstream (nodevolumelimits/csi.go) counts the claim by its class's
//   provisioner: "node(s) exceed max volume count".
// - two-default-classes-newest-wins: DefaultStorageClass with two classes marked default gives the claim the newer
//   one (pkg/volume/util/storageclass.go GetDefaultClass), here a class without a provisioner and no static volume.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { compareE2E, libraryE2E, type E2EOutput } from '../oracle/e2e';
import type { E2EInput } from '../oracle/generators-e2e';
import { KUBERNETES_VERSIONS, withConfiguration, type KubernetesVersion } from '../oracle/lib';

const frozen: Record<string, { input: E2EInput; upstream: Record<KubernetesVersion, E2EOutput> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-claims.json'), 'utf8'));

const ours = (release: KubernetesVersion, input: E2EInput) => withConfiguration({ kubernetesVersion: release }, () => libraryE2E(input));

describe.each(KUBERNETES_VERSIONS)('a StatefulSet\'s claims through the create path, as a %s cluster answers', (release) => {
  it.each(Object.keys(frozen))('%s', (name) => {
    expect(compareE2E(ours(release, frozen[name].input), frozen[name].upstream[release])).toEqual([]);
  });
});

describe('what the frozen answers say', () => {
  it('the template\'s claim counts against the node\'s EBS attach limit', () => {
    const { input, upstream } = frozen['volume-claim-template-attach-limit'];
    const n1 = { node: 'n1', code: 'Unschedulable', plugin: 'NodeVolumeLimits', reasons: ['node(s) exceed max volume count'] };
    expect(upstream['1.37'].scheduling!.nodes.find((n) => n.node === 'n1')).toEqual(n1);
    expect(ours('1.37', input).scheduling!.nodes.find((n) => n.node === 'n1')).toEqual(n1);
    expect(ours('1.37', input).claims).toEqual([{ name: 'data-postgresql-0', namespace: 'default', labels: { 'app.kubernetes.io/name': 'postgresql' }, storageClassName: 'gp3' }]);
  });

  it('of two default classes the newer is the claim\'s', () => {
    const { input, upstream } = frozen['two-default-classes-newest-wins'];
    expect(upstream['1.37'].claims!.map((c) => c.spec.storageClassName)).toEqual(['local-storage']);
    expect(ours('1.37', input).claims!.map((c) => c.storageClassName)).toEqual(['local-storage']);
  });
});
