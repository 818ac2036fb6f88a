// toBeSchedulableOn with every filter, the many-node matchers and toPrefer: verdicts and messages.
import { configure, resetConfiguration, withConfiguration } from '../core/config';
import { evictionVerdict, nodesDown, rankNodes, scheduleOn, schedulingVerdict } from '../engine';
import { simulateOutage } from '../outage';
import { parseQuantity } from '../k8s/quantity';
import { placeReplicas } from '../placement/place';
import { daemonSet, deployment, failure, node, pod } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const withLabels = (name: string, labels: Record<string, string>, allocatable?: Record<string, string | number>) => {
  const n = node(name);
  return { ...n, metadata: { name, labels }, status: allocatable ? { allocatable } : undefined };
};
const web = (spec: Record<string, unknown> = {}, containers?: object[]) => {
  const d = deployment('web', undefined, spec);
  if (containers) d.spec.template.spec.containers = containers as never;
  return d;
};
const requesting = (cpu: string, memory = '128Mi') => [{ name: 'web', image: 'nginx', resources: { requests: { cpu, memory } } }];

describe('toBeSchedulableOn: every filter explains itself', () => {
  test('NodeAffinity: nodeSelector with the label value it found', () => {
    const msg = failure(() => expect(web({ nodeSelector: { 'cloud.google.com/gke-nodepool': 'cpu' } })).toBeSchedulableOn(withLabels('gpu-1', { 'cloud.google.com/gke-nodepool': 'gpu' })));
    expect(msg).toContain("  NodeAffinity: node(s) didn't match Pod's node affinity/selector\n");
    expect(msg).toContain('    nodeSelector cloud.google.com/gke-nodepool=cpu: node has cloud.google.com/gke-nodepool="gpu"');
  });
  test('NodeAffinity: each term and its failing requirement', () => {
    const affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [
      { matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] },
      { matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['2'] }] },
    ] } } };
    const msg = failure(() => expect(web({ affinity })).toBeSchedulableOn(withLabels('x86', { 'kubernetes.io/arch': 'amd64', gen: 'two' })));
    expect(msg).toContain('no nodeSelectorTerm of spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution matches');
    expect(msg).toContain('nodeSelectorTerms[0]: matchExpressions[0] kubernetes.io/arch In [arm64]: node has kubernetes.io/arch="amd64"');
    expect(msg).toContain('nodeSelectorTerms[1]: matchExpressions[0] gen Gt [2]: node has gen="two" (not an integer)');
  });
  test('NodeResourcesFit: requested vs allocatable vs already used', () => {
    const n = withLabels('small', {}, { cpu: '4', memory: '8Gi', pods: 110 });
    const agent = { ...pod('agent'), spec: { nodeName: 'small', containers: [{ name: 'a', image: 'nginx', resources: { requests: { cpu: '500m' } } }] } };
    const big = web({}, requesting('4'));
    expect(big).toBeSchedulableOn(n);
    const msg = failure(() => expect(big).toBeSchedulableOn(n, { existingPods: [agent] }));
    expect(msg).toContain('  NodeResourcesFit: Insufficient cpu\n');
    expect(msg).toContain('Insufficient cpu: requested 4000m, allocatable 4000m, already requested by 1 pod(s) 500m, free 3500m');
  });
  test('NodeResourcesFit: a limits-only GPU request and a node without the resource', () => {
    const gpuJob = web({}, [{ name: 'train', image: 'nginx', resources: { limits: { 'nvidia.com/gpu': 1 } } }]);
    const msg = failure(() => expect(gpuJob).toBeSchedulableOn(withLabels('cpu-1', {}, { cpu: 8, memory: '32Gi', pods: 110 })));
    expect(msg).toContain('Insufficient nvidia.com/gpu: requested 1, allocatable 0');
    expect(msg).toContain('has no "nvidia.com/gpu" entry in status.allocatable, which counts as 0');
    expect(gpuJob).toBeSchedulableOn(withLabels('gpu-1', {}, { cpu: 8, memory: '32Gi', pods: 110, 'nvidia.com/gpu': 1 }));
  });
  test('NodePorts: which host port collides with which pod', () => {
    const ingress = web({}, [{ name: 'nginx', image: 'nginx', ports: [{ containerPort: 80, hostPort: 80 }] }]);
    const other = { ...pod('other'), spec: { nodeName: 'edge-1', containers: [{ name: 'o', image: 'nginx', ports: [{ containerPort: 80, hostPort: 80, protocol: 'TCP' }] }] } };
    const msg = failure(() => expect(ingress).toBeSchedulableOn(node('edge-1'), { existingPods: [other] }));
    expect(msg).toContain("  NodePorts: node(s) didn't have free ports for the requested pod ports\n");
    expect(msg).toContain('spec.template.spec.containers[0].ports[0] hostPort 80/TCP on 0.0.0.0 collides with Pod default/other (containers[0].ports[0], 0.0.0.0:80/TCP)');
  });
  test('NodeName: the requested node', () => {
    const pinned = { ...pod('pinned'), spec: { nodeName: 'a', containers: [{ name: 'c', image: 'nginx' }] } };
    // v1.37.2 gave NodeName a PreFilter (pkg/scheduler/framework/plugins/nodename/node_name.go), so the node is left
    // out before Filter and upstream reports the PreFilter's words; up to 1.36 Filter rejects it.
    expect(failure(() => expect(pinned).toBeSchedulableOn(node('b')))).toContain("  NodeName: node(s) didn't satisfy plugin(s) [NodeName]\n    spec.nodeName \"a\" limits the pod to that node (NodeName PreFilter, v1.37+)");
    withConfiguration({ kubernetesVersion: '1.36' }, () =>
      expect(failure(() => expect(pinned).toBeSchedulableOn(node('b')))).toContain("  NodeName: node(s) didn't match the requested node name\n    spec.nodeName is \"a\", not \"b\""));
  });
  test('an invalid quantity is refused like the API server refuses it', () => {
    const bad = web({}, [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '1K' } } }]);
    expect(failure(() => expect(bad).toBeSchedulableOn(node('n')))).toContain("spec.template.spec.containers[0].resources.requests.cpu: Invalid value: \"1K\": unable to parse quantity's suffix");
  });
  test('an existing pod with a null required anti-affinity term is refused as the API server refuses it (was a TypeError in validation)', () => {
    const old = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'old', namespace: 'default' }, spec: { nodeName: 'n', containers: [{ name: 'c', image: 'nginx' }], affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [null] } } } };
    const message = failure(() => expect(pod('web')).toBeSchedulableOn(node('n'), { existingPods: [old] } as never));
    // Go decodes `[null]` into a zero PodAffinityTerm, which validation refuses for its empty topologyKey (oracle-checked:
    // test/fixtures/oracle-regressions-nullitems.json)
    expect(message).toContain('Pod default/old would be rejected by the API server');
    expect(message).toContain('  spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty\n');
    expect(message).not.toContain('TypeError');
  });
  test('existingPods must be Pods', () => {
    expect(failure(() => expect(web()).toBeSchedulableOn(node('n'), { existingPods: [deployment('x')] } as never))).toContain('existingPods[0] is not a Pod');
  });
});

