// Regression cases from the 1.37 oracle (oracle/k8s-1.37, k8s.io/kubernetes v1.37.2) next to the same cases at 1.35
// (oracle/k8s-1.35, v1.35.4): each is a difference the 1.37 run found, fixed in the library behind
// settings().kubernetesVersion, with both releases' answers frozen verbatim, so `npm test` keeps them without Go.
// Upstream: pkg/scheduler/framework/plugins/nodename/node_name.go PreFilter (new in v1.37; RunPreFilterPlugins
// merges its PreFilterResult with NodeAffinity's), noderesources/balanced_allocation.go balancedResourceScorer
// (the change in balance from v1.36, #135573).
import { describe, expect, it } from '@jest/globals';
import { librarySchedule, type SchedulingOutput } from '../oracle/adapter';
import { compareScheduling } from '../oracle/compare';
import type { SchedulingInput } from '../oracle/generators';
import { excusedBy, KNOWN } from '../oracle/known';
import { withConfiguration, type KubernetesVersion } from '../oracle/lib';

const NAMESPACES = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } } }];
const node = (name: string, cpu = '1', memory = '1Gi', unschedulable = false) => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  spec: unschedulable ? { unschedulable: true } : {}, status: { allocatable: { cpu, memory, pods: '110' } },
});
const pod = (spec: Record<string, unknown>, name = 'incoming') => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...spec },
});
const requests = (r: Record<string, string>) => [{ name: 'c', image: 'registry.example/app:1', resources: { requests: r } }];
const pinned = (names: string[]) => ({
  nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: names }] }] } },
});
const cluster = (incoming: Record<string, unknown>, nodes: unknown[], pods: unknown[] = []): SchedulingInput =>
  ({ pod: incoming, nodes, pods, namespaces: NAMESPACES } as SchedulingInput);

const INPUTS: Record<string, SchedulingInput> = {
  'nodename': cluster(pod({ nodeName: 'n0' }), [node('n0'), node('n1', '1', '1Gi', true), node('n2')]),
  'nodename-missing': cluster(pod({ nodeName: 'n9' }), [node('n0'), node('n1')]),
  'simultaneously': cluster(pod({ nodeName: 'n0', affinity: pinned(['n1']) }), [node('n0'), node('n1')]),
  'both-narrow': cluster(pod({ nodeName: 'n0', affinity: pinned(['n0', 'n1']) }), [node('n0'), node('n1'), node('n2')]),
  'balanced': cluster(pod({ containers: requests({ cpu: '1', memory: '1Gi' }) }), [node('n0', '4', '8Gi'), node('n1', '4', '8Gi')], [
    pod({ nodeName: 'n0', containers: requests({ cpu: '2' }) }, 'e0'),
    pod({ nodeName: 'n1', containers: requests({ memory: '4Gi' }) }, 'e1'),
  ]),
};

