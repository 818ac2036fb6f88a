// Every question of the engine boundary (src/engine/index.ts) returns one complete, JSON-serialisable answer: plain
// objects, arrays, strings, finite numbers, booleans and null only, which survive JSON.stringify/JSON.parse unchanged.
// That is what lets the oracle (test/oracle) and any other implementation compare answers, and what the explainer
// relies on: nothing else is needed to put an answer into words. The inputs are the example platform's manifests.
import path from 'node:path';
import { loadManifests } from '../loader';
import * as engine from '.';
import type { KubeObject, Node, Pod } from '../core/types';
import { withConfiguration } from '../core/config';

const examples = path.join(__dirname, '../../examples');
const load = (pattern: string) => loadManifests(pattern, { cwd: examples });
const nodes = load('platform/cluster-view/nodes.yaml').nodes() as Node[];
const views = load('platform/cluster-view/{web,db,addons}.yaml');
const outageCluster = load('platform/outage/*.yaml');
const karpenter = load('platform/karpenter/*.yaml');
const web = views.workloads().find((w) => w.metadata?.name === 'storefront')!;
const db = views.workloads().find((w) => w.metadata?.name === 'payments-db')!;
const namespaces = views.all().filter((o) => o.kind === 'Namespace');
const subject = (w: KubeObject) => engine.toSubject(w);
const existingPods: Pod[] = [{
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'other', namespace: 'default', labels: { app: 'other' } },
  spec: { nodeName: nodes[0].metadata!.name, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '500m' } } }] },
}];

/** Paths of values that JSON would lose or change: functions, Maps, Sets, class instances, bigints, NaN/Infinity, undefined in arrays. */
function notPlain(x: unknown, at = 'answer'): string[] {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return [];
  if (typeof x === 'number') return Number.isFinite(x) ? [] : [`${at}: ${x}`];
  if (Array.isArray(x)) return x.flatMap((v, i) => (v === undefined ? [`${at}[${i}]: undefined`] : notPlain(v, `${at}[${i}]`)));
  if (typeof x === 'object') {
    const proto = Object.getPrototypeOf(x);
    if (proto !== Object.prototype && proto !== null) return [`${at}: ${proto?.constructor?.name ?? 'class instance'}`];
    return Object.entries(x).flatMap(([k, v]) => (v === undefined ? [] : notPlain(v, `${at}.${k}`)));
  }
  return [`${at}: ${typeof x}`];
}

function expectPlainAnswer(answer: unknown): void {
  expect(notPlain(answer)).toEqual([]);
  expect(JSON.parse(JSON.stringify(answer))).toEqual(answer);
}

