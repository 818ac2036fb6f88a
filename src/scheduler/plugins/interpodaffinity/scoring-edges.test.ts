// InterPodAffinity Score (scoring.ts) at its edges: which namespaces the incoming pod's preferred terms select.
// Each test builds its own nodes, pods and namespaces.
import type { KubeObject, Pod } from '../../../core/types';
import type { PodAffinityTerm } from 'kubernetes-types/core/v1';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { normalize, preScore, score } from './scoring';
import { scoreCluster } from '../../score-cluster';
import { makeNode, makePod } from '../../../../test/cluster/builders';

const namespace = (name: string, labels: Record<string, string> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { 'kubernetes.io/metadata.name': name, ...labels } } }) as KubeObject;
const preferring = (t: PodAffinityTerm) => {
  const p = makePod('p', { labels: { app: 'web' } });
  return { ...p, spec: { ...p.spec, affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: t }] } } } } as Pod;
};
function raw(incoming: Pod, existing: Pod[], namespaces: KubeObject[]) {
  const cluster = scoreCluster([makeNode('node-a', { zone: 'z1' }), makeNode('node-b', { zone: 'z2' })], existing, namespaces);
  const s = preScore(podInfo(toSubject(incoming)), cluster);
  return s && cluster.nodes.map((n) => score(s, n));
}

// framework/types.go newAffinityTerm / getNamespacesFromPodAffinityTerm: the pod's own namespace is added only when
// the term lists no namespaces and has no namespaceSelector
test('a namespaceSelector without namespaces does not add the pod\'s own namespace', () => {
  const t: PodAffinityTerm = { topologyKey: 'zone', labelSelector: { matchLabels: { app: 'db' } }, namespaceSelector: { matchLabels: { team: 'team1' } } };
  const existing = [makePod('db-own', { nodeName: 'node-a', labels: { app: 'db' } }), makePod('db-team1', { nodeName: 'node-b', namespace: 'team1-ns', labels: { app: 'db' } })];
  expect(raw(preferring(t), existing, [namespace('default'), namespace('team1-ns', { team: 'team1' })])).toEqual([0, 5]);
});

// plugin.go mergeAffinityTermNamespacesIfNotEmpty leaves an empty namespaceSelector as it is: every namespace
test('namespaceSelector {} selects every namespace, with or without its Namespace object', () => {
  const t: PodAffinityTerm = { topologyKey: 'zone', labelSelector: { matchLabels: { app: 'db' } }, namespaceSelector: {} };
  const existing = [makePod('db-known', { nodeName: 'node-a', namespace: 'known', labels: { app: 'db' } }), makePod('db-lonely', { nodeName: 'node-b', namespace: 'lonely', labels: { app: 'db' } })];
  expect(raw(preferring(t), existing, [namespace('default'), namespace('known')])).toEqual([5, 5]);
});

// scoring.go NormalizeScore: min and max over the candidates' scores
test('NormalizeScore: the lowest score is 0 and the highest 100, wherever they are', () => {
  expect(normalize([7, -2, 3])).toEqual([100, 0, 55]);
  expect(normalize([-2, 7, 3])).toEqual([0, 100, 55]);
});
