// A pod counted down several PDBs: up to 1.36 filterPodsWithPDBViolation (default_preemption.go) counts it down every
// PDB it counts against; from 1.37 FilterVictimsWithPDBViolation (pkg/scheduler/framework/preemption/util.go,
// podIsViolating) stops at the first one it takes below zero, so a later PDB's budget is left to the pods after it,
// and the PDBs' order matters (upstream's: the PDB lister's). The cases are the oracle's witness
// (test/e2e/oracle-regressions-pdb137.test.ts freezes the five releases' answers).
import type { KubeObject, Node, Pod } from '../../../core/types';
import { resetConfiguration, withConfiguration } from '../../../core/config';
import type { KubernetesVersion } from '../../../core/releases';
import { toSubject } from '../../../k8s/subject';
import { schedule } from '../..';
import { filterPodsWithPDBViolation, type PreemptionAnswer } from '.';

afterEach(() => resetConfiguration());

const pod = (name: string, app: string, start = '2026-01-01T00:00:00Z'): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app } },
  spec: { nodeName: 'n0', priority: 0, containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '500m' } } }] },
  status: { phase: 'Running', startTime: start },
}) as Pod;
const pdb = (name: string, disruptionsAllowed: number, disruptedPods?: Record<string, string>) => ({
  apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' },
  spec: { minAvailable: 1, selector: { matchLabels: { app: 'batch' } } },
  status: { disruptionsAllowed, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...(disruptedPods ? { disruptedPods } : {}) },
}) as unknown as KubeObject;

// pdb0 has no disruption left and already let p2 go; pdb1 allows one
const PDB0 = pdb('pdb0', 0, { p2: '2026-01-02T00:00:00Z' });
const PDB1 = pdb('pdb1', 1);
const p1 = pod('p1', 'batch');
const p2 = pod('p2', 'batch', '2026-01-02T00:00:00Z');

const grouped = (release: KubernetesVersion, pdbs: KubeObject[]) => withConfiguration({ kubernetesVersion: release }, () => {
  const r = filterPodsWithPDBViolation([p1, p2], pdbs);
  return { violating: r.violating.map((p) => p.metadata!.name), nonViolating: r.nonViolating.map((p) => p.metadata!.name) };
});

describe('filterPodsWithPDBViolation with two PDBs over the same pods', () => {
  it.each(['1.33', '1.36'] as const)('%s: p1 counts down pdb0 and pdb1, so p2 finds pdb1 spent; in either order', (release) => {
    expect(grouped(release, [PDB0, PDB1])).toEqual({ violating: ['p1', 'p2'], nonViolating: [] });
    expect(grouped(release, [PDB1, PDB0])).toEqual({ violating: ['p1', 'p2'], nonViolating: [] });
  });

  it('1.37: p1 stops at pdb0, leaving pdb1\'s disruption to p2 (FilterVictimsWithPDBViolation)', () => {
    expect(grouped('1.37', [PDB0, PDB1])).toEqual({ violating: ['p1'], nonViolating: ['p2'] });
  });

  it('1.37: with pdb1 first p1 takes its disruption before pdb0 stops it, and p2 violates pdb1', () => {
    expect(grouped('1.37', [PDB1, PDB0])).toEqual({ violating: ['p1', 'p2'], nonViolating: [] });
  });
});

describe('SelectVictimsOnNode: the PDB-violating pods are reprieved first', () => {
  // the pod needs 1 of the node's 2 cpu: of p1, c0 and p2 (500m each), the first two reprieved stay
  const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } } as unknown as Node;
  const incoming = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default' },
    spec: { priority: 1000, containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1' } } }] } } as Pod;
  const c0 = pod('c0', 'db', '2026-01-01T00:05:00Z');
  // spec.priority as a dump gives it (no PriorityClass admission)
  const victims = (release: KubernetesVersion) => withConfiguration({ kubernetesVersion: release, admission: { priority: false } }, () => {
    const answer = schedule(toSubject(incoming), [node], [p1, p2, c0], undefined, undefined, undefined, [PDB0, PDB1]).preemption as PreemptionAnswer;
    return answer.candidates;
  });

  it('1.36: p1 and p2 (both violating) are reprieved before c0, the victim', () => {
    expect(victims('1.36')).toEqual([{ node: 'n0', victims: ['default/c0'], numPDBViolations: 0 }]);
  });

  it('1.37: p1, then c0 and p2 by importance: p2 is the victim', () => {
    expect(victims('1.37')).toEqual([{ node: 'n0', victims: ['default/p2'], numPDBViolations: 0 }]);
  });
});
