// Issue 24 (outages) and issue 18 point 6 (DaemonSet toSurvive): each case fails on the code before the fix.
import { simulateOutage, nodesDown, zone } from '.';
import { configure, resetConfiguration, withConfiguration } from '../core/config';
import { KUBERNETES_VERSIONS, NEWEST_RELEASE } from '../core/releases';
import { placementMatrix } from '../report/matrix';
import { failure } from '../../test/fixtures';
import { daemonSet, deployment, job, lines, statefulSet, zones } from '../../test/outage/cluster';

afterEach(() => resetConfiguration());

// pkg/controller/tainteviction/taint_eviction.go addConditionAndDeletePod deletes with empty DeleteOptions;
// pkg/registry/core/pod/strategy.go CheckGracefulDelete takes the pod's own grace period; at 0 rest.BeforeDelete and
// Store.updateForGracefulDeletionAndFinalizers delete the object at once (deleteImmediately). No kubelet takes part.
describe('terminationGracePeriodSeconds 0 on a failed node', () => {
  const nodes = zones(['a', 'b', 'c'], 1);
  test('a StatefulSet pod goes at once and its replacement runs in the same second (350 s), naming the at-most-once hazard', () => {
    const db = statefulSet('db', 3, undefined, { terminationGracePeriodSeconds: 0 });
    const o = simulateOutage({ nodes, workloads: [db] }, nodesDown(['a1']));
    expect(o.pods.find((p) => p.node === 'a1')).toMatchObject({ name: 'db-0', deletedAt: 350, removedAt: 350 });
    expect(o.pods.find((p) => p.name === 'db-0' && p.node !== 'a1')).toMatchObject({ createdAt: 350, boundAt: 350 });
    expect(o.stateOf(db)).toMatchObject({ desired: 3, running: 3, terminating: 0 });
    const removed = o.events.find((e) => e.reason === 'Deleted' && e.object === 'Pod default/db-0')!;
    expect(removed).toMatchObject({ at: 350, component: 'kube-apiserver' });
    expect(removed.message).toContain('the API server removes the object at once, without the kubelet on a1 confirming');
    expect(removed.message).toContain('at-most-once hazard');
    expect(db).toSurvive(nodesDown(['a1']), { nodes }).within(350);
    expect(failure(() => expect(db).not.toSurvive(nodesDown(['a1']), { nodes }, {} as never))).toContain('at-most-once hazard');
  });
  test('a Deployment shows 0 terminating, not 1', () => {
    const web = deployment('web', 3, undefined, { terminationGracePeriodSeconds: 0 });
    const o = simulateOutage({ nodes, workloads: [web] }, nodesDown(['a1']));
    expect(o.stateOf(web)).toMatchObject({ running: 3, terminating: 0 });
  });
  test('the default 30 s still waits for a kubelet that never comes', () => {
    const db = statefulSet('db', 3);
    expect(simulateOutage({ nodes, workloads: [db] }, nodesDown(['a1'])).stateOf(db)).toMatchObject({ running: 2, terminating: 1 });
  });
  test('a pod with finalizers waits for them', () => {
    const db = statefulSet('db', 3, undefined, { terminationGracePeriodSeconds: 0 });
    (db.spec.template.metadata as Record<string, unknown>).finalizers = ['example.com/keep'];
    const o = simulateOutage({ nodes, workloads: [db] }, nodesDown(['a1']));
    expect(o.stateOf(db)).toMatchObject({ running: 2, terminating: 1 });
    expect(o.events.find((e) => e.object === 'Pod default/db-0' && e.reason === 'Terminating')!.message).toContain('waits for its finalizers [example.com/keep]');
  });
  // job_controller.go trackJobStatusAndRemoveFinalizers / canRemoveFinalizer: the tracking finalizer goes once the pod counts failed
  test('a Job pod: the Job controller drops batch.kubernetes.io/job-tracking at once (TerminatingOrFailed); with podReplacementPolicy Failed it waits', () => {
    const withGrace = (j: ReturnType<typeof job>) => ((j.spec.template.spec as Record<string, unknown>).terminationGracePeriodSeconds = 0, j);
    const batch = withGrace(job('batch', 3));
    const o = simulateOutage({ nodes, workloads: [batch] }, nodesDown(['a1']));
    expect(o.pods.find((p) => p.node === 'a1')).toMatchObject({ deletedAt: 350, removedAt: 350 });
    expect(o.events.find((e) => e.reason === 'Deleted' && e.component === 'kube-apiserver')!.message).toContain('removes its batch.kubernetes.io/job-tracking finalizer');
    const strict = withGrace(job('strict', 3, { podReplacementPolicy: 'Failed', podFailurePolicy: { rules: [] } }));
    const o2 = simulateOutage({ nodes, workloads: [strict] }, nodesDown(['a1']));
    expect(o2.pods.find((p) => p.node === 'a1')).toMatchObject({ deletedAt: 350 });
    expect(o2.pods.find((p) => p.node === 'a1')!.removedAt).toBeUndefined();
  });
});

