// The Pod a workload stands for, as its controller creates it, and the node's taints as the node lifecycle controller
// leaves them: cases for mutants the admission chunk's run left alive (issue 33 part 8).
import type { KubeObject, Node } from '../core/types';
import { toSubject } from '../k8s/subject';
import { createdLabels, createdPod, podFromTemplate } from './create';
import { mergeConditionTaints } from '../k8s/node-condition-taints';
import { node } from '../../test/fixtures';

const workload = (kind: string, name: string, extra: Record<string, unknown> = {}, labels: Record<string, string> = { app: name }) => ({
  apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1',
  kind,
  metadata: { name, namespace: 'shop', uid: `${name}-uid` },
  spec: { ...extra, template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
}) as KubeObject;

describe("the first pod's labels: what the cluster plugins read for the incoming pod, as createdPod has them", () => {
  test.each<[string, KubeObject, Record<string, string>]>([
    // stateful_set_utils.go updateIdentity: the pod's name and its ordinal over the template's labels
    ['StatefulSet', workload('StatefulSet', 'db', {}, { app: 'db', 'apps.kubernetes.io/pod-index': '7' }), { app: 'db', 'statefulset.kubernetes.io/pod-name': 'db-0', 'apps.kubernetes.io/pod-index': '0' }],
    // pkg/registry/batch/job/strategy.go generateSelector: job-name and controller-uid, each unless the template has it
    ['Job', workload('Job', 'etl', {}, { app: 'etl', 'job-name': 'mine' }), {
      app: 'etl', 'job-name': 'mine', 'batch.kubernetes.io/job-name': 'etl', 'controller-uid': 'etl-uid', 'batch.kubernetes.io/controller-uid': 'etl-uid',
    }],
    ['Job with spec.manualSelector (no generated labels)', workload('Job', 'etl', { manualSelector: true }), { app: 'etl' }],
    // sync.go getNewReplicaSet: the template's labels plus pod-template-hash, a hash the library cannot compute and
    // stands for with THIS_REVISION (src/k8s/label-selector.ts)
    ['Deployment', workload('Deployment', 'web'), { app: 'web', 'pod-template-hash': 'this-revision' }],
    ['ReplicaSet', workload('ReplicaSet', 'web'), { app: 'web' }],
  ])('%s', (_kind, object, want) => {
    const subject = toSubject(object);
    expect(createdLabels(subject)).toEqual(want);
    expect(createdPod(subject).metadata?.labels).toEqual(want);
  });

  test("a Pod's own labels, and none when it has none", () => {
    const labelled = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { app: 'p' } }, spec: { containers: [{ name: 'c', image: 'i' }] } };
    expect(createdLabels(toSubject(labelled))).toEqual({ app: 'p' });
    expect(createdLabels(toSubject({ ...labelled, metadata: { name: 'q' } }))).toEqual({});
  });
});

// metav1.NewControllerRef in each controller's pod creation (replica_set.go, statefulset's newVersionedStatefulSetPod,
// daemon_controller.go, job_controller.go): the workload is the pod's controller. A Deployment's pods belong to its
// ReplicaSet and a CronJob's to its Job, which the library does not make.
describe("the pod's owner reference", () => {
  test.each(['ReplicaSet', 'ReplicationController', 'StatefulSet', 'DaemonSet', 'Job'])('%s controls its pods', (kind) => {
    const object = workload(kind, 'w');
    expect(podFromTemplate(object, 'w-0').metadata?.ownerReferences).toEqual([
      { apiVersion: object.apiVersion, kind, name: 'w', uid: 'w-uid', controller: true, blockOwnerDeletion: true },
    ]);
    const noUid = { ...object, metadata: { name: 'w' } };
    expect(podFromTemplate(noUid, 'w-0').metadata?.ownerReferences).toEqual([
      { apiVersion: object.apiVersion, kind, name: 'w', controller: true, blockOwnerDeletion: true },
    ]);
    expect(podFromTemplate(noUid, 'w-0').metadata?.namespace).toBe('default');
  });
  test.each(['Deployment', 'CronJob'])('%s: none', (kind) => {
    expect(podFromTemplate(workload(kind, 'w'), 'w-0').metadata).not.toHaveProperty('ownerReferences');
  });
});

// node_lifecycle_controller.go: doNoScheduleTaintingPass adds the NoSchedule taints TaintSetDiff finds missing (it
// compares key and effect only); the NoExecute ones go through taintutils.AddOrUpdateTaint (pkg/util/taints), which
// replaces a taint of the same key and effect that is not equal to it.
describe('condition taints the node already carries', () => {
  const notReady = (taints: NonNullable<Node['spec']>['taints']): Node => {
    const n = node('n', [], { ready: 'False' });
    return { ...n, spec: { ...n.spec, taints } };
  };
  test('a NoSchedule one with a value is kept as it is', () => {
    const taints = mergeConditionTaints(notReady([{ key: 'node.kubernetes.io/not-ready', value: 'x', effect: 'NoSchedule' }]));
    expect(taints).toEqual([{ key: 'node.kubernetes.io/not-ready', value: 'x', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }]);
  });
  test('a NoExecute one with a value is replaced in place; the other taints stay', () => {
    const taints = mergeConditionTaints(notReady([
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', value: 'x', effect: 'NoExecute' },
      { key: 'spot', effect: 'NoExecute' },
    ]));
    expect(taints).toEqual([
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
      { key: 'spot', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
    ]);
  });
});
