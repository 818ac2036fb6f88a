// Pods nominated to a node (issue 35), as the preemption domain asks the five oracles (oracle/k8s-<minor>, v1.33.13 to
// v1.37.2): a Pending pod with status.nominatedNodeName in the scheduler's queue, whose nominator gives it to
// RunFilterPluginsWithNominatedPods in the Filter phase and in SelectVictimsOnNode. Their answers are frozen verbatim in
// test/fixtures/oracle-regressions-nominated.json and compared as the oracle run compares them (test/oracle/preemption.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { comparePreemption, libraryPreemption, type PreemptionInput, type PreemptionOutput } from '../oracle/preemption';
import { KUBERNETES_VERSIONS, withConfiguration, type KubernetesVersion } from '../oracle/lib';

const frozen: Record<string, { input: PreemptionInput; upstream: Record<KubernetesVersion, PreemptionOutput> }> =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-nominated.json'), 'utf8'));

// as test/oracle/run.ts configures the library
const ours = (release: KubernetesVersion, input: PreemptionInput) =>
  withConfiguration({ kubernetesVersion: release, admission: { runtimeClass: false, priority: false } }, () => libraryPreemption(input));

describe.each(KUBERNETES_VERSIONS)('a pod nominated to a node, as a %s cluster answers (preemption)', (release) => {
  it.each(Object.keys(frozen))('%s', (name) => {
    expect(comparePreemption(ours(release, frozen[name].input), frozen[name].upstream[release])).toEqual([]);
  });
});

describe('what the frozen answers say', () => {
  it('the nominee (priority 1000) takes its cpu on n0 from a pod of priority 100: n0 needs a victim too', () => {
    const up = frozen['nominated-takes-room'].upstream['1.36'];
    expect(up.fitError).toBe('0/2 nodes are available: 2 Insufficient cpu.');
    expect(up.preemption).toMatchObject({ nominatedNodes: ['n0', 'n1'], candidates: [{ node: 'n0', victims: ['default/l1'] }, { node: 'n1', victims: ['default/l2'] }] });
  });

  it('a gated nominee is in the nominator from 1.37 only', () => {
    expect(frozen['gated-nominee'].upstream['1.36']).toEqual({ host: 'n0' });
    expect(frozen['gated-nominee'].upstream['1.37'].fitError).toMatch(/^0\/1 nodes are available: 1 Insufficient cpu\. preemption: /);
    expect(ours('1.36', frozen['gated-nominee'].input)).toEqual({ host: 'fits' });
  });
});
