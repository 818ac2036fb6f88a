// The upstream InterPodAffinity Filter tables, shared by the plugin's matcher-level tests
// (src/scheduler/plugins/interpodaffinity/filtering.test.ts) and the engine-level mutation tests
// (src/scheduler/plugins/interpodaffinity/interpodaffinity.test.ts), which run them through schedule() without the matchers.
// pkg/scheduler/framework/plugins/interpodaffinity/filtering_test.go TestRequiredAffinitySingleNode and
// TestRequiredAffinityMultipleNodes (kubernetes/kubernetes, st.MakePod era). Upstream pods have namespace "";
// here "default". Names the API server refuses (namespaces with dots or capitals, nodes nodeA/nodeB/nodeC) are
// spelt in lower case with dashes (node-a, …).
import type { PodAffinityTerm } from 'kubernetes-types/core/v1';
import type { KubeObject, Node, Pod } from '../../src/core/types';
import { makeNode, makePod, type PodOptions } from './builders';

export type Want = 'ok' | 'affinity' | 'anti' | 'existing' | 'NodeName';
export const REASONS: Record<string, [string, string]> = {
  affinity: ["node(s) didn't match pod affinity rules", 'UnschedulableAndUnresolvable'],
  anti: ["node(s) didn't match pod anti-affinity rules", 'Unschedulable'],
  existing: ["node(s) didn't satisfy existing pods anti-affinity rules", 'Unschedulable'],
};

export const term = (topologyKey: string, expr: object[], extra: Partial<PodAffinityTerm> = {}): PodAffinityTerm =>
  ({ labelSelector: { matchExpressions: expr }, topologyKey, ...extra }) as PodAffinityTerm;
export const inT = (key: string, topologyKey: string, values: string[]) => term(topologyKey, [{ key, operator: 'In', values }]);
export const notInT = (key: string, topologyKey: string, values: string[]) => term(topologyKey, [{ key, operator: 'NotIn', values }]);
export const existsT = (key: string, topologyKey: string) => term(topologyKey, [{ key, operator: 'Exists' }]);

export const pod = (o: PodOptions) => makePod('p', o);
let n = 0;
export const on = (nodeName: string, o: PodOptions = {}) => makePod(`existing-${++n}`, { nodeName, ...o });

export const namespaces: KubeObject[] = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'subteam1-team1', labels: { team: 'team1' } } as KubeObject['metadata'] },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'subteam2-team1', labels: { team: 'team1' } } as KubeObject['metadata'] },
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'subteam1-team2', labels: { team: 'team2' } } as KubeObject['metadata'] },
];

