// NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest) details and codes, the taint
// explanation shared by the matchers, and ExtendedResourceToleration
// (plugin/pkg/admission/extendedresourcetoleration/admission.go). Added for the mutation run.
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { configure, resetConfiguration } from '../../../core/config';
import { nodeInfo, nodeUsage, podInfo } from '../../framework';
import { formatBytes, formatMilliCPU, NodeResourcesFit, resourcesNotChecked } from './fit';
import { addTolerationLines, closestLines, explainUntolerated, taintOrigin } from '../tainttoleration/details';
import { addExtendedResourceTolerations, extendedResourcesRequested } from '../../../admission/extended-resource-toleration';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

type Spec = NonNullable<Pod['spec']>;
let n = 0;
const pod = (spec: Partial<Spec> = {}, nodeName?: string): Pod =>
  ({ kind: 'Pod', metadata: { name: `p${++n}`, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], ...(nodeName ? { nodeName } : {}), ...spec } });
const requesting = (requests: Record<string, string>, nodeName?: string) => pod({ containers: [{ name: 'c', image: 'i', resources: { requests } }] }, nodeName);
const sized = (allocatable: Record<string, string>, name = 'n1'): Node => ({ kind: 'Node', metadata: { name }, spec: {}, status: { allocatable } });
const fit = (p: Pod, node: Node, existing: Pod[] = []) => NodeResourcesFit.filter(podInfo(toSubject(p)), nodeInfo(node), nodeUsage(existing));

describe('quantities in messages', () => {
  test('cpu in cores when whole, else millicores', () => {
    expect([formatMilliCPU(2000), formatMilliCPU(1500), formatMilliCPU(0), formatMilliCPU(1)]).toEqual(['2', '1500m', '0', '1m']);
  });
  test('bytes with the largest binary suffix that divides them', () => {
    expect([formatBytes(0), formatBytes(2 ** 30), formatBytes(3 * 2 ** 20), formatBytes(1536 * 2 ** 20), formatBytes(2048), formatBytes(1000)])
      .toEqual(['0', '1Gi', '3Mi', '1536Mi', '2Ki', '1000']);
  });
});

