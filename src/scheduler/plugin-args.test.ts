// argsAreDefault (plugin-args.ts): a configuration that spells out defaults.go's plugin arguments
// (pkg/scheduler/apis/config/v1/defaults.go SetDefaults_NodeResourcesFitArgs, SetDefaults_NodeResourcesBalancedAllocationArgs:
// LeastAllocated over cpu and memory, weight 1) runs as the default profile: the same scores and the same explanation
// lines, whatever order its keys are written in; arguments that differ take the configured path.
import { configure } from '../core/config';
import { rankNodes } from '../engine/objects';
import { deployment, zonedNode } from '../../test/outage/cluster';

const KSC = { apiVersion: 'kubescheduler.config.k8s.io/v1', kind: 'KubeSchedulerConfiguration' };
const FIT_LINE = 'LeastAllocated: cpu 1000m/4000m, memory 200Mi/16384Mi requested with this pod';
const BALANCED_LINE = 'cpu 25%, memory 0% of allocatable requested with this pod (before it: cpu 0%, memory 0%; 75 = balance unchanged)';

/** The NodeResourcesFit and NodeResourcesBalancedAllocation entries of a 1-cpu pod's ranking on a fresh 4-cpu node. */
function resourceLines(pluginConfig?: object[]) {
  if (pluginConfig) configure({ schedulerConfiguration: { ...KSC, profiles: [{ pluginConfig }] } });
  const [ranked] = rankNodes(deployment('web', 1, '1'), [zonedNode('n1', 'a', '4')]);
  const of = (name: string) => ranked.plugins.find((p) => p.plugin === name)!;
  return { fit: of('NodeResourcesFit'), balanced: of('NodeResourcesBalancedAllocation') };
}

const CPU_MEMORY_REORDERED = [{ weight: 1, name: 'cpu' }, { weight: 1, name: 'memory' }];

test('the default profile explains LeastAllocated and the balance by cpu and memory', () => {
  configure({ kubernetesVersion: '1.36' });
  const { fit, balanced } = resourceLines();
  expect([fit.detail, fit.score]).toEqual([FIT_LINE, 86]);
  expect([balanced.detail, balanced.score]).toEqual([BALANCED_LINE, 68]);
});

test('defaults spelled out, keys in another order, explain as the default profile does', () => {
  configure({ kubernetesVersion: '1.36' });
  const { fit, balanced } = resourceLines([
    { name: 'NodeResourcesFit', args: { scoringStrategy: { resources: CPU_MEMORY_REORDERED, type: 'LeastAllocated' }, ignoredResourceGroups: [], ignoredResources: [] } },
    { name: 'NodeResourcesBalancedAllocation', args: { resources: CPU_MEMORY_REORDERED } },
  ]);
  expect([fit.detail, fit.score]).toEqual([FIT_LINE, 86]);
  expect([balanced.detail, balanced.score]).toEqual([BALANCED_LINE, 68]);
});

test('defaults spelled out in their own order explain as the default profile does', () => {
  configure({ kubernetesVersion: '1.36' });
  const cpuMemory = [{ name: 'cpu', weight: 1 }, { name: 'memory', weight: 1 }];
  const { fit, balanced } = resourceLines([
    { name: 'NodeResourcesFit', args: { scoringStrategy: { type: 'LeastAllocated', resources: cpuMemory } } },
    { name: 'NodeResourcesBalancedAllocation', args: { resources: cpuMemory } },
  ]);
  expect(fit.detail).toBe(FIT_LINE);
  expect(balanced.detail).toBe(BALANCED_LINE);
});

test('arguments other than the defaults take the configured path: its lines name each resource', () => {
  configure({ kubernetesVersion: '1.36' });
  // BalancedAllocation's weights must be 1 (validation_pluginargs.go): its resources differ instead
  const { fit, balanced } = resourceLines([
    { name: 'NodeResourcesFit', args: { scoringStrategy: { resources: [{ weight: 2, name: 'cpu' }, { weight: 1, name: 'memory' }], type: 'LeastAllocated' } } },
    { name: 'NodeResourcesBalancedAllocation', args: { resources: [{ weight: 1, name: 'memory' }, { weight: 1, name: 'cpu' }] } },
  ]);
  // least_allocated.go: cpu (4000-1000)*100/4000 = 75, memory 98; (75*2 + 98*1) / 3 = 82
  expect([fit.detail, fit.score]).toEqual(['LeastAllocated: cpu 1000/4000, memory 209715200/17179869184 requested with this pod', 82]);
  expect([balanced.detail, balanced.score]).toEqual(['BalancedAllocation: memory 0/17179869184, cpu 1000/4000 requested with this pod', 68]);
});