describe('toBeSchedulableOnAnyOf', () => {
  const pool = [
    { ...node('tainted', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]) },
    withLabels('small-1', {}, { cpu: '1', memory: '4Gi', pods: 110 }),
    withLabels('small-2', {}, { cpu: '1', memory: '4Gi', pods: 110 }),
  ];
  test('passes when some node fits', () => {
    expect(web({}, requesting('500m'))).toBeSchedulableOnAnyOf(pool);
    expect(web({}, requesting('2'))).not.toBeSchedulableOnAnyOf(pool);
  });
  test("fails with kube-scheduler's aggregate message, then a per-node table", () => {
    expect(failure(() => expect(web({}, requesting('2'))).toBeSchedulableOnAnyOf(pool))).toBe(
      'expect(received).toBeSchedulableOnAnyOf(nodes)\n\n' +
        'Expected Deployment default/web to be schedulable on one of 3 node(s), but kube-scheduler would report:\n' +
        '  0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.\n\n' +
        'Node tainted:\n  TaintToleration: node(s) had untolerated taint(s)\n' +
        '    taint dedicated=gpu:NoSchedule is not tolerated\n' +
        '    the pod spec has no tolerations; the 2 added by DefaultTolerationSeconds admission have other keys\n' +
        '    To tolerate it, add to spec.template.spec.tolerations:\n' +
        '      - key: dedicated\n        operator: Equal\n        value: gpu\n        effect: NoSchedule\n' +
        '    With it added, every filter accepts this node.\n' +
        '2 nodes (small-1, small-2):\n  NodeResourcesFit: Insufficient cpu\n    Insufficient cpu: requested 2, allocatable 1, already requested by 0 pod(s) 0, free 1',
    );
  });
  test('.not names the nodes that fit', () => {
    expect(failure(() => expect(web({}, requesting('500m'))).not.toBeSchedulableOnAnyOf(pool))).toContain('but it fits 2: small-1, small-2');
  });
  test('existingPods are matched to nodes by spec.nodeName', () => {
    const busy = (n: string) => ({ ...pod(`busy-${n}`), spec: { nodeName: n, containers: [{ name: 'b', image: 'nginx', resources: { requests: { cpu: '800m' } } }] } });
    expect(web({}, requesting('500m'))).not.toBeSchedulableOnAnyOf(pool, { existingPods: [busy('small-1'), busy('small-2')] });
    expect(web({}, requesting('500m'))).toBeSchedulableOnAnyOf(pool, { existingPods: [busy('small-1')] });
  });
  test('engine: scheduleOn returns feasible nodes and each rejection', () => {
    const result = scheduleOn(web({}, requesting('500m')), pool as never);
    expect(result.feasible.map((v) => v.node)).toEqual(['small-1', 'small-2']);
    expect(result.rejected.map((v) => [v.node, v.status?.plugin])).toEqual([['tainted', 'TaintToleration']]);
  });
});

