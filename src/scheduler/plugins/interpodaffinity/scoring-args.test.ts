// InterPodAffinity's Score with configured arguments (InterPodAffinityArgs hardPodAffinityWeight,
// ignorePreferredTermsOfExistingPods; scoring.go PreScore, processExistingPod), run under withProfile({ pluginArgs }).
// Upstream's rows: scoring_test.go TestPreferredAffinityWithHardPodAffinitySymmetricWeight and TestPreferredAffinity's
// "Ignore preferred terms of existing pods" / "Do not ignore preferred terms of existing pods", the same at
// v1.33.13–v1.37.2.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { nodeInfo, podInfo } from '../../framework';
import { toSubject } from '../../../k8s/subject';
import { scoreNodes } from '../../score';
import { scoreCluster } from '../../score-cluster';
import { withProfile } from '../../profile';
import { DEFAULT_PLUGIN_ARGS, type PluginArgs } from '../../plugin-args';

const args = (hardPodAffinityWeight: number, ignorePreferredTermsOfExistingPods = false): PluginArgs =>
  ({ ...DEFAULT_PLUGIN_ARGS, InterPodAffinity: { hardPodAffinityWeight, ignorePreferredTermsOfExistingPods } });
const namespaces: KubeObject[] = [['subteam1.team1', 'team1'], ['subteam2.team1', 'team1'], ['subteam1.team2', 'team2'], ['subteam2.team2', 'team2']]
  .map(([name, team]) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { team } } }));
let seq = 0;
const pod = (labels: Record<string, string> | undefined, affinity?: object, nodeName?: string, namespace?: string): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${seq++}`, ...(namespace ? { namespace } : {}), ...(labels ? { labels } : {}) },
  spec: { containers: [{ name: 'c', image: 'x' }], ...(affinity ? { affinity } : {}), ...(nodeName ? { nodeName } : {}) } as never,
});
const nodes = (...labels: Array<Record<string, string>>): Node[] => labels.map((l, i) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `node${i + 1}`, labels: l } }));
function ipa(pluginArgs: PluginArgs, incoming: Pod, ns: Node[], existing: Pod[]) {
  return withProfile({ pluginArgs }, () => scoreNodes(podInfo(toSubject(incoming)), ns.map(nodeInfo), scoreCluster(ns, existing, namespaces))
    .map((n) => n.plugins.find((p) => p.plugin === 'InterPodAffinity')?.score ?? 'skipped'));
}
const China = { region: 'China' }, India = { region: 'India' }, Az1 = { az: 'az1' };

describe('TestPreferredAffinityWithHardPodAffinitySymmetricWeight', () => {
  // "" in upstream's namespaces is the default namespace of a pod without one
  const hardPodAffinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{
    labelSelector: { matchExpressions: [{ key: 'service', operator: 'In', values: ['S1'] }] },
    namespaces: ['default', 'subteam2.team2'],
    namespaceSelector: { matchExpressions: [{ key: 'team', operator: 'In', values: ['team1'] }] },
    topologyKey: 'region',
  }] } };
  const S1 = { service: 'S1' };
  const existing = () => [pod(undefined, hardPodAffinity, 'node1'), pod(undefined, hardPodAffinity, 'node2')];
  test.each<[string, Pod, number, Array<number | string>]>([
    ['with default weight', pod(S1), 1, [100, 100, 0]],
    ['with zero weight', pod(S1), 0, ['skipped', 'skipped', 'skipped']],
    ['with no matching namespace', pod(S1, undefined, undefined, 'subteam1.team2'), 1, ['skipped', 'skipped', 'skipped']],
    ['with matching NamespaceSelector', pod(S1, undefined, undefined, 'subteam1.team1'), 1, [100, 100, 0]],
    ['with matching Namespaces', pod(S1, undefined, undefined, 'subteam2.team2'), 1, [100, 100, 0]],
  ])('%s', (_name, incoming, weight, want) => {
    expect(ipa(args(weight), incoming, nodes(China, India, Az1), existing())).toEqual(want);
  });
  test('the weight scales the required terms against preferred ones (hand-worked: 10 × 1 against a preferred 5)', () => {
    // node1's existing pod requires the incoming pod (+hardPodAffinityWeight in China); node2's prefers it (+5 in India)
    const prefers = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5, podAffinityTerm: { labelSelector: { matchLabels: S1 }, topologyKey: 'region' } }] } };
    const requires = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: S1 }, topologyKey: 'region' }] } };
    const cluster = [pod(undefined, requires, 'node1'), pod(undefined, prefers, 'node2')];
    expect(ipa(DEFAULT_PLUGIN_ARGS, pod(S1), nodes(China, India), cluster)).toEqual([0, 100]);
    expect(ipa(args(10), pod(S1), nodes(China, India), cluster)).toEqual([100, 0]);
  });
});

describe('TestPreferredAffinity: ignorePreferredTermsOfExistingPods', () => {
  const term = (weight: number, topologyKey: string, values: string[]) => ({ weight, podAffinityTerm: { labelSelector: { matchExpressions: [{ key: 'security', operator: 'In', values }] }, topologyKey } });
  const stayWithS1InRegionAwayFromS2InAz = {
    podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(8, 'region', ['S1'])] },
    podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'az', ['S2'])] },
  };
  const stayWithS2InRegion = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(6, 'region', ['S2'])] } };
  const existing = () => [pod({ security: 'S1' }, stayWithS1InRegionAwayFromS2InAz, 'node1'), pod({ security: 'S2' }, stayWithS2InRegion, 'node2')];
  test('Ignore preferred terms of existing pods: Skip', () => {
    expect(ipa(args(1, true), pod({ security: 'S2' }), nodes(China, India), existing())).toEqual(['skipped', 'skipped']);
  });
  test('Do not ignore preferred terms of existing pods', () => {
    expect(ipa(args(1, false), pod({ security: 'S2' }), nodes(China, India), existing())).toEqual([0, 100]);
  });
  test('a pod with preferred terms of its own still reads the existing pods\' terms when ignoring is on (hasConstraints)', () => {
    const own = pod({ security: 'S2' }, { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(1, 'region', ['nobody'])] } });
    expect(ipa(args(1, true), own, nodes(China, India), existing())).toEqual([0, 100]);
  });
});
