// admitPod and podAdmissionRefusal around the RuntimeClass plugin (plugin/pkg/admission/runtimeclass/admission.go):
// who put each toleration there once MergeTolerations has run, the plugin on a workload read from a cluster (its
// pods are yet to be created: admitted), validateOverhead's refusal; and the node's own taints (nodeTaints).
import type { KubeObject, Node, Toleration } from '../core/types';
import { resetConfiguration, withConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { ApiServerRefusal } from '../k8s/decode';
import { admitPod, nodeTaints, podAdmissionRefusal } from '.';

afterEach(resetConfiguration);

const sandbox: Toleration = { key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' };
const gvisor = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', overhead: { podFixed: { cpu: '250m' } },
  scheduling: { tolerations: [sandbox] } } as KubeObject;
const pod = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { containers: [{ name: 'c', image: 'x' }], ...spec } } as KubeObject);
const deployment = (spec: Record<string, unknown>, meta: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', ...meta },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'x' }], ...spec } } } } as KubeObject);

describe('admitPod', () => {
  it('each toleration keeps its source through MergeTolerations: the pod\'s own first, the class\'s last', () => {
    const own: Toleration = { key: 'gpu', operator: 'Exists', effect: 'NoSchedule' };
    const admitted = withConfiguration({ runtimeClasses: [gvisor] }, () => admitPod(toSubject(pod({ runtimeClassName: 'gvisor', tolerations: [own] }))));
    const by = new Map(admitted.tolerations.map((t, i) => [t, admitted.sources[i]]));
    expect(admitted.tolerations[0]).toEqual(own);
    expect(by.get(admitted.tolerations[0]!)).toBe('pod spec');
    expect(admitted.tolerations.at(-1)).toEqual(sandbox);
    expect(admitted.sources.at(-1)).toBe('RuntimeClass admission');
    expect(admitted.sources.filter((s) => s === 'DefaultTolerationSeconds admission')).toHaveLength(2);
  });
  it('a class the cluster does not have: refused, with the plugin\'s text', () => {
    expect(() => withConfiguration({ runtimeClasses: [] }, () => admitPod(toSubject(pod({ runtimeClassName: 'gvisor' })))))
      .toThrow(ApiServerRefusal);
    expect(() => withConfiguration({ runtimeClasses: [] }, () => admitPod(toSubject(pod({ runtimeClassName: 'gvisor' })))))
      .toThrow(/ is forbidden: pod rejected: RuntimeClass "gvisor" not found$/);
  });
  it('an overhead without a class (validateOverhead): refused', () => {
    expect(() => admitPod(toSubject(pod({ overhead: { cpu: '100m' } }))))
      .toThrow(/ is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead$/);
  });
  it('a workload read from a cluster still has its pods admitted when they are created', () => {
    const dumped = deployment({ runtimeClassName: 'gvisor' }, { uid: 'd-1', resourceVersion: '7' });
    const admitted = withConfiguration({ runtimeClasses: [gvisor] }, () => admitPod(toSubject(dumped)));
    expect(admitted.spec.overhead).toEqual({ cpu: '250m' });
    expect(admitted.tolerations.at(-1)).toEqual(sandbox);
  });
});

describe('podAdmissionRefusal', () => {
  it('a workload read from a cluster whose class is missing: its pods are refused', () => {
    const dumped = deployment({ runtimeClassName: 'gvisor' }, { uid: 'd-1' });
    expect(withConfiguration({ runtimeClasses: [] }, () => podAdmissionRefusal(toSubject(dumped))))
      .toMatchObject({ phase: 'admit', reason: 'pod rejected: RuntimeClass "gvisor" not found' });
  });
});

describe('nodeTaints', () => {
  it('without the condition taints, a node without taints has none', () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' }, status: { conditions: [{ type: 'Ready', status: 'False' }] } } as Node;
    expect(withConfiguration({ admission: { nodeConditionTaints: false } }, () => nodeTaints(node))).toEqual([]);
  });
});
