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

describe('orderNotes: from 1.37, the pods whose count stopped at a PDB while a later one counts against them too', () => {
  const notes = (release: KubernetesVersion, pdbs: KubeObject[], pods = [p1, p2]) => withConfiguration({ kubernetesVersion: release }, () =>
    filterPodsWithPDBViolation(pods, pdbs).orderNotes?.map((n) => ({
      pod: n.pod.metadata!.name, pdbs: n.pdbs, violating: n.violating.map((p) => p.metadata!.name), swapped: n.swapped.map((p) => p.metadata!.name),
    })));

  it.each(['1.33', '1.36'] as const)('%s: none (a pod counts down every PDB, so the order cannot matter)', (release) => {
    expect(notes(release, [PDB0, PDB1])).toBeUndefined();
    expect(notes(release, [PDB1, PDB0])).toBeUndefined();
  });

  it('1.37, pdb0 first: p1 stopped at pdb0 while pdb1 counts against it; with pdb1 first p1 and p2 would violate', () => {
    expect(notes('1.37', [PDB0, PDB1])).toEqual([{ pod: 'p1', pdbs: ['pdb0', 'pdb1'], violating: ['p1'], swapped: ['p1', 'p2'] }]);
  });

  it('1.37, pdb1 first: p1 stops at pdb0, the last PDB, and p2 at pdb1, which p2 alone counts against: no note', () => {
    expect(notes('1.37', [PDB1, PDB0])).toBeUndefined();
  });

  it('1.37: no note when the PDBs do not both count against one pod, nor with a single PDB', () => {
    // pdbWeb selects other pods than pdb0: p1 stops at pdb0, and no later PDB counts against it
    const pdbWeb = { ...(pdb('pdb-web', 0) as object), spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } } as unknown as KubeObject;
    const web = pod('w1', 'web');
    expect(withConfiguration({ kubernetesVersion: '1.37' }, () => filterPodsWithPDBViolation([p1, web], [PDB0, pdbWeb]).violating.map((p) => p.metadata!.name))).toEqual(['p1', 'w1']);
    expect(notes('1.37', [PDB0, pdbWeb], [p1, web])).toBeUndefined();
    expect(notes('1.37', [PDB0])).toBeUndefined();
    // p2 is in pdb0's disruptedPods: pdb0 does not count against it, so its stop at pdb1 (last) leaves nothing
    expect(notes('1.37', [pdb('pdb1-spent', 0), PDB0], [p2])).toBeUndefined();
  });

  it('1.37: the swapped order is counted with the early stop too (a pod that violates its first PDB leaves the next one\'s budget)', () => {
    // x allows one disruption; y none, and has let p2 go. Given order: p1 takes x's, violates y; p2 and p3 violate x,
    // and y counts against p3 (a note). Swapped: p1 and p3 stop at y, so p2 gets x's disruption
    const x = pdb('x', 1);
    const y = pdb('y', 0, { p2: '2026-01-02T00:00:00Z' });
    const p3 = pod('p3', 'batch');
    expect(notes('1.37', [x, y], [p1, p2, p3])).toEqual([{ pod: 'p3', pdbs: ['x', 'y'], violating: ['p1', 'p2', 'p3'], swapped: ['p1', 'p3'] }]);
  });

  it('1.37: each stopped pod\'s note swaps its own pair of PDBs (three PDBs, two pairs)', () => {
    // p1 stops at x while y and z count against it; p3 stops at x while only z does (y has let p3 go)
    const p3 = pod('p3', 'batch');
    const x = pdb('x', 0, { p2: '2026-01-02T00:00:00Z' });
    const y = pdb('y', 1, { p3: '2026-01-02T00:00:00Z' });
    const z = pdb('z', 0, { p2: '2026-01-02T00:00:00Z' });
    expect(notes('1.37', [x, y, z], [p1, p2, p3])).toEqual([
      { pod: 'p1', pdbs: ['x', 'y', 'z'], violating: ['p1', 'p3'], swapped: ['p1', 'p2', 'p3'] },
      { pod: 'p3', pdbs: ['x', 'z'], violating: ['p1', 'p3'], swapped: ['p1', 'p3'] },
    ]);
  });

  it('1.37: the swapped order may leave the same pods violating; the note still names the PDBs', () => {
    // both spent: p1 violates either first, and p2 (not counted by pdb0) violates pdb1 whatever the order
    expect(notes('1.37', [pdb('a', 0), pdb('b', 0)])).toEqual([
      { pod: 'p1', pdbs: ['a', 'b'], violating: ['p1', 'p2'], swapped: ['p1', 'p2'] },
      { pod: 'p2', pdbs: ['a', 'b'], violating: ['p1', 'p2'], swapped: ['p1', 'p2'] },
    ]);
  });
});

describe('the answer carries the order it rested on (PreemptionAnswer.pdbOrder, from 1.37)', () => {
  const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } } as unknown as Node;
  const incoming = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'incoming', namespace: 'default' },
    spec: { priority: 1000, containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { cpu: '1' } } }] } } as Pod;
  const c0 = pod('c0', 'db', '2026-01-01T00:05:00Z');
  const answer = (release: KubernetesVersion, pdbs: KubeObject[]) => withConfiguration({ kubernetesVersion: release, admission: { priority: false } }, () =>
    schedule(toSubject(incoming), [node], [p1, p2, c0], undefined, undefined, undefined, pdbs).preemption as PreemptionAnswer);

  it('1.36: none', () => {
    expect(answer('1.36', [PDB0, PDB1]).pdbOrder).toBeUndefined();
  });

  it('1.37: p1 on n0, pdb0 then pdb1, with the violating pods of both orders', () => {
    expect(answer('1.37', [PDB0, PDB1]).pdbOrder).toEqual([
      { node: 'n0', pod: 'default/p1', pdbs: ['pdb0', 'pdb1'], violating: ['default/p1'], swapped: ['default/p1', 'default/p2'] },
    ]);
    expect(answer('1.37', [PDB1, PDB0]).pdbOrder).toBeUndefined();
  });
});
