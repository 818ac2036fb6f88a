// A node that lists no Ready condition is read as Ready (the known e2e deviation node-without-ready-condition:
// upstream's node lifecycle controller, tryUpdateNodeHealth, gives a node whose kubelet never posted status
// Ready=Unknown and node.kubernetes.io/unreachable). Hand-written nodes stand for healthy ones and say nothing; a
// node read from a cluster (a status, or metadata only the API server sets) without Ready is an assumption the
// answer carries and the message states once (docs/reference/semantics.md).
import { schedule, scheduleOnNode } from '.';
import { explainNodeAnswer } from '../explain/schedule';
import { toSubject } from '../k8s/subject';
import type { Node, Pod } from '../core/types';

const pod = toSubject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'x' }] } } as Pod);
// hand-written nodes often list allocatable: that alone is no sign of a dump
const handWritten = (name: string): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } } as Node);
const dumped = (name: string, conditions?: object[]): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `uid-${name}`, resourceVersion: '42', labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' }, ...(conditions ? { conditions } : {}) },
} as Node);
const READY = [{ type: 'Ready', status: 'True' }];
const ASSUMED = 'node n0 lists no Ready condition: read as Ready (a real node whose kubelet never posted status gets node.kubernetes.io/unreachable)';

describe('a verdict resting on a node without a Ready condition says so', () => {
  test('a dumped node without Ready: the answer carries the assumption, the message states it once', () => {
    const a = scheduleOnNode(pod, dumped('n0'));
    expect(a.assumptions).toEqual([ASSUMED]);
    expect(explainNodeAnswer(a).split(ASSUMED)).toHaveLength(2);
  });

  test('a hand-written node (allocatable only) and a dumped node with Ready carry none', () => {
    expect(scheduleOnNode(pod, handWritten('n0')).assumptions).toBeUndefined();
    expect(scheduleOnNode(pod, dumped('n0', READY)).assumptions).toBeUndefined();
    expect(schedule(pod, [handWritten('n0'), dumped('n1', READY)]).assumptions).toBeUndefined();
  });

  test('over several nodes: one line naming those it concerns', () => {
    const a = schedule(pod, [dumped('n0'), dumped('n1'), handWritten('n2'), dumped('n3', READY)]);
    expect(a.assumptions).toEqual(['nodes n0, n1 list no Ready condition: read as Ready (a real node whose kubelet never posted status gets node.kubernetes.io/unreachable)']);
    // a kubelet's status without Ready (conditions, no metadata) is a dump too
    const stripped = { ...handWritten('n4'), status: { conditions: [{ type: 'MemoryPressure', status: 'False' }] } } as Node;
    expect(schedule(pod, [stripped]).assumptions).toEqual([expect.stringContaining('node n4 lists no Ready condition')]);
  });

  test('the matcher\'s .not message mentions it', () => {
    expect(() => expect(pod.object).not.toBeSchedulableOn(dumped('n0'))).toThrow(`Assumed: ${ASSUMED}`);
    expect(() => expect(pod.object).not.toBeSchedulableOn(handWritten('n0'))).not.toThrow(/Assumed:/);
  });
});
