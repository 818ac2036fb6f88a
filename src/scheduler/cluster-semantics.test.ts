// The cluster view beyond upstream's tables: options, messages, and rules upstream states in code rather than in
// the ported tests (each cites the file it comes from).
import { configure, resetConfiguration } from '../core/config';
import { parseManifests } from '../loader';
import { scheduleOn } from '../engine/objects';
import { schedule } from '.';
import { toSubject } from '../k8s/subject';
import { PodTopologySpread } from './plugins/podtopologyspread';
import type { Node } from '../core/types';
import { makeNode, makePod, spread } from '../../test/cluster/builders';
import { failure } from '../../test/fixtures';

const ZONE = 'topology.kubernetes.io/zone';
const HOST = 'kubernetes.io/hostname';
const zoneNode = (zone: string, i = 1) => makeNode(`${zone}-${i}`, { [ZONE]: zone, [HOST]: `${zone}-${i}` });
const nodes: Node[] = ['zone-a', 'zone-b', 'zone-c'].map((z) => zoneNode(z));
const [a, b, c] = nodes;
const web = (name: string, nodeName?: string, extra: Record<string, string> = {}) => makePod(name, { nodeName, labels: { app: 'web', ...extra } });
const spreadWeb = (labelSelector: object | undefined = { matchLabels: { app: 'web' } }, extra = {}) =>
  makePod('web-new', { labels: { app: 'web', 'pod-template-hash': 'v2' }, spread: [spread(1, ZONE, labelSelector, extra)] });
const antiDb = [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: HOST }];
const db = (name: string, nodeName: string | undefined, extra: Partial<Parameters<typeof makePod>[1]> = {}) =>
  makePod(name, { nodeName, labels: { app: 'db' }, podAntiAffinity: antiDb, ...extra });

