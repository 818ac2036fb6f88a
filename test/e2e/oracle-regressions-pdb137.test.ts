// Two PodDisruptionBudgets over the same pods, one listing a pod in status.disruptedPods, as the preemption domain asks
// the five oracles (oracle/k8s-<minor>, v1.33.13 to v1.37.2). From 1.37 FilterVictimsWithPDBViolation
// (pkg/scheduler/framework/preemption/util.go, v1.37.2) stops counting a pod down the budgets at the first one it takes
// below zero (podIsViolating returns there); up to 1.36 filterPodsWithPDBViolation (default_preemption.go) counts it
// down every one. So from 1.37 the answer depends on the PDBs' order, which upstream takes from the PDB lister
// (getPodDisruptionBudgets: in a cluster the informer store's Go map, another order at each List). The oracle pins its
// PDB lister to the question's order (oracle/shared/pdborder.go), the library's model: asked 50 times each, the 1.37
// oracle answered every case alike, as the library does with the PDBs in the order given (`upstream['1.37']`), and
// with them reversed, pdb1 first, alike again (`upstreamReversed137`); 1.33 to 1.36 answered the same in both orders.
// Frozen verbatim in test/fixtures/oracle-regressions-pdb137.json and compared as the oracle run compares them
// (test/oracle/preemption.ts). The witness was the known deviation preemption-pdb-order-with-disrupted-pods (CI seed
// 800654).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { comparePreemption, libraryPreemption, type PreemptionInput, type PreemptionOutput } from '../oracle/preemption';
import { KUBERNETES_VERSIONS, withConfiguration, type KubernetesVersion } from '../oracle/lib';

interface Frozen { input: PreemptionInput; upstream: Record<KubernetesVersion, PreemptionOutput>; upstreamReversed137: PreemptionOutput }
const frozen: Record<string, Frozen> = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-pdb137.json'), 'utf8'));

// as test/oracle/run.ts configures the library
const ours = (release: KubernetesVersion, input: PreemptionInput) =>
  withConfiguration({ kubernetesVersion: release, admission: { runtimeClass: false, priority: false } }, () => libraryPreemption(input));
const reversed = (input: PreemptionInput): PreemptionInput => ({ ...input, podDisruptionBudgets: [...input.podDisruptionBudgets].reverse() });
const candidates = (o: PreemptionOutput) => (o.preemption && 'candidates' in o.preemption ? o.preemption.candidates : undefined);

describe.each(KUBERNETES_VERSIONS)('two PDBs over the same pods, as a %s cluster answers (preemption)', (release) => {
  it.each(Object.keys(frozen))('%s', (name) => {
    expect(comparePreemption(ours(release, frozen[name].input), frozen[name].upstream[release])).toEqual([]);
  });
});

describe('1.37: the oracle\'s PDB lister lists in the input\'s order, as the library counts', () => {
  it.each(Object.keys(frozen))('%s: with pdb1 first the library gives upstream\'s other answer, and the comparison tells the two apart', (name) => {
    const { input, upstream, upstreamReversed137 } = frozen[name];
    expect(comparePreemption(ours('1.37', reversed(input)), upstreamReversed137)).toEqual([]);
    // the order decides: neither order's answer passes for the other's
    expect(comparePreemption(ours('1.37', input), upstreamReversed137)).not.toEqual([]);
    expect(comparePreemption(ours('1.37', reversed(input)), upstream['1.37'])).not.toEqual([]);
  });

  it('up to 1.36 the order does not matter: one answer, whatever the order', () => {
    for (const name of Object.keys(frozen)) {
      const answer = ours('1.36', frozen[name].input);
      expect(ours('1.36', reversed(frozen[name].input))).toEqual(answer);
      expect(comparePreemption(ours('1.36', reversed(frozen[name].input)), frozen[name].upstream['1.36'])).toEqual([]);
    }
  });
});

describe('what the frozen answers say', () => {
  it('witness: p2 violates pdb1 up to 1.36; from 1.37 p1 stops at pdb0 and leaves pdb1\'s one disruption to p2', () => {
    const { upstream } = frozen.witness;
    expect(candidates(upstream['1.36'])).toEqual([{ node: 'n0', victims: ['default/p2', 'default/p0', 'default/p3'], numPDBViolations: 1 }]);
    expect(candidates(upstream['1.37'])).toEqual([{ node: 'n0', victims: ['default/p0', 'default/p2', 'default/p3'], numPDBViolations: 0 }]);
    expect(candidates(frozen.witness.upstreamReversed137)).toEqual(candidates(upstream['1.36']));
  });

  it('pick: the violation saved moves the nomination from n1 (a victim of priority 100) to n0', () => {
    const { upstream } = frozen.pick;
    expect(upstream['1.36'].nominatedNode).toBe('n1');
    expect(upstream['1.37'].nominatedNode).toBe('n0');
    expect(frozen.pick.upstreamReversed137.nominatedNode).toBe('n1');
  });

  it('victims: p2 is reprieved before c0 up to 1.36 (both PDB-violating first), after it from 1.37', () => {
    const { upstream } = frozen.victims;
    expect(candidates(upstream['1.36'])?.[0].victims).toEqual(['default/c0']);
    expect(candidates(upstream['1.37'])?.[0].victims).toEqual(['default/p2']);
    expect(candidates(frozen.victims.upstreamReversed137)?.[0].victims).toEqual(['default/c0']);
  });
});