// TestRequiredAffinitySingleNode: one node, node1
export const podLabel = { service: 'securityscan' };
export const podLabel2 = { security: 'S1' };
export const node1 = makeNode('node1', { region: 'r1', zone: 'z11' });
const existing = () => on('node1', { labels: podLabel });
export const requiredAffinitySingleNode: Array<[string, Pod, Pod[], Want]> = [
  ['A pod that has no required pod affinity scheduling rules can schedule onto a node with no existing pods', pod({}), [], 'ok'],
  ['satisfies with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using In operator that matches the existing pod',
    pod({ labels: podLabel2, podAffinity: [inT('service', 'region', ['securityscan', 'value2'])] }), [existing()], 'ok'],
  ['satisfies the pod with requiredDuringSchedulingIgnoredDuringExecution in PodAffinity using not in operator in labelSelector that matches the existing pod',
    pod({ labels: podLabel2, podAffinity: [notInT('service', 'region', ['securityscan3', 'value3'])] }), [existing()], 'ok'],
  ['Does not satisfy the PodAffinity with labelSelector because of diff Namespace',
    pod({ labels: podLabel2, podAffinity: [{ ...inT('service', '', ['securityscan', 'value2']), topologyKey: 'region', namespaces: ['diffnamespace'] }] }),
    [on('node1', { namespace: 'ns', labels: podLabel })], 'affinity'],
  // upstream's term has topologyKey "" (the API server refuses that); "region" gives the same verdict
  ["Doesn't satisfy the PodAffinity because of unmatching labelSelector with the existing pod",
    pod({ labels: podLabel, podAffinity: [inT('service', 'region', ['antivirusscan', 'value2'])] }), [existing()], 'affinity'],
  ['satisfies the PodAffinity with different label Operators in multiple RequiredDuringSchedulingIgnoredDuringExecution ',
    pod({ labels: podLabel2, podAffinity: [
      term('region', [{ key: 'service', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }]),
      term('region', [{ key: 'service', operator: 'In', values: ['securityscan'] }, { key: 'service', operator: 'NotIn', values: ['WrongValue'] }]),
    ] }), [existing()], 'ok'],
  ["The labelSelector requirements(items of matchExpressions) are ANDed, the pod cannot schedule onto the node because one of the matchExpression item don't match.",
    pod({ labels: podLabel2, podAffinity: [
      term('region', [{ key: 'service', operator: 'Exists' }, { key: 'wrongkey', operator: 'DoesNotExist' }]),
      term('region', [{ key: 'service', operator: 'In', values: ['securityscan2'] }, { key: 'service', operator: 'NotIn', values: ['WrongValue'] }]),
    ] }), [existing()], 'affinity'],
  ['satisfies the PodAffinity and PodAntiAffinity with the existing pod',
    pod({ labels: podLabel2, podAffinity: [inT('service', 'region', ['securityscan', 'value2'])], podAntiAffinity: [inT('service', 'node', ['antivirusscan', 'value2'])] }),
    [existing()], 'ok'],
  ['satisfies the PodAffinity and PodAntiAffinity and PodAntiAffinity symmetry with the existing pod',
    pod({ labels: podLabel2, podAffinity: [inT('service', 'region', ['securityscan', 'value2'])], podAntiAffinity: [inT('service', 'node', ['antivirusscan', 'value2'])] }),
    [on('node1', { labels: podLabel, podAntiAffinity: [inT('service', 'node', ['antivirusscan', 'value2'])] })], 'ok'],
  ["satisfies the PodAffinity but doesn't satisfy the PodAntiAffinity with the existing pod",
    pod({ labels: podLabel2, podAffinity: [inT('service', 'region', ['securityscan', 'value2'])], podAntiAffinity: [inT('service', 'zone', ['securityscan', 'value2'])] }),
    [existing()], 'anti'],
  ["satisfies the PodAffinity and PodAntiAffinity but doesn't satisfy PodAntiAffinity symmetry with the existing pod",
    pod({ labels: podLabel, podAffinity: [inT('service', 'region', ['securityscan', 'value2'])], podAntiAffinity: [inT('service', 'node', ['antivirusscan', 'value2'])] }),
    [on('node1', { labels: podLabel, podAntiAffinity: [inT('service', 'zone', ['securityscan', 'value2'])] })], 'existing'],
  ['pod matches its own Label in PodAffinity and that matches the existing pod Labels',
    pod({ labels: podLabel, podAffinity: [notInT('service', 'region', ['securityscan', 'value2'])] }),
    [on('node2', { labels: podLabel })], 'affinity'],
  ["verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. doesn't satisfy PodAntiAffinity symmetry with the existing pod",
    pod({ labels: podLabel }), [on('node1', { labels: podLabel, podAntiAffinity: [inT('service', 'zone', ['securityscan', 'value2'])] })], 'existing'],
  ['verify that PodAntiAffinity from existing pod is respected when pod has no AntiAffinity constraints. satisfy PodAntiAffinity symmetry with the existing pod',
    pod({ labels: podLabel }), [on('node1', { labels: podLabel, podAntiAffinity: [notInT('service', 'zone', ['securityscan', 'value2'])] })], 'ok'],
  ["satisfies the PodAntiAffinity with existing pod but doesn't satisfy PodAntiAffinity symmetry with incoming pod",
    pod({ labels: podLabel, podAntiAffinity: [existsT('service', 'region'), existsT('security', 'region')] }),
    [on('node1', { labels: podLabel2, podAntiAffinity: [existsT('security', 'zone')] })], 'anti'],
  ['PodAntiAffinity symmetry check a1: incoming pod and existing pod partially match each other on AffinityTerms',
    pod({ labels: podLabel, podAntiAffinity: [existsT('service', 'zone'), existsT('security', 'zone')] }),
    [on('node1', { labels: podLabel2, podAntiAffinity: [existsT('security', 'zone')] })], 'anti'],
  ['PodAntiAffinity symmetry check a2: incoming pod and existing pod partially match each other on AffinityTerms',
    pod({ labels: podLabel2, podAntiAffinity: [existsT('security', 'zone')] }),
    [on('node1', { labels: podLabel, podAntiAffinity: [existsT('service', 'zone'), existsT('security', 'zone')] })], 'existing'],
  ['PodAntiAffinity symmetry check b1: incoming pod and existing pod partially match each other on AffinityTerms',
    pod({ labels: { abc: '', xyz: '' }, podAntiAffinity: [existsT('abc', 'zone'), existsT('def', 'zone')] }),
    [on('node1', { labels: { def: '', xyz: '' }, podAntiAffinity: [existsT('abc', 'zone'), existsT('def', 'zone')] })], 'anti'],
  ['PodAntiAffinity symmetry check b2: incoming pod and existing pod partially match each other on AffinityTerms',
    pod({ labels: { def: '', xyz: '' }, podAntiAffinity: [existsT('abc', 'zone'), existsT('def', 'zone')] }),
    [on('node1', { labels: { abc: '', xyz: '' }, podAntiAffinity: [existsT('abc', 'zone'), existsT('def', 'zone')] })], 'anti'],
  ['affinity with NamespaceSelector',
    pod({ labels: podLabel2, podAffinity: [{ ...inT('service', 'region', ['securityscan', 'value2']), namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] } }] }),
    [on('node1', { namespace: 'subteam1-team1', labels: podLabel })], 'ok'],
  ['affinity with non-matching NamespaceSelector',
    pod({ labels: podLabel2, podAffinity: [{ ...inT('service', 'region', ['securityscan', 'value2']), namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] } }] }),
    [on('node1', { namespace: 'subteam1-team2', labels: podLabel })], 'affinity'],
  ['anti-affinity with matching NamespaceSelector',
    pod({ namespace: 'subteam1-team1', labels: podLabel2, podAntiAffinity: [{ ...inT('service', 'zone', ['securityscan', 'value2']), namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] } }] }),
    [on('node1', { namespace: 'subteam2-team1', labels: podLabel })], 'anti'],
  ['anti-affinity with matching all NamespaceSelector',
    pod({ namespace: 'subteam1-team1', labels: podLabel2, podAntiAffinity: [{ ...inT('service', 'zone', ['securityscan', 'value2']), namespaceSelector: {} }] }),
    [on('node1', { namespace: 'subteam2-team1', labels: podLabel })], 'anti'],
  ['anti-affinity with non-matching NamespaceSelector',
    pod({ namespace: 'subteam1-team1', labels: podLabel2, podAntiAffinity: [{ ...inT('service', 'zone', ['securityscan', 'value2']), namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] } }] }),
    [on('node1', { namespace: 'subteam1-team2', labels: podLabel })], 'ok'],
];