describe('PodTopologySpread: counting rules (podtopologyspread/common.go, filtering.go)', () => {
  const existing = [web('w1', a.metadata!.name), web('w2', a.metadata!.name), web('w3', b.metadata!.name)];

  test('the message gives each domain\'s count and the skew this node would create', () => {
    const msg = failure(() => expect(spreadWeb()).toBeSchedulableOn(a, { nodes, existingPods: existing }));
    expect(msg).toContain("PodTopologySpread: node(s) didn't match pod topology spread constraints\n");
    expect(msg).toContain('spec.topologySpreadConstraints[0] (topologyKey topology.kubernetes.io/zone, maxSkew 1, labelSelector app=web):');
    expect(msg).toContain('topology.kubernetes.io/zone: zone-a 2, zone-b 1, zone-c 0 (min 0); placing here makes zone-a 3 → skew 3 > maxSkew 1');
    expect(msg).toContain("existingPods: counted 2 on zone-a-1, 1 on the cluster's other nodes");
  });

  test('.not explains why the node passes', () => {
    const msg = failure(() => expect(spreadWeb()).not.toBeSchedulableOn(c, { nodes, existingPods: existing }));
    expect(msg).toContain('PodTopologySpread: topologySpreadConstraints[0] topology.kubernetes.io/zone: zone-a 2, zone-b 1, zone-c 0 (min 0); placing here makes zone-c 1 → skew 1 ≤ maxSkew 1');
  });

  test('a node without the topology key: "(missing required label)", and it adds no domain', () => {
    const bare = makeNode('bare', { [HOST]: 'bare' });
    const msg = failure(() => expect(spreadWeb()).toBeSchedulableOn(bare, { nodes, existingPods: existing }));
    expect(msg).toContain("PodTopologySpread: node(s) didn't match pod topology spread constraints (missing required label)\n");
    expect(msg).toContain('node bare has no label topology.kubernetes.io/zone');
  });

  test('labelSelector {} counts 0 existing pods (countPodsMatchSelector returns early), so it never blocks', () => {
    expect(spreadWeb({})).toBeSchedulableOn(a, { nodes, existingPods: existing });
  });

  test('matchLabelKeys adds key=value from the pod\'s own labels: only pods of the same pod-template-hash count', () => {
    const old = [web('o1', a.metadata!.name, { 'pod-template-hash': 'v1' }), web('o2', a.metadata!.name, { 'pod-template-hash': 'v1' })];
    expect(spreadWeb(undefined)).not.toBeSchedulableOn(a, { nodes, existingPods: old });
    expect(spreadWeb(undefined, { matchLabelKeys: ['pod-template-hash'] })).toBeSchedulableOn(a, { nodes, existingPods: old });
  });

  test('a matchLabelKeys key the pod template lacks (pod-template-hash) is named in the message', () => {
    const deploymentPod = makePod('web-new', { labels: { app: 'web' }, spread: [spread(1, ZONE, { matchLabels: { app: 'web' } }, { matchLabelKeys: ['pod-template-hash'] })] });
    expect(failure(() => expect(deploymentPod).toBeSchedulableOn(a, { nodes, existingPods: existing })))
      .toContain('matchLabelKeys pod-template-hash: the pod has no such label, so nothing is added to the selector (a Deployment\'s ReplicaSet adds pod-template-hash');
  });

  // The API server refuses matchLabelKeys without labelSelector; the scheduler (scheduleOn, no validation) ignores them.
  test('matchLabelKeys does nothing for an absent labelSelector (it matches nothing)', () => {
    const p = makePod('p', { labels: { app: 'web' }, spread: [spread(1, ZONE, undefined, { matchLabelKeys: ['app'] })] });
    expect(scheduleOn(p, nodes, { existingPods: existing }).feasible.map((v) => v.node)).toEqual(['zone-a-1', 'zone-b-1', 'zone-c-1']);
  });

  test('terminating pods do not count; Succeeded/Failed pods are not in the cluster at all', () => {
    const gone = [makePod('t1', { nodeName: a.metadata!.name, labels: { app: 'web' }, terminating: true }),
      makePod('s1', { nodeName: a.metadata!.name, labels: { app: 'web' }, phase: 'Succeeded' })];
    expect(spreadWeb()).toBeSchedulableOn(a, { nodes, existingPods: gone });
  });

  test('only pods in the incoming pod\'s namespace count', () => {
    const other = [makePod('x1', { namespace: 'other', nodeName: a.metadata!.name, labels: { app: 'web' } }),
      makePod('x2', { namespace: 'other', nodeName: a.metadata!.name, labels: { app: 'web' } })];
    expect(spreadWeb()).toBeSchedulableOn(a, { nodes, existingPods: other });
  });

  test('minDomains: fewer eligible domains than minDomains makes the global minimum 0', () => {
    const two = [zoneNode('zone-a'), zoneNode('zone-b')];
    const pods = [web('w1', 'zone-a-1'), web('w2', 'zone-b-1')];
    expect(spreadWeb(undefined)).toBeSchedulableOn(two[0], { nodes: two, existingPods: pods });
    const msg = failure(() => expect(spreadWeb(undefined, { minDomains: 3 })).toBeSchedulableOn(two[0], { nodes: two, existingPods: pods }));
    expect(msg).toContain('zone-a 1, zone-b 1 (min 0: 2 eligible domain(s) < minDomains 3); placing here makes zone-a 2 → skew 2 > maxSkew 1');
  });

  // Through every filter, the excluded node of the ported NodeAffinityPolicy/NodeTaintsPolicy cases is rejected by
  // NodeAffinity/TaintToleration first; here the excluded node is the emptiest domain, so the policy decides the verdict.
  test('nodeAffinityPolicy: Honor (default) leaves nodes outside the pod\'s node affinity out of the domains; Ignore counts them', () => {
    const ns = [makeNode('a', { [HOST]: 'a', pool: 'web' }), makeNode('b', { [HOST]: 'b', pool: 'web' }), makeNode('y', { [HOST]: 'y' })];
    const pods = [web('w1', 'a'), web('w2', 'b')];
    const mk = (policy?: string) => makePod('p', { labels: { app: 'web' }, nodeSelector: { pool: 'web' },
      spread: [spread(1, HOST, { matchLabels: { app: 'web' } }, policy ? { nodeAffinityPolicy: policy } : {})] });
    expect(mk()).toBeSchedulableOn(ns[0], { nodes: ns, existingPods: pods });
    expect(failure(() => expect(mk('Ignore')).toBeSchedulableOn(ns[0], { nodes: ns, existingPods: pods })))
      .toContain('a 1, b 1, y 0 (min 0); placing here makes a 2 → skew 2 > maxSkew 1');
  });

  test('nodeTaintsPolicy: Ignore (default) counts nodes with untolerated taints; Honor leaves them out', () => {
    const ns = [makeNode('a', { [HOST]: 'a' }), makeNode('b', { [HOST]: 'b' }), makeNode('y', { [HOST]: 'y' }, [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }])];
    const pods = [web('w1', 'a'), web('w2', 'b')];
    const mk = (policy?: string) => makePod('p', { labels: { app: 'web' }, spread: [spread(1, HOST, { matchLabels: { app: 'web' } }, policy ? { nodeTaintsPolicy: policy } : {})] });
    expect(mk()).not.toBeSchedulableOn(ns[0], { nodes: ns, existingPods: pods });
    expect(mk('Honor')).toBeSchedulableOn(ns[0], { nodes: ns, existingPods: pods });
  });

  test('a pod without constraints of its own gets the system defaults, which are ScheduleAnyway: no filtering', () => {
    const crowd = Array.from({ length: 5 }, (_, i) => web(`w${i}`, a.metadata!.name));
    expect(web('plain')).toBeSchedulableOn(a, { nodes, existingPods: crowd });
    const soft = makePod('soft', { labels: { app: 'web' }, spread: [spread(1, ZONE, { matchLabels: { app: 'web' } }, { whenUnsatisfiable: 'ScheduleAnyway' })] });
    expect(soft).toBeSchedulableOn(a, { nodes, existingPods: crowd });
  });

  test('a workload\'s pod template labels decide selfMatch', () => {
    const deployment = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
      spec: {
        selector: { matchLabels: { app: 'web' } },
        template: {
          metadata: { labels: { app: 'web' } },
          spec: { containers: [{ name: 'web', image: 'nginx' }], topologySpreadConstraints: [spread(1, ZONE, { matchLabels: { app: 'web' } })] },
        },
      },
    };
    const result = scheduleOn(deployment, nodes, { existingPods: [web('w1', a.metadata!.name)] });
    expect(result.feasible.map((v) => v.node)).toEqual(['zone-b-1', 'zone-c-1']);
  });

  test('an unparsable selector is a PreFilter error: no verdict, the matcher fails either way', () => {
    configure({ validate: false });
    try {
      const bad = spreadWeb({ matchExpressions: [{ key: 'app', operator: 'In', values: [] }] });
      const msg = failure(() => expect(bad).toBeSchedulableOn(a));
      expect(msg).toContain('kube-scheduler would fail with an error (PodScheduled=False, reason SchedulerError): PodTopologySpread PreFilter: get constraints from pod:');
      expect(failure(() => expect(bad).not.toBeSchedulableOn(a))).toContain('SchedulerError');
    } finally {
      resetConfiguration();
    }
  });
});

