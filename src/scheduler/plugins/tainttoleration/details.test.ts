// TaintToleration's Filter details, pass lines, fix hints and Score through the engine's questions. The verdicts,
// reasons and scores are upstream's (pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go at v1.37.2:
// Filter with v1helper.FindMatchingUntoleratedTaint, Score with countIntolerableTaintsPreferNoSchedule); the detail
// lines around them are this library's (details.ts).
import { describe, expect, test } from '@jest/globals';
import { withConfiguration } from '../../../core/config';
import type { Node, Pod, Taint, Toleration } from '../../../core/types';
import { scheduleOn, scoreNodes } from '../../../engine/objects';
import { scheduleOnNode } from '../../../engine/schedule';
import { toSubject } from '../../../k8s/subject';
import { taintId } from '../../framework';
import { addTolerationLines } from './details';

const node = (name: string, taints: Taint[], allocatable: Record<string, string> = { cpu: '4', memory: '8Gi', pods: '110' }): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } }, spec: { taints }, status: { allocatable },
});
const pod = (tolerations?: Toleration[], requests?: Record<string, string>): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1', ...(requests ? { resources: { requests, limits: requests } } : {}) }], tolerations },
});
/** The details of the pod's rejection on the one node. */
const details = (p: Pod, n: Node): string[] => {
  const [rejected] = scheduleOn(p, [n]).rejected;
  expect(rejected.status?.plugin).toBe('TaintToleration');
  return rejected.status!.details;
};
const exists = (key: string): Toleration => ({ key, operator: 'Exists' });

describe('TaintToleration Filter details', () => {
  test('every untolerated NoSchedule/NoExecute taint is named once: a taint one of several tolerations tolerates is not', () => {
    const n = node('n', [
      { key: 'a', effect: 'NoSchedule' }, { key: 'ok', effect: 'NoSchedule' }, { key: 'b', value: '1', effect: 'NoExecute' }, { key: 'c', effect: 'NoSchedule' },
    ]);
    // FindMatchingUntoleratedTaint returns `a`, the first; `ok` is tolerated by tolerations[0] (not by tolerations[1])
    expect(details(pod([exists('ok'), exists('other')]), n)).toEqual([
      'taint a:NoSchedule is not tolerated',
      'the pod has no toleration for key "a" (its own are for "ok", "other")',
      'also not tolerated: b=1:NoExecute, c:NoSchedule',
      'To tolerate them, add to spec.tolerations:',
      '  - key: a', '    operator: Exists', '    effect: NoSchedule',
      '  - key: b', '    operator: Equal', '    value: "1"', '    effect: NoExecute',
      '  - key: c', '    operator: Exists', '    effect: NoSchedule',
      'With them added, every filter accepts this node.',
    ]);
  });

  test('the pod\'s own keys are named up to four; from five, three and how many more', () => {
    const spot = node('n', [{ key: 'spot', effect: 'NoSchedule' }]);
    expect(details(pod(['a', 'b', 'c', 'd'].map(exists)), spot)[1]).toBe('the pod has no toleration for key "spot" (its own are for "a", "b", "c", "d")');
    expect(details(pod(['a', 'b', 'c', 'd', 'e'].map(exists)), spot)[1]).toBe('the pod has no toleration for key "spot" (its own are for "a", "b", "c" and 2 more)');
  });

  test('a taint without a key (the loader keeps it; Go reads it as "") is named as the key ""', () => {
    const keyless = node('n', [{ value: 'x', effect: 'NoSchedule' } as Taint]);
    expect(details(pod([exists('a')]), keyless).slice(0, 2)).toEqual(['taint =x:NoSchedule is not tolerated', 'the pod has no toleration for key "" (its own are for "a")']);
  });

  test('tolerations only admission added, by two plugins: both are named', () => {
    // DefaultTolerationSeconds adds not-ready and unreachable (NoExecute, 300 s); ExtendedResourceToleration (on with
    // the setting) one for the extended resource the pod requests (plugin/pkg/admission/extendedresourcetoleration)
    const gpuNode = node('n', [{ key: 'dedicated', effect: 'NoSchedule' }], { cpu: '4', memory: '8Gi', pods: '110', 'example.com/gpu': '1' });
    const lines = withConfiguration({ admission: { extendedResourceToleration: true } }, () => details(pod(undefined, { 'example.com/gpu': '1' }), gpuNode));
    expect(lines[1]).toBe('the pod spec has no tolerations; the 3 added by DefaultTolerationSeconds admission and ExtendedResourceToleration admission have other keys');
  });

  test('a hint that is not enough names every reason of the filter that still rejects the node', () => {
    // NodeResourcesFit's reasons in its order (noderesources/fit.go fitsRequest: cpu, then memory)
    const small = node('n', [{ key: 'spot', effect: 'NoSchedule' }], { cpu: '1', memory: '1Gi', pods: '110' });
    expect(details(pod(undefined, { cpu: '2', memory: '2Gi' }), small)).toContain('Adding it is not enough: NodeResourcesFit would still reject this node: Insufficient cpu, Insufficient memory');
  });

  test('hints for nodes with different taints are not mixed up, whatever ids the taints have', () => {
    // The hint's pod is kept per set of taints, keyed by their ids: make ids N, 1N and N1 (e.g. 37, 137 and 371), so
    // that joined without a separator the sets [N, 1N] and [N1, N] would give the same key.
    const fresh = (i: number): Taint => ({ key: `svmisc.example/t${i}`, effect: 'NoSchedule' });
    const first = fresh(0);
    const n = taintId(first);
    const byId = new Map<number, Taint>([[n, first]]);
    const ids = [Number(`1${n}`), Number(`${n}1`)];
    for (let i = 1; byId.size < 3; i++) {
      const t = fresh(i);
      const id = taintId(t);
      if (ids.includes(id)) byId.set(id, t);
    }
    const [tN, t1N, tN1] = [byId.get(n)!, byId.get(ids[0])!, byId.get(ids[1])!];
    const r = scheduleOn(pod(), [node('x', [tN, t1N]), node('y', [tN1, tN])]);
    expect(r.rejected.map((v) => v.status!.details.at(-1))).toEqual(['With them added, every filter accepts this node.', 'With them added, every filter accepts this node.']);
  });
});