describe('toBeSchedulableOnAllOf', () => {
  const pool = [node('a'), node('b', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]), node('c', [], { unschedulable: true })];
  test('a DaemonSet that tolerates the pool runs on every node', () => {
    expect(daemonSet('agent', [{ operator: 'Exists' }])).toBeSchedulableOnAllOf(pool);
  });
  test('fails with the nodes that reject it and why', () => {
    // the DaemonSet controller makes no pod for the tainted node (NodeShouldRunDaemonPod): kube-scheduler never sees one there
    const msg = failure(() => expect(daemonSet('agent')).toBeSchedulableOnAllOf(pool));
    expect(msg).toContain('Expected DaemonSet kube-system/agent to be schedulable on all of 3 node(s), but the DaemonSet controller makes no pod for 1 of them (NodeShouldRunDaemonPod):\n' +
      "Node b:\n  untolerated taint dedicated=gpu:NoSchedule\n    kube-scheduler's filters would reject its pod too: TaintToleration: node(s) had untolerated taint(s)");
    expect(failure(() => expect(deployment('web')).toBeSchedulableOnAllOf(pool))).toContain('but 2 reject it');
  });
  test('a DaemonSet pod pinned by matchFields must not appear on its neighbour', () => {
    const pinned = { ...pod('agent-x'), spec: { containers: [{ name: 'a', image: 'nginx' }], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }] }] } } } } };
    expect(pinned).toBeSchedulableOn(pool[0]);
    expect(failure(() => expect(pinned).toBeSchedulableOn(node('z')))).toContain("NodeAffinity: node(s) didn't satisfy plugin(s) [NodeAffinity]");
  });
});

