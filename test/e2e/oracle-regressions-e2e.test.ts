// Regression cases from the end-to-end oracle domain (oracle/shared/e2e.go in every oracle/k8s-<minor> module:
// the API server's create path, the workload's controller, the node lifecycle controller, then kube-scheduler), for
// issue 31's findings that the one create path fixed (branch onepath): a hostNetwork pod's container, sidecar and
// replica ports are host ports (pkg/apis/core/v1/defaults.go SetDefaults_Pod, defaultHostNetworkPorts) that NodePorts
// counts, and a node with status.capacity and no allocatable is constrained by its capacity (SetDefaults_NodeStatus);
// the three known deviations branch fix31adm fixed: a hostNetwork template repeating a port (every created Pod
// refused, AccumulateUniqueHostPorts), the DaemonSet controller deciding before admission (NodeShouldRunDaemonPod),
// and the RuntimeClass admission plugin (plugin/pkg/admission/runtimeclass/admission.go); and the two branch fix31spread fixed: a Service selecting a bare Pod gives it PodTopologySpread's
// system default constraints (helper/spread.go DefaultSelector), and a DaemonSet's pod, pinned to its node
// (daemonset_util.go ReplaceDaemonSetPodNodeNameNodeAffinity), spreads over that node's domain only.
// And a StatefulSet named with 54 characters, whose Pods the API server refuses for their controller-revision-hash
// label (`<name>-<hash>`, past 63 characters; pkg/controller/history ControllerRevisionName), beside one of 52 whose
// Pods it creates (the library takes the hash as 10 characters; a name of 53 is a known deviation, test/oracle/known.ts).
// And the corpus pass's findings (test/oracle/corpus.ts, branch corpusoracle): a finalizer named without a `/` that is
// not a standard one (pkg/apis/core/validation ValidateObjectMeta, validateKubeFinalizerName), and two of the oracle's
// own that the library already answered as a cluster does: a privileged container (kube-apiserver's
// --allow-privileged=true, capabilities.Setup) and a serviceAccountToken projection in a pod without a
// serviceAccountName (the ServiceAccount admission plugin gives it `default` before validation); an imagePullPolicy or
// terminationMessagePolicy upstream does not have (validateContainerCommon, validatePullPolicy); lifecycle hooks or probes
// on an init container that is not a sidecar (validateInitContainers), and a hook's or probe's handler, port, scheme,
// header names and counts (validateLifecycle, validateProbe, validateHandler); and managedFields that
// do not decode, which the create handler's field manager drops before validation (the oracle's, fixed there).
// And a DaemonSet checked against a dump holding its own pod with its host port (k3s's svclb-traefik in the corpus's
// support bundle): its rollout deletes the old pod first (RollingUpdate without maxSurge), or creates the new one beside
// it (maxSurge: 1), as pkg/controller/daemon/update.go does (the oracle's harness asks util.AllowsSurge; the library's
// scheduler/snapshot.ts replacedByRollout); each daemon node's FitError is frozen too.
// The five binaries' answers (k8s.io/kubernetes v1.33.13, v1.34.4, v1.35.4, v1.36.3, v1.37.2) are frozen verbatim in
// test/fixtures/oracle-regressions-e2e.json and compared as the oracle run compares them (test/oracle/e2e.ts), so
// `npm test` keeps them without Go.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { compareE2E, libraryE2E, type E2EOutput } from '../oracle/e2e';
import type { E2EInput } from '../oracle/generators-e2e';
import { KUBERNETES_VERSIONS, withConfiguration, type KubernetesVersion } from '../oracle/lib';

