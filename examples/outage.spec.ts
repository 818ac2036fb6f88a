// What happens to our services when a zone goes down: the control plane's timeline, in virtual seconds.
import { loadManifests, placementMatrix, simulateOutage, zone } from 'jest-k8s-placement';

const platform = loadManifests('platform/outage/*.yaml', { cwd: __dirname });
const cluster = { nodes: platform.nodes(), workloads: platform.workloads() };
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

  // payments' volumeClaimTemplates decide where its replicas may run: without cluster.zonalVolumes saying what its
  // volumes are, the outage matchers give it no verdict either way (the volumes are not modelled)
  test('with its volumes left unsaid, payments has no verdict', () => {
    expect(() => expect(payments).toKeepAtLeast(2, zoneA, cluster)).toThrow(/but the verdict is unknown: not modelled for this pod:/);
    expect(() => expect(payments).not.toKeepAtLeast(2, zoneA, cluster)).toThrow(/but that cannot be proved/);
    expect(payments).toKeepAtLeast(2, zoneA, { ...cluster, zonalVolumes: true });
  });

  test('payments does not come back: its pod stays Terminating on the unreachable node', () => {
    expect(payments).not.toSurvive(zoneA, { ...cluster, zonalVolumes: true });
    const outage = simulateOutage(cluster, zoneA);
    expect(outage.stateOf(payments)).toMatchObject({ desired: 3, running: 2, terminating: 1 });
    expect(outage.why(payments)[0]).toContain('is waiting for Pod payments-0 to Terminate');
  });

  test('on volumes every node reaches (EFS, regional disks), payments comes back once the nodes are marked out-of-service', () => {
    const shared = { ...cluster, zonalVolumes: false };
    const markedAt600 = { ...zoneA, outOfServiceAt: 600 };
    expect(payments).toSurvive(markedAt600, shared).within(600);
    expect(payments).not.toSurvive(markedAt600, shared).within(599);
  });

  test('…not if its volumes are zonal (EBS, Persistent Disk): then payments-0 can only return to eu-west-1a', () => {
    const zonal = { ...cluster, zonalVolumes: true };
    expect(payments).not.toSurvive({ ...zoneA, outOfServiceAt: 600 }, zonal);
    expect(simulateOutage(zonal, { ...zoneA, outOfServiceAt: 600 }).why(payments)).toEqual([
      "payments-0 is Pending: 0/5 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity, 3 node(s) had untolerated taint(s).",
    ]);
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
      'reports-4 is Pending: 0/5 nodes are available: 1 Insufficient cpu, 2 node(s) didn\'t match Pod\'s node affinity/selector, 2 node(s) had untolerated taint(s).',
      'reports-5 is Pending: 0/5 nodes are available: 1 Insufficient cpu, 2 node(s) didn\'t match Pod\'s node affinity/selector, 2 node(s) had untolerated taint(s).',
    ]);
  });
});

test('the matrix shows each outage\'s end state per workload, for review', () => {
  const failures = [zone('eu-west-1a'), { ...zone('eu-west-1a'), outOfServiceAt: 600 }, zone('eu-west-1b')];
  expect(placementMatrix(cluster.workloads, cluster.nodes, { groupBy: 'pool', failures })).toMatchInlineSnapshot(`
PlacementMatrix: 2 node group(s) of 5 node(s), grouped by pool

workload                          batch       general      zone eu-west-1a down                                      zone eu-west-1a down, out-of-service at 600s  zone eu-west-1b down
DaemonSet kube-system/logging     0/2 [0h83]  3/3          2/2 surviving nodes running, 1 stays on a down node       2/2 surviving nodes running                   2/2 surviving nodes running, 1 stays on a down node
StatefulSet shop/payments         0/2 [0h83]  3?/3 [1nvz]  2?/3 running, 1 Terminating until out-of-service [1nvz]   3?/3 running after 600s [1nvz]                2?/3 running, 1 Terminating until out-of-service [1nvz]
Deployment shop/reports           2/2         0/3 [1ins]   4/4 running throughout                                    4/4 running throughout                        2/4 running, 2 Pending [0kpi]
Deployment shop/web               0/2 [0h83]  3/3          6/6 running after 350s                                    6/6 running after 350s                        6/6 running after 350s

N?/M: N nodes pass every filter the library models, but the pods use what it does not model (not modelled for this pod): the verdict is unknown
N?/M running: the outage as the filters the library models play it, but the pods use what it does not model (not modelled for this pod): the verdict is unknown
[0kpi] FailedScheduling: 0/5 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector, 2 node(s) had untolerated taint(s).
[1ins] NodeAffinity: node(s) didn't match Pod's node affinity/selector (nodeSelector pool=batch: node has pool="general")
[0h83] TaintToleration: node(s) had untolerated taint(s) (taint dedicated=batch:NoSchedule is not tolerated)
[1nvz] not modelled for this pod: VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions
`);
});