describe('NodeResourcesFit', () => {
  test('requested must be at most allocatable minus what is already requested (equal fits)', () => {
    const node = sized({ cpu: '2', memory: '2Gi', pods: '10' });
    expect(fit(requesting({ cpu: '1' }), node, [requesting({ cpu: '1' }, 'n1')])).toBeUndefined();
    const s = fit(requesting({ cpu: '1001m' }), node, [requesting({ cpu: '1' }, 'n1')]);
    expect(s?.reasons).toEqual(['Insufficient cpu']);
    expect(s?.code).toBe('Unschedulable');
    expect(s?.details).toEqual(['Insufficient cpu: requested 1001m, allocatable 2000m, already requested by 1 pod(s) 1000m, free 1000m']);
  });
  // issue 31 item 4: "already requested by 2 pod(s) 3" beside millicores; upstream's reason (`Insufficient cpu`) stays as is
  test('cpu amounts of one line in one unit: cores when all are whole, else millicores', () => {
    const node = sized({ cpu: '4', memory: '2Gi', pods: '10' });
    const s = fit(requesting({ cpu: '1500m' }), node, [requesting({ cpu: '1' }, 'n1'), requesting({ cpu: '2' }, 'n1')]);
    expect(s?.reasons).toEqual(['Insufficient cpu']);
    expect(s?.details).toEqual(['Insufficient cpu: requested 1500m, allocatable 4000m, already requested by 2 pod(s) 3000m, free 1000m']);
    expect(fit(requesting({ cpu: '2' }), node, [requesting({ cpu: '3' }, 'n1')])?.details)
      .toEqual(['Insufficient cpu: requested 2, allocatable 4, already requested by 1 pod(s) 3, free 1']);
    expect(fit(requesting({ cpu: '1' }), node, [requesting({ cpu: '4500m' }, 'n1')])?.details)
      .toEqual(['Insufficient cpu: requested 1000m, allocatable 4000m, already requested by 1 pod(s) 4500m, nothing free (the pods there already request 500m more than allocatable)']);
  });
  test('more than the node has at all is UnschedulableAndUnresolvable (preemption cannot help)', () => {
    const s = fit(requesting({ memory: '3Gi' }), sized({ cpu: '2', memory: '2Gi', pods: '10' }));
    expect(s?.code).toBe('UnschedulableAndUnresolvable');
    expect(s?.details).toEqual(['Insufficient memory: requested 3Gi, allocatable 2Gi, already requested by 0 pod(s) 0, free 2Gi']);
    expect(fit(requesting({ memory: '2Gi' }), sized({ memory: '2Gi', pods: '10' }))).toBeUndefined();
  });
  test('a resource the pod does not request is never checked, even when the node is overcommitted', () => {
    const node = sized({ cpu: '1', memory: '1Gi', pods: '10' });
    expect(fit(requesting({ memory: '1Mi' }), node, [requesting({ cpu: '2' }, 'n1')])).toBeUndefined();
    expect(fit(requesting({ cpu: '1m' }), node, [requesting({ memory: '2Gi' }, 'n1')])).toBeUndefined();
  });
  test('ephemeral-storage and extended resources, with the missing allocatable entry explained', () => {
    const s = fit(requesting({ 'ephemeral-storage': '2Ki', 'example.com/fpga': '1' }), sized({ 'ephemeral-storage': '1Ki', pods: '10' }));
    expect(s?.reasons).toEqual(['Insufficient ephemeral-storage', 'Insufficient example.com/fpga']);
    expect(s?.details).toEqual([
      'Insufficient ephemeral-storage: requested 2Ki, allocatable 1Ki, already requested by 0 pod(s) 0, free 1Ki',
      'Insufficient example.com/fpga: requested 1, allocatable 0, already requested by 0 pod(s) 0, free 0 (node n1 has no "example.com/fpga" entry in status.allocatable, which counts as 0)',
    ]);
  });
  test('extended resources already requested by pods on the node', () => {
    const node = sized({ 'example.com/fpga': '2', pods: '10' });
    expect(fit(requesting({ 'example.com/fpga': '1' }), node, [requesting({ 'example.com/fpga': '1' }, 'n1')])).toBeUndefined();
    expect(fit(requesting({ 'example.com/fpga': '2' }), node, [requesting({ 'example.com/fpga': '1' }, 'n1')])?.code).toBe('Unschedulable');
  });
  test('Too many pods: len(pods)+1 > allocatable pods; comes first and is not unresolvable by itself', () => {
    const node = sized({ cpu: '1', pods: '2' });
    expect(fit(pod(), node, [pod({}, 'n1')])).toBeUndefined();
    const s = fit(requesting({ cpu: '2' }), node, [pod({}, 'n1'), pod({}, 'n1')]);
    expect(s?.reasons).toEqual(['Too many pods', 'Insufficient cpu']);
    expect(s?.details[0]).toBe('Too many pods: allocatable pods 2, 2 already on the node');
    const only = fit(pod(), node, [pod({}, 'n1'), pod({}, 'n1')]);
    expect(only?.reasons).toEqual(['Too many pods']);
    expect(only?.code).toBe('Unschedulable');
    expect(only?.details).toEqual(['Too many pods: allocatable pods 2, 2 already on the node']);
  });
  test('allocatable without "pods" admits no pod, and says so', () => {
    expect(fit(pod(), sized({ cpu: '1' }))?.details).toEqual(['Too many pods: node n1 has no "pods" entry in status.allocatable, so no pod fits']);
  });
  test('why resources were not checked', () => {
    const bare: Node = { kind: 'Node', metadata: { name: 'bare' } };
    expect(resourcesNotChecked(nodeInfo(bare))).toBe('resources not checked: Node bare declares no status.allocatable');
    expect(() => nodeInfo(sized({ cpu: 'x' }, 'odd'))).toThrow('Node odd is refused by the API server');
    expect(resourcesNotChecked(nodeInfo(sized({ cpu: '1' })))).toBeUndefined();
    expect(fit(requesting({ cpu: '64' }), bare)).toBeUndefined();
  });
});