describe('InterPodAffinity: rules and messages (interpodaffinity/filtering.go, framework/types.go)', () => {
  test('the pod\'s anti-affinity names the term and the existing pod', () => {
    const msg = failure(() => expect(db('db-1', '')).toBeSchedulableOn(a, { nodes, existingPods: [db('db-0', a.metadata!.name)] }));
    expect(msg).toContain("InterPodAffinity: node(s) didn't match pod anti-affinity rules\n");
    expect(msg).toContain('spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0] (topologyKey kubernetes.io/hostname, labelSelector app=db, namespaces [default]): kubernetes.io/hostname=zone-a-1 already runs Pod default/db-0 on zone-a-1');
  });

  test('an existing pod\'s anti-affinity rejects a pod without any affinity of its own', () => {
    const msg = failure(() => expect(makePod('x', { labels: { app: 'db' } })).toBeSchedulableOn(a, { nodes, existingPods: [db('db-0', a.metadata!.name)] }));
    expect(msg).toContain("InterPodAffinity: node(s) didn't satisfy existing pods anti-affinity rules\n");
    expect(msg).toContain('Pod default/db-0 on zone-a-1 has spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0] (topologyKey kubernetes.io/hostname, labelSelector app=db, namespaces [default]), which this pod matches, in kubernetes.io/hostname=zone-a-1');
    expect(makePod('x', { labels: { app: 'db' } })).toBeSchedulableOn(b, { nodes, existingPods: [db('db-0', a.metadata!.name)] });
  });

  const cache = makePod('cache', { labels: { app: 'cache' }, podAffinity: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: ZONE }] });
  test('affinity: where the matching pods run instead', () => {
    const msg = failure(() => expect(cache).toBeSchedulableOn(b, { nodes, existingPods: [db('db-0', a.metadata!.name)] }));
    expect(msg).toContain("InterPodAffinity: node(s) didn't match pod affinity rules\n");
    expect(msg).toContain('no pod matching every required podAffinity term runs in topology.kubernetes.io/zone=zone-b');
    expect(msg).toContain('matching pods run elsewhere: Pod default/db-0 on zone-a-1');
    const pass = failure(() => expect(cache).not.toBeSchedulableOn(a, { nodes, existingPods: [db('db-0', a.metadata!.name)] }));
    expect(pass).toContain('InterPodAffinity: required podAffinity met: term [0] by Pod default/db-0 on zone-a-1 in topology.kubernetes.io/zone=zone-a');
  });

  test('affinity with no matching pod anywhere: the first pod of a group must match its own terms', () => {
    const msg = failure(() => expect(cache).toBeSchedulableOn(b, { nodes }));
    expect(msg).toContain("the pod cannot be the first of its group: its labels {app=cache} do not match term [0]'s labelSelector app=db");
    const first = makePod('db-first', { labels: { app: 'db' }, podAffinity: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: ZONE }] });
    expect(first).toBeSchedulableOn(b, { nodes });
  });

  test('a node without the topologyKey silences anti-affinity; the message says so, with the kubelet hint', () => {
    const bare = makeNode('bare', { [ZONE]: 'zone-a' });
    const msg = failure(() => expect(db('db-1', undefined)).not.toBeSchedulableOn(bare, { nodes: [bare], existingPods: [db('db-0', 'bare')] }));
    expect(msg).toContain('InterPodAffinity: required podAntiAffinity term [0] cannot reject this node: it has no label kubernetes.io/hostname; the kubelet sets kubernetes.io/hostname on every real node, so add it to the Node fixture');
  });

  test('terminating pods still count (unlike PodTopologySpread)', () => {
    expect(db('db-1', '')).not.toBeSchedulableOn(a, { nodes, existingPods: [db('db-0', a.metadata!.name, { terminating: true })] });
    expect(db('db-1', '')).toBeSchedulableOn(a, { nodes, existingPods: [db('db-0', a.metadata!.name, { phase: 'Failed' })] });
  });

  test('matchLabelKeys / mismatchLabelKeys are merged into the selector as the API server does (strategy.go)', () => {
    const term = (extra: object) => [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: HOST, ...extra }];
    const other = makePod('db-0', { nodeName: a.metadata!.name, labels: { app: 'db', tenant: 'blue' } });
    const mk = (extra: object) => makePod('db-1', { labels: { app: 'db', tenant: 'red' }, podAntiAffinity: term(extra) });
    expect(mk({})).not.toBeSchedulableOn(a, { nodes, existingPods: [other] });
    expect(mk({ matchLabelKeys: ['tenant'] })).toBeSchedulableOn(a, { nodes, existingPods: [other] });
    expect(mk({ mismatchLabelKeys: ['tenant'] })).not.toBeSchedulableOn(a, { nodes, existingPods: [other] });
  });

  test('namespaceSelector reads the Namespace objects, also from a loadManifests collection', () => {
    const repo = parseManifests([
      'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: payments\n  labels: {team: money}',
      'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: unrelated\n  namespace: payments',
    ].join('\n---\n'), 'repo.yaml');
    const dbPod = makePod('db-0', { namespace: 'payments', nodeName: a.metadata!.name, labels: { app: 'db' } });
    const p = makePod('p', { podAntiAffinity: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: HOST, namespaceSelector: { matchLabels: { team: 'money' } } }] });
    expect(p).not.toBeSchedulableOn(a, { nodes, existingPods: [dbPod], namespaces: repo });
    expect(p).not.toBeSchedulableOnAnyOf([a], { existingPods: [dbPod], namespaces: repo.all() });
    expect(p).toBeSchedulableOn(a, { nodes, existingPods: [dbPod] }); // without the Namespace object its labels are unknown
    const byName = makePod('p', { podAntiAffinity: [{ labelSelector: { matchLabels: { app: 'db' } }, topologyKey: HOST, namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'payments' } } }] });
    expect(byName).not.toBeSchedulableOn(a, { nodes, existingPods: [dbPod] }); // the API server's kubernetes.io/metadata.name label
  });
});