describe('configure({ kubernetesVersion })', () => {
  test('default 1.37, the newest release the oracle verifies', () => {
    expect(withConfiguration({}, () => require('../core/config').settings().kubernetesVersion)).toBe(NEWEST_RELEASE);
  });
  test.each([['1.32'], ['1.38'], [1.34], ['v1.34'], [null]])('refuses %p with the list of supported releases', (v) => {
    expect(() => configure({ kubernetesVersion: v as never })).toThrow(
      `configure: unsupported kubernetesVersion ${JSON.stringify(v)} (supported: ${KUBERNETES_VERSIONS.map((r) => `'${r}'`).join(', ')})`);
  });
  test('a failure under another release names it', () => {
    configure({ kubernetesVersion: '1.33' });
    expect(failure(() => expect(deployment('web', 1)).toSurvive(nodesDown(['a1']), { nodes: zones(['a'], 1) }, {} as never))).toContain('(settings: kubernetesVersion 1.33)');
  });
});

// pkg/controller/daemon/daemon_controller.go NodeShouldRunDaemonPod: toSurvive means a pod on every surviving node it should run on
describe('toSurvive for a DaemonSet', () => {
  const nodes = zones(['a', 'b', 'c'], 1);
  const everything = daemonSet('agent', { tolerations: [{ operator: 'Exists' }] });
  const less = daemonSet('logging');
  test('one that tolerates everything survives (issue 18: it failed, as a1 stayed in desiredNumberScheduled)', () => {
    expect(everything).toSurvive(zone('a'), { nodes });
    expect(less).toSurvive(zone('a'), { nodes });
    // the down node does not count either way, from the first second on
    expect(everything).toSurvive(zone('a'), { nodes }).within(0);
    expect(less).toSurvive(zone('a'), { nodes }).within(0);
  });
  test('a surviving node it should run on without its pod fails, and the message names it', () => {
    // b1 is too small for the agent's 100m request
    const small = [...zones(['a', 'c'], 1), { ...zones(['b'], 1)[0], status: { allocatable: { cpu: '50m', memory: '1Gi', pods: '110' } } }];
    const msg = failure(() => expect(less).toSurvive(zone('a'), { nodes: small }, {} as never));
    expect(msg).toContain('Expected DaemonSet kube-system/logging to run its pod on every surviving node it should run on (NodeShouldRunDaemonPod) once the outage has played out');
    expect(msg).toContain('Received: 1 of 2 such node(s) run it at');
    expect(msg).toContain('; not on b1');
    expect(msg).toContain('(down, and not counted: a1)');
    expect(msg).toMatch(/logging-b1 is Pending: .*Insufficient cpu/);
  });
  test('a node it should not run on (node selector) is not asked for', () => {
    const picky = daemonSet('picky', { nodeSelector: { 'topology.kubernetes.io/zone': 'b' } });
    expect(picky).toSurvive(zone('a'), { nodes });
    // with its only node down, no surviving node asks for it
    expect(picky).toSurvive(zone('b'), { nodes });
  });
  test('the matrix cell agrees', () => {
    const [agent] = placementMatrix([everything], nodes, { failures: [zone('a')] }).rows;
    expect(agent.outage[0]).toMatchObject({ text: '2/2 surviving nodes running, 1 stays on a down node', survived: true, onDownNodes: 1 });
  });
});
