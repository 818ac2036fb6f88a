// toBeSchedulableOn(node, { existingPods }) counts only the pods on that node, as kube-scheduler's NodeInfo does.
import { scheduleOn, schedulingVerdict } from '../engine/objects';
import { toSubject } from '../k8s/subject';
import type { Pod } from '../core/types';
import { daemonSet, failure, node } from '../../test/fixtures';

const hostPort = (port: number, hostIP?: string) => [{ name: 'c', image: 'nginx', ports: [{ containerPort: port, hostPort: port, protocol: 'TCP', ...(hostIP ? { hostIP } : {}) }] }];
const podWithPort = (name: string, nodeName: string | undefined, port: number, hostIP?: string): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ingress' },
  spec: { ...(nodeName ? { nodeName } : {}), containers: hostPort(port, hostIP) },
});
const edge = daemonSet('edge-proxy', undefined, { containers: hostPort(80) });

describe('existingPods are the pods on this node (spec.nodeName)', () => {
  // The scheduler cache adds a pod to the NodeInfo of pod.spec.nodeName only (pkg/scheduler/backend/cache/cache.go
  // addPod; framework/types.go NodeInfo.AddPod), so a pod bound to another node never conflicts.
  test('a hostPort-80 pod bound to another node does not block this one', () => {
    const ingress = podWithPort('ingress-0', 'duckboat-01', 80);
    expect(edge).toBeSchedulableOn(node('duckboat-02'), { existingPods: [ingress] });
    expect(edge).not.toBeSchedulableOn(node('duckboat-01'), { existingPods: [ingress] });
  });

  // Conformance: nodeports/node_ports_test.go TestNodePorts "same tcp port" (the existing pod is in the node's
  // NodeInfo: Unschedulable) and "different host ip" (no conflict) — here with the existing pod bound to m1.
  test.each([
    ['m1', '127.0.0.1', false],
    ['m2', '127.0.0.1', true],
    ['m1', '127.0.0.2', true],
  ])('TestNodePorts: pod TCP/127.0.0.1/8080 on %s with an m1 pod holding TCP/%s/8080 → fits %s', (target, existingIP, fits) => {
    const pod = podWithPort('p', undefined, 8080, '127.0.0.1');
    const v = schedulingVerdict(toSubject(pod), node(target), [podWithPort('m1-pod', 'm1', 8080, existingIP)]);
    expect(v.feasible).toBe(fits);
    if (!fits) expect(v.status?.reasons).toEqual(["node(s) didn't have free ports for the requested pod ports"]);
  });

  // pkg/scheduler/eventhandlers.go: only assignedPod (spec.nodeName set) pods enter the scheduler cache; a Pending
  // pod without one is in the scheduling queue and holds no port or resources on any node.
  test('a Pending pod without spec.nodeName is on no node: it holds no port', () => {
    expect(edge).toBeSchedulableOn(node('n'), { existingPods: [podWithPort('fixture', undefined, 80)] });
    expect(edge).not.toBeSchedulableOn(node('n'), { existingPods: [podWithPort('fixture', 'n', 80)] });
  });

  test('NodeResourcesFit counts requests of this node\'s pods only (noderesources/fit_test.go: NodeInfo built from the node\'s pods)', () => {
    const n = { ...node('b'), status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } };
    const busy = (name: string, nodeName?: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name },
      spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '1500m' } } }] } });
    const wants1 = daemonSet('agent', undefined, { containers: [{ name: 'a', image: 'x', resources: { requests: { cpu: '1' } } }] });
    expect(wants1).toBeSchedulableOn(n, { existingPods: [busy('elsewhere', 'a'), busy('elsewhere-2', 'c')] });
    expect(wants1).not.toBeSchedulableOn(n, { existingPods: [busy('here', 'b')] });
    expect(wants1).toBeSchedulableOn(n, { existingPods: [busy('unbound')] });
  });

  test('the message says which pods were counted and which ignored', () => {
    const pods = [
      podWithPort('here', 'node-b', 80), podWithPort('fixture', undefined, 81),
      podWithPort('x', 'node-a', 80), podWithPort('y', 'node-a', 82), podWithPort('z', 'node-c', 83),
    ];
    const msg = failure(() => expect(edge).toBeSchedulableOn(node('node-b'), { existingPods: pods }));
    expect(msg).toContain("NodePorts: node(s) didn't have free ports for the requested pod ports");
    expect(msg).toContain('existingPods: counted 1 on node-b; ignored 1 without spec.nodeName (Pending, on no node yet; kube-scheduler counts only pods bound to a node), 3 bound to other nodes');
    const pass = failure(() => expect(edge).not.toBeSchedulableOn(node('node-d'), { existingPods: pods.slice(2) }));
    expect(pass).toContain('existingPods: counted 0 on node-d; ignored 3 bound to other nodes');
  });

  test('the many-node form still places pods by spec.nodeName only', () => {
    const r = scheduleOn(edge, [node('node-a'), node('node-b')], { existingPods: [podWithPort('x', 'node-a', 80), podWithPort('u', undefined, 80)] });
    expect(r.feasible.map((v) => v.node)).toEqual(['node-b']);
  });
});
