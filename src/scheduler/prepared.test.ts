// The nodes prepared once per node array (src/scheduler/prepared.ts, issue 23 item 2): scheduleOn filters one node
// per node shape and lets the other nodes of the shape take its verdict (the same plugin, code and reasons, their own
// details). Each answer must equal runFilters node by node — kube-scheduler's findNodesThatPassFilters runs every
// Filter plugin on every node (pkg/scheduler/schedule_one.go) — whatever the release, and the prepared state must
// follow the arrays: a replaced node gives a fresh answer, an object changed in place needs configure() (README).
import type { KubeObject, Node, Pod } from '../core/types';
import { configure, resetConfiguration, withConfiguration } from '../core/config';
import { placeReplicas } from '../placement/place';
import { scheduleOn } from '../engine/objects';
import { NEWEST_RELEASE } from '../core/releases';
import { toSubject } from '../k8s/subject';
import { nodeInfo, nodeUsage, podInfo } from './framework';
import { runFilters, schedule, type NodeVerdict } from '.';
import { buildSnapshot } from './snapshot';
import { preparedNodes, preparedSnapshot } from './prepared';
import { profile } from './profile';
import { node, pod } from '../../test/fixtures';

const GPU = { key: 'gpu', value: 'true', effect: 'NoSchedule' as const };
const withLabels = (n: Node, labels: Record<string, string>): Node => ({ ...n, metadata: { ...n.metadata, labels: { ...n.metadata!.labels, ...labels } } });
const allocatable = (n: Node, cpu: string, pods = '110'): Node => ({ ...n, status: { ...n.status, allocatable: { cpu, memory: '8Gi', pods } } });

// two pools of alike nodes (a tainted one, a cordoned one), a node of its own, and a node without allocatable
const nodes: Node[] = [
  ...['a1', 'a2', 'a3'].map((n) => allocatable(withLabels(node(n, [GPU]), { pool: 'gpu' }), '4')),
  ...['b1', 'b2'].map((n) => allocatable(withLabels(node(n), { pool: 'general' }), '2')),
  allocatable(withLabels(node('c1', [], { unschedulable: true }), { pool: 'general' }), '2'),
  allocatable(withLabels(node('d1'), { pool: 'small' }), '100m'),
  node('e1'),
];

function requesting(p: Pod, cpu: string): Pod {
  return { ...p, spec: { ...p.spec!, containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }] } };
}
const pods: Pod[] = [
  pod('plain'),
  requesting(pod('big'), '1'),
  pod('tolerates-gpu', [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }]),
  { ...pod('general-only'), spec: { ...pod('general-only').spec!, nodeSelector: { pool: 'general' } } },
  { ...pod('pinned'), spec: { ...pod('pinned').spec!, nodeName: 'b2' } },
  { ...pod('by-name'), spec: { ...pod('by-name').spec!, affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a2', 'b1'] }] }] } } } } },
];

/** What every verdict says, details read (JSON, as the engine's answers travel). */
const plainVerdicts = (vs: readonly NodeVerdict[]) => JSON.parse(JSON.stringify(vs));

function nodeByNode(p: Pod, list: readonly Node[]) {
  const info = podInfo(toSubject(p));
  const verdicts = list.map((n) => runFilters(info, nodeInfo(n), nodeUsage([])));
  return { feasible: plainVerdicts(verdicts.filter((v) => v.feasible)), rejected: plainVerdicts(verdicts.filter((v) => !v.feasible)) };
}

afterEach(() => resetConfiguration());

describe.each(['1.35', NEWEST_RELEASE] as const)('scheduleOn over one node array, kubernetesVersion %s', (kubernetesVersion) => {
  test.each(pods.map((p) => [p.metadata!.name, p] as const))('%s: the verdicts runFilters gives node by node, each node its own details', (_, p) =>
    withConfiguration({ kubernetesVersion }, () => {
      for (let round = 0; round < 2; round++) {
        // the second round reads the prepared nodes of the first
        const r = scheduleOn(p, nodes);
        const expected = nodeByNode(p, nodes);
        expect(plainVerdicts(r.feasible)).toEqual(expected.feasible);
        expect(plainVerdicts(r.rejected)).toEqual(expected.rejected);
      }
    }));

  test('nodes of one shape share the rejection (one reasons array), each with a status of its own', () =>
    withConfiguration({ kubernetesVersion }, () => {
      const r = scheduleOn(pod('plain'), nodes);
      const tainted = r.rejected.filter((v) => v.status!.plugin === 'TaintToleration');
      expect(tainted.map((v) => v.node)).toEqual(['a1', 'a2', 'a3']);
      expect(new Set(tainted.map((v) => v.status!.reasons)).size).toBe(1);
      expect(new Set(tainted.map((v) => v.status)).size).toBe(3);
      const info = podInfo(toSubject(pod('plain')));
      for (const v of tainted) expect(v.status!.details).toEqual(runFilters(info, nodeInfo(nodes.find((n) => n.metadata!.name === v.node)!)).status!.details);
      expect(r.fitError).toBeUndefined();
    }));
});

describe('the prepared nodes follow the arrays (configure: 1.35)', () => {
  beforeEach(() => configure({ kubernetesVersion: '1.35' }));

  test('a node replaced in the array (same length, same order otherwise) gives a fresh answer', () => {
    const list = [...nodes];
    expect(scheduleOn(pod('plain'), list).feasible.map((v) => v.node)).toEqual(['b1', 'b2', 'd1', 'e1']);
    list[0] = withLabels(node('a1'), { pool: 'gpu' }); // untainted now
    expect(scheduleOn(pod('plain'), list).feasible.map((v) => v.node)).toEqual(['a1', 'b1', 'b2', 'd1', 'e1']);
  });

  test('a node changed in place is not seen until configure() (the documented reset)', () => {
    const list = nodes.map((n) => ({ ...n, spec: { ...n.spec, taints: [...(n.spec?.taints ?? [])] } }));
    expect(scheduleOn(pod('plain'), list).feasible.map((v) => v.node)).toEqual(['b1', 'b2', 'd1', 'e1']);
    list[3].spec!.taints!.push(GPU);
    expect(scheduleOn(pod('plain'), list).feasible.map((v) => v.node)).toEqual(['b1', 'b2', 'd1', 'e1']);
    configure({});
    expect(scheduleOn(pod('plain'), list).feasible.map((v) => v.node)).toEqual(['b2', 'd1', 'e1']);
  });

  // A pod with a spread constraint reads the cluster: with no existing pods, scheduleOn filters it over the node
  // array's prepared nodes and keeps the shared snapshot beside them; a snapshot of its own gives the same answer.
  const spread = (name: string): Pod => ({
    ...pod(name),
    metadata: { ...pod(name).metadata, labels: { app: name } },
    spec: { ...pod(name).spec!, topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'pool', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: name } } }] },
  });
  const ownSnapshot = (p: Pod, list: readonly Node[]) => schedule(toSubject(p), list, undefined, undefined, buildSnapshot(list, new Map()));

  test('a pod that reads the cluster: the answer of a snapshot of its own, and a replaced node is seen', () => {
    const list = [...nodes];
    for (let round = 0; round < 2; round++) {
      const r = scheduleOn(spread('web'), list);
      const expected = ownSnapshot(spread('web'), list);
      expect(plainVerdicts(r.feasible)).toEqual(plainVerdicts(expected.feasible));
      expect(plainVerdicts(r.rejected)).toEqual(plainVerdicts(expected.rejected));
      expect(r.fitError).toEqual(expected.fitError);
    }
    // e1 has no pool label: PodTopologySpread rejects it (missing required label)
    expect(scheduleOn(spread('web'), list).rejected.map((v) => v.node)).toContain('e1');
    list[list.length - 1] = withLabels(node('e1'), { pool: 'general' });
    expect(scheduleOn(spread('web'), list).feasible.map((v) => v.node)).toContain('e1');
    expect(plainVerdicts(scheduleOn(spread('web'), list).rejected)).toEqual(plainVerdicts(ownSnapshot(spread('web'), list).rejected));
  });

  test('placeReplicas: a node a replica was assumed onto is filtered with its new usage, alike nodes keep sharing', () => {
    // three alike nodes with room for one 600m pod each: a fourth replica has nowhere to go (schedule_one.go assume)
    const alike = ['n1', 'n2', 'n3'].map((n) => allocatable(node(n), '1'));
    const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '600m' } } }] } };
    const placement = placeReplicas({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' }, spec: { replicas: 4, selector: { matchLabels: { app: 'web' } }, template } } as KubeObject, alike);
    expect(placement.pods.map((p) => p.node)).toEqual(['n1', 'n2', 'n3', undefined]);
    expect(placement.pods[3].fitError).toBe('0/3 nodes are available: 3 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 3 No preemption victims found for incoming pod.');
    expect(placement.pods[1].rejected.map((v) => [v.node, v.status!.reasons])).toEqual([['n1', ['Insufficient cpu']]]);
  });
});

