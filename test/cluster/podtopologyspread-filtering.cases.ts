// The upstream PodTopologySpread Filter tables, shared by the plugin's matcher-level tests
// (src/scheduler/plugins/podtopologyspread/filtering.test.ts) and the engine-level mutation tests
// (src/scheduler/plugins/podtopologyspread/podtopologyspread.test.ts), which run them through schedule() without the matchers.
// pkg/scheduler/framework/plugins/podtopologyspread/filtering_test.go TestSingleConstraint and TestMultipleConstraints
// (kubernetes/kubernetes 01c2588b). Upstream runs the plugin alone; here every filter runs, so where upstream notes
// "in real case, it's false" a row expects the real verdict and the plugin that gives it.
import type { Node, Pod } from '../../src/core/types';
import { barSelector, fooSelector, makeNode, makePod, podsOn, spread } from './builders';

export type Want = 'ok' | 'skew' | 'label' | 'NodeAffinity' | 'TaintToleration';
/** `refused`: the API server refuses the pod (two DoNotSchedule constraints on one topologyKey), so validation is off. */
export type Case = [name: string, pod: Pod, nodes: Node[], existing: Pod[], want: Record<string, Want>, refused?: true];

export const SKEW = "node(s) didn't match pod topology spread constraints";
export const LABEL = "node(s) didn't match pod topology spread constraints (missing required label)";
export const unschedulableTaint = [{ key: 'node.kubernetes.io/unschedulable', value: '', effect: 'NoSchedule' as const }];

