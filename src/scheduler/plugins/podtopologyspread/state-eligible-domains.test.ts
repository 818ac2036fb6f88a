// Which domains each pod's PreFilter counts, for several pods over one snapshot (filtering.go calPreFilterState with
// common.go matchNodeInclusionPolicies, called once per pod). state.ts works the eligible nodes out once per snapshot
// for the pods whose constraints read nothing of the pod (nodeTaintsPolicy Ignore, and nodeAffinityPolicy Ignore or
// no nodeSelector and required node affinity): whatever pods came before, each pod gets its own answer.
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { podInfo } from '../../framework';
import { buildSnapshot } from '../../snapshot';
import { podsByNode } from '../../index';
import { preFilterState } from './state';
import { makeNode, makePod, spread } from '../../../../test/cluster/builders';

const app = { app: 'web' };
const selector = { matchLabels: app };
const nodeIn = (key: string, values: string[]) =>
  ({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'In', values }] }] } });

/** Each pod's eligible domains per constraint, the pods asked in turn over one snapshot of `nodes`. */
function domainsInTurn(nodes: Node[], pods: Pod[]): string[][][] {
  const snapshot = buildSnapshot(nodes, podsByNode([]));
  return pods.map((pod) => preFilterState(podInfo(toSubject(pod)), snapshot)!.counts.map((c) => [...c].map(([d]) => d)));
}

describe('each pod\'s eligible domains over one snapshot', () => {
  const zoned = () => [makeNode('n1', { zone: 'z1', node: 'n1' }), makeNode('n2', { zone: 'z1', node: 'n2' }), makeNode('n3', { zone: 'z2', node: 'n3' })];

  test('pods spreading over different topologyKeys', () => {
    const byZone = makePod('by-zone', { labels: app, spread: [spread(1, 'zone', selector)] });
    const byNode = makePod('by-node', { labels: app, spread: [spread(1, 'node', selector)] });
    expect(domainsInTurn(zoned(), [byZone, byNode, byZone])).toEqual([[['z1', 'z2']], [['n1', 'n2', 'n3']], [['z1', 'z2']]]);
  });

  test('topologyKeys that read alike when run together (ab + c, a + bc)', () => {
    const nodes = ['n1', 'n2'].map((n) => makeNode(n, { a: `a-${n}`, ab: `ab-${n}`, bc: `bc-${n}`, c: `c-${n}` }));
    const first = makePod('first', { labels: app, spread: [spread(1, 'ab', selector), spread(1, 'c', selector)] });
    const second = makePod('second', { labels: app, spread: [spread(1, 'a', selector), spread(1, 'bc', selector)] });
    expect(domainsInTurn(nodes, [first, second])).toEqual([
      [['ab-n1', 'ab-n2'], ['c-n1', 'c-n2']],
      [['a-n1', 'a-n2'], ['bc-n1', 'bc-n2']],
    ]);
  });

  test('required node affinity (nodeAffinityPolicy Honor) narrows each pod\'s domains to the nodes it matches', () => {
    // filtering_test.go TestPreFilterState "NodeAffinityPolicy honored with nodeAffinity" / "... ignored ..."
    const nodes = [makeNode('n1', { zone: 'z1', tier: 'db' }), makeNode('n2', { zone: 'z2', tier: 'web' }), makeNode('n3', { zone: 'z3', tier: 'web' })];
    const plain = makePod('plain', { labels: app, spread: [spread(1, 'zone', selector)] });
    const toDb = makePod('to-db', { labels: app, nodeAffinity: nodeIn('tier', ['db']), spread: [spread(1, 'zone', selector)] });
    const toWeb = makePod('to-web', { labels: app, nodeAffinity: nodeIn('tier', ['web']), spread: [spread(1, 'zone', selector)] });
    const ignoring = makePod('ignoring', { labels: app, nodeAffinity: nodeIn('tier', ['db']), spread: [spread(1, 'zone', selector, { nodeAffinityPolicy: 'Ignore' })] });
    const bySelector = makePod('by-selector', { labels: app, nodeSelector: { tier: 'web' }, spread: [spread(1, 'zone', selector)] });
    expect(domainsInTurn(nodes, [plain, toDb, toWeb, ignoring, bySelector, toDb, plain])).toEqual([
      [['z1', 'z2', 'z3']], [['z1']], [['z2', 'z3']], [['z1', 'z2', 'z3']], [['z2', 'z3']], [['z1']], [['z1', 'z2', 'z3']],
    ]);
  });

  test('nodeTaintsPolicy Honor leaves out the nodes whose taints each pod does not tolerate', () => {
    // filtering_test.go TestPreFilterState "NodeTaintsPolicy honored" / "... with tolerated taints" / "... ignored"
    const nodes = [makeNode('n1', { zone: 'z1' }, [{ key: 'dedicated', value: 'x', effect: 'NoSchedule' }]), makeNode('n2', { zone: 'z2' })];
    const honor = (name: string): Pod => makePod(name, { labels: app, spread: [spread(1, 'zone', selector, { nodeTaintsPolicy: 'Honor' })] });
    const intolerant = honor('intolerant');
    const tolerant = honor('tolerant');
    tolerant.spec!.tolerations = [{ key: 'dedicated', operator: 'Equal', value: 'x', effect: 'NoSchedule' }];
    const ignoring = makePod('ignoring', { labels: app, spread: [spread(1, 'zone', selector)] });
    expect(domainsInTurn(nodes, [intolerant, tolerant, ignoring, intolerant])).toEqual([[['z2']], [['z1', 'z2']], [['z1', 'z2']], [['z2']]]);
  });
});
