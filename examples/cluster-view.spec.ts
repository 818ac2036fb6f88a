// The cluster view: where every replica lands on the general pool, placed one at a time as kube-scheduler does.
import { loadManifests, placeReplicas } from 'jest-k8s-placement';

const apps = loadManifests('platform/cluster-view/{web,db,addons}.yaml', { cwd: __dirname });
const nodes = loadManifests('platform/cluster-view/nodes.yaml', { cwd: __dirname }).nodes();
const inZone = (zone: string) => nodes.filter((n) => n.metadata?.labels?.['topology.kubernetes.io/zone'] === zone);

describe('storefront', () => {
  const storefront = apps.get('deployment/storefront', { namespace: 'shop' });
  test('all six replicas run, two per zone', () => {
    expect(storefront).toHaveAllReplicasScheduled(nodes);
    expect(storefront).toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes, { maxSkew: 1 });
  });
  test('with a zone gone, the spread holds over the two that remain', () => {
    expect(storefront).toSpreadReplicasAcross('topology.kubernetes.io/zone', [...inZone('eu-west-1a'), ...inZone('eu-west-1b')]);
  });
  test('one replica per node while there are nodes to spare', () => {
    expect(storefront).toSpreadReplicasAcross('kubernetes.io/hostname', nodes);
  });
});

describe('payments-db', () => {
  const db = apps.get('statefulset/payments-db', { namespace: 'payments' });
  test('the three members land on three different nodes', () => {
    expect(db).toHaveAllReplicasScheduled(nodes);
    expect(db).toSpreadReplicasAcross('kubernetes.io/hostname', nodes);
    // the system default spreading (a StatefulSet owns them) also sends them to three zones
    expect(placeReplicas(db, nodes).pods.map((m) => m.node)).toEqual(['general-a1', 'general-b1', 'general-c1']);
  });
  test('one zone alone has too few nodes for all three members', () => {
    expect(db).not.toHaveAllReplicasScheduled(inZone('eu-west-1a'));
  });
});

describe('add-ons', () => {
  test('the ingress controllers never share a node with the log aggregators', () => {
    const ingress = apps.get('deployment/ingress-nginx-controller', { namespace: 'ingress-nginx' });
    const aggregator = apps.get('deployment/log-aggregator', { namespace: 'logging' });
    expect(ingress).not.toShareNodesWith(aggregator, nodes);
    expect(ingress).toHaveAllReplicasScheduled(nodes, { existingPods: placeReplicas(aggregator, nodes).existingPods });
  });
});
