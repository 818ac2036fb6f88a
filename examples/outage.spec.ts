// What happens to our services when a zone goes down: the control plane's timeline, in virtual seconds.
import { loadManifests, placementMatrix, simulateOutage, zone } from 'jest-k8s-placement';

const platform = loadManifests('platform/outage/*.yaml', { cwd: __dirname });
// the cluster's StorageClasses (kubectl get storageclass -o yaml): the default, gp3, is the EBS CSI driver's
const storage = loadManifests('platform/outage/storage.yaml', { cwd: __dirname }).all();
const cluster = { nodes: platform.nodes(), workloads: platform.workloads(), storage };
const web = platform.get('deployment/web');
const payments = platform.get('statefulset/payments');
const logging = platform.get('daemonset/logging');
const reports = platform.get('deployment/reports');

describe('losing zone eu-west-1a', () => {
  const zoneA = zone('eu-west-1a');

  test('web survives within the grace period (50 s) plus its default toleration (300 s)', () => {
    expect(web).toSurvive(zoneA, cluster).within(50 + 300);
    expect(web).not.toSurvive(zoneA, cluster).within(50 + 299);
    // the pods on the lost nodes stop at second 0: a PodDisruptionBudget cannot keep them
    expect(web).toKeepAtLeast(4, zoneA, cluster);
    expect(web).not.toKeepAtLeast(5, zoneA, cluster);
  });

  // payments' volumeClaimTemplates get the default class, gp3 (EBS): each ordinal's volume is provisioned in the zone
  // of the node it first ran on, and stays there
  test('payments does not come back: its pod stays Terminating on the unreachable node', () => {
    expect(payments).not.toSurvive(zoneA, cluster);
    expect(payments).toKeepAtLeast(2, zoneA, cluster);
    const outage = simulateOutage(cluster, zoneA);
    expect(outage.stateOf(payments)).toMatchObject({ desired: 3, running: 2, terminating: 1 });
    expect(outage.why(payments)[0]).toContain('is waiting for Pod payments-0 to Terminate');
  });

  test('…nor once the nodes are marked out-of-service: payments-0 can only return to eu-west-1a, where its volume is', () => {
    const markedAt600 = { ...zoneA, outOfServiceAt: 600 };
    expect(payments).not.toSurvive(markedAt600, cluster);
    expect(simulateOutage(cluster, markedAt600).why(payments)).toEqual([
      "payments-0 is Pending: 0/5 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity, 3 node(s) had untolerated taint(s). " +
      'preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling. ' +
      'PersistentVolumeClaim shop/data-payments-0 is bound to PersistentVolume pvc-shop.data-payments-0, provisioned for general-a1 at 0s ' +
      '(topology.kubernetes.io/zone In [eu-west-1a]): a bound volume does not move with its pod',
    ]);
  });

  test('on volumes every node reaches (EFS), payments comes back once the nodes are marked out-of-service', () => {
    const efs = { ...storage[0], provisioner: 'efs.csi.aws.com' };
    const shared = { ...cluster, storage: [efs] };
    const markedAt600 = { ...zoneA, outOfServiceAt: 600 };
    expect(payments).toSurvive(markedAt600, shared).within(600);
    expect(payments).not.toSurvive(markedAt600, shared).within(599);
  });

  test('without the StorageClasses, payments has no verdict, and the message names the fix', () => {
    const unsaid = { nodes: cluster.nodes, workloads: cluster.workloads };
    expect(() => expect(payments).toKeepAtLeast(2, zoneA, unsaid)).toThrow(/but the verdict is unknown: not modelled for this pod:[^]*no StorageClass given is the default/);
    expect(() => expect(payments).not.toKeepAtLeast(2, zoneA, unsaid)).toThrow(/but that cannot be proved/);
  });

  test('the logging DaemonSet stays: its pods tolerate the unreachable taint forever', () => {
    expect(logging).toSurvive(zoneA, cluster);
    const outage = simulateOutage(cluster, zoneA);
    expect(outage.eventsOf(logging).filter((e) => e.reason === 'TaintManagerEviction')).toEqual([]);
  });

});

describe('losing zone eu-west-1b', () => {
  test('the under-provisioned batch pool leaves reports Pending, with the FitError', () => {
    const zoneB = zone('eu-west-1b');
    expect(reports).not.toSurvive(zoneB, cluster);
    const outage = simulateOutage(cluster, zoneB);
    expect(outage.stateOf(reports)).toMatchObject({ desired: 4, running: 2, pending: 2 });
    expect(outage.why(reports)).toEqual([
      'reports-4 is Pending: 0/5 nodes are available: 1 Insufficient cpu, 2 node(s) didn\'t match Pod\'s node affinity/selector, 2 node(s) had untolerated taint(s). ' +
        'preemption: 0/5 nodes are available: 1 No preemption victims found for incoming pod, 4 Preemption is not helpful for scheduling.',
      'reports-5 is Pending: 0/5 nodes are available: 1 Insufficient cpu, 2 node(s) didn\'t match Pod\'s node affinity/selector, 2 node(s) had untolerated taint(s). ' +
        'preemption: 0/5 nodes are available: 1 No preemption victims found for incoming pod, 4 Preemption is not helpful for scheduling.',
    ]);
  });
});

test('the matrix shows each outage\'s end state per workload, for review', () => {
  const failures = [zone('eu-west-1a'), { ...zone('eu-west-1a'), outOfServiceAt: 600 }, zone('eu-west-1b')];
  expect(placementMatrix(cluster.workloads, cluster.nodes, { groupBy: 'pool', failures, storage })).toMatchInlineSnapshot(`
PlacementMatrix: 2 node group(s) of 5 node(s), grouped by pool

workload                          batch       general     zone eu-west-1a down                                      zone eu-west-1a down, out-of-service at 600s  zone eu-west-1b down
DaemonSet kube-system/logging     0/2 [1m30]  3/3         2/2 surviving nodes running, 1 stays on a down node       2/2 surviving nodes running                   2/2 surviving nodes running, 1 stays on a down node
StatefulSet shop/payments         0/2 [0h83]  3/3         2/3 running, 1 Terminating until out-of-service           2/3 running, 1 Pending [12gq]                 2/3 running, 1 Terminating until out-of-service
Deployment shop/reports           2/2         0/3 [1ins]  4/4 running throughout                                    4/4 running throughout                        2/4 running, 2 Pending [0wx9]
Deployment shop/web               0/2 [0h83]  3/3         6/6 running after 350s                                    6/6 running after 350s                        6/6 running after 350s

[1m30] DaemonSet controller: no pod for this node (NodeShouldRunDaemonPod) (untolerated taint dedicated=batch:NoSchedule)
[0wx9] FailedScheduling: 0/5 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s). preemption: 0/5 nodes are available: 1 No preemption victims found for incoming pod, 4 Preemption is not helpful for scheduling.
[12gq] FailedScheduling: 0/5 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity, 3 node(s) had untolerated taint(s). preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.
[1ins] NodeAffinity: node(s) didn't match Pod's node affinity/selector (nodeSelector pool=batch: node has pool="general")
[0h83] TaintToleration: node(s) had untolerated taint(s) (taint dedicated=batch:NoSchedule is not tolerated)
`);
});