describe('options and the cluster', () => {
  const spreadPod = spreadWeb();
  test('nodes defaults to [node]; node is added when missing, and replaces a node of the same name', () => {
    const pods = [web('w1', a.metadata!.name), web('w2', a.metadata!.name)];
    expect(spreadPod).toBeSchedulableOn(a, { existingPods: pods }); // one domain: zone-a 2, min 2
    expect(spreadPod).not.toBeSchedulableOn(a, { nodes: [b, c], existingPods: pods });
    // the node argument's labels win over the copy in nodes: as zone-b, zone-a-1 joins a domain that holds 2
    const onB = [web('w1', b.metadata!.name), web('w2', b.metadata!.name)];
    expect(spreadPod).toBeSchedulableOn(a, { nodes, existingPods: onB });
    const relabelled = makeNode(a.metadata!.name!, { [ZONE]: 'zone-b', [HOST]: 'zone-a-1' });
    expect(failure(() => expect(spreadPod).toBeSchedulableOn(relabelled, { nodes, existingPods: onB })))
      .toContain('zone-b 2, zone-c 0 (min 0); placing here makes zone-b 3');
  });

  test('checking node after node of one cluster reuses its snapshot, but never a stale one', () => {
    const pods = [web('w1', a.metadata!.name)];
    expect(spreadPod).toBeSchedulableOn(b, { nodes, existingPods: pods });
    pods.push(web('w2', b.metadata!.name), web('w3', b.metadata!.name)); // the same array, changed
    expect(spreadPod).not.toBeSchedulableOn(b, { nodes, existingPods: pods });
    const cluster = [...nodes];
    expect(spreadPod).not.toBeSchedulableOn(b, { nodes: cluster, existingPods: pods });
    cluster[2] = makeNode(c.metadata!.name!, { [ZONE]: 'zone-b', [HOST]: 'zone-c-1' }); // zone-c gone: zone-a 1, zone-b 2
    expect(spreadPod).toBeSchedulableOn(a, { nodes: cluster, existingPods: pods });
    expect(spreadPod).not.toBeSchedulableOn(cluster[2], { nodes: cluster, existingPods: pods });
  });

  // eventhandlers.go assignedPod: a Pending pod (no spec.nodeName) is in no node's NodeInfo, so it is in no domain
  test('pods without spec.nodeName are on no node and in no topology domain', () => {
    expect(db('db-1', '')).toBeSchedulableOn(b, { nodes, existingPods: [makePod('db-0', { labels: { app: 'db' } })] });
    expect(db('db-1', '')).not.toBeSchedulableOn(b, { nodes, existingPods: [{ ...makePod('db-0', { labels: { app: 'db' } }), spec: { nodeName: b.metadata!.name!, containers: [{ name: 'c', image: 'x' }] } }] });
  });

  test('the many-node matchers take the cluster from their argument', () => {
    const msg = failure(() => expect(spreadPod).toBeSchedulableOnAnyOf(nodes, { nodes } as never));
    expect(msg).toContain('options.nodes is not used here: the nodes argument is the cluster');
    expect(failure(() => expect(spreadPod).toBeSchedulableOn(a, { node: a } as never))).toContain('unknown option "node"; options are { existingPods?, nodes?, namespaces?, services?, storage?, storageAssumption?, podDisruptionBudgets?, schedulerConfiguration?, limitRanges?, resourceQuotas?, runtimeClasses?, priorityClasses? }');
    expect(failure(() => expect(spreadPod).toBeSchedulableOn(a, { namespaces: [42] } as never))).toContain('options.namespaces[0] is not a Kubernetes object');
  });

  test('the FitError counts every plugin\'s reasons (FitError.Error)', () => {
    const tainted = { ...c, spec: { taints: [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' as const }] } };
    const cluster = [a, b, tainted];
    const existingPods = [db('db-0', a.metadata!.name), db('db-1', b.metadata!.name)];
    expect(scheduleOn(db('db-2', ''), cluster, { existingPods }).fitError).toBe(
      "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod anti-affinity rules. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
    );
    const msg = failure(() => expect(db('db-2', '')).toBeSchedulableOnAnyOf(cluster, { existingPods }));
    expect(msg).toContain("0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match pod anti-affinity rules.");
  });

  test('PreFilter runs once per pod and cluster, not per node', () => {
    const many = Array.from({ length: 300 }, (_, i) => zoneNode(`zone-${i % 3}`, i));
    const spy = jest.spyOn(PodTopologySpread, 'preFilter');
    try {
      const r = schedule(toSubject(spreadPod), many, [web('w1', many[0].metadata!.name)]);
      expect(r.feasible.length).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});


