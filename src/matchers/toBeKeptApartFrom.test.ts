// Issue 18 point 6: a simulated separation is not a guarantee. `.not.toShareNodesWith` says whether a constraint
// forbids sharing or only this placement separates them; toBeKeptApartFrom passes only when a constraint does.
import { load as loadYaml } from 'js-yaml';
import type { Node } from '../core/types';
import { deployment, failure, node } from '../../test/fixtures';

const zoned = (name: string, zone?: string): Node => {
  // allocatable declared, so that LeastAllocated scores the nodes apart as pods land on them
  const n = { ...node(name), status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } };
  if (zone) n.metadata!.labels = { ...n.metadata!.labels, 'topology.kubernetes.io/zone': zone };
  return n;
};
const nodes = [zoned('n1', 'a'), zoned('n2', 'b'), zoned('n3', 'c')];
const replicas = (d: ReturnType<typeof deployment>, n: number) => ({ ...d, spec: { ...d.spec, replicas: n } });
const antiAffinity = (app: string, topologyKey = 'kubernetes.io/hostname') => ({
  podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey, labelSelector: { matchLabels: { app } } }] },
});

describe('.not.toShareNodesWith says what separates them', () => {
  test('LeastAllocated on an empty cluster separates them, but nothing in the manifests does', () => {
    const web = deployment('web');
    const api = deployment('api');
    expect(web).not.toShareNodesWith(api, nodes.slice(0, 2)); // one pod each, spread by the scores
    // Before: the message ended with where the pods went, as if that settled it.
    const msg = failure(() => expect(web).toShareNodesWith(api, nodes.slice(0, 2)));
    expect(msg).toContain('Only this simulated placement separates them. No constraint forbids Deployment default/web and Deployment default/api sharing a node (on n1, n2 both may run).');
    expect(msg).toContain('Use expect(…).toBeKeptApartFrom(other, nodes) to require a constraint that keeps them apart.');
  });

  test('with required anti-affinity the message names the term that forbids sharing', () => {
    const web = deployment('web', undefined, { affinity: antiAffinity('api') });
    const msg = failure(() => expect(web).toShareNodesWith(deployment('api'), nodes));
    expect(msg).toContain("A constraint forbids sharing:\n  required anti-affinity: Deployment default/web's spec.template.spec.affinity.podAntiAffinity." +
      'requiredDuringSchedulingIgnoredDuringExecution[0] (topologyKey kubernetes.io/hostname, labelSelector app=api, namespaces [default]) ' +
      "selects Deployment default/api's pods, so no kubernetes.io/hostname domain holds pods of both");
    expect(msg).not.toContain('Only this simulated placement');
  });
});