// every release in the table: a new row fails here until its oracle's answers are frozen too
const RELEASES = KUBERNETES_VERSIONS;
type Release = KubernetesVersion;
const frozen: Record<string, { input: E2EInput; upstream: Record<Release, E2EOutput> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-e2e.json'), 'utf8'));

const ours = (release: Release, input: E2EInput) => withConfiguration({ kubernetesVersion: release }, () => libraryE2E(input));

describe.each(RELEASES)('from the manifest to the scheduler, as a %s cluster answers (e2e)', (release) => {
  it.each(Object.keys(frozen))('%s', (name) => {
    expect(compareE2E(ours(release, frozen[name].input), frozen[name].upstream[release])).toEqual([]);
  });
});

describe('what the frozen answers say (issue 31 findings 1 and 3)', () => {
  it('a second node-exporter on 9100 does not fit beside the first: NodePorts counts the defaulted host port', () => {
    const reason = "node(s) didn't have free ports for the requested pod ports";
    for (const name of ['host-network-existing-pod', 'host-network-replica', 'host-network-sidecar']) {
      expect(frozen[name].upstream['1.37'].scheduling!.nodes.find((n) => n.node === 'n0')!.reasons).toEqual([reason]);
      expect(ours('1.37', frozen[name].input).scheduling!.nodes.find((n) => n.node === 'n0')!.reasons).toEqual([reason]);
    }
  });

  it('a node with capacity and no allocatable is constrained by its capacity', () => {
    expect(ours('1.37', frozen['capacity-only-node'].input).scheduling!.nodes[0]).toEqual(
      { node: 'n0', code: 'UnschedulableAndUnresolvable', plugin: 'NodeResourcesFit', reasons: ['Insufficient cpu'] });
  });
});

describe('what the frozen answers say (the deviations fixed on branch fix31adm)', () => {
  it('a hostNetwork template repeating a containerPort: every Pod its controller creates is refused', () => {
    const refused = { object: 'pod', errors: [{ type: 'FieldValueDuplicate', field: 'spec.containers[1].ports[0].hostPort', body: 'Duplicate value: "TCP//8080"' }] };
    expect(frozen['host-network-template-repeated-port'].upstream['1.37'].rejected).toEqual(refused);
    expect(ours('1.37', frozen['host-network-template-repeated-port'].input).rejected?.errors?.map((e) => e.body)).toEqual(['Duplicate value: "TCP//8080"']);
  });

  it('a GPU DaemonSet without its own toleration gets no pod on a GPU-tainted node, ExtendedResourceToleration on', () => {
    expect(ours('1.37', frozen['daemonset-decides-before-admission'].input).daemon).toEqual([{ node: 'n0', run: false }]);
  });

  it('RuntimeClass: not found, an overhead without a class, a selector in conflict are refused; the overhead counts', () => {
    expect(ours('1.37', frozen['runtime-class-not-found'].input).rejected).toEqual({ object: 'workload', refused: 'pods "web" is forbidden: pod rejected: RuntimeClass "gvisor" not found' });
    expect(ours('1.37', frozen['runtime-class-overhead-without-class'].input).rejected?.refused).toBe('pods "web" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
    expect(ours('1.37', frozen['runtime-class-selector-conflict'].input).rejected?.refused)
      .toBe('pods "web" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = gvisor; pod.spec.nodeSelector[sandbox] = kata');
    // 1.8 cpu and the class's 250m do not fit 2 cpu; 1 cpu does, on the node the class's selector and toleration allow
    expect(ours('1.37', frozen['runtime-class-overhead-and-scheduling'].input).scheduling!.nodes[0].reasons).toEqual(['Insufficient cpu']);
    expect(ours('1.37', frozen['runtime-class-fits-without-overhead'].input).scheduling!.feasible).toEqual(['n0']);
  });
});

describe('what the frozen answers say (the corpus pass)', () => {
  it('a finalizer without a `/` that is not kubernetes, orphan or foregroundDeletion is refused at its index', () => {
    const refused = { object: 'workload', errors: [{ type: 'FieldValueInvalid', field: 'metadata.finalizers[0]', body: 'Invalid value: "finalizersValue": name is neither a standard finalizer name nor is it fully qualified' }] };
    expect(frozen['finalizer-not-qualified'].upstream['1.37'].rejected).toEqual(refused);
    expect(ours('1.37', frozen['finalizer-not-qualified'].input).rejected?.errors?.map((e) => [e.field, e.body])).toEqual([[refused.errors[0].field, refused.errors[0].body]]);
  });

  it('a privileged container and an injected serviceAccountToken projection are accepted, as a cluster accepts them', () => {
    for (const release of RELEASES) {
      expect(frozen['privileged-container'].upstream[release].rejected).toBeUndefined();
      expect(frozen['service-account-token-projection'].upstream[release].rejected).toBeUndefined();
    }
    expect(ours('1.37', frozen['privileged-container'].input).daemon?.[0]).toEqual({ node: 'n0', run: true, status: { node: 'n0', code: 'Success', plugin: '', reasons: [] } });
    expect(ours('1.37', frozen['service-account-token-projection'].input).scheduling?.feasible).toEqual(['n0']);
  });

  it('an imagePullPolicy or terminationMessagePolicy upstream does not have is refused; managedFields are not validated', () => {
    const bodies = frozen['container-policies-unsupported'].upstream['1.37'].rejected?.errors?.map((e) => [e.field, e.body]);
    expect(bodies).toEqual([
      ['spec.template.spec.containers[0].imagePullPolicy', 'Unsupported value: "IfNotPresnt": supported values: "Always", "IfNotPresent", "Never"'],
      ['spec.template.spec.initContainers[0].terminationMessagePolicy', 'Unsupported value: "FallbackToLogs": supported values: "File", "FallbackToLogsOnError"'],
    ]);
    expect(ours('1.37', frozen['container-policies-unsupported'].input).rejected?.errors?.map((e) => [e.field, e.body]).sort()).toEqual([...bodies!].sort());
    expect(ours('1.37', frozen['managed-fields-not-validated'].input).daemon?.[0].run).toBe(true);
  });

  it('an init container that is not a sidecar may have no lifecycle hooks and no probes; a sidecar may', () => {
    const fields = frozen['init-container-probes'].upstream['1.37'].rejected?.errors?.map((e) => e.field);
    expect(fields).toEqual(['spec.template.spec.initContainers[0].lifecycle', 'spec.template.spec.initContainers[0].livenessProbe']);
    expect(ours('1.37', frozen['init-container-probes'].input).rejected?.errors?.map((e) => e.field)).toEqual(fields);
  });

  it('a probe or hook with no port, two handlers or a bad count is refused; common probes are accepted', () => {
    const errors = frozen['probe-handlers-refused'].upstream['1.37'].rejected?.errors ?? [];
    expect(errors).toHaveLength(14);
    expect(errors.find((e) => e.field.endsWith('containers[0].readinessProbe.httpGet.port'))?.body).toBe('Invalid value: 0: must be between 1 and 65535, inclusive');
    const key = (es: Array<{ field: string; body: string }>) => es.map((e) => `${e.field} ${e.body}`).sort();
    expect(key(ours('1.37', frozen['probe-handlers-refused'].input).rejected?.errors ?? [])).toEqual(key(errors));
    expect(ours('1.37', frozen['probe-handlers-accepted'].input).scheduling?.feasible).toEqual(['n0']);
  });
});
