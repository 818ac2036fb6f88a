// A stateful chart (charts/cache: a Redis StatefulSet with volumeClaimTemplates and the StorageClass its volumes come
// from) on the example platform's three zones, and the zonal-volume trap: each replica's volume is created in the zone
// of the node it first ran on (WaitForFirstConsumer) and stays there, so when that zone is lost the replica cannot
// come back anywhere else — kube-scheduler keeps it Pending with `node(s) didn't match PersistentVolume's node
// affinity`. On a network file system (EFS) it does come back. docs/guides/stateful.md walks through it.
import { loadManifests, renderCharts, simulateOutage, zone } from 'jest-k8s-placement';
import { hasTool } from './tools';

const nodes = loadManifests('platform/outage/cluster.yaml', { cwd: __dirname }).nodes();

if (hasTool('helm')) {
  const charts = renderCharts('charts/cache', { ebs: [], efs: ['charts/cache/values-efs.yaml'] }, { release: 'cache', namespace: 'cache', cwd: __dirname });
  // the StorageClass the chart ships; with the cluster's own classes (kubectl get storageclass -o yaml) pass those
  const storageOf = (chart: typeof charts.ebs) => chart.all().filter((o) => o.kind === 'StorageClass');

  describe.each(charts)('values %s', (_name, chart) => {
    const redis = chart.get('statefulset/cache-redis');
    const storage = storageOf(chart);

    test('every replica is placed, one per zone (the volumes are provisioned where they land)', () => {
      expect(redis).toHaveAllReplicasScheduled(nodes, { storage });
      expect(redis).toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes, { storage });
    });

    test('a zone outage leaves two replicas running at every instant', () => {
      expect(redis).toKeepAtLeast(2, zone('eu-west-1a'), { nodes, workloads: [redis], storage });
    });
  });

  describe('the zonal-volume trap (EBS)', () => {
    const redis = charts.ebs.get('statefulset/cache-redis');
    const cluster = { nodes, workloads: [redis], storage: storageOf(charts.ebs) };
    // the lost nodes are marked out-of-service at 600 s (non-graceful node shutdown): the Terminating pod goes away
    const zoneA = { ...zone('eu-west-1a'), outOfServiceAt: 600 };

    test('the replica of the lost zone stays Pending: its volume is in eu-west-1a', () => {
      expect(redis).not.toSurvive(zoneA, cluster);
      const outage = simulateOutage(cluster, zoneA);
      expect(outage.stateOf(redis)).toMatchObject({ desired: 3, running: 2, pending: 1 });
      expect(outage.why(redis)).toEqual([
        "cache-redis-0 is Pending: 0/5 nodes are available: 2 node(s) didn't match PersistentVolume's node affinity, 3 node(s) had untolerated taint(s). " +
        'preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling. ' +
        'PersistentVolumeClaim cache/redis-data-cache-redis-0 is bound to PersistentVolume pvc-cache.redis-data-cache-redis-0, ' +
        'provisioned for general-a1 at 0s (topology.kubernetes.io/zone In [eu-west-1a]): a bound volume does not move with its pod',
      ]);
    });

    test('on EFS, every node reaches the volume: the replica comes back once the nodes are marked out-of-service', () => {
      const efs = charts.efs.get('statefulset/cache-redis');
      expect(efs).toSurvive(zoneA, { nodes, workloads: [efs], storage: storageOf(charts.efs) }).within(600);
    });

    test('without the StorageClass the outage has no verdict, and says what to pass', () => {
      expect(() => expect(redis).toSurvive(zoneA, { nodes, workloads: [redis] })).toThrow(/the verdict is unknown[^]*asks for StorageClass cache-ebs, which is not among the storage objects given/);
    });
  });
}
