// A DaemonSet's pod is pinned to its node: the DaemonSet controller replaces its required node affinity with
// `metadata.name In [<node>]` (pkg/controller/daemon/util/daemonset_util.go ReplaceDaemonSetPodNodeNameNodeAffinity,
// daemon_controller.go syncNodes), so PodTopologySpread with nodeAffinityPolicy Honor (the default) counts that
// node's domain only (podtopologyspread/common.go matchNodeInclusionPolicies, filtering.go calPreFilterState). The
// oracle's e2e witness (formerly the known deviation daemonset-spread-over-template-affinity): upstream fits the pod
// on both nodes, whatever the other node holds.
import { placeReplicas } from '../../../placement/place';
import { scheduleMatrix } from '../../matrix';
import { scheduleOn, schedulingVerdict } from '../../../engine/objects';
import type { Node, Pod } from '../../../core/types';
import { failure } from '../../../../test/fixtures';

const node = (name: string): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': 'z1' } },
  status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } },
});
const nodes = [node('n0'), node('n1')];
const spread = (extra: Record<string, unknown> = {}) => [
  { maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, ...extra },
];
const daemonSet = (constraints = spread()) => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet' as const, metadata: { name: 'web', namespace: 'default' },
  spec: {
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' } },
      spec: { containers: [{ name: 'app', image: 'nginx:1.27' }], nodeSelector: { 'topology.kubernetes.io/zone': 'z1' }, topologySpreadConstraints: constraints },
    },
  },
});
// an earlier pod of the app on n0 (e.g. the DaemonSet's own, of an older revision)
const old: Pod = {
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-old', namespace: 'default', labels: { app: 'web' } },
  spec: { nodeName: 'n0', containers: [{ name: 'c', image: 'x' }] }, status: { phase: 'Running' },
};

describe('a DaemonSet\'s topology spread counts the node its pod is pinned to (nodeAffinityPolicy Honor)', () => {
  test('its pod fits n0 beside the older pod: n0 is the only eligible domain (skew 1)', () => {
    const result = scheduleOn(daemonSet(), nodes, { existingPods: [old] });
    expect(result.feasible.map((v) => v.node)).toEqual(['n0', 'n1']);
    expect(schedulingVerdict(daemonSet(), nodes[0], [old], { nodes }).feasible).toBe(true);
    expect(() => expect(daemonSet()).toBeSchedulableOn(nodes[0], { nodes, existingPods: [old] })).not.toThrow();
  });

  test('the matrix agrees, node by node', () => {
    const matrix = scheduleMatrix([daemonSet()], nodes, { existingPods: [old] });
    expect([matrix.code(0, 0), matrix.code(0, 1)]).toEqual([0, 0]);
  });

  test('its replicas: one pod per node, n0 included', () => {
    const placement = placeReplicas(daemonSet(), nodes, { existingPods: [old] });
    expect(placement.pods.map((p) => [p.name, p.node])).toEqual([['web-n0', 'n0'], ['web-n1', 'n1']]);
  });

  test('minDomains counts the one pinned domain: the pod on n0 is refused, and the message says why', () => {
    // one eligible domain < minDomains 2: the global minimum is 0, so n0 (1 matching pod) gives skew 2
    const ds = daemonSet(spread({ minDomains: 2 }));
    const msg = failure(() => expect(ds).toBeSchedulableOn(nodes[0], { nodes, existingPods: [old] }));
    expect(msg).toContain('kubernetes.io/hostname: n0 1 (min 0: 1 eligible domain(s) < minDomains 2)');
    expect(msg).toContain('a DaemonSet\'s pod is pinned to its node (the controller sets its required node affinity to metadata.name In [n0]), so only node n0 counts');
    expect(scheduleOn(ds, nodes, { existingPods: [old] }).feasible.map((v) => v.node)).toEqual(['n1']);
  });

  test('nodeAffinityPolicy Ignore counts every node, as before', () => {
    const ds = daemonSet(spread({ nodeAffinityPolicy: 'Ignore' }));
    expect(scheduleOn(ds, nodes, { existingPods: [old] }).feasible.map((v) => v.node)).toEqual(['n1']);
  });
});