// The oracles' answers, verbatim (oracle/k8s-1.35/bin/oracle and oracle/k8s-1.37/bin/oracle, domain scheduling).
const UPSTREAM: Record<string, Record<'1.35' | '1.37', SchedulingOutput>> = {
  "nodename": {
    '1.35': {"nodes": [{"node": "n0","code": "Success","plugin": "","reasons": []},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "NodeUnschedulable","reasons": ["node(s) were unschedulable"]},{"node": "n2","code": "UnschedulableAndUnresolvable","plugin": "NodeName","reasons": ["node(s) didn't match the requested node name"]}],"feasible": ["n0"]},
    '1.37': {"nodes": [{"node": "n0","code": "Success","plugin": "","reasons": []},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeName]"]},{"node": "n2","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeName]"]}],"feasible": ["n0"]},
  },
  "nodename-missing": {
    '1.35': {"nodes": [{"node": "n0","code": "UnschedulableAndUnresolvable","plugin": "NodeName","reasons": ["node(s) didn't match the requested node name"]},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "NodeName","reasons": ["node(s) didn't match the requested node name"]}],"feasible": [],"fitError": "0/2 nodes are available: 2 node(s) didn't match the requested node name. no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."},
    '1.37': {"nodes": [{"node": "n0","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeName]"]},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeName]"]}],"feasible": [],"fitError": "0/2 nodes are available: 2 node(s) didn't satisfy plugin(s) [NodeName]. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."},
  },
  "simultaneously": {
    '1.35': {"nodes": [{"node": "n0","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeAffinity]"]},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "NodeName","reasons": ["node(s) didn't match the requested node name"]}],"feasible": [],"fitError": "0/2 nodes are available: 1 node(s) didn't match the requested node name, 1 node(s) didn't satisfy plugin(s) [NodeAffinity]. no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."},
    '1.37': {"nodes": [{"node": "n0","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeAffinity NodeName] simultaneously"]},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeAffinity NodeName] simultaneously"]}],"feasible": [],"fitError": "0/2 nodes are available: node(s) didn't satisfy plugin(s) [NodeAffinity NodeName] simultaneously. not found"},
  },
  "both-narrow": {
    '1.35': {"nodes": [{"node": "n0","code": "UnschedulableAndUnresolvable","plugin": "NodeAffinity","reasons": ["node(s) didn't match Pod's node affinity/selector"]},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "NodeName","reasons": ["node(s) didn't match the requested node name"]},{"node": "n2","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeAffinity]"]}],"feasible": [],"fitError": "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) didn't match the requested node name, 1 node(s) didn't satisfy plugin(s) [NodeAffinity]. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
    '1.37': {"nodes": [{"node": "n0","code": "UnschedulableAndUnresolvable","plugin": "NodeAffinity","reasons": ["node(s) didn't match Pod's node affinity/selector"]},{"node": "n1","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeAffinity NodeName]"]},{"node": "n2","code": "UnschedulableAndUnresolvable","plugin": "","reasons": ["node(s) didn't satisfy plugin(s) [NodeAffinity NodeName]"]}],"feasible": [],"fitError": "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 node(s) didn't satisfy plugin(s) [NodeAffinity NodeName]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."},
  },
  "balanced": {
    '1.35': {"nodes": [{"node": "n0","code": "Success","plugin": "","reasons": []},{"node": "n1","code": "Success","plugin": "","reasons": []}],"feasible": ["n0","n1"],"scores": [{"node": "n0","plugins": {"DynamicResources": 0,"ImageLocality": 0,"NodeResourcesBalancedAllocation": 68,"NodeResourcesFit": 55,"TaintToleration": 300},"total": 423},{"node": "n1","plugins": {"DynamicResources": 0,"ImageLocality": 0,"NodeResourcesBalancedAllocation": 81,"NodeResourcesFit": 54,"TaintToleration": 300},"total": 435}],"top": ["n1"]},
    '1.37': {"nodes": [{"node": "n0","code": "Success","plugin": "","reasons": []},{"node": "n1","code": "Success","plugin": "","reasons": []}],"feasible": ["n0","n1"],"scores": [{"node": "n0","plugins": {"DynamicResources": 0,"ImageLocality": 0,"NodeResourcesBalancedAllocation": 71,"NodeResourcesFit": 55,"TaintToleration": 300,"VolumeBinding": 0},"total": 426},{"node": "n1","plugins": {"DynamicResources": 0,"ImageLocality": 0,"NodeResourcesBalancedAllocation": 78,"NodeResourcesFit": 54,"TaintToleration": 300,"VolumeBinding": 0},"total": 432}],"top": ["n1"]},
  },};

/** The library under `version` against the frozen answer; the only differences allowed are a known deviation's. */
function differences(version: '1.35' | '1.37', key: string) {
  const input = INPUTS[key];
  const diffs = compareScheduling(withConfiguration({ kubernetesVersion: version }, () => librarySchedule(input)), UPSTREAM[key][version]);
  const known = excusedBy(KNOWN.filter((k) => k.domain === 'scheduling' && (!k.releases || k.releases.includes(version))), input, diffs)?.[0];
  return diffs.length && known ? `known: ${known.id}` : diffs;
}

