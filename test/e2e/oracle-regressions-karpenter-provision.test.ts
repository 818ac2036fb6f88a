// Regression tests from the karpenterProvision domain (oracle/shared/karpenter/provision.go: Karpenter's own
// Provisioner.Validate, NewScheduler and Scheduler.Solve over generated NodePools and instance types): each case is a
// difference the domain found, reduced by hand, with the oracle's answer frozen verbatim (identical at
// sigs.k8s.io/karpenter v1.14.3 and v1.15.0), so that `npm test` keeps it without Go. The library side is
// provision(...) with `instanceTypes` and `daemonSets`, what toBeProvisionableByAnyOf and chooseNodePool answer.
import { describe, expect, it } from '@jest/globals';
import { configure } from '../../src/core/config';
import { karpenterProvision, type ProvisionInput, type ProvisionOutput } from '../oracle/karpenter-provision';
import cases from './oracle-regressions-karpenter-provision.json';

describe.each(['1.14', '1.15'] as const)('oracle regressions, karpenterProvision, Karpenter %s', (karpenterVersion) => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    configure({ karpenterVersion });
    try {
      const ours = karpenterProvision.ours(c.input as unknown as ProvisionInput);
      expect(karpenterProvision.compare(ours, c.upstream as ProvisionOutput)).toEqual([]);
    } finally {
      configure({ karpenterVersion: '1.15' });
    }
  });
});
