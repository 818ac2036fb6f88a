// Services as a cluster input: PodTopologySpread's system default constraints (hostname maxSkew 3, zone maxSkew 5,
// ScheduleAnyway) select pods by DefaultSelector(pod), the selectors of the Services in the pod's namespace that
// select it, merged, with its RC/RS/StatefulSet owner's requirements added (pkg/scheduler/framework/plugins/helper/
// spread.go DefaultSelector, GetPodServices: a Service without a selector selects nothing). Formerly the e2e oracle's
// known deviation services-not-read; its witness (a bare Pod a Service selects) is frozen in
// test/fixtures/oracle-regressions-e2e.json.
import { parseManifests } from '../../../loader';
import { placeReplicas } from '../../../placement/place';
import { rankNodes } from '../../../engine/objects';
import type { KubeObject, Node, Pod } from '../../../core/types';

const node = (name: string, zone: string): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const nodes = [node('n0', 'a'), node('n1', 'b')];
const web: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
const running = (name: string, on: string, labels: Record<string, string>): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { nodeName: on, containers: [{ name: 'c', image: 'nginx' }] }, status: { phase: 'Running' },
});
const service = (selector: Record<string, string> | undefined, namespace = 'default'): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace }, spec: selector ? { selector } : {} }) as KubeObject;
const existingPods = [running('web-a', 'n0', { app: 'web' })];
const spreadScore = (scores: ReturnType<typeof rankNodes>, n: string) => scores.find((s) => s.node === n)!.plugins.find((p) => p.plugin === 'PodTopologySpread')?.score;

describe('PodTopologySpread\'s system defaults select by the Services that select the pod', () => {
  test('a bare Pod a Service selects is spread from the pods the Service selects', () => {
    const scores = rankNodes(web, nodes, { existingPods, services: [service({ app: 'web' })] });
    expect(spreadScore(scores, 'n0')).toBeLessThan(spreadScore(scores, 'n1')!);
    // without it a bare Pod has no DefaultSelector: PodTopologySpread skips
    const none = rankNodes(web, nodes, { existingPods });
    expect(spreadScore(none, 'n0')).toBe(spreadScore(none, 'n1'));
  });

  test('a Service of another namespace, one without a selector, or one that does not select the pod changes nothing', () => {
    for (const s of [service({ app: 'web' }, 'team'), service(undefined), service({ app: 'db' })]) {
      const scores = rankNodes(web, nodes, { existingPods, services: [s] });
      expect(spreadScore(scores, 'n0')).toBe(spreadScore(scores, 'n1'));
    }
  });

  test('merged with the owner\'s selector: a Service selecting more than the Deployment does not widen it', () => {
    const deployment = {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'web', tier: 'front' } }, template: { metadata: { labels: { app: 'web', tier: 'front' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    };
    // the existing pod matches the Service (app=web) but not the ReplicaSet's selector: the merged selector skips it
    const scores = rankNodes(deployment, nodes, { existingPods, services: [service({ app: 'web' })] });
    expect(spreadScore(scores, 'n0')).toBe(spreadScore(scores, 'n1'));
  });

  test('replicas read them too, and a manifests collection passes its Services (its other objects are left out)', () => {
    const job = {
      apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'web', namespace: 'default' },
      spec: { template: { metadata: { labels: { app: 'web' } }, spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'nginx' }] } } },
    };
    const manifests = parseManifests('apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: default\nspec:\n  selector:\n    app: web\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n', 'chart.yaml');
    const placed = placeReplicas(job as KubeObject, nodes, { existingPods, services: [...manifests] });
    const scores = placed.pods[0].scores!;
    expect(spreadScore(scores, 'n0')).toBeLessThan(spreadScore(scores, 'n1')!);
    expect(() => expect(job).toHaveAllReplicasScheduled(nodes, { existingPods, services: manifests })).not.toThrow();
    expect(() => expect(job).toHaveAllReplicasScheduled(nodes, { services: [{ kind: 'Service' }, 'x'] as never })).toThrow('options.services[1] is not a Kubernetes object (expected Service objects, e.g. from loadManifests)');
  });
});
