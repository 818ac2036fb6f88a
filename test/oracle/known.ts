// Known deviations: differences between the library and upstream that are understood and accepted for now. Each
// entry says why, where upstream decides it, which case class it covers (`matches`), and a witness: a case that
// must still differ and match the entry on every run, so that a fixed or vanished deviation fails the run instead
// of hiding new ones.
import type { Difference } from './compare';

export interface KnownDeviation {
  id: string;
  domain: string;
  reason: string;
  upstream: string;
  /** Does this difference belong to the entry's case class? */
  matches(input: any, diffs: readonly Difference[]): boolean;
  /** A case in the class, checked against the oracle on every run. */
  witness: unknown;
  /** The releases (e.g. ['1.37']) the entry applies to; every release when absent. */
  releases?: readonly string[];
}

/** The entries that hold for a release: a release-specific deviation never hides a difference in another release. */
export function knownFor(release: string): KnownDeviation[] {
  return KNOWN.filter((k) => !k.releases || k.releases.includes(release));
}

const NAMESPACES = [
  { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', labels: { 'kubernetes.io/metadata.name': 'default' } } },
];
const pod = (spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...spec },
});
const node = (name: string, status: Record<string, unknown> = { allocatable: { cpu: '1', memory: '1Gi', pods: '110' } }) => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {}, status,
});

export const KNOWN: KnownDeviation[] = [
  {
    id: 'node-without-allocatable',
    domain: 'scheduling',
    reason: 'By design (README "Allocatable rule"): a node with no status.allocatable is unconstrained for resources, ' +
      'because hand-written fixtures seldom declare capacity; upstream sees allocatable 0 (no pod fits: "Too many pods"). ' +
      'configure({ requireAllocatable: true }) makes such a node an error instead.',
    upstream: 'pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest (len(pods)+1 > allowedPodNumber)',
    matches: (input) => input.nodes.some((n: any) => !n.status?.allocatable),
    witness: { pod: pod(), nodes: [node('n0', {})], pods: [], namespaces: NAMESPACES },
  },
  {
    id: 'prefilter-narrowed-plugin-name',
    domain: 'scheduling',
    reason: 'For the nodes a PreFilterResult leaves out, upstream\'s status carries no plugin; the library names the ' +
      'plugin that narrowed (NodeAffinity for matchFields metadata.name) so that its message can say who left the node out. ' +
      'Code and reason ("node(s) didn\'t satisfy plugin(s) [NodeAffinity]") are equal.',
    upstream: 'pkg/scheduler/schedule_one.go findNodesThatFitPod (SetAbsentNodesStatus with fwk.NewStatus, no plugin)',
    matches: (_input, diffs) => diffs.every((d) => / plugin$/.test(d.field) && d.upstream === '' && typeof d.ours === 'string' && d.ours !== ''),
    witness: {
      pod: pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n0'] }] }] } } } }),
      nodes: [node('n0'), node('n1')], pods: [], namespaces: NAMESPACES,
    },
  },
  {
    id: 'node-declared-features',
    domain: 'scheduling',
    releases: ['1.37'],
    reason: 'NodeDeclaredFeatures is not modelled (issue 21). At 1.37 (GA, locked on) its PreFilter infers the node features ' +
      'a pod needs from its spec; with default gates only a restartPolicyRules action RestartAllContainers does ' +
      '(RestartAllContainersOnContainerExits, beta and on since 1.36), and its Filter then rejects every node whose ' +
      'status.declaredFeatures lacks that feature: "node(s) didn\'t match Pod\'s required features" ' +
      '(UnschedulableAndUnresolvable). The library ignores the rule and declaredFeatures. The generator never writes ' +
      'restartPolicyRules (oracle/README.md), so only the witness meets this.',
    upstream: 'pkg/scheduler/framework/plugins/nodedeclaredfeatures/nodedeclaredfeatures.go PreFilter/Filter; ' +
      'k8s.io/component-helpers/nodedeclaredfeatures/features/restartallcontainers InferForScheduling (v1.37.2)',
    matches: (input) => [...(input.pod.spec?.containers ?? []), ...(input.pod.spec?.initContainers ?? [])]
      .some((c: any) => (c.restartPolicyRules ?? []).some((r: any) => r.action === 'RestartAllContainers')),
    witness: {
      pod: pod({ containers: [{ name: 'c', image: 'registry.example/app:1', restartPolicy: 'Never', restartPolicyRules: [{ action: 'RestartAllContainers', exitCodes: { operator: 'In', values: [42] } }] }] }),
      nodes: [node('n0'), { ...node('n1'), status: { allocatable: { cpu: '1', memory: '1Gi', pods: '110' }, declaredFeatures: ['RestartAllContainersOnContainerExits'] } }],
      pods: [], namespaces: NAMESPACES,
    },
  },
  {
    id: 'negative-quantity-scaled-value',
    domain: 'quantity',
    reason: 'For a negative amount held as inf.Dec (a fraction below 1n, or a binary suffix with a fraction), upstream\'s ' +
      'Value()/MilliValue() truncate toward zero and then add 1 when there is a remainder: -.1n gives 1, -.1Gi gives ' +
      '-107374181 (ceil is -107374182). The library rounds away from zero (-1, -107374183). Unreachable with valid ' +
      'objects: validation refuses negative requests, limits, allocatable and capacity (ValidateResourceQuantityValue).',
    upstream: 'k8s.io/apimachinery/pkg/api/resource/scale_int.go scaledValue (fast path: int64 / then +1 if mod != 0)',
    matches: (input, diffs) => String(input.text).startsWith('-') && diffs.every((d) => d.field === 'value' || d.field === 'milliValue'),
    witness: { text: '-.1n' },
  },
  {
    id: 'stale-controller-taints-kept',
    domain: 'nodeConditionTaints',
    reason: 'The library keeps every taint the node itself lists (admitNode counts them as the node\'s own, ownCount, and ' +
      'a fixture that writes node.kubernetes.io/unschedulable or not-ready means it); upstream\'s doNoScheduleTaintingPass ' +
      'removes a NoSchedule taint with a condition key (or unschedulable) that the conditions and spec.unschedulable do not ' +
      'call for, and a Ready=True/False/Unknown condition removes the NoExecute taint it does not call for. Only such ' +
      'removals are covered: order and added taints must still be equal. node-helpers.ts withCondition applies the removal.',
    upstream: 'pkg/controller/nodelifecycle/node_lifecycle_controller.go doNoScheduleTaintingPass (TaintSetDiff, SwapNodeControllerTaint); markNodeAsReachable / markNodeForTainting',
    matches: (input, diffs) => {
      const CONTROLLER = /^node\.kubernetes\.io\/(not-ready|unreachable|memory-pressure|disk-pressure|pid-pressure|network-unavailable|unschedulable)$/;
      const own: Array<{ key: string; effect: string }> = input.node.spec?.taints ?? [];
      return diffs.every((d) => {
        if (d.field !== 'taints') return false;
        const up = JSON.stringify(d.upstream);
        const kept = (d.ours as Array<{ key: string; effect: string }>).filter((t) => !(CONTROLLER.test(t.key) &&
          own.some((o) => o.key === t.key && o.effect === t.effect) &&
          !(d.upstream as Array<{ key: string; effect: string }>).some((u) => u.key === t.key && u.effect === t.effect)));
        return JSON.stringify(kept) === up;
      });
    },
    witness: { node: { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, spec: { taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }, status: { conditions: [] } } },
  },
];
