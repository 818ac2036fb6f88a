// Release deltas (issue 21) that landed at or before the oldest supported release, 1.33: the "before" side is out
// of range (configure refuses '1.32'), so each test shows the answer holds at 1.33, the release after the change, and
// is the same at the newest. Each was also checked against oracle/k8s-1.33 (v1.33.13) in the code and by the generated runs.
import { configure, withConfiguration } from '../../src/core/config';
import { rankNodes, scheduleOn } from '../../src/engine/objects';
import { validate } from '../../src/engine/validate';
import { KUBERNETES_VERSIONS, NEWEST_RELEASE, type KubernetesVersion } from '../../src/core/releases';
import { node } from '../fixtures';

const EDGES: KubernetesVersion[] = [KUBERNETES_VERSIONS[0], NEWEST_RELEASE];
const sized = (name: string, cpu: string, memory: string) => ({ ...node(name), status: { allocatable: { cpu, memory, pods: '110' } } });
const pod = (spec: object) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'app' }], ...spec } });

test('1.32 is out of range', () => {
  expect(() => configure({ kubernetesVersion: '1.32' as never })).toThrow('unsupported kubernetesVersion "1.32"');
});

// #130260 (1.33): NodeResourcesBalancedAllocation's PreScore returns Skip for a pod that requests nothing
// (noderesources/balanced_allocation.go), so it adds no score for best-effort pods.
test.each(EDGES)('%s: BalancedAllocation Skips at PreScore for a best-effort pod, not for a pod that requests cpu', (v) => {
  withConfiguration({ kubernetesVersion: v }, () => {
    const nodes = [sized('a', '4', '8Gi'), sized('b', '2', '16Gi')];
    const plugins = (p: object) => rankNodes(p as never, nodes as never).map((s) => s.skipped.some((x) => x.plugin === 'NodeResourcesBalancedAllocation' && x.reason === 'best-effort pod'));
    expect(plugins(pod({}))).toEqual([true, true]);
    expect(plugins(pod({ containers: [{ name: 'c', image: 'app', resources: { requests: { cpu: '1' } } }] }))).toEqual([false, false]);
  });
});

// #132040 (1.34, cherry-picked into release-1.33 by #133390, in v1.33.13): NodePorts counts the host ports of
// restartable init containers (sidecars), the incoming pod's and the bound pods' (scheduler util GetHostPorts).
test.each(EDGES)('%s: a sidecar\'s hostPort collides with a bound pod\'s', (v) => {
  const sidecar = { name: 'proxy', image: 'envoy', restartPolicy: 'Always', ports: [{ containerPort: 9090, hostPort: 9090 }] };
  const bound = { ...pod({ nodeName: 'a', initContainers: [sidecar] }), metadata: { name: 'bound', namespace: 'default' } };
  const r = withConfiguration({ kubernetesVersion: v }, () => scheduleOn(pod({ initContainers: [sidecar] }) as never, [sized('a', '4', '8Gi')] as never, { existingPods: [bound as never] }));
  expect(r.rejected.map((x) => [x.status?.plugin, x.status?.reasons])).toEqual([['NodePorts', ["node(s) didn't have free ports for the requested pod ports"]]]);
});

// #128212 (1.33): invalid label values in required node affinity In/NotIn are refused at create
// (pkg/apis/core/validation ValidateNodeSelectorRequirement; before 1.33 such pods were accepted and never scheduled).
test.each(EDGES)('%s: an invalid value in required node affinity is refused', (v) => {
  const affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['-bad-'] }] }] } } };
  const errors = withConfiguration({ kubernetesVersion: v }, () => validate(pod({ affinity }) as never).map((e) => e.field));
  expect(errors).toEqual(['spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]']);
});