export const zoneNode = (name: string, zone: string, extra: Record<string, string> = {}) => makeNode(name, { zone, node: name, ...extra });
export const fourNodes = () => [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2'), zoneNode('node-y', 'zone2')];
export const nodeOnly = (name: string, extra: Record<string, string> = {}, taints?: typeof unschedulableTaint) => makeNode(name, { node: name, ...extra }, taints);
export const foo = { foo: '' };
export const fooBar = { foo: '', bar: '' };
export const p = (labels: Record<string, string>, ...constraints: ReturnType<typeof spread>[]) => makePod('p', { labels, spread: constraints });

// filtering_test.go TestSingleConstraint (case names as upstream)
export const singleConstraint: Case[] = [
  ['no existing pods', p(foo, spread(1, 'zone', fooSelector)), fourNodes(), [],
    { 'node-a': 'ok', 'node-b': 'ok', 'node-x': 'ok', 'node-y': 'ok' }],
  ["no existing pods, incoming pod doesn't match itself", p(foo, spread(1, 'zone', barSelector)), fourNodes(), [],
    { 'node-a': 'ok', 'node-b': 'ok', 'node-x': 'ok', 'node-y': 'ok' }],
  ['existing pods in a different namespace do not count', p(foo, spread(1, 'zone', fooSelector)), fourNodes(),
    [...podsOn('node-a', foo, { namespace: 'ns1' }), makePod('p-b1', { namespace: 'ns2', nodeName: 'node-a', labels: foo }), ...podsOn('node-x node-y', foo)],
    { 'node-a': 'ok', 'node-b': 'ok', 'node-x': 'skew', 'node-y': 'skew' }],
  ['existing pods do not match null selector', p(foo, spread(1, 'zone', undefined)), fourNodes(), podsOn('node-x node-y', foo),
    { 'node-a': 'ok', 'node-b': 'ok', 'node-x': 'ok', 'node-y': 'ok' }],
  ['pods spread across zones as 3/3, all nodes fit', p(foo, spread(1, 'zone', fooSelector)), fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo),
    { 'node-a': 'ok', 'node-b': 'ok', 'node-x': 'ok', 'node-y': 'ok' }],
  ["pods spread across zones as 1/2 due to absence of label 'zone' on node-b", p(foo, spread(1, 'zone', fooSelector)),
    [zoneNode('node-a', 'zone1'), makeNode('node-b', { zon: 'zone1', node: 'node-b' }), zoneNode('node-x', 'zone2'), zoneNode('node-y', 'zone2')],
    podsOn('node-a node-b node-x node-y', foo),
    { 'node-a': 'ok', 'node-b': 'label', 'node-x': 'skew', 'node-y': 'skew' }],
  ["pod cannot be scheduled as all nodes don't have label 'rack'", p(foo, spread(1, 'rack', fooSelector)),
    [zoneNode('node-a', 'zone1'), zoneNode('node-x', 'zone2')], [],
    { 'node-a': 'label', 'node-x': 'label' }],
  ['pods spread across nodes as 2/1/0/3, only node-x fits', p(foo, spread(1, 'node', fooSelector)), fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'skew' }],
  ['pods spread across nodes as 2/1/0/3, maxSkew is 2, node-b and node-x fit', p(foo, spread(2, 'node', fooSelector)), fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo),
    { 'node-a': 'skew', 'node-b': 'ok', 'node-x': 'ok', 'node-y': 'skew' }],
  ["pods spread across nodes as 2/1/0/3, but pod doesn't match itself", p({ bar: '' }, spread(1, 'node', fooSelector)), fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo),
    { 'node-a': 'skew', 'node-b': 'ok', 'node-x': 'ok', 'node-y': 'skew' }],
  // upstream: node-b and node-x "in real case, it's false" — NodeAffinity rejects them first
  ['incoming pod has nodeAffinity, pods spread as 2/~1~/~0~/3, hence node-a fits',
    makePod('p', { labels: foo, spread: [spread(1, 'node', fooSelector)], nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'node', operator: 'In', values: ['node-a', 'node-y'] }] }] } } }),
    fourNodes(), podsOn('node-a:2 node-b:1 node-y:3', foo),
    { 'node-a': 'ok', 'node-b': 'NodeAffinity', 'node-x': 'NodeAffinity', 'node-y': 'skew' }],
  ['terminating Pods should be excluded', p(foo, spread(1, 'node', fooSelector)), [nodeOnly('node-a'), nodeOnly('node-b')],
    [makePod('p-a', { nodeName: 'node-a', labels: foo, terminating: true }), makePod('p-b', { nodeName: 'node-b', labels: foo })],
    { 'node-a': 'ok', 'node-b': 'skew' }],
  ['incoming pod has nodeAffinity, pods spread as 0/~2~/0/1, hence node-a fits',
    makePod('p', { labels: foo, spread: [spread(1, 'zone', fooSelector)], nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'node', operator: 'NotIn', values: ['node-b'] }] }] } } }),
    fourNodes(), podsOn('node-b:2 node-y:1', foo),
    { 'node-a': 'ok', 'node-b': 'NodeAffinity', 'node-x': 'skew', 'node-y': 'skew' }],
  ['pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains < minDomains, then the third node fits',
    p(foo, spread(2, 'node', fooSelector, { minDomains: 4 })), [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-c')], podsOn('node-a:2 node-b:2 node-c:1', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-c': 'ok' }],
  ['pods spread across nodes as 2/2/1, maxSkew is 2, and the number of domains > minDomains, then the all nodes fit',
    p(foo, spread(2, 'node', fooSelector, { minDomains: 2 })), [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-c')], podsOn('node-a:2 node-b:2 node-c:1', foo),
    { 'node-a': 'ok', 'node-b': 'ok', 'node-c': 'ok' }],
  // (ours, filtering.go minMatchNum: `domainsNum < minDomains`) 3 domains with minDomains 3 keep the real minimum 1
  ['(ours) pods spread across nodes as 2/2/1, maxSkew is 2, the number of domains = minDomains: all nodes fit',
    p(foo, spread(2, 'node', fooSelector, { minDomains: 3 })), [nodeOnly('node-a'), nodeOnly('node-b'), nodeOnly('node-c')], podsOn('node-a:2 node-b:2 node-c:1', foo),
    { 'node-a': 'ok', 'node-b': 'ok', 'node-c': 'ok' }],
  ['pods spread across zone as 2/1, maxSkew is 2 and the number of domains < minDomains, then the third and fourth nodes fit',
    p(foo, spread(2, 'zone', fooSelector, { minDomains: 3 })), fourNodes(), podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'ok' }],
  ['pods spread across zone as 2/1, maxSkew is 2 and the number of domains > minDomains, then the all nodes fit',
    p(foo, spread(2, 'zone', fooSelector, { minDomains: 1 })), fourNodes(), podsOn('node-a node-b node-y', foo),
    { 'node-a': 'ok', 'node-b': 'ok', 'node-x': 'ok', 'node-y': 'ok' }],
  // upstream: node-y succeeds only with the NodeAffinity plugin disabled
  ['NodeAffinityPolicy honored with labelSelectors', makePod('p', { labels: foo, nodeSelector: foo, spread: [spread(1, 'node', fooSelector)] }),
    [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y')], podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'NodeAffinity' }],
  ['NodeAffinityPolicy ignored with labelSelectors', makePod('p', { labels: foo, nodeSelector: foo, spread: [spread(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })] }),
    [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y')], podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'NodeAffinity' }],
  ['NodeAffinityPolicy honored with nodeAffinity',
    makePod('p', { labels: foo, spread: [spread(1, 'node', fooSelector)], nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', operator: 'In', values: [''] }] }] } } }),
    [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y')], podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'NodeAffinity' }],
  ['NodeAffinityPolicy ignored with nodeAffinity (upstream names it "NodeAffinityPolicy ignored with labelSelectors" too)',
    makePod('p', { labels: foo, spread: [spread(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })], nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'foo', operator: 'In', values: [''] }] }] } } }),
    [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y')], podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'NodeAffinity' }],
  // upstream: node-y succeeds only with the TaintToleration plugin disabled
  ['NodeTaintsPolicy honored', p(foo, spread(1, 'node', fooSelector, { nodeTaintsPolicy: 'Honor' })),
    [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y', {}, unschedulableTaint)], podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'TaintToleration' }],
  ['NodeTaintsPolicy ignored', p(foo, spread(1, 'node', fooSelector)),
    [nodeOnly('node-a', foo), nodeOnly('node-b', foo), nodeOnly('node-x', foo), nodeOnly('node-y', {}, unschedulableTaint)], podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'TaintToleration' }],
];

// filtering_test.go TestMultipleConstraints
export const multipleConstraints: Case[] = [
  ['two Constraints on zone and node, spreads = [3/3, 2/1/0/3]', p(foo, spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)), fourNodes(),
    podsOn('node-a:2 node-b:1 node-y:3', foo), { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'skew' }],
  ['two Constraints on zone and node, spreads = [3/4, 2/1/0/4]', p(foo, spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)), fourNodes(),
    podsOn('node-a:2 node-b:1 node-y:4', foo), { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'skew', 'node-y': 'skew' }],
  ['Constraints hold different labelSelectors, spreads = [1/0, 1/0/0/1]', p(fooBar, spread(1, 'zone', fooSelector), spread(1, 'node', barSelector)), fourNodes(),
    [...podsOn('node-a', foo), ...podsOn('node-y', { bar: '' })], { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'skew' }],
  ['Constraints hold different labelSelectors, spreads = [1/0, 0/0/1/1]', p(fooBar, spread(1, 'zone', fooSelector), spread(1, 'node', barSelector)), fourNodes(),
    [...podsOn('node-a', foo), ...podsOn('node-x node-y', { bar: '' })], { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'skew', 'node-y': 'skew' }],
  ['Constraints hold different labelSelectors, spreads = [2/3, 1/0/0/1]', p(fooBar, spread(1, 'zone', fooSelector), spread(1, 'node', barSelector)), fourNodes(),
    [makePod('p-a1', { nodeName: 'node-a', labels: foo }), makePod('p-a2', { nodeName: 'node-a', labels: fooBar }),
      makePod('p-y1', { nodeName: 'node-y', labels: foo }), makePod('p-y2', { nodeName: 'node-y', labels: fooBar }), makePod('p-y3', { nodeName: 'node-y', labels: foo })],
    { 'node-a': 'skew', 'node-b': 'ok', 'node-x': 'skew', 'node-y': 'skew' }],
  ["Constraints hold different labelSelectors but pod doesn't match itself on 'zone' constraint", p({ bar: '' }, spread(1, 'zone', fooSelector), spread(1, 'node', barSelector)), fourNodes(),
    [...podsOn('node-a', foo), ...podsOn('node-x node-y', { bar: '' })], { 'node-a': 'ok', 'node-b': 'ok', 'node-x': 'skew', 'node-y': 'skew' }],
  ["two Constraints on zone and node, absence of label 'node' on node-x, spreads = [1/1, 1/0/0/1]", p(foo, spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)),
    [zoneNode('node-a', 'zone1'), zoneNode('node-b', 'zone1'), makeNode('node-x', { zone: 'zone2' }), zoneNode('node-y', 'zone2')], podsOn('node-a node-y', foo),
    { 'node-a': 'skew', 'node-b': 'ok', 'node-x': 'label', 'node-y': 'skew' }],
  // upstream: node-y is rejected by the spread check; here NodeAffinity (nodeSelector foo) rejects it first
  ['two node inclusion Constraints, zone: honor/ignore, node: ignore/ignore',
    makePod('p', { labels: foo, nodeSelector: foo, spread: [spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })] }),
    [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1', foo), zoneNode('node-x', 'zone2', foo), zoneNode('node-y', 'zone2')], podsOn('node-a node-b node-y', foo),
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'NodeAffinity' }],
  ['two node inclusion Constraints, zone: honor/honor, node: honor/ignore',
    p(foo, spread(1, 'zone', fooSelector, { nodeTaintsPolicy: 'Honor' }), spread(1, 'node', fooSelector)),
    [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1', foo), zoneNode('node-x', 'zone2', foo), makeNode('node-y', { zone: 'zone2', node: 'node-y' }, unschedulableTaint)],
    podsOn('node-a node-b node-y', foo), { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'TaintToleration' }],
  // upstream: node-b passes the spread check; here NodeAffinity (nodeSelector foo) rejects it
  ['two node inclusion Constraints, zone: honor/ignore, node: honor/ignore',
    makePod('p', { labels: foo, nodeSelector: foo, spread: [spread(1, 'zone', fooSelector), spread(1, 'node', fooSelector)] }),
    [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2', foo), makeNode('node-y', { zone: 'zone2', node: 'node-y', foo: '' }, unschedulableTaint)],
    podsOn('node-a node-b node-y', foo), { 'node-a': 'skew', 'node-b': 'NodeAffinity', 'node-x': 'ok', 'node-y': 'TaintToleration' }],
  ['two node inclusion Constraints, zone: honor/honor, node: ignore/ignore',
    makePod('p', { labels: foo, nodeSelector: foo, spread: [spread(1, 'zone', fooSelector, { nodeTaintsPolicy: 'Honor' }), spread(1, 'node', fooSelector, { nodeAffinityPolicy: 'Ignore' })] }),
    [zoneNode('node-a', 'zone1', foo), zoneNode('node-b', 'zone1'), zoneNode('node-x', 'zone2', foo), makeNode('node-y', { zone: 'zone2', node: 'node-y', foo: '' }, unschedulableTaint)],
    podsOn('node-a node-b node-y', foo), { 'node-a': 'skew', 'node-b': 'NodeAffinity', 'node-x': 'ok', 'node-y': 'TaintToleration' }],
  ['two Constraints on zone, spreads = [3/3, 2/1]', p(fooBar, spread(1, 'zone', barSelector), spread(1, 'zone', fooSelector)), fourNodes(),
    [makePod('p-a1', { nodeName: 'node-a', labels: fooBar }), makePod('p-a2', { nodeName: 'node-a', labels: foo }), makePod('p-b1', { nodeName: 'node-b', labels: fooBar }),
      makePod('p-y1', { nodeName: 'node-y', labels: foo }), makePod('p-y2', { nodeName: 'node-y', labels: fooBar }), makePod('p-y3', { nodeName: 'node-y', labels: foo })],
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'ok', 'node-y': 'ok' }, true],
  ['two Constraints on zone, spreads = [3/4, 2/1]', p(fooBar, spread(1, 'zone', barSelector), spread(1, 'zone', fooSelector)), fourNodes(),
    [makePod('p-a1', { nodeName: 'node-a', labels: fooBar }), makePod('p-a2', { nodeName: 'node-a', labels: foo }), makePod('p-b1', { nodeName: 'node-b', labels: fooBar }),
      makePod('p-y1', { nodeName: 'node-y', labels: foo }), makePod('p-y2', { nodeName: 'node-y', labels: fooBar }), makePod('p-y3', { nodeName: 'node-y', labels: foo }),
      makePod('p-y4', { nodeName: 'node-y', labels: foo })],
    { 'node-a': 'skew', 'node-b': 'skew', 'node-x': 'skew', 'node-y': 'skew' }, true],
];