describe('taint explanations', () => {
  const subjectInfo = (spec: Partial<Spec> = {}) => podInfo(toSubject(pod(spec)));
  test('a taint added for a condition names it; the node’s own taints do not', () => {
    configure({ admission: { nodeConditionTaints: true } });
    const node = nodeInfo({ kind: 'Node', metadata: { name: 'n' }, spec: { taints: [{ key: 'own', effect: 'NoSchedule' }] }, status: { conditions: [{ type: 'Ready', status: 'False' }] } });
    expect(node.taints.map((t) => taintOrigin(node, t))).toEqual(['', ' (from node condition Ready=False)', ' (from node condition Ready=False)']);
    expect(taintOrigin(node, { key: 'own', effect: 'NoSchedule' })).toBe('');
  });
  test('no tolerations; the closest one with its index when sources are known', () => {
    expect(closestLines([], undefined, { key: 'k', effect: 'NoSchedule' }, false)).toEqual(['the pod has no tolerations']);
    expect(closestLines([{ key: 'k', operator: 'Equal', value: 'a' }], undefined, { key: 'k', value: 'b', effect: 'NoSchedule' }, false))
      .toEqual(['closest toleration: {key: "k", operator: Equal, value: "a"}', '  value "a" ≠ taint value "b" (operator Equal)']);
    expect(closestLines([{ key: 'k', operator: 'Equal', value: 'a' }], ['pod spec'], { key: 'k', value: 'b', effect: 'NoSchedule' }, false)[0])
      .toBe('closest toleration: tolerations[0] {key: "k", operator: Equal, value: "a"}');
  });
  test('an admission-added toleration is shown as such; with another key it is not offered', () => {
    const added = [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' as const, effect: 'NoExecute' as const, tolerationSeconds: 300 }];
    expect(closestLines(added, ['DefaultTolerationSeconds admission'], { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }, false)).toEqual([
      'closest toleration: tolerations[0] (added by DefaultTolerationSeconds admission)',
      '  {key: "node.kubernetes.io/not-ready", operator: Exists, effect: NoExecute, tolerationSeconds: 300}',
      '  effect NoExecute ≠ taint effect NoSchedule',
    ]);
    expect(closestLines([...added, { ...added[0], key: 'node.kubernetes.io/unreachable' }], ['DefaultTolerationSeconds admission', 'DefaultTolerationSeconds admission'], { key: 'gpu', effect: 'NoSchedule' }, false))
      .toEqual(['the pod spec has no tolerations; the 2 added by DefaultTolerationSeconds admission have other keys']);
  });
  test('YAML to add, for one taint or several', () => {
    expect(addTolerationLines([{ key: 'gpu', value: 'yes', effect: 'NoSchedule' }], 'spec.tolerations')).toEqual([
      'To tolerate it, add to spec.tolerations:', '  - key: gpu', '    operator: Equal', '    value: "yes"', '    effect: NoSchedule',
    ]);
    expect(addTolerationLines([{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'NoExecute' }], undefined)).toEqual([
      'To tolerate them, add:', '  - key: a', '    operator: Exists', '    effect: NoSchedule', '  - key: b', '    operator: Exists', '    effect: NoExecute',
    ]);
  });
  test('explainUntolerated lists the other untolerated NoSchedule/NoExecute taints, not PreferNoSchedule or tolerated ones', () => {
    const p = subjectInfo({ tolerations: [{ key: 'ok', operator: 'Exists' }] });
    const node = nodeInfo({ kind: 'Node', metadata: { name: 'n' }, spec: { taints: [
      { key: 'first', effect: 'NoSchedule' }, { key: 'ok', effect: 'NoSchedule' }, { key: 'soft', effect: 'PreferNoSchedule' }, { key: 'second', value: 'v', effect: 'NoExecute' },
    ] } });
    expect(explainUntolerated(p, node, node.taints[0])).toEqual([
      'taint first:NoSchedule is not tolerated',
      'the pod has no toleration for key "first" (its own are for "ok")',
      'also not tolerated: second=v:NoExecute',
      'To tolerate them, add to spec.tolerations:',
      '  - key: first', '    operator: Exists', '    effect: NoSchedule',
      '  - key: second', '    operator: Equal', '    value: v', '    effect: NoExecute',
    ]);
    const single = nodeInfo({ kind: 'Node', metadata: { name: 'm' }, spec: { taints: [{ key: 'only', effect: 'NoSchedule' }] } });
    expect(explainUntolerated(subjectInfo(), single, single.taints[0])).toEqual([
      'taint only:NoSchedule is not tolerated', 'the pod has no tolerations',
      'To tolerate it, add to spec.tolerations:', '  - key: only', '    operator: Exists', '    effect: NoSchedule',
    ]);
  });
});

describe('ExtendedResourceToleration Admit', () => {
  test('extended resources from requests and limits of containers and init containers, sorted and unique', () => {
    const spec: Spec = {
      containers: [{ name: 'a', image: 'i', resources: { requests: { cpu: '1', 'example.com/b': '1' }, limits: { 'example.com/a': '1' } } }],
      initContainers: [{ name: 'b', image: 'i', resources: { limits: { 'example.com/b': '1', 'hugepages-2Mi': '1Mi', 'kubernetes.io/x': '1' } } }],
    };
    expect(extendedResourcesRequested(spec)).toEqual(['example.com/a', 'example.com/b']);
    expect(extendedResourcesRequested({ containers: [] } as unknown as Spec)).toEqual([]);
    expect(extendedResourcesRequested({} as Spec)).toEqual([]);
  });
  test('one Exists/NoSchedule toleration per resource, not duplicated', () => {
    const spec: Spec = { containers: [{ name: 'a', image: 'i', resources: { limits: { 'nvidia.com/gpu': '1' } } }] };
    expect(addExtendedResourceTolerations([], spec)).toEqual([{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]);
    const own = [{ key: 'nvidia.com/gpu', operator: 'Exists' as const, effect: 'NoSchedule' as const }];
    expect(addExtendedResourceTolerations(own, spec)).toEqual(own);
  });
});