describe('toBeKeptApartFrom', () => {
  test('required anti-affinity on the hostname, from either side, keeps them apart on any node', () => {
    const db = deployment('db', undefined, { affinity: antiAffinity('cache') });
    expect(db).toBeKeptApartFrom(deployment('cache'));
    expect(deployment('cache')).toBeKeptApartFrom(db, nodes); // the existing pods' anti-affinity works both ways
    expect(failure(() => expect(db).not.toBeKeptApartFrom(deployment('cache')))).toContain(
      'Expected Deployment default/db not to be kept apart from Deployment default/cache, but a constraint forbids sharing:\n  required anti-affinity:');
  });

  test('nothing in the manifests: fails with the anti-affinity to add, and the YAML really fixes it', () => {
    const web = replicas(deployment('web'), 2);
    const api = replicas(deployment('api'), 2);
    expect(web).not.toShareNodesWith(api, [...nodes, zoned('n4', 'd')]); // the simulation separates them…
    const msg = failure(() => expect(web).toBeKeptApartFrom(api, nodes)); // …but nothing guarantees it
    expect(msg).toContain('Expected Deployment default/web to be kept apart from Deployment default/api on these 3 node(s) by a constraint, but no constraint forbids');
    const at = msg.indexOf('To keep them apart whatever the placement, add to spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution:\n');
    expect(at).toBeGreaterThan(0);
    const term = loadYaml(msg.slice(msg.indexOf('\n', at) + 1).replace(/^ {2}/gm, '')) as object[];
    expect(term).toEqual([{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'api' } } }]);
    const fixed = deployment('web', undefined, { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: term } } });
    expect(fixed).toBeKeptApartFrom(api, nodes);
  });

  test('the suggested term is checked by placing both: it says when pods would then stay Pending', () => {
    const web = replicas(deployment('web'), 3);
    const msg = failure(() => expect(web).toBeKeptApartFrom(replicas(deployment('api'), 1), nodes));
    expect(msg).toMatch(/But on these nodes 1 pod\(s\) would then stay Pending \((web|api)-\d: 0\/3 nodes are available: .*anti-affinity.*\): more nodes are needed\.$/);
    expect(failure(() => expect(deployment('web')).toBeKeptApartFrom(deployment('api'), nodes))).not.toContain('stay Pending');
  });

  test('anti-affinity on a key some nodes lack does not constrain those nodes', () => {
    const db = deployment('db', undefined, { affinity: antiAffinity('cache', 'topology.kubernetes.io/zone') });
    expect(db).toBeKeptApartFrom(deployment('cache'), nodes);
    const msg = failure(() => expect(db).toBeKeptApartFrom(deployment('cache'), [...nodes, zoned('bare')]));
    expect(msg).toContain('(on bare both may run)');
    expect(msg).toContain('(1 node(s) without label topology.kubernetes.io/zone are not constrained by it)');
    // without nodes a zone term promises nothing: a node may lack the label
    expect(failure(() => expect(db).toBeKeptApartFrom(deployment('cache')))).toContain('a node without label topology.kubernetes.io/zone is not constrained by it');
  });

  test('a term for another namespace does not select the other workload', () => {
    const db = deployment('db', undefined, { affinity: antiAffinity('cache') });
    const cache = { ...deployment('cache'), metadata: { name: 'cache', namespace: 'other' } };
    expect(db).not.toBeKeptApartFrom(cache, nodes);
  });

  test('the same host port keeps them apart; node selection does on the nodes given', () => {
    const port = (name: string) => deployment(name, undefined, { containers: [{ name, image: name, ports: [{ containerPort: 80, hostPort: 8080 }] }] });
    expect(port('a')).toBeKeptApartFrom(port('b'));
    const gpuNodes = nodes.map((n, i) => ({ ...n, metadata: { ...n.metadata, labels: { ...n.metadata!.labels, pool: i ? 'general' : 'gpu' } } }));
    const train = deployment('train', undefined, { nodeSelector: { pool: 'gpu' } });
    const web = deployment('web', undefined, { nodeSelector: { pool: 'general' } });
    expect(train).toBeKeptApartFrom(web, gpuNodes);
    expect(failure(() => expect(train).not.toBeKeptApartFrom(web, gpuNodes))).toContain('node selection: no node given passes the node filters');
    expect(train).not.toBeKeptApartFrom(web); // without nodes, node selection promises nothing
  });

  test('hostNetwork pods on one containerPort are kept apart by their ports: no anti-affinity is suggested (SetDefaults_Pod defaultHostNetworkPorts)', () => {
    // two node-exporter charts, neither with a hostPort in its manifest
    const exporter = (name: string) => ({ ...deployment(name, undefined, { hostNetwork: true, containers: [{ name, image: name, ports: [{ containerPort: 9100 }] }] }), kind: 'DaemonSet' });
    expect(exporter('node-exporter')).toBeKeptApartFrom(exporter('other-exporter'), nodes);
    const msg = failure(() => expect(exporter('node-exporter')).not.toBeKeptApartFrom(exporter('other-exporter'), nodes));
    expect(msg).toContain("host port: DaemonSet default/node-exporter's spec.template.spec.containers[0].ports[0] (hostNetwork: hostPort is containerPort) and " +
      "DaemonSet default/other-exporter's spec.template.spec.containers[0].ports[0] (hostNetwork: hostPort is containerPort) both use hostPort 9100/TCP");
    expect(msg).not.toContain('podAntiAffinity');
    // without hostNetwork a containerPort alone takes no host port
    const plain = (name: string) => deployment(name, undefined, { containers: [{ name, image: name, ports: [{ containerPort: 9100 }] }] });
    expect(plain('a')).not.toBeKeptApartFrom(plain('b'), nodes);
  });

  test('topology spread with DoNotSchedule is a limit, not a guarantee', () => {
    const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'b' } } }] };
    const msg = failure(() => expect(deployment('a', undefined, spread)).toBeKeptApartFrom(deployment('b'), nodes));
    expect(msg).toContain("topologySpreadConstraints[0] (DoNotSchedule, topologyKey kubernetes.io/hostname, maxSkew 1) counts Deployment default/b's pods, but only bounds the skew");
  });

  test('bad input names the problem', () => {
    expect(failure(() => expect(deployment('a')).toBeKeptApartFrom(deployment('b'), nodes, { existingPods: [] } as never))).toContain('unknown option(s) existingPods');
    expect(failure(() => expect(deployment('a')).toBeKeptApartFrom({ kind: 'ConfigMap' }))).toContain('received ConfigMap');
  });
});