describe('oracle regressions, k8s 1.37.2 against 1.35.4', () => {
  it('spec.nodeName: at 1.35 every node is filtered (NodeUnschedulable comes before NodeName); at 1.37 NodeName\'s PreFilter leaves the other nodes out', () => {
    // oracle case: scheduling (k8s 1.37), seed 1, "node N plugin; node N reasons" (ours NodeName's Filter reason)
    expect(differences('1.35', 'nodename')).toEqual([]);
    // upstream leaves the plugin of a left-out node empty; the library names who narrowed (known.ts)
    expect(differences('1.37', 'nodename')).toBe('known: prefilter-narrowed-plugin-name');
    const ours = withConfiguration({ kubernetesVersion: '1.37' }, () => librarySchedule(INPUTS.nodename));
    expect(ours.nodes.map((n) => n.reasons[0] ?? '')).toEqual(['', "node(s) didn't satisfy plugin(s) [NodeName]", "node(s) didn't satisfy plugin(s) [NodeName]"]);
  });

  it('spec.nodeName naming no node: the FitError counts the PreFilter narrowing at 1.37', () => {
    // oracle case: scheduling (k8s 1.37), seed 1, "fitError; node N plugin; node N reasons"
    expect(differences('1.35', 'nodename-missing')).toEqual([]);
    expect(differences('1.37', 'nodename-missing')).toBe('known: prefilter-narrowed-plugin-name');
    const ours = withConfiguration({ kubernetesVersion: '1.37' }, () => librarySchedule(INPUTS['nodename-missing']));
    expect(ours.fitError).toBe(UPSTREAM['nodename-missing']['1.37'].fitError);
  });

  it('spec.nodeName and matchFields without a name in common: rejected at PreFilter at 1.37 ("simultaneously")', () => {
    expect(differences('1.35', 'simultaneously')).toBe('known: prefilter-narrowed-plugin-name');
    expect(differences('1.37', 'simultaneously')).toBe('known: prefilter-narrowed-plugin-name');
    const ours = withConfiguration({ kubernetesVersion: '1.37' }, () => librarySchedule(INPUTS.simultaneously));
    // RunPreFilterPlugins stopped before DynamicResources' PreFilter: its PostFilter's Error, ' not found', ends the event
    expect(ours.fitError).toBe('0/2 nodes are available: node(s) didn\'t satisfy plugin(s) [NodeAffinity NodeName] simultaneously. not found');
    expect(ours.fitError).toBe(UPSTREAM.simultaneously['1.37'].fitError);
  });

  it('spec.nodeName and matchFields both narrowing: the left-out nodes name both plugins at 1.37', () => {
    expect(differences('1.35', 'both-narrow')).toBe('known: prefilter-narrowed-plugin-name');
    expect(differences('1.37', 'both-narrow')).toBe('known: prefilter-narrowed-plugin-name');
    const ours = withConfiguration({ kubernetesVersion: '1.37' }, () => librarySchedule(INPUTS['both-narrow']));
    expect(ours.fitError).toBe(UPSTREAM['both-narrow']['1.37'].fitError);
  });

  it('NodeResourcesBalancedAllocation: the balance with the pod at 1.35, the change in balance at 1.37', () => {
    // oracle case: scheduling (k8s 1.37), "node N plugin scores; node N total" (ours 75, upstream 62 before the fix)
    expect(differences('1.35', 'balanced')).toEqual([]);
    expect(differences('1.37', 'balanced')).toEqual([]);
    const balanced = (v: KubernetesVersion) => withConfiguration({ kubernetesVersion: v }, () => librarySchedule(INPUTS.balanced))
      .scores?.map((s) => s.plugins.NodeResourcesBalancedAllocation);
    expect(balanced('1.35')).toEqual([68, 81]);
    expect(balanced('1.37')).toEqual([71, 78]);
  });
});
