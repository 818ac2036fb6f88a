// Another file of the same run starts from the defaults, whatever scoping.check.ts configured.
import { settings } from '../../src';

test('defaults', () => {
  expect(settings()).toEqual({
    kubernetesVersion: '1.37',
    karpenterVersion: '1.15',
    featureGates: { TaintTolerationComparisonOperators: false },
    validate: true,
    admission: { defaultTolerationSeconds: { notReady: 300, unreachable: 300 }, daemonSetTolerations: true, nodeConditionTaints: true, extendedResourceToleration: false, runtimeClass: true, priority: true, limitRanger: true, resourceQuota: true },
    requireAllocatable: false,
    runtimeClasses: [],
    priorityClasses: [],
    limitRanges: [],
    resourceQuotas: [],
    storage: [],
    clusterStorage: [],
  });
});
