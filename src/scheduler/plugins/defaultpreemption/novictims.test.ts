// DryRunPreemption (pkg/scheduler/framework/preemption/preemption.go, the same at v1.33.13–v1.37.2): a node where
// SelectVictimsOnNode succeeds with no victim (the pod fits with every pod on it) is no candidate: its status is the
// Error `expected at least one victim pod on node %q`, collected into findCandidates' aggregate error
// (utilerrors.NewAggregate), which evaluate returns when no candidate is left (`if err != nil && len(candidates) == 0
// { return nil, nil, fwk.AsStatus(err) }`); DefaultPreemption.PostFilter prefixes it, RunPostFilterPlugins returns the
// Error at once, and schedulingCycle appends its message to the FitError (PostFilterMsg) whatever its code. A node
// the filters rejected always needs a victim there (the dry run's last reprieve restores the node they rejected), so
// the Filter statuses are made up here, as upstream's TestDryRunPreemption makes up its nodes' (fakeFilterRC).
import type { Node, Pod } from '../../../core/types';
import { configure, resetConfiguration } from '../../../core/config';
import { KUBERNETES_VERSIONS } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { cycleFor, postFilterHandle, type NodeVerdict } from '../..';
import { podInfo } from '../../framework';
import { runPostFilterPlugins } from '../../postfilter';
import { profile } from '../../profile';
import { buildSnapshot, groupByNode } from '../../snapshot';
import { DefaultPreemption, type PreemptionAnswer } from '.';

afterEach(() => resetConfiguration());

const node = (name: string, cpu = '4'): Node => ({ kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: {}, status: { allocatable: { cpu, memory: '4Gi', pods: '110' } } }) as Node;
const pod = (name: string, priority: number, cpu: string, nodeName?: string): Pod => ({
  kind: 'Pod', metadata: { name, namespace: 'default', uid: name },
  spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }], priority, ...(nodeName ? { nodeName } : {}) },
  status: { phase: nodeName ? 'Running' : 'Pending' },
}) as Pod;

/** The PostFilter with every node's Filter status made up as Unschedulable (`fits`: nodes where the pod fits as they are). */
function postFilter(nodes: Node[], pods: Pod[], incoming: Pod) {
  const snapshot = buildSnapshot(nodes, groupByNode(pods));
  const info = podInfo(toSubject(incoming));
  const unschedulable = nodes.map((n): NodeVerdict => ({ node: n.metadata!.name!, feasible: false, status: { plugin: 'Fake', code: 'Unschedulable', reasons: ['fake'], details: [] } }));
  const handle = postFilterHandle(info, nodes, unschedulable, snapshot, cycleFor(info, snapshot), []);
  return { own: DefaultPreemption.postFilter(info, handle), all: runPostFilterPlugins(profile().postFilter, info, handle) as PreemptionAnswer };
}

describe.each(KUBERNETES_VERSIONS)('at %s', (version) => {
  beforeEach(() => configure({ kubernetesVersion: version, admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));

  test('a node the pod fits on as it is: no candidate, the Error names it', () => {
    const r = postFilter([node('node1')], [pod('p1', 0, '1', 'node1')], pod('p', 1000, '1'));
    expect(r.own).toEqual({ code: 'Error', answer: { message: 'preemption: expected at least one victim pod on node "node1"', nominatedNodes: [], candidates: [] } });
    // RunPostFilterPlugins returns the Error at once: DynamicResources' message (1.34–1.36) is not joined to it
    expect(r.all.message).toBe('preemption: expected at least one victim pod on node "node1"');
  });

  test('two such nodes: the aggregate error, `[a, b]` (upstream in the order its goroutines finish; here node order)', () => {
    const r = postFilter([node('node1'), node('node2')], [pod('p1', 0, '1', 'node1'), pod('p2', 0, '1', 'node2')], pod('p', 1000, '1'));
    expect(r.own.answer).toEqual({ message: 'preemption: [expected at least one victim pod on node "node1", expected at least one victim pod on node "node2"]', nominatedNodes: [], candidates: [] });
  });

  test('another node with victims is still a candidate: the error is dropped (evaluate returns it only without candidates)', () => {
    const r = postFilter([node('node1'), node('node2', '1')], [pod('p1', 0, '1', 'node1'), pod('p2', 0, '1', 'node2')], pod('p', 1000, '1'));
    expect(r.own.code).toBe('Success');
    expect(r.own.answer).toMatchObject({ nominatedNodes: ['node2'], candidates: [{ node: 'node2', victims: ['default/p2'], numPDBViolations: 0 }] });
  });

  test('a node without a lower-priority pod keeps its own status beside the error', () => {
    // node2's pods are all of higher priority (No preemption victims found): no error there; node1's error stands
    const r = postFilter([node('node1'), node('node2', '1')], [pod('p1', 0, '1', 'node1'), pod('p2', 5000, '1', 'node2')], pod('p', 1000, '1'));
    expect(r.own).toMatchObject({ code: 'Error', answer: { message: 'preemption: expected at least one victim pod on node "node1"' } });
  });
});