// What is kept, and when it is made again: the same prepared nodes for the same Node objects (in the array given
// again, or a fresh one), fresh ones for another array's nodes, another empty usage or other Filter plugins.
describe('kept per node array', () => {
  const plugins = profile().filter;
  const empty = nodeUsage([]);
  const fresh = () => nodes.map((n) => ({ ...n }));
  afterEach(() => resetConfiguration());
  test('the same Node objects, in the same or a fresh array: the same prepared nodes', () => {
    const list = fresh();
    const prepared = preparedNodes(list, empty, plugins);
    expect(preparedNodes(list, empty, plugins)).toBe(prepared);
    expect(preparedNodes([...list], empty, plugins)).toBe(prepared);
    expect(preparedNodes([...list], empty, plugins)).toBe(prepared);
    expect(prepared.names).toEqual(list.map((n) => n.metadata!.name));
  });
  test('an array changed in place (every node but the first replaced), another empty usage or other plugins: prepared again', () => {
    const list = fresh();
    const prepared = preparedNodes(list, empty, plugins);
    for (let i = 1; i < list.length; i++) list[i] = { ...list[i] };
    const again = preparedNodes(list, empty, plugins);
    expect(again).not.toBe(prepared);
    expect(again.infos.map((n) => n.node)).toEqual(list);
    const fewer = plugins.slice(1);
    expect(preparedNodes(list, empty, fewer).shapes.plugins).toBe(fewer);
    expect(preparedNodes(list, empty, plugins).shapes.plugins).toBe(plugins);
    expect(preparedNodes(list, nodeUsage([]), plugins)).not.toBe(again);
    configure({});
    expect(preparedNodes(list, empty, plugins)).not.toBe(again);
  });
  test("a snapshot's prepared nodes are kept for it, per empty usage and plugins", () => {
    const snapshot = buildSnapshot(fresh(), new Map());
    const prepared = preparedSnapshot(snapshot, empty, plugins);
    expect(preparedSnapshot(snapshot, empty, plugins)).toBe(prepared);
    const fewer = plugins.slice(1);
    expect(preparedSnapshot(snapshot, empty, fewer).shapes.plugins).toBe(fewer);
    expect(preparedSnapshot(snapshot, empty, plugins).shapes.plugins).toBe(plugins);
    expect(preparedSnapshot(snapshot, nodeUsage([]), plugins).empty).not.toBe(empty);
  });
});
