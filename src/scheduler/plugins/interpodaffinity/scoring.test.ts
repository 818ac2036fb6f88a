// pkg/scheduler/framework/plugins/interpodaffinity/scoring_test.go TestPreferredAffinity, through scoreNodes (every
// node is a candidate). The two "invalid … fails PreScore" rows are left out: upstream aborts the cycle with an Error
// for a label value the API server already refuses; here such a list is dropped.
import type { KubeObject, Node, Pod } from '../../../core/types';
import { nodeInfo, podInfo } from '../../framework';
import { toSubject } from '../../../k8s/subject';
import { scoreNodes } from '../../score';
import { scoreCluster } from '../../score-cluster';

const sel = (...exprs: Array<[string, string, string[]?]>) => ({ matchExpressions: exprs.map(([key, operator, values]) => ({ key, operator, ...(values ? { values } : {}) })) });
const term = (weight: number, topologyKey: string, labelSelector: object, extra: object = {}) => ({ weight, podAffinityTerm: { labelSelector, topologyKey, ...extra } });
const teamSelector = { namespaces: ['subteam2.team2'], namespaceSelector: sel(['team', 'In', ['team1']]) };

const stayWithS1InRegion = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'region', sel(['security', 'In', ['S1']]))] } };
const stayWithS2InRegion = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(6, 'region', sel(['security', 'In', ['S2']]))] } };
const affinity3 = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
  term(8, 'region', sel(['security', 'NotIn', ['S1']], ['security', 'In', ['S2']])),
  term(2, 'region', sel(['security', 'Exists'], ['wrongkey', 'DoesNotExist'])),
] } };
const hardAffinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [
  { labelSelector: sel(['security', 'In', ['S1', 'value2']]), topologyKey: 'region' },
  { labelSelector: sel(['security', 'Exists'], ['wrongkey', 'DoesNotExist']), topologyKey: 'region' },
] } };
const awayFromS1InAz = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'az', sel(['security', 'In', ['S1']]))] } };
const awayFromS2InAz = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'az', sel(['security', 'In', ['S2']]))] } };
const stayWithS1InRegionAwayFromS2InAz = {
  podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(8, 'region', sel(['security', 'In', ['S1']]))] },
  podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'az', sel(['security', 'In', ['S2']]))] },
};
const affinityNamespaceSelector = { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'region', sel(['security', 'In', ['S1']]), teamSelector)] } };
const antiAffinityNamespaceSelector = { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [term(5, 'region', sel(['security', 'In', ['S1']]), teamSelector)] } };

const namespaces: KubeObject[] = [['subteam1.team1', 'team1'], ['subteam2.team1', 'team1'], ['subteam1.team2', 'team2'], ['subteam2.team2', 'team2']]
  .map(([name, team]) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, labels: { team } } }));

const S1 = { security: 'S1' };
const S2 = { security: 'S2' };
const China = { region: 'China' };
const India = { region: 'India' };
const Az1 = { az: 'az1' };
const Az2 = { az: 'az2' };
const ChinaAz1 = { region: 'China', az: 'az1' };

let seq = 0;
function pod(labels: Record<string, string> | undefined, affinity?: object, nodeName?: string, namespace?: string): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: `p${seq++}`, ...(namespace ? { namespace } : {}), ...(labels ? { labels } : {}) },
    spec: { containers: [{ name: 'c', image: 'x' }], ...(affinity ? { affinity } : {}), ...(nodeName ? { nodeName } : {}) } as never,
  };
}
const on = (nodeName: string, labels?: Record<string, string>, affinity?: object, namespace?: string) => pod(labels, affinity, nodeName, namespace);
const nodes = (...labels: Array<Record<string, string>>): Node[] => labels.map((l, i) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `node${i + 1}`, labels: l } }));

function ipa(incoming: Pod, ns: Node[], existing: Pod[]) {
  const s = scoreNodes(podInfo(toSubject(incoming)), ns.map(nodeInfo), scoreCluster(ns, existing, namespaces));
  return s.map((n) => n.plugins.find((p) => p.plugin === 'InterPodAffinity')?.score ?? 'skipped');
}