describe('addTolerationLines with an eviction time', () => {
  test('only NoExecute items get tolerationSeconds (ValidateTolerations: "effect must be \'NoExecute\' when `tolerationSeconds` is set")', () => {
    expect(addTolerationLines([{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'NoExecute' }], 'spec.tolerations', 60)).toEqual([
      'To tolerate them, add to spec.tolerations:',
      '  - key: a', '    operator: Exists', '    effect: NoSchedule',
      '  - key: b', '    operator: Exists', '    effect: NoExecute', '    tolerationSeconds: 60',
    ]);
  });
});

describe('TaintToleration pass lines (.not)', () => {
  test('a node without NoSchedule/NoExecute taints says so; PreferNoSchedule taints do not filter', () => {
    const soft = node('n', [{ key: 'soft', effect: 'PreferNoSchedule' }]);
    expect(scheduleOnNode(toSubject(pod()), soft).passes).toContain('TaintToleration: the node has no NoSchedule/NoExecute taints');
  });
});

describe('TaintToleration Score through the scoring (countIntolerableTaintsPreferNoSchedule)', () => {
  test('a node\'s PreferNoSchedule taint counts beside a NoSchedule taint the pod tolerates', () => {
    // the same counting as TestTaintTolerationScore's "only taints and tolerations that have effect PreferNoSchedule
    // are checked": nodeB's NoSchedule taint does not count, nodeC's untolerated PreferNoSchedule one does (0 after
    // NormalizeScore with reverse, against 100 for the nodes with none)
    const tolerations: Toleration[] = [{ key: 'cpu-type', operator: 'Equal', value: 'arm64', effect: 'NoSchedule' }];
    const nodes = [
      node('nodeA', []),
      node('nodeB', [{ key: 'cpu-type', value: 'arm64', effect: 'NoSchedule' }]),
      node('nodeC', [{ key: 'cpu-type', value: 'arm64', effect: 'NoSchedule' }, { key: 'disk-type', value: 'ssd', effect: 'PreferNoSchedule' }]),
    ];
    expect(scoreNodes(pod(tolerations), nodes).map((s) => s.taintToleration)).toEqual([
      { raw: 0, normalized: 100, untolerated: [] },
      { raw: 0, normalized: 100, untolerated: [] },
      { raw: 1, normalized: 0, untolerated: ['disk-type=ssd:PreferNoSchedule'] },
    ]);
  });
});