describe('engine answers round-trip through JSON', () => {
  it('catches what JSON would lose', () => {
    expect(notPlain({ a: new Set(), b: () => 1, c: [undefined], d: NaN, e: 1n, f: { g: new Map() }, ok: [1, 'x', null, true, { h: undefined }] }))
      .toEqual(['answer.a: Set', 'answer.b: function', 'answer.c[0]: undefined', 'answer.d: NaN', 'answer.e: bigint', 'answer.f.g: Map']);
  });

  it('has fixtures that exercise the answers', () => {
    expect([web?.kind, db?.kind]).toEqual(['Deployment', 'StatefulSet']);
    expect(nodes.length).toBeGreaterThan(2);
    expect(outageCluster.workloads().length).toBeGreaterThan(1);
    expect(karpenter.nodePools().length).toBeGreaterThan(1);
  });

  it('schedule, scheduleOnNode and prefer', () => {
    for (const w of views.workloads()) {
      const s = subject(w);
      const all = engine.schedule(s, nodes, { existingPods, namespaces: namespaces });
      expectPlainAnswer(all);
      expect(all.feasible.length + all.rejected.length).toBe(nodes.length);
      const scored = engine.schedule(s, nodes, { existingPods, namespaces }, { scores: true });
      expectPlainAnswer(scored);
      expect(scored.scores?.map((x) => x.node)).toEqual(all.feasible.length ? all.feasible.map((v) => v.node) : undefined);
      if (scored.scores) expect(scored.topScored).toContain(scored.scores.reduce((a, b) => (b.total > a.total ? b : a)).node);
      for (const n of nodes) expectPlainAnswer(engine.scheduleOnNode(s, n, { nodes, existingPods }));
      expectPlainAnswer(engine.prefer(s, nodes[0], nodes[1]));
    }
  });

  it('tolerates and evict', () => {
    const taint = { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' as const };
    for (const w of [web, db]) {
      expectPlainAnswer(engine.tolerates(subject(w), taint));
      for (const n of nodes) expectPlainAnswer(engine.evict(subject(w), engine.taint(n, 'node.kubernetes.io/unreachable:NoExecute'), 300));
    }
    expectPlainAnswer(engine.tolerates([{ key: 'a', operator: 'Exists' }], taint));
  });

  it('place, allScheduled, spread, share and keepApart', () => {
    const cluster = { nodes, existingPods, namespaces: namespaces };
    const placed = engine.place(views.workloads(), cluster);
    expectPlainAnswer(placed);
    expect(placed.pods.length).toBeGreaterThan(0);
    expectPlainAnswer(engine.allScheduled(web, cluster));
    expectPlainAnswer(engine.spread(web, 'topology.kubernetes.io/zone', cluster, 1));
    expectPlainAnswer(engine.share(web, db, cluster));
    expectPlainAnswer(engine.keepApart(web, db, nodes));
    expectPlainAnswer(engine.keepApart(web, db));
  });

  it('outage, survive and fewestRunning', () => {
    const cluster = { nodes: outageCluster.nodes(), workloads: outageCluster.workloads() };
    const failure = engine.zone('eu-west-1a');
    const timeline = engine.outage(cluster, failure);
    expectPlainAnswer(timeline);
    expect(timeline.events.length).toBeGreaterThan(0);
    for (const w of outageCluster.workloads()) {
      expectPlainAnswer(engine.survive(subject(w), failure, cluster));
      expectPlainAnswer(engine.survive(subject(w), failure, cluster, 350));
      expectPlainAnswer(engine.fewestRunning(subject(w), failure, cluster));
    }
  });

  it('provision and validate', () => {
    const pools = karpenter.nodePools().map((p) => engine.nodePoolOf(p));
    for (const w of karpenter.workloads()) {
      expectPlainAnswer(engine.provision(subject(w), pools));
      expectPlainAnswer(engine.provision(subject(w), pools.slice(0, 1)));
    }
    expectPlainAnswer(engine.validate({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'Bad_Name' }, spec: { containers: [] } } as KubeObject));
  });

  it('preempt and scheduleOnNode resting on the PodDisruptionBudgets\' order (1.37: pdbOrder and its assumption)', () => {
    // defaultpreemption/pdb-order.test.ts's case: p1 stops at pdb0 (spent) while pdb1 counts against it too
    const n0 = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } } as Node;
    const batch = (name: string, app: string, startTime: string) => ({
      apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app } },
      spec: { nodeName: 'n0', priority: 0, containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '500m' } } }] }, status: { phase: 'Running', startTime },
    }) as Pod;
    const pdb = (name: string, disruptionsAllowed: number, disruptedPods?: Record<string, string>) => ({
      apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' }, spec: { minAvailable: 1, selector: { matchLabels: { app: 'batch' } } },
      status: { disruptionsAllowed, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...(disruptedPods ? { disruptedPods } : {}) },
    }) as unknown as KubeObject;
    const cluster = {
      existingPods: [batch('p1', 'batch', '2026-01-01T00:00:00Z'), batch('p2', 'batch', '2026-01-02T00:00:00Z'), batch('c0', 'db', '2026-01-01T00:05:00Z')],
      podDisruptionBudgets: [pdb('pdb0', 0, { p2: '2026-01-02T00:00:00Z' }), pdb('pdb1', 1)],
    };
    const critical = engine.toSubject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'critical', namespace: 'kube-system' },
      spec: { priorityClassName: 'system-node-critical', containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1' } } }] } } as Pod);
    withConfiguration({ kubernetesVersion: '1.37' }, () => {
      const answer = engine.preempt(critical, [n0], cluster);
      expectPlainAnswer(answer);
      const p = answer.preemption as { pdbOrder?: Array<{ pod: string; pdbs: string[] }> };
      expect(p.pdbOrder?.map((o) => [o.pod, ...o.pdbs])).toEqual([['default/p1', 'pdb0', 'pdb1']]);
      expect(answer.assumptions?.filter((a) => a.includes('both count against default/p1 on n0'))).toHaveLength(1);
      const onNode = engine.scheduleOnNode(critical, n0, cluster);
      expectPlainAnswer(onNode);
      expect(onNode.preemption && 'victims' in onNode.preemption ? onNode.preemption.pdbOrder : undefined).toEqual(p.pdbOrder);
      expect(onNode.assumptions?.filter((a) => a.includes('both count against default/p1 on n0'))).toHaveLength(1);
    });
  });
});
