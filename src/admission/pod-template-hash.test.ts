// A Deployment's pods carry pod-template-hash (pkg/controller/deployment/sync.go getNewReplicaSet: the template's
// controller.ComputeHash, added to the ReplicaSet's selector and its pods' labels). A pod affinity/anti-affinity term
// with matchLabelKeys [pod-template-hash] gets `pod-template-hash In [<hash>]` merged into its labelSelector on create,
// mismatchLabelKeys `NotIn` (pkg/registry/core/pod/strategy.go mutatePodAffinity, applyMatchLabelKeysAndMismatchLabelKeys;
// strategy_test.go "matchLabelKeys are merged into labelSelector with In and mismatchLabelKeys are merged with NotIn");
// a spread constraint's matchLabelKeys is merged the same way (strategy_test.go "matchLabelKeys are merged into
// labelSelector with In", gate MatchLabelKeysInPodTopologySpreadSelectorMerge, or by the scheduler before it). The
// library cannot compute the hash: its Deployment pods carry pod-template-hash `this-revision` (a vowel: never a
// SafeEncodeString hash), and the merged requirement stands for the current revision — the pods it creates, and the
// Deployment's existing pods that carry a pod-template-hash (taken for the current revision).
import { rankNodes, scheduleOn } from '../engine/objects';
import { createdLabels, createdPod } from './create';
import { parseLabelSelector, selectorMatches, withLabelKeys } from '../k8s/label-selector';
import { toSubject } from '../k8s/subject';
import type { KubeObject, Node, Pod } from '../core/types';

const node = (name: string, zone: string): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
} as Node);
const nodes = [node('n0', 'a'), node('n1', 'b')];

const existing = (name: string, app: string, nodeName: string, hash?: string, namespace = 'default'): Pod => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name, namespace, labels: { app, ...(hash ? { 'pod-template-hash': hash } : {}) } },
  spec: { nodeName, containers: [{ name: 'c', image: 'x' }] },
  status: { phase: 'Running' },
} as Pod);

type Term = { labelSelector: object; topologyKey: string; matchLabelKeys?: string[]; mismatchLabelKeys?: string[] };
const web = (affinity: object, topologySpreadConstraints?: object[]): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } },
    spec: { containers: [{ name: 'c', image: 'x' }], affinity, ...(topologySpreadConstraints ? { topologySpreadConstraints } : {}) } } },
} as KubeObject);
const anti = (t: Term) => web({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } });
const affinity = (t: Term) => web({ podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } });
const hostname = 'kubernetes.io/hostname';
const feasible = (w: KubeObject, pods: Pod[]) => scheduleOn(w, nodes, { existingPods: pods }).feasible.map((v) => v.node);

describe('a Deployment\'s pods carry pod-template-hash', () => {
  test('the created pod has the stand-in value, which no real hash can be (rand.SafeEncodeString has no vowels)', () => {
    const pod = createdPod(toSubject(anti({ labelSelector: { matchLabels: { app: 'cache' } }, topologyKey: hostname })));
    expect(pod.metadata?.labels).toEqual({ app: 'web', 'pod-template-hash': 'this-revision' });
    expect(/[aeiou]/.test(pod.metadata!.labels!['pod-template-hash'])).toBe(true);
  });
});