test.each([
  ['all nodes are same priority as Affinity is nil', pod(S1), [], nodes(China, India, Az1), ['skipped', 'skipped', 'skipped']],
  ['Affinity: pod that matches topology key & pods in nodes will get high score comparing to others', pod(S1, stayWithS1InRegion),
    [on('node1', S1), on('node2', S2), on('node3', S1)], nodes(China, India, Az1), [100, 0, 0]],
  ['All the nodes that have the same topology key & label value with one of them has an existing pod that match the affinity rules, have the same score', pod(undefined, stayWithS1InRegion),
    [on('node1', S1)], nodes(China, ChinaAz1, India), [100, 100, 0]],
  ['Affinity: nodes in one region has more matching pods comparing to other region, so the region which has more matches will get high score', pod(S1, stayWithS2InRegion),
    [on('node1', S2), on('node1', S2), on('node2', S2), on('node3', S2), on('node4', S2), on('node5', S2)], nodes(China, India, China, China, India), [100, 0, 100, 100, 0]],
  ['Affinity: different Label operators and values for pod affinity scheduling preference, including some match failures', pod(S1, affinity3),
    [on('node1', S1), on('node2', S2), on('node3', S1)], nodes(China, India, Az1), [20, 100, 0]],
  ['Affinity symmetry: considered only the preferredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry', pod(S2),
    [on('node1', S1, stayWithS1InRegion), on('node2', S2, stayWithS2InRegion)], nodes(China, India, Az1), [0, 100, 0]],
  ['Affinity symmetry with namespace selector', pod(S1, undefined, undefined, 'subteam1.team1'),
    [on('node1', S1, affinityNamespaceSelector), on('node2', S2, stayWithS2InRegion)], nodes(China, India, Az1), [100, 0, 0]],
  ['AntiAffinity symmetry with namespace selector', pod(S1, undefined, undefined, 'subteam1.team1'),
    [on('node1', S1, antiAffinityNamespaceSelector), on('node2', S2, stayWithS2InRegion)], nodes(China, India, Az1), [0, 100, 100]],
  ['Affinity symmetry: considered RequiredDuringSchedulingIgnoredDuringExecution in pod affinity symmetry', pod(S1),
    [on('node1', S1, hardAffinity), on('node2', S2, hardAffinity)], nodes(China, India, Az1), [100, 100, 0]],
  ['Anti Affinity: pod that does not match existing pods in node will get high score', pod(S1, awayFromS1InAz),
    [on('node1', S1), on('node2', S2)], nodes(Az1, China), [0, 100]],
  ['Anti Affinity: pod that does not match topology key & match the pods in nodes will get higher score comparing to others', pod(S1, awayFromS1InAz),
    [on('node1', S1), on('node2', S1)], nodes(Az1, China), [0, 100]],
  ['Anti Affinity: one node has more matching pods comparing to other node, so the node which has more unmatches will get high score', pod(S1, awayFromS1InAz),
    [on('node1', S1), on('node1', S1), on('node2', S2)], nodes(Az1, India), [0, 100]],
  ['Anti Affinity symmetry: the existing pods in node which has anti affinity match will get high score', pod(S2),
    [on('node1', S1, awayFromS2InAz), on('node2', S2, awayFromS1InAz)], nodes(Az1, Az2), [0, 100]],
  ['Affinity and Anti Affinity: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity', pod(S1, stayWithS1InRegionAwayFromS2InAz),
    [on('node1', S1), on('node2', S1)], nodes(China, Az1), [100, 0]],
  ['Affinity and Anti Affinity: considering both affinity and anti-affinity, the pod to schedule and existing pods have the same labels', pod(S1, stayWithS1InRegionAwayFromS2InAz),
    [on('node1', S1), on('node1', S1), on('node2', S1), on('node3', S1), on('node3', S1), on('node4', S1), on('node5', S1)], nodes(ChinaAz1, India, China, China, India), [100, 0, 100, 100, 0]],
  ['Affinity and Anti Affinity and symmetry: considered only preferredDuringSchedulingIgnoredDuringExecution in both pod affinity & anti affinity & symmetry', pod(S1, stayWithS1InRegionAwayFromS2InAz),
    [on('node1', S1), on('node2', S2), on('node3', undefined, stayWithS1InRegionAwayFromS2InAz), on('node4', undefined, awayFromS1InAz)], nodes(China, Az1, India, Az2), [100, 0, 100, 0]],
  ['Avoid panic when partial nodes in a topology don\'t have pods with affinity', pod(S1),
    [on('node1', S1), on('node2', undefined, stayWithS1InRegionAwayFromS2InAz)], nodes(China, China), [0, 0]],
] as Array<[string, Pod, Pod[], Node[], Array<number | string>]>)('%s', (_name, incoming, existing, ns, want) => {
  expect(ipa(incoming, ns, existing)).toEqual(want);
});
