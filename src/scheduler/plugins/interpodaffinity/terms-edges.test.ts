// The terms InterPodAffinity parses (terms.ts): absent lists, `{}` namespaceSelectors, matchLabelKeys /
// mismatchLabelKeys on existing pods' required anti-affinity, and how a term is described. Each test builds its own
// pods: parsed terms are shared per (terms, namespace) across pods.
import type { Pod } from '../../../core/types';
import { scheduleOn } from '../../../engine/objects';
import { parseAffinityTerms, resolveNamespaces, termMatches } from './terms';
import { makeNode, makePod } from '../../../../test/cluster/builders';

const nodes = () => [makeNode('node-a', { zone: 'z1' }), makeNode('node-b', { zone: 'z2' })];
const rejected = (incoming: Pod, existingPods: Pod[]) => scheduleOn(incoming, nodes(), { existingPods }).rejected.map((v) => `${v.node}: ${v.status?.plugin}`);

describe('parseAffinityTerms / resolveNamespaces', () => {
  test('an absent list has no terms', () => {
    expect(parseAffinityTerms(undefined, 'default', {})).toEqual([]);
  });

  // plugin.go mergeAffinityTermNamespacesIfNotEmpty: an empty namespaceSelector is left as is, selecting every
  // namespace (AffinityTerm.Matches with labels.Everything()), not only the namespaces known to the lister
  test('`{}` stays every namespace, known or not', () => {
    const [t] = parseAffinityTerms([{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } }, namespaceSelector: {} }], 'default', {});
    const resolved = resolveNamespaces(t, new Map([['default', { 'kubernetes.io/metadata.name': 'default' }]]));
    expect(termMatches(resolved, 'unlisted', { app: 'web' }, undefined)).toBe(true);
    expect(termMatches(resolved, 'default', { app: 'db' }, undefined)).toBe(false);
  });
});

// pkg/registry/core/pod/strategy.go mutatePodAffinity: every pod the API server admitted carries the merged selector,
// so an existing pod's required anti-affinity term reads its own labels: two replicas with the same terms repel
// different pods.
describe('existing pods\' required anti-affinity with matchLabelKeys / mismatchLabelKeys (one term list, per-pod labels)', () => {
  test('matchLabelKeys (on the second term): only the replica of the same version repels', () => {
    const terms = [
      { topologyKey: 'zone', labelSelector: { matchLabels: { app: 'terms-edges-never' } } },
      { topologyKey: 'zone', labelSelector: { matchLabels: { app: 'terms-edges-web' } }, matchLabelKeys: ['version'] },
    ];
    const guards = [
      makePod('guard-v1', { nodeName: 'node-a', labels: { app: 'terms-edges-web', version: 'v1' }, podAntiAffinity: terms }),
      makePod('guard-v2', { nodeName: 'node-b', labels: { app: 'terms-edges-web', version: 'v2' }, podAntiAffinity: terms }),
    ];
    expect(rejected(makePod('p', { labels: { app: 'terms-edges-web', version: 'v2' } }), guards)).toEqual(['node-b: InterPodAffinity']);
    expect(rejected(makePod('p', { labels: { app: 'terms-edges-web', version: 'v1' } }), guards)).toEqual(['node-a: InterPodAffinity']);
  });

  test('mismatchLabelKeys alone: a tenant\'s pod repels the other tenants\' pods', () => {
    const terms = [{ topologyKey: 'zone', labelSelector: { matchExpressions: [{ key: 'terms-edges-tenant', operator: 'Exists' }] }, mismatchLabelKeys: ['terms-edges-tenant'] }];
    const guards = [
      makePod('guard-a', { nodeName: 'node-a', labels: { 'terms-edges-tenant': 'a' }, podAntiAffinity: terms }),
      makePod('guard-b', { nodeName: 'node-b', labels: { 'terms-edges-tenant': 'b' }, podAntiAffinity: terms }),
    ];
    expect(rejected(makePod('p', { labels: { 'terms-edges-tenant': 'b' } }), guards)).toEqual(['node-a: InterPodAffinity']);
  });
});

describe('existing pods without a spec (built in code)', () => {
  // RunFilterPluginsWithNominatedPods: a Pending pod nominated to a node counts there for pods of lower or equal
  // priority; one given without a spec has no affinity of its own, and still counts for the incoming pod's terms
  test('a nominated pod without a spec: no terms of its own, still counted for the incoming pod\'s anti-affinity', () => {
    const nominated = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'nom', namespace: 'default', labels: { app: 'terms-edges-nom' } }, status: { phase: 'Pending', nominatedNodeName: 'node-a' } } as Pod;
    const incoming = makePod('p', { labels: { app: 'x' }, podAntiAffinity: [{ labelSelector: { matchLabels: { app: 'terms-edges-nom' } }, topologyKey: 'zone' }] });
    expect(rejected(incoming, [nominated])).toEqual(['node-a: InterPodAffinity']);
  });
});

describe('describeTerm', () => {
  test('listed namespaces are comma-separated', () => {
    const guard = makePod('guard', { nodeName: 'node-a', podAntiAffinity: [{ topologyKey: 'zone', labelSelector: { matchLabels: { app: 'web' } }, namespaces: ['default', 'other'] }] });
    const r = scheduleOn(makePod('p', { labels: { app: 'web' } }), nodes(), { existingPods: [guard] });
    expect(r.rejected.find((v) => v.node === 'node-a')!.status!.details).toEqual([
      'Pod default/guard on node-a has spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0] (topologyKey zone, labelSelector app=web, namespaces [default, other]), which this pod matches, in zone=z1',
    ]);
  });
});