// TestRequiredAffinityMultipleNodes
const china = { region: 'China' };
const chinaAz1 = { region: 'China', az: 'az1' };
const india = { region: 'India' };
const hosts = (...zones: string[]) => zones.map((z, i) => makeNode(`node-${'abc'[i]}`, { region: 'r1', zone: z, hostname: `node-${'abc'[i]}` }));
export const requiredAffinityMultipleNodes: Array<[string, Pod, Pod[], Node[], Want[]]> = [
  ['A pod can be scheduled onto all the nodes that have the same topology key & label value with one of them has an existing pod that matches the affinity rules',
    pod({ podAffinity: [inT('foo', 'region', ['bar'])] }), [on('node1', { labels: { foo: 'bar' } })],
    [makeNode('node1', china), makeNode('node2', chinaAz1), makeNode('node3', india)], ['ok', 'ok', 'affinity']],
  ["The affinity rule is to schedule all of the pods of this collection to the same zone. The first pod of the collection should not be blocked from being scheduled onto any node, even there's no existing pod that matches the rule anywhere.",
    pod({ labels: { foo: 'bar', service: 'securityscan' }, podAffinity: [inT('foo', 'zone', ['bar']), inT('service', 'zone', ['securityscan'])] }),
    [on('node-a', { labels: { foo: 'bar' } })],
    [makeNode('node-a', { zone: 'az1', hostname: 'h1' }), makeNode('node-b', { zone: 'az2', hostname: 'h2' })], ['ok', 'ok']],
  ['The first pod of the collection can only be scheduled on nodes labelled with the requested topology keys',
    pod({ labels: { foo: 'bar', service: 'securityscan' }, podAffinity: [inT('foo', 'zone', ['bar']), inT('service', 'zone', ['securityscan'])] }),
    [on('node-a', { labels: { foo: 'bar' } })],
    [makeNode('node-a', { zoneLabel: 'az1', hostname: 'h1' }), makeNode('node-b', { zoneLabel: 'az2', hostname: 'h2' })], ['affinity', 'affinity']],
  ['NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB.',
    pod({ podAntiAffinity: [inT('foo', 'region', ['abc'])] }), [on('node-a', { labels: { foo: 'abc' } })],
    [makeNode('node-a', { region: 'r1', hostname: 'node-a' }), makeNode('node-b', { region: 'r1', hostname: 'node-b' })], ['anti', 'anti']],
  ['This test ensures that anti-affinity matches a pod when any term of the anti-affinity rule matches a pod.',
    pod({ podAntiAffinity: [inT('foo', 'region', ['abc']), inT('service', 'zone', ['securityscan'])] }),
    [on('node-a', { labels: { foo: 'abc', service: 'securityscan' } })],
    [makeNode('node-a', { region: 'r1', zone: 'z1', hostname: 'node-a' }), makeNode('node-b', { region: 'r1', zone: 'z2', hostname: 'node-b' })], ['anti', 'anti']],
  ['NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA and nodeB but can be scheduled onto nodeC',
    pod({ podAntiAffinity: [inT('foo', 'region', ['abc'])] }), [on('node-a', { labels: { foo: 'abc' } })],
    [makeNode('node-a', china), makeNode('node-b', chinaAz1), makeNode('node-c', india)], ['anti', 'anti', 'ok']],
  ['NodeA and nodeB have same topologyKey and label value. NodeA has an existing pod that matches the inter pod affinity rule. The pod can not be scheduled onto nodeA, nodeB, but can be scheduled onto nodeC (NodeC has an existing pod that match the inter pod affinity rule but in different namespace)',
    pod({ namespace: 'ns1', labels: { foo: '123' }, podAntiAffinity: [inT('foo', 'region', ['bar'])] }),
    [on('node-a', { namespace: 'ns1', labels: { foo: 'bar' } }), on('node-c', { namespace: 'ns2', podAntiAffinity: [inT('foo', 'region', ['123'])] })],
    [makeNode('node-a', china), makeNode('node-b', chinaAz1), makeNode('node-c', india)], ['anti', 'anti', 'ok']],
  ["Test existing pod's anti-affinity: if an existing pod has a term with invalid topologyKey, labelSelector of the term is firstly checked, and then topologyKey of the term is also checked",
    pod({ labels: { foo: '' } }), [on('node-a', { podAntiAffinity: [existsT('foo', 'invalid-node-label')] })], hosts('z1', 'z1'), ['ok', 'ok']],
  // upstream's incoming pod carries spec.nodeName nodeA: the NodeName filter rejects nodeB in a real cluster
  ["Test incoming pod's anti-affinity: even if labelSelector matches, we still check if topologyKey matches",
    pod({ nodeName: 'node-a', podAntiAffinity: [existsT('foo', 'invalid-node-label')] }), [on('node-a', { labels: { foo: '' } })], hosts('z1', 'z1'), ['ok', 'NodeName']],
  ["Test existing pod's anti-affinity: incoming pod wouldn't considered as a fit as it violates each existingPod's terms on all nodes",
    pod({ labels: { foo: '', bar: '' } }),
    [on('node-a', { podAntiAffinity: [existsT('foo', 'zone')] }), on('node-a', { podAntiAffinity: [existsT('bar', 'region')] })], hosts('z1', 'z2'), ['existing', 'existing']],
  ["Test incoming pod's anti-affinity: incoming pod wouldn't considered as a fit as it at least violates one anti-affinity rule of existingPod",
    pod({ podAntiAffinity: [existsT('foo', 'zone'), existsT('bar', 'region')] }),
    [on('node-a', { labels: { foo: '' } }), on('node-b', { labels: { bar: '' } })], hosts('z1', 'z2'), ['anti', 'anti']],
  ["Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
    pod({ labels: { foo: '', bar: '' } }), [on('node-a', { podAntiAffinity: [existsT('foo', 'invalid-node-label'), existsT('bar', 'zone')] })], hosts('z1', 'z2'), ['existing', 'ok']],
  ["Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when one term has invalid topologyKey",
    pod({ podAntiAffinity: [existsT('foo', 'invalid-node-label'), existsT('bar', 'zone')] }), [on('node-a', { labels: { foo: '', bar: '' } })], hosts('z1', 'z2'), ['anti', 'ok']],
  ["Test existing pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
    pod({ labels: { foo: '', bar: '' } }), [on('node-a', { podAntiAffinity: [existsT('foo', 'region'), existsT('bar', 'zone')] })], hosts('z1', 'z2'), ['existing', 'existing']],
  ["Test incoming pod's anti-affinity: only when labelSelector and topologyKey both match, it's counted as a single term match - case when all terms have valid topologyKey",
    pod({ podAntiAffinity: [existsT('foo', 'region'), existsT('bar', 'zone')] }), [on('node-a', { labels: { foo: '', bar: '' } })], hosts('z1', 'z2'), ['anti', 'anti']],
  ["Test existing pod's anti-affinity: existingPod on nodeA and nodeB has at least one anti-affinity term matches incoming pod, so incoming pod can only be scheduled to nodeC",
    pod({ labels: { foo: '', bar: '' } }),
    [on('node-a', { podAntiAffinity: [existsT('foo', 'zone'), existsT('labelA', 'zone')] }), on('node-b', { podAntiAffinity: [existsT('bar', 'zone'), existsT('labelB', 'zone')] })],
    hosts('z1', 'z2', 'z3'), ['existing', 'existing', 'ok']],
  ["Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match",
    pod({ podAffinity: [existsT('foo', 'region'), existsT('bar', 'zone')] }), [on('node-a', { labels: { foo: '', bar: '' } })], hosts('z1', 'z1'), ['ok', 'ok']],
  ["Test incoming pod's affinity: firstly check if all affinityTerms match, and then check if all topologyKeys match, and the match logic should be satisfied on the same pod",
    pod({ podAffinity: [existsT('foo', 'region'), existsT('bar', 'zone')] }),
    [on('node-a', { labels: { foo: '' } }), on('node-b', { labels: { bar: '' } })], hosts('z1', 'z2'), ['affinity', 'affinity']],
];