describe('toPrefer(node).over(other)', () => {
  const arm = withLabels('arm', { 'kubernetes.io/arch': 'arm64' });
  const amd = withLabels('amd', { 'kubernetes.io/arch': 'amd64' });
  const preferArm = web({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
    { weight: 1, preference: { matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] }] } },
    { weight: 50, preference: { matchExpressions: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] } },
  ] } } });
  test('preferred node affinity weights decide', () => {
    expect(preferArm).toPrefer(arm).over(amd);
    expect(preferArm).not.toPrefer(amd).over(arm);
  });
  test('PreferNoSchedule taints count against a node', () => {
    const spot = node('spot', [{ key: 'spot', effect: 'PreferNoSchedule' }]);
    expect(web()).toPrefer(node('on-demand')).over(spot);
    expect(web({ tolerations: [{ key: 'spot', operator: 'Exists' }] })).not.toPrefer(node('on-demand')).over(spot);
  });
  test('failure shows both scores and their parts', () => {
    expect(failure(() => expect(preferArm).toPrefer(amd).over(arm))).toBe(
      'expect(received).toPrefer(node).over(otherNode)\n\n' +
        'Expected Deployment default/web to prefer Node amd over Node arm, but the scores (normalised over these two nodes) are 504 and 700:\n' +
        '  Node amd: 504 = 3 × TaintToleration 100 + 2 × NodeAffinity 2 + 1 × NodeResourcesFit 0 + 2 × PodTopologySpread 100 + 1 × ImageLocality 0\n' +
        '    TaintToleration: 0 untolerated PreferNoSchedule taint(s)\n' +
        '    NodeAffinity: preferred weight 1 from preferredDuringSchedulingIgnoredDuringExecution[0]\n' +
        '    NodeResourcesFit: LeastAllocated: the node declares no cpu/memory allocatable (scores 0)\n' +
        '    PodTopologySpread: kubernetes.io/hostname: no label, topology.kubernetes.io/zone: no label (system default constraints, selector app=web,pod-template-hash in (<this revision>))\n' +
        '    ImageLocality: the node lists no status.images\n' +
        '  Node arm: 700 = 3 × TaintToleration 100 + 2 × NodeAffinity 100 + 1 × NodeResourcesFit 0 + 2 × PodTopologySpread 100 + 1 × ImageLocality 0\n' +
        '    TaintToleration: 0 untolerated PreferNoSchedule taint(s)\n' +
        '    NodeAffinity: preferred weight 50 from preferredDuringSchedulingIgnoredDuringExecution[1]\n' +
        '    NodeResourcesFit: LeastAllocated: the node declares no cpu/memory allocatable (scores 0)\n' +
        '    PodTopologySpread: kubernetes.io/hostname: no label, topology.kubernetes.io/zone: no label (system default constraints, selector app=web,pod-template-hash in (<this revision>))\n' +
        '    ImageLocality: the node lists no status.images\n' +
        '  Skipped (PreScore): InterPodAffinity (no pod affinity term applies); NodeResourcesBalancedAllocation (best-effort pod)',
    );
  });
  test('an infeasible preferred node fails; an infeasible other node passes', () => {
    const tainted = node('t', [{ key: 'x', effect: 'NoSchedule' }]);
    expect(failure(() => expect(web()).toPrefer(tainted).over(amd))).toContain('but it cannot be scheduled on Node t at all');
    expect(web()).toPrefer(amd).over(tainted);
  });
  // pkg/controller/daemon/util ReplaceDaemonSetPodNodeNameNodeAffinity: each pod is pinned to its node
  test("a DaemonSet is refused, with and without .not: its pods are pinned, one per node, and weigh no node against another", () => {
    const agent = daemonSet('agent');
    for (const run of [() => expect(agent).toPrefer(arm).over(amd), () => expect(agent).not.toPrefer(arm).over(amd)]) {
      expect(failure(run)).toContain('DaemonSet kube-system/agent runs one pod on each node it selects, pinned to that node: its pods never choose between nodes');
    }
  });
  test('a bad .over argument is a clear error (a bare toPrefer is covered in test/chain)', () => {
    expect(() => (expect(web()).toPrefer(amd) as any).over('arm')).toThrow('.over(node) takes a Node object (kind: Node)');
  });
  test('engine: rankNodes orders feasible nodes best first', () => {
    expect(rankNodes(preferArm, [amd, arm] as never).map((s) => s.node)).toEqual(['arm', 'amd']);
  });
});

test('parseQuantity is exported', () => {
  expect(parseQuantity('1.5Gi').value()).toBe(1610612736);
  expect(() => parseQuantity('1.5 Gi')).toThrow();
  configure({ validate: true });
});

