// NodeAffinity through the engine's questions: the pass lines `.not` prints, the merged PreFilterResult of NodeName and
// NodeAffinity at 1.37 (framework/runtime/framework.go RunPreFilterPlugins; schedule_one.go findNodesThatFitPod sets
// the absent nodes' status "node(s) didn't satisfy plugin(s) %v" over the plugins that narrowed, the unschedulable
// plugins), and the Score's matched terms (node_affinity.go PreScore skips a pod without preferred terms).
import { describe, expect, test } from '@jest/globals';
import { withConfiguration } from '../../../core/config';
import type { Pod } from '../../../core/types';
import { scheduleOn, scoreNodes } from '../../../engine/objects';
import { scheduleOnNode } from '../../../engine/schedule';
import { toSubject } from '../../../k8s/subject';
import { node } from '../../../../test/fixtures';

const pod = (spec: Record<string, unknown> = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } as Pod['spec'],
});
const labelled = (name: string, labels: Record<string, string>) => ({ ...node(name), metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } } });
const required = (...terms: unknown[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } });
const byName = (name: string) => ({ matchFields: [{ key: 'metadata.name', operator: 'In', values: [name] }] });
const passes = (p: Pod, n = labelled('a', { zone: 'z1', disk: 'ssd' })) => scheduleOnNode(toSubject(p), n).passes.filter((l) => l.startsWith('NodeAffinity: '));

describe('NodeAffinity pass lines', () => {
  test('a pod without nodeSelector or required affinity says so, and only then', () => {
    const term = { matchExpressions: [{ key: 'zone', operator: 'In', values: ['z1'] }, { key: 'disk', operator: 'Exists' }] };
    expect(passes(pod())).toEqual(['NodeAffinity: the pod has no nodeSelector and no required node affinity']);
    expect(passes(pod({ nodeSelector: { zone: 'z1' } }))).toEqual(["NodeAffinity: nodeSelector zone=z1 matches the node's label"]);
    // the matching term with each of its requirements, '; ' between them
    expect(passes(pod(required(term)))).toEqual(['NodeAffinity: spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0] matches '
      + '(matchExpressions[0] zone In [z1]: node has zone="z1"; matchExpressions[1] disk Exists: node has disk="ssd")']);
  });
});

describe('NodeName and NodeAffinity PreFilter results merged (v1.37)', () => {
  test('a node outside both is rejected for both plugins, each saying how it narrowed', () => {
    const r = withConfiguration({ kubernetesVersion: '1.37' }, () => scheduleOn(pod({ nodeName: 'a', ...required(byName('a')) }), [node('a'), node('b')]));
    expect(r.feasible.map((v) => v.node)).toEqual(['a']);
    expect(r.rejected.map(({ status }) => ({ plugin: status?.plugin, code: status?.code, reasons: status?.reasons, details: status?.details }))).toEqual([{
      plugin: 'NodeAffinity, NodeName', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't satisfy plugin(s) [NodeAffinity NodeName]"],
      details: ['spec.nodeName "a" limits the pod to that node (NodeName PreFilter, v1.37+)', 'matchFields metadata.name In [a] limits the pod to those nodes'],
    }]);
  });

  test('no name in common: every node is rejected "simultaneously", for both plugins', () => {
    const r = withConfiguration({ kubernetesVersion: '1.37' }, () => scheduleOn(pod({ nodeName: 'a', ...required(byName('b')) }), [node('a'), node('b')]));
    expect(r.fitError).toBe("0/2 nodes are available: node(s) didn't satisfy plugin(s) [NodeAffinity NodeName] simultaneously. not found");
    expect(r.rejected.map((v) => v.status?.plugin)).toEqual(['NodeAffinity, NodeName', 'NodeAffinity, NodeName']);
  });
});

describe('NodeAffinity Score fields', () => {
  test('a pod without preferred terms matched none on any node', () => {
    expect(scoreNodes(pod(), [labelled('a', { zone: 'z1' })]).map((s) => s.nodeAffinity.matchedTerms)).toEqual([[]]);
  });
});
