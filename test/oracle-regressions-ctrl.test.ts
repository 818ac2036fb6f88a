// Regressions of the outage's taint-eviction controller against upstream's own code
// (pkg/controller/tainteviction/taint_eviction.go processPodOnNode, handleNodeUpdate; timed_workers.go AddWork,
// CancelWork), each run with the real controller against a fake clientset (k8s.io/kubernetes v1.35.4; witness:
// test/controllers/witness/taint_eviction_witness.go.txt) and frozen here so `npm test` keeps it without Go.
import { simulateOutage } from '../src/outage';
import { lines, pod, zones } from './outage/cluster';

const nodes = zones(['a', 'b'], 1);
const tolerate = (key: string, seconds: number) => ({ key, operator: 'Exists' as const, effect: 'NoExecute' as const, tolerationSeconds: seconds });

describe('taint-eviction controller regressions, k8s 1.35.4', () => {
  it('an untolerated NoExecute taint while a deletion is scheduled: "Cancelling deletion", then "Marking for deletion"', () => {
    // witness "untolerated": !allTolerated → cancelWorkWithEvent (the pending worker → its event) → AddWork(now, now)
    const o = simulateOutage({ nodes, existingPods: [pod('p', 'a1')] }, { nodes: ['a1'], outOfServiceAt: 100 });
    expect(o.events.filter((e) => e.at === 100 && e.object === 'Pod default/p').map((e) => `${e.reason}: ${e.message}`)).toEqual([
      'TaintManagerEviction: Cancelling deletion of Pod default/p',
      'TaintManagerEviction: Marking for deletion Pod default/p: node.kubernetes.io/out-of-service=nodeshutdown:NoExecute is not tolerated',
      'Terminating: stays Terminating: the kubelet on a1 cannot confirm the deletion',
      'PodGC: Terminating on out-of-service node a1 (Ready=Unknown): marked Failed (DisruptionTarget) and force-deleted (grace period 0)',
    ]);
    expect(o.pods[0]).toMatchObject({ deletedAt: 100, removedAt: 100 });
  });

  it('a taint tolerated with tolerationSeconds 0 while a deletion is scheduled: the scheduled one stays (startTime.Add(0).Before(now))', () => {
    // witness "zero": not deleted when the second taint comes, deleted when the first toleration runs out
    const p = pod('p', 'a1', { tolerations: [tolerate('node.kubernetes.io/unreachable', 300), tolerate('node.kubernetes.io/out-of-service', 0)] });
    const o = simulateOutage({ nodes, existingPods: [p] }, { nodes: ['a1'], outOfServiceAt: 100 });
    expect(o.pods[0].deletedAt).toBe(350);
    expect(lines(o.events).filter((l) => l.includes('Pod default/p'))).toEqual(['350 Pod default/p TaintManagerEviction', '350 Pod default/p Terminating', '360 Pod default/p PodGC']);
  });

  it('a NoExecute taint added to the node of a Terminating pod it does not tolerate: the pod is marked and deleted again', () => {
    // witness "terminating": getPodsAssignedToNode keeps Terminating pods; 2 DELETEs, the event's count 2
    const o = simulateOutage({ nodes, existingPods: [pod('p', 'a1')] }, { nodes: ['a1'], outOfServiceAt: 400 });
    expect(lines(o.events).filter((l) => l.includes('Pod default/p'))).toEqual([
      '350 Pod default/p TaintManagerEviction', '350 Pod default/p Terminating', '400 Pod default/p TaintManagerEviction', '400 Pod default/p PodGC',
    ]);
    expect(o.pods[0]).toMatchObject({ deletedAt: 350, removedAt: 400 });
  });
});
