// Issue 18 point 4: hints that really fix. The toleration YAML is followed by the verdict of every filter on the node
// with it added (run, not guessed); the closest toleration is one with the taint's key; workload pods name the
// workload's pod-spec path; `.not` failures say what let the pod through.
import fc from 'fast-check';
import { resetConfiguration } from '../core/config';
import { schedulingVerdict } from '../scheduler';
import { toSubject } from '../k8s/subject';
import type { Node, Taint, Toleration } from '../core/types';
import { deployment, failure, node, pod } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const controlPlane = (): Node => ({
  ...node('cp-1', [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }]),
  metadata: { name: 'cp-1', labels: { 'kubernetes.io/hostname': 'cp-1', 'node-role.kubernetes.io/control-plane': '' } },
});

describe('the toleration to add is checked by scheduling the pod with it', () => {
  test('a nodeSelector the node does not match still rejects it: the hint says so', () => {
    // Before: the message ended with the YAML, as if adding it were enough.
    const web = deployment('web', undefined, { nodeSelector: { 'kubernetes.io/role': 'control-plane' } });
    const msg = failure(() => expect(web).toBeSchedulableOn(controlPlane()));
    expect(msg).toContain(
      '    To tolerate it, add to spec.template.spec.tolerations:\n' +
        '      - key: node-role.kubernetes.io/control-plane\n' +
        '        operator: Exists\n' +
        '        effect: NoSchedule\n' +
        "    Adding it is not enough: NodeAffinity would still reject this node: node(s) didn't match Pod's node affinity/selector\n" +
        '      nodeSelector kubernetes.io/role=control-plane: node has no label kubernetes.io/role',
    );
  });

  test('when the toleration is all that is missing, the hint says the node then accepts the pod', () => {
    const msg = failure(() => expect(deployment('web')).toBeSchedulableOn(controlPlane()));
    expect(msg).toMatch(/effect: NoSchedule\n {4}With it added, every filter accepts this node\.$/);
  });

  test('every untolerated taint is covered, and a later cluster filter (anti-affinity) is named too', () => {
    const taints: Taint[] = [{ key: 'a', value: '1', effect: 'NoSchedule' }, { key: 'b', effect: 'NoExecute' }];
    const n = node('n1', taints);
    const other = { ...pod('other'), metadata: { name: 'other', namespace: 'default', labels: { app: 'db' } }, spec: { ...pod('other').spec, nodeName: 'n1' } };
    const web = deployment('web', undefined, {
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'db' } } }] } },
    });
    const msg = failure(() => expect(web).toBeSchedulableOn(n, { existingPods: [other] }));
    expect(msg).toContain('To tolerate them, add to spec.template.spec.tolerations:');
    expect(msg).toContain("Adding them is not enough: InterPodAffinity would still reject this node: node(s) didn't match pod anti-affinity rules");
  });

  test('many-node messages carry the check too (toBeSchedulableOnAnyOf)', () => {
    const web = deployment('web', undefined, { nodeSelector: { pool: 'general' } });
    const msg = failure(() => expect(web).toBeSchedulableOnAnyOf([controlPlane()]));
    expect(msg).toContain('Adding it is not enough: NodeAffinity would still reject this node');
  });

  // The claim is the engine's own verdict: for random pods and nodes, scheduling the pod with the suggested
  // tolerations added gives exactly what the hint says (accepted, or rejected by the plugin it names).
  test('property: the hint agrees with the verdict of the pod with the YAML pasted in', () => {
    const key = fc.constantFrom('a', 'b', 'gpu');
    const taint = fc.record({ key, value: fc.constantFrom('', 'x'), effect: fc.constantFrom('NoSchedule', 'NoExecute', 'PreferNoSchedule') });
    const toleration = fc.record({ key, operator: fc.constantFrom('Equal', 'Exists'), value: fc.constantFrom('', 'x'), effect: fc.constantFrom('NoSchedule', 'NoExecute') })
      .map((t): Toleration => (t.operator === 'Exists' ? { key: t.key, operator: 'Exists', effect: t.effect } : t));
    fc.assert(
      fc.property(fc.array(taint, { maxLength: 3 }), fc.array(toleration, { maxLength: 2 }), fc.boolean(), (taints, tolerations, selector) => {
        const n: Node = { ...node('n', taints as Taint[]), metadata: { name: 'n', labels: { pool: 'gpu' } } };
        const spec = selector ? { nodeSelector: { pool: 'general' } } : {};
        const w = deployment('w', tolerations.length ? tolerations : undefined, spec);
        const v = schedulingVerdict(toSubject(w), n);
        if (v.status?.plugin !== 'TaintToleration') return;
        const details = v.status.details;
        const yaml = details.slice(details.findIndex((l) => l.startsWith('To tolerate')) + 1).filter((l) => l.startsWith('  ')).join('\n');
        const added: Toleration[] = [...yaml.matchAll(/- key: (\S+)\n {4}operator: (\w+)(?:\n {4}value: "?([^"\n]*)"?)?\n {4}effect: (\w+)/g)]
          .map((m) => ({ key: m[1], operator: m[2], ...(m[3] !== undefined ? { value: m[3] } : {}), effect: m[4] }));
        expect(added.length).toBeGreaterThan(0);
        const pasted = deployment('w', [...tolerations, ...added], spec);
        const after = schedulingVerdict(toSubject(pasted), n);
        expect(after.status?.plugin).not.toBe('TaintToleration');
        const last = details.find((l) => l.startsWith('With ') || l.startsWith('Adding '))!;
        if (after.feasible) expect(last).toMatch(/^With (it|them) added, every filter accepts this node\.$/);
        else expect(last).toMatch(new RegExp(`^Adding (it|them) is not enough: ${after.status!.plugin} would still reject this node`));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the closest toleration has the taint’s key', () => {
  const spot: Taint = { key: 'spot', value: 'true', effect: 'NoSchedule' };

  test('tolerations for other keys are not compared: the pod has none for the key', () => {
    // Before: "closest toleration: tolerations[0] {key: "dedicated", …}" with three differences, the key among them.
    const web = deployment('web', [{ key: 'dedicated', operator: 'Equal', value: 'spot', effect: 'NoSchedule' }]);
    const msg = failure(() => expect(web).toBeSchedulableOn(node('s1', [spot])));
    expect(msg).toContain('    taint spot=true:NoSchedule is not tolerated\n    the pod has no toleration for key "spot" (its own are for "dedicated")\n');
    expect(msg).not.toContain('closest toleration');
  });

  test('a toleration with the key wins over an earlier one with another key; an empty key is a candidate', () => {
    const web = deployment('web', [{ key: 'dedicated', operator: 'Exists' }, { key: 'spot', operator: 'Equal', value: 'false', effect: 'NoSchedule' }]);
    expect(failure(() => expect(web).toBeSchedulableOn(node('s1', [spot])))).toContain(
      'closest toleration: tolerations[1] {key: "spot", operator: Equal, value: "false", effect: NoSchedule}\n      value "false" ≠ taint value "true" (operator Equal)\n');
    const anyKey = deployment('web', [{ key: 'dedicated', operator: 'Exists' }, { operator: 'Exists', effect: 'NoExecute' }]);
    expect(failure(() => expect(anyKey).toBeSchedulableOn(node('s1', [spot])))).toContain(
      'closest toleration: tolerations[1] {operator: Exists, effect: NoExecute}\n      effect NoExecute ≠ taint effect NoSchedule\n');
  });

  test('toTolerate says the same', () => {
    expect(failure(() => expect(pod('p', [{ key: 'a', operator: 'Exists' }, { key: 'b', operator: 'Exists' }])).toTolerate('spot=true:NoSchedule')))
      .toContain('\nThe pod has no toleration for key "spot" (its own are for "a", "b")\nTo tolerate it, add to spec.tolerations:\n');
  });
});

describe('replica matchers name the workload’s pod-spec path', () => {
  const tainted = () => [node('g1', [{ key: 'gpu', effect: 'NoSchedule' }])];

  test.each([
    ['Deployment', 'spec.template.spec.tolerations', deployment('web')],
    ['StatefulSet', 'spec.template.spec.tolerations', { ...deployment('db'), kind: 'StatefulSet' }],
    ['ReplicaSet', 'spec.template.spec.tolerations', { ...deployment('rs'), kind: 'ReplicaSet' }],
    ['Job', 'spec.template.spec.tolerations', { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', namespace: 'default' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'j', image: 'j' }] } } } }],
    ['CronJob', 'spec.jobTemplate.spec.template.spec.tolerations', { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c', namespace: 'default' }, spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'c' }] } } } } } }],
  ])('%s: toHaveAllReplicasScheduled says %s', (_, path, workload) => {
    // Before: "add to spec.tolerations", the created Pod's path, which the user does not edit.
    const msg = failure(() => expect(workload).toHaveAllReplicasScheduled(tainted()));
    expect(msg).toContain(`To tolerate it, add to ${path}:`);
    expect(msg).not.toMatch(/add to spec\.tolerations/);
  });

  test('toSpreadReplicasAcross too', () => {
    const n = { ...tainted()[0], metadata: { name: 'g1', labels: { pool: 'x' } } };
    expect(failure(() => expect(deployment('web')).toSpreadReplicasAcross('pool', [n]))).toContain('add to spec.template.spec.tolerations:');
  });
});

describe('.not failures say what let the pod through', () => {
  const gpu = (): Node => ({
    ...node('gpu-1', [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }], { ready: 'True' }),
    metadata: { name: 'gpu-1', labels: { 'kubernetes.io/hostname': 'gpu-1', pool: 'gpu', 'nvidia.com/gpu.present': 'true' } },
  });
  const train = deployment('train', [{ key: 'other', operator: 'Exists' }, { key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }], {
    nodeSelector: { pool: 'gpu' },
    affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [
      { matchExpressions: [{ key: 'zone', operator: 'In', values: ['x'] }] },
      { matchExpressions: [{ key: 'nvidia.com/gpu.present', operator: 'In', values: ['true'] }] },
    ] } } },
  });

  test('toBeSchedulableOn: the toleration that tolerated each taint, the nodeSelector label and the node affinity term that matched', () => {
    // Before: "but every filter passes (…)." and nothing about why.
    const msg = failure(() => expect(train).not.toBeSchedulableOn(gpu()));
    expect(msg).toContain(
      'but every filter passes (NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit, PodTopologySpread, InterPodAffinity):\n' +
        '  TaintToleration: taint nvidia.com/gpu=present:NoSchedule is tolerated by tolerations[1] {key: "nvidia.com/gpu", operator: Exists, effect: NoSchedule}\n' +
        '  NodeAffinity: nodeSelector pool=gpu matches the node\'s label\n' +
        '  NodeAffinity: spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[1] matches ' +
        '(matchExpressions[0] nvidia.com/gpu.present In [true]: node has nvidia.com/gpu.present="true")',
    );
  });

  test('an admission-added toleration and a cordoned node are named too', () => {
    const down = { ...node('down', [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }], { unschedulable: true }) };
    const msg = failure(() => expect(daemonSetAgent()).not.toBeSchedulableOn(down));
    expect(msg).toContain('  NodeUnschedulable: the node is cordoned, and tolerations[');
    expect(msg).toMatch(/TaintToleration: taint node\.kubernetes\.io\/not-ready:NoExecute is tolerated by tolerations\[\d\] \(added by DaemonSet controller\)/);
  });

  test('toBeSchedulableOnAnyOf and AllOf explain the first node that fits', () => {
    expect(failure(() => expect(train).not.toBeSchedulableOnAnyOf([gpu()]))).toContain('but it fits 1: gpu-1\nOn gpu-1:\n  TaintToleration: taint nvidia.com/gpu=present:NoSchedule is tolerated by tolerations[1]');
    expect(failure(() => expect(train).not.toBeSchedulableOnAllOf([gpu()]))).toContain('every one accepts it.\nOn gpu-1:\n  TaintToleration:');
  });
});

function daemonSetAgent() {
  return { ...deployment('agent'), kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'kube-system' } };
}

describe('toBeEvictedFrom: the toleration to add gives the time asked for, checked by the controller model', () => {
  const drain = () => node('drain', [{ key: 'maintenance', effect: 'NoExecute' }]);

  test('.after(300): the YAML carries tolerationSeconds 300, and the pod is then evicted after 300s', () => {
    // Before: the YAML tolerated the taint forever, so pasting it gave "never evicted", not 300 s.
    const msg = failure(() => expect(deployment('web')).toBeEvictedFrom(drain()).after(300));
    expect(msg).toContain('      effect: NoExecute\n      tolerationSeconds: 300\n  With it added, the pod is evicted after 300s.');
  });

  test('a shorter tolerationSeconds for another taint still decides: the hint says it is not enough', () => {
    const n = node('drain', [{ key: 'maintenance', effect: 'NoExecute' }, { key: 'zone-down', effect: 'NoExecute' }]);
    const web = deployment('web', [{ key: 'zone-down', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 }]);
    expect(failure(() => expect(web).toBeEvictedFrom(n).after(300))).toContain('Adding it is not enough: the pod would then be evicted after 60s, not evicted after 300s.');
  });

  test('.not: the forever toleration keeps the pod', () => {
    // the options form is decided at once (the bare .not form one microtask later)
    expect(failure(() => expect(deployment('web')).not.toBeEvictedFrom(drain(), {} as never))).toContain('  With it added, the pod is never evicted.');
  });
});