describe('matchLabelKeys [pod-template-hash]: In [<this revision>] merged into the term', () => {
  test('a term selecting another workload\'s pods selects none of them (their hash is not ours)', () => {
    const term = { labelSelector: { matchLabels: { app: 'cache' } }, topologyKey: hostname, matchLabelKeys: ['pod-template-hash'] };
    expect(feasible(anti(term), [existing('cache-1', 'cache', 'n0', '7d9f8c6b5')])).toEqual(['n0', 'n1']);
    // required affinity to them: nothing matches anywhere (and the pod does not match `app=cache` itself)
    const v = scheduleOn(affinity(term), nodes, { existingPods: [existing('cache-1', 'cache', 'n0', '7d9f8c6b5')] });
    expect(v.feasible).toEqual([]);
    expect(v.rejected[0].status?.details?.join('\n')).toContain('labelSelector app=cache,pod-template-hash in (<this revision>)');
    expect(v.rejected[0].status?.details?.join('\n')).toContain('<this revision> is the Deployment\'s pod-template-hash, which the library cannot compute');
    expect(v.rejected[0].status?.details?.join('\n')).toContain('its labels {app=web, pod-template-hash=<this revision>} do not match');
  });

  test('the same Deployment\'s existing pods that carry a pod-template-hash are this revision; those without one are not', () => {
    const term = { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: hostname, matchLabelKeys: ['pod-template-hash'] };
    expect(feasible(anti(term), [existing('web-1', 'web', 'n0', '7d9f8c6b5')])).toEqual(['n1']);
    // a pod with the Deployment's labels but no pod-template-hash is not its ReplicaSet's
    expect(feasible(anti(term), [existing('web-1', 'web', 'n0')])).toEqual(['n0', 'n1']);
    // nor one in another namespace (another Deployment's)
    expect(feasible(anti({ ...term, namespaces: ['team'] } as Term), [existing('web-1', 'web', 'n0', '7d9f8c6b5', 'team')])).toEqual(['n0', 'n1']);
  });

  test('mismatchLabelKeys [pod-template-hash]: NotIn, every pod but this revision\'s', () => {
    const term = { labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['web', 'cache'] }] }, topologyKey: hostname, mismatchLabelKeys: ['pod-template-hash'] };
    expect(feasible(anti(term), [existing('cache-1', 'cache', 'n0', '7d9f8c6b5')])).toEqual(['n1']);
    expect(feasible(anti(term), [existing('web-1', 'web', 'n0', '7d9f8c6b5')])).toEqual(['n0', 'n1']);
  });
});

describe('the stand-in is one Deployment\'s revision', () => {
  test('another Deployment\'s created pods carry the same value, but not its revision', () => {
    const other = { ...web(undefined as never), metadata: { name: 'api', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } } as KubeObject;
    const ours = createdLabels(toSubject(web(undefined as never)));
    const sel = withLabelKeys(parseLabelSelector({ matchExpressions: [{ key: 'app', operator: 'Exists' }] }), ours, ['pod-template-hash']);
    expect(selectorMatches(sel, ours, 'default')).toBe(true);
    expect(selectorMatches(sel, createdLabels(toSubject(other)), 'default')).toBe(false);
  });
});

describe('a spread constraint\'s matchLabelKeys [pod-template-hash]', () => {
  const spreadWeb = web(undefined as never, [{ maxSkew: 1, topologyKey: hostname, whenUnsatisfiable: 'DoNotSchedule',
    labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] }]);

  test('counts this revision\'s pods only: a pod with the Deployment\'s labels and no hash is not counted', () => {
    expect(feasible(spreadWeb, [existing('web-1', 'web', 'n0', '7d9f8c6b5')])).toEqual(['n1']);
    expect(feasible(spreadWeb, [existing('web-1', 'web', 'n0')])).toEqual(['n0', 'n1']);
  });
});

describe('system default spreading: the ReplicaSet\'s selector has pod-template-hash', () => {
  // helper/spread.go DefaultSelector: the owner ReplicaSet's selector, app=web plus pod-template-hash=<hash>
  test('pods with the Deployment\'s labels and no pod-template-hash are not counted', () => {
    const w = web(undefined as never);
    const crowded = [existing('web-1', 'web', 'n0'), existing('web-2', 'web', 'n0'), existing('web-3', 'web', 'n0')];
    const spread = (pods: Pod[]) => rankNodes(w, nodes, { existingPods: pods }).map((s) => [s.node, s.plugins.find((p) => p.plugin === 'PodTopologySpread')?.score]).sort();
    expect(spread(crowded)).toEqual(spread([]));
    const hashed = crowded.map((p) => ({ ...p, metadata: { ...p.metadata, labels: { ...p.metadata!.labels, 'pod-template-hash': '7d9f8c6b5' } } }));
    expect(spread(hashed)).not.toEqual(spread([]));
  });
});
