// DefaultPreemption reads PodDisruptionBudgets from the scheduler's lister as the API server holds them: a dump's
// status (written by the disruption controller) as it is; a manifest without one gets the status that controller
// would compute (k8s/disruption.ts pdbStatus). scheduler/index.ts withStatus does both in one list.
import type { KubeObject, Node, Pod } from '../core/types';
import { configure } from '../core/config';
import { toSubject } from '../k8s/subject';
import { schedule } from '../engine/schedule';

const full: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'full-1' }, spec: {}, status: { allocatable: { cpu: '2', memory: '8Gi', pods: '110' } } } as Node;
const pod = (name: string, cpu: string, extra: Record<string, unknown> = {}, labels: Record<string, string> = {}): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }], ...extra } }) as Pod;
const pdb = (name: string, app: string, minAvailable: number, status?: object) =>
  ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' }, spec: { minAvailable, selector: { matchLabels: { app } } }, ...(status ? { status } : {}) }) as KubeObject;

test('a PDB with a status keeps it beside a manifest\'s PDB without one', () => {
  configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } });
  const running = [pod('web-1', '1500m', { nodeName: 'full-1' }, { app: 'web' })];
  const agent = () => toSubject(pod('agent', '1', { priorityClassName: 'system-node-critical' }));
  // minAvailable 1 over the one web pod: the controller would allow 0 disruptions; the status given allows 1
  const given = pdb('web', 'web', 1, { disruptionsAllowed: 1, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 });
  const a = schedule(agent(), [full], { existingPods: running, podDisruptionBudgets: [given, pdb('other', 'other', 1)] });
  expect(a.preemption).toMatchObject({ candidates: [{ node: 'full-1', victims: ['default/web-1'], numPDBViolations: 0 }] });
  // the same PDB as a manifest, without a status: computed, 0 allowed, evicting web-1 violates it
  const b = schedule(agent(), [full], { existingPods: running, podDisruptionBudgets: [pdb('web', 'web', 1), pdb('other', 'other', 1)] });
  expect(b.preemption).toMatchObject({ candidates: [{ node: 'full-1', victims: ['default/web-1'], numPDBViolations: 1 }] });
});