// Issue 31: the pod scheduled is the one the API server stores (admission/create.ts): defaulted, or refused.
describe('the one create path: what the API server makes of the manifest decides', () => {
  // prometheus-node-exporter's DaemonSet: hostNetwork, a containerPort and no hostPort
  const exporter = (name: string) => daemonSet(name, undefined, { hostNetwork: true, containers: [{ name: 'node-exporter', image: 'quay.io/prometheus/node-exporter', ports: [{ name: 'metrics', containerPort: 9100 }] }] });
  const running = { ...pod('other-exporter-abcde'), spec: { nodeName: 'edge-1', hostNetwork: true, containers: [{ name: 'e', image: 'x', ports: [{ containerPort: 9100, protocol: 'TCP' }] }] } };
  test('two hostNetwork node-exporters on 9100: the second is refused by NodePorts (SetDefaults_Pod defaultHostNetworkPorts, pkg/apis/core/v1/defaults.go)', () => {
    const ds = exporter('node-exporter');
    expect(ds).not.toBeSchedulableOn(node('edge-1'), { existingPods: [running] });
    const msg = failure(() => expect(ds).toBeSchedulableOn(node('edge-1'), { existingPods: [running] }));
    expect(msg).toContain("  NodePorts: node(s) didn't have free ports for the requested pod ports\n");
    expect(msg).toContain('spec.template.spec.containers[0].ports[0] hostPort 9100/TCP (hostNetwork: hostPort is containerPort) on 0.0.0.0 collides with ' +
      'Pod default/other-exporter-abcde (containers[0].ports[0], 0.0.0.0:9100/TCP (hostNetwork: hostPort is containerPort)) on node edge-1');
    expect(scheduleOn(ds, [node('edge-1')], { existingPods: [running] }).fitError).toBe("0/1 nodes are available: 1 node(s) didn't have free ports for the requested pod ports. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.");
    expect(schedulingVerdict(ds, node('edge-1'), [running]).status?.plugin).toBe('NodePorts');
    expect(ds).toBeSchedulableOn(node('edge-2'), { existingPods: [running] }); // bound elsewhere: no clash
  });
  test('a Node with status.capacity and no allocatable is constrained by its capacity (SetDefaults_NodeStatus)', () => {
    const capacityOnly = { ...node('cap-1'), status: { capacity: { cpu: '2', memory: '4Gi', pods: '110' } } };
    const big = web({}, requesting('3'));
    expect(big).not.toBeSchedulableOn(capacityOnly);
    expect(failure(() => expect(big).toBeSchedulableOn(capacityOnly))).toContain('Insufficient cpu: requested 3, allocatable 2');
    expect(scheduleOn(big, [capacityOnly]).fitError).toBe('0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.');
    expect(web({}, requesting('1'))).toBeSchedulableOn(capacityOnly);
    // allocatable, when declared, wins over capacity
    expect(big).toBeSchedulableOn({ ...capacityOnly, status: { ...capacityOnly.status, allocatable: { cpu: '4', memory: '4Gi', pods: '110' } } });
    withConfiguration({ requireAllocatable: true }, () => expect(web({}, requesting('1'))).toBeSchedulableOn(capacityOnly));
  });
  test('each container’s amount is rounded up to milli-cpu before the sum (SetDefaults_ResourceList)', () => {
    const tiny = web({}, [{ name: 'a', image: 'x', resources: { requests: { cpu: '0.5m' } } }, { name: 'b', image: 'x', resources: { requests: { cpu: '0.5m' } } }]);
    const n = withLabels('tight', {}, { cpu: '1m', memory: '1Gi', pods: 110 });
    expect(tiny).not.toBeSchedulableOn(n);
    expect(failure(() => expect(tiny).toBeSchedulableOn(n))).toContain('Insufficient cpu: requested 2m, allocatable 1m');
  });
  // apiserver pkg/endpoints/handlers/rest.go transformDecodeError around resource.Quantity's UnmarshalJSON error
  test.each([
    ['5K', "unable to parse quantity's suffix"],
    ['2 cores', "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
    ['abc', "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
  ])('cpu: "%s" is refused by every engine entry point with the API server\'s text, never feasible', (cpu, error) => {
    const bad = web({}, requesting(cpu));
    const n = withLabels('n', {}, { cpu: '4', memory: '8Gi', pods: 110 }) as never;
    const refusal = `Deployment default/web is refused by the API server: Deployment in version "v1" cannot be handled as a Deployment: ${error}\n` +
      `  spec.template.spec.containers[0].resources.requests.cpu: Invalid value: "${cpu}": ${error}`;
    expect(() => scheduleOn(bad, [n])).toThrow(refusal);
    expect(() => schedulingVerdict(bad, n)).toThrow(refusal);
    expect(() => rankNodes(bad, [n])).toThrow(refusal);
    // the pods a controller would create from it, and the questions asked of them
    expect(() => placeReplicas(bad, [n])).toThrow(refusal);
    expect(() => evictionVerdict(bad, n)).toThrow(refusal);
    expect(() => simulateOutage({ nodes: [n], workloads: [bad] }, nodesDown(['n']))).toThrow(refusal);
    for (const validate of [true, false]) {
      withConfiguration({ validate }, () => {
        expect(failure(() => expect(bad).toBeSchedulableOn(n))).toContain(`spec.template.spec.containers[0].resources.requests.cpu: Invalid value: "${cpu}": ${error}`);
        expect(failure(() => expect(bad).not.toBeSchedulableOn(n))).toContain(`spec.template.spec.containers[0].resources.requests.cpu: Invalid value: "${cpu}": ${error}`);
      });
    }
  });
  test('an existing pod or a node the API server would refuse is refused too, not counted as 0 or unconstrained', () => {
    const n = withLabels('n', {}, { cpu: '4', memory: '8Gi', pods: 110 }) as never;
    const hog = { ...pod('hog'), spec: { nodeName: 'n', containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '2 cores' } } }] } };
    expect(() => scheduleOn(web({}, requesting('3')), [n], { existingPods: [hog] })).toThrow('Pod default/hog is refused by the API server: Pod in version "v1" cannot be handled as a Pod');
    const lots = withLabels('lots', {}, { cpu: 'lots', pods: 110 }) as never;
    expect(() => scheduleOn(web({}, requesting('3')), [lots])).toThrow('Node lots is refused by the API server: Node in version "v1" cannot be handled as a Node');
  });
});
