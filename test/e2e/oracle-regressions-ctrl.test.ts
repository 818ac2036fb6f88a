// Regressions of the outage's taint-eviction controller against upstream's own code
// (pkg/controller/tainteviction/taint_eviction.go processPodOnNode, handleNodeUpdate; timed_workers.go AddWork,
// CancelWork), each run with the real controller against a fake clientset (k8s.io/kubernetes v1.35.4; witness:
// test/controllers/witness/taint_eviction_witness.go.txt) and frozen here so `npm test` keeps it without Go.
import { simulateOutage } from '../../src/outage';
import { TaintEvictionController } from '../../src/controllers/taint-eviction-manager';
import { deletePod, removePod } from '../../src/controllers/pod-lifecycle';
import { lines, pod, zones } from '../outage/cluster';
import { bound, log, run, smallWorld } from '../controllers/world';

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

  // on a small world: another controller's DELETE and the object's removal while a deletion is scheduled
  const scheduled = () => {
    const world = smallWorld(zones(['a', 'b'], 1), ['a1'], 'taint');
    new TaintEvictionController(world);
    const p = bound(world, pod('p', undefined, { tolerations: [tolerate('drain', 6)] }), 'a1');
    world.at(0, () => world.addTaint(world.state.get('a1')!, { key: 'drain', effect: 'NoExecute' }));
    return { world, p };
  };

  it('another DELETE leaves the scheduled work: it fires on the Terminating pod, marks it and deletes it again', () => {
    // witness "otherdelete": 2 DELETEs, "Marking for deletion" once
    const { world, p } = scheduled();
    world.at(2, () => deletePod(world, p, 'job-controller', 'SuccessfulDelete', 'Deleted pod: p'));
    run(world, 7);
    expect(log(world)).toEqual(['2 Pod default/p SuccessfulDelete', '6 Pod default/p TaintManagerEviction']);
    expect(p.deletedAt).toBe(2);
  });

  it('the object removed while a deletion is scheduled: "Cancelling deletion" (handlePodUpdate of a pod not found)', () => {
    // witness "removed": one DELETE (the other party's), the event "Cancelling deletion of Pod default/p"
    const { world, p } = scheduled();
    world.at(2, () => removePod(world, p, 'kube-apiserver', 'Deleted', 'force-deleted'));
    run(world);
    expect(world.events.map((e) => `${e.at} ${e.reason}: ${e.message}`)).toEqual(['2 Deleted: force-deleted', '2 TaintManagerEviction: Cancelling deletion of Pod default/p']);
  });
});
