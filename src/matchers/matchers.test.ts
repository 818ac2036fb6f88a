// The matchers through Jest's global expect: verdicts, `.not`, and the messages users read.
import { configure, resetConfiguration } from '../core/config';
import { daemonSet, deployment, failure, node, pod } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const gpuTaint = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' };
const gpuNode = node('gpu-1', [gpuTaint]);
const cpuTolerant = deployment('web', [{ key: 'dedicated', operator: 'Equal', value: 'cpu', effect: 'NoSchedule' }]);
const gpuTolerant = deployment('train', [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }]);

describe('toTolerate', () => {
  test('kubectl spec strings and taint objects', () => {
    expect(gpuTolerant).toTolerate('dedicated=gpu:NoSchedule');
    expect(gpuTolerant).toTolerate(gpuTaint);
    expect(gpuTolerant).not.toTolerate('dedicated=gpu:NoExecute');
    expect(cpuTolerant).not.toTolerate('dedicated=gpu:NoSchedule');
  });
  test('a toleration or an array of tolerations', () => {
    expect({ operator: 'Exists' }).toTolerate('anything=at-all:NoExecute');
    expect([{ key: 'dedicated', effect: 'NoSchedule' }]).toTolerate('dedicated:NoSchedule');
    expect([{ key: 'dedicated', effect: 'NoSchedule' }]).not.toTolerate('dedicated=gpu:NoSchedule');
  });
  test('admission is applied: every pod tolerates not-ready for 300 s, DaemonSet pods forever', () => {
    expect(pod('p')).toTolerate('node.kubernetes.io/not-ready:NoExecute');
    expect(daemonSet('agent')).toTolerate('node.kubernetes.io/memory-pressure:NoSchedule');
    expect(deployment('web')).not.toTolerate('node.kubernetes.io/memory-pressure:NoSchedule');
  });
  test('failure names the subject, the taint, the closest toleration and what differs', () => {
    expect(failure(() => expect(cpuTolerant).toTolerate('dedicated=gpu:NoSchedule'))).toBe(
      'expect(received).toTolerate(taint)\n\n' +
        'Expected Deployment default/web to tolerate taint "dedicated=gpu:NoSchedule", but no toleration matches it.\n' +
        'Closest toleration: tolerations[0] {key: "dedicated", operator: Equal, value: "cpu", effect: NoSchedule}\n' +
        '  value "cpu" ≠ taint value "gpu" (operator Equal)\n' +
        'To tolerate it, add to spec.template.spec.tolerations:\n' +
        '  - key: dedicated\n    operator: Equal\n    value: gpu\n    effect: NoSchedule',
    );
  });
  test('.not failure names the toleration that matches and who added it', () => {
    expect(failure(() => expect(pod('p')).not.toTolerate('node.kubernetes.io/unreachable:NoExecute'))).toBe(
      'expect(received).not.toTolerate(taint)\n\n' +
        'Expected Pod default/p not to tolerate taint "node.kubernetes.io/unreachable:NoExecute", but it does.\n' +
        'Tolerated for 300s by tolerations[1] (added by DefaultTolerationSeconds admission):\n' +
        '  {key: "node.kubernetes.io/unreachable", operator: Exists, effect: NoExecute, tolerationSeconds: 300}',
    );
  });
  test('a tolerationSeconds ≤ 0 tolerates for 0 s, as the taint-eviction controller reads it', () => {
    const p = pod('p', [{ key: 'drain', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: -5 }]);
    expect(failure(() => expect(p).not.toTolerate('drain:NoExecute'))).toContain('Tolerated for 0s (tolerationSeconds -5) by tolerations[0]:');
  });
  test('effect and key differences are explained', () => {
    const msg = failure(() => expect({ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }).toTolerate('dedicated=gpu:NoExecute'));
    expect(msg).toContain('effect NoSchedule ≠ taint effect NoExecute');
    expect(failure(() => expect(pod('none', [])).toTolerate('a:NoSchedule'))).toContain('The pod spec has no tolerations; the 2 added by DefaultTolerationSeconds admission have other keys');
  });
  test('an invalid taint spec fails with kubectl’s message, with and without .not', () => {
    // @ts-expect-error a literal spec with an unknown effect is also a compile error
    expect(failure(() => expect(gpuTolerant).toTolerate('dedicated=gpu:NoSchedul'))).toContain('invalid taint effect: NoSchedul, unsupported taint effect');
    // @ts-expect-error a literal spec without an effect is also a compile error
    expect(failure(() => expect(gpuTolerant).not.toTolerate('dedicated=gpu'))).toContain('invalid taint spec: dedicated=gpu');
  });
  test('an object the API server would reject fails with field paths, with and without .not', () => {
    const bad = deployment('bad', [{ key: 'a', operator: 'Exists', value: 'x', effect: 'NoSchedule' }]);
    const msg = failure(() => expect(bad).toTolerate('a:NoSchedule'));
    expect(msg).toContain('Deployment default/bad would be rejected by the API server');
    expect(msg).toContain('spec.template.spec.tolerations[0].operator: Invalid value: "x": value must be empty when `operator` is \'Exists\'');
    expect(failure(() => expect(bad).not.toTolerate('a:NoSchedule'))).toContain('would be rejected by the API server');
    configure({ validate: false });
    expect(bad).toTolerate('a:NoSchedule');
  });
  test('Lt/Gt need the feature gate', () => {
    const sla = deployment('sla', [{ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }]);
    expect(failure(() => expect(sla).toTolerate('sla=999:NoSchedule'))).toContain('Unsupported value: "Gt"');
    configure({ featureGates: { TaintTolerationComparisonOperators: true } });
    expect(sla).toTolerate('sla=999:NoSchedule');
    expect(sla).not.toTolerate('sla=950:NoSchedule');
  });
  test('a subject that is not a pod or workload', () => {
    expect(failure(() => expect({ kind: 'ConfigMap', metadata: { name: 'x' } }).toTolerate('a:NoSchedule'))).toContain(
      'expected a Pod or a workload (PodTemplate, Deployment, StatefulSet, DaemonSet, ReplicaSet, ReplicationController, Job, CronJob), received ConfigMap x',
    );
  });
});

describe('toBeSchedulableOn', () => {
  test('verdicts', () => {
    expect(gpuTolerant).toBeSchedulableOn(gpuNode);
    expect(cpuTolerant).not.toBeSchedulableOn(gpuNode);
    expect(cpuTolerant).toBeSchedulableOn(node('plain'));
    expect(cpuTolerant).toBeSchedulableOn(node('soft', [{ key: 'spot', effect: 'PreferNoSchedule' }]));
  });
  test('one untolerated taint among tolerated ones is enough', () => {
    expect(gpuTolerant).not.toBeSchedulableOn(node('two', [gpuTaint, { key: 'zone', value: 'a', effect: 'NoExecute' }]));
  });
  test('failure quotes kube-scheduler, then says which taint and which toleration came closest', () => {
    expect(failure(() => expect(cpuTolerant).toBeSchedulableOn(gpuNode))).toBe(
      'expect(received).toBeSchedulableOn(node)\n\n' +
        'Expected Deployment default/web to be schedulable on Node gpu-1, but kube-scheduler would reject it:\n' +
        '  TaintToleration: node(s) had untolerated taint(s)\n' +
        '    taint dedicated=gpu:NoSchedule is not tolerated\n' +
        '    closest toleration: tolerations[0] {key: "dedicated", operator: Equal, value: "cpu", effect: NoSchedule}\n' +
        '      value "cpu" ≠ taint value "gpu" (operator Equal)\n' +
        '    To tolerate it, add to spec.template.spec.tolerations:\n' +
        '      - key: dedicated\n        operator: Equal\n        value: gpu\n        effect: NoSchedule\n' +
        '    With it added, every filter accepts this node.',
    );
  });
  test('a cordoned node reports NodeUnschedulable first', () => {
    expect(failure(() => expect(gpuTolerant).toBeSchedulableOn(node('cordoned', [gpuTaint], { unschedulable: true })))).toContain(
      '  NodeUnschedulable: node(s) were unschedulable\n    node cordoned is cordoned (spec.unschedulable: true)',
    );
    expect(daemonSet('agent')).toBeSchedulableOn(node('cordoned', [], { unschedulable: true }));
  });
  test('a NotReady node carries the condition taints', () => {
    const msg = failure(() => expect(cpuTolerant).toBeSchedulableOn(node('down', [], { ready: 'False' })));
    expect(msg).toContain("taint node.kubernetes.io/not-ready:NoSchedule (from node condition Ready=False) is not tolerated");
    configure({ admission: { nodeConditionTaints: false } });
    expect(cpuTolerant).toBeSchedulableOn(node('down', [], { ready: 'False' }));
  });
  test('.not failure lists the filters that passed', () => {
    expect(failure(() => expect(gpuTolerant).not.toBeSchedulableOn(gpuNode))).toContain(
      'Expected Deployment default/train not to be schedulable on Node gpu-1, but every filter passes (NodeUnschedulable, NodeName, TaintToleration',
    );
  });
  test('a node argument that is not a Node', () => {
    expect(failure(() => expect(gpuTolerant).toBeSchedulableOn({ metadata: { name: 'x' } } as never))).toContain('expected a node (a v1 Node object with kind: Node)');
  });
  test('an invalid node taint list fails with the field path', () => {
    const dup = node('dup', [{ key: 'a', effect: 'NoSchedule' }, { key: 'a', value: 'b', effect: 'NoSchedule' }]);
    expect(failure(() => expect(gpuTolerant).not.toBeSchedulableOn(dup))).toContain('metadata.taints[1]: Duplicate value');
  });
});

describe('toBeEvictedFrom', () => {
  const notReady = node('down', [], { ready: 'False' });
  const unreachable = node('gone', [], { ready: 'Unknown' });
  test('an ordinary Deployment goes 300 s after its node becomes NotReady (DefaultTolerationSeconds)', () => {
    expect(deployment('web')).toBeEvictedFrom(notReady).after(300);
    expect(deployment('web')).toBeEvictedFrom(unreachable, { after: 300 });
    expect(deployment('web')).not.toBeEvictedFrom(notReady).after(60);
  });
  test('admission settings change the default', () => {
    configure({ admission: { defaultTolerationSeconds: { unreachable: 30 } } });
    expect(deployment('web')).toBeEvictedFrom(unreachable).after(30);
    expect(deployment('web')).toBeEvictedFrom(notReady).after(300);
    configure({ admission: { defaultTolerationSeconds: false } });
    expect(deployment('web')).toBeEvictedFrom(notReady).after(0);
  });
  test('DaemonSet pods are never evicted for not-ready/unreachable', () => {
    expect(daemonSet('agent')).not.toBeEvictedFrom(notReady);
    expect(daemonSet('agent')).not.toBeEvictedFrom(unreachable);
  });
  test('an untolerated NoExecute taint evicts at once', () => {
    expect(deployment('web')).toBeEvictedFrom(node('drain', [{ key: 'maintenance', effect: 'NoExecute' }])).after(0);
  });
  test('no NoExecute taints: never', () => {
    expect(deployment('web')).not.toBeEvictedFrom(gpuNode);
  });
  test('failure shows each NoExecute taint, the toleration used and the computed time', () => {
    expect(failure(() => expect(deployment('web')).toBeEvictedFrom(notReady).after(60))).toBe(
      'expect(received).toBeEvictedFrom(node).after(60)\n\n' +
        'Expected Deployment default/web to be evicted after 60s from Node down\n' +
        'Expected: "evicted after 60s"\nReceived: "evicted after 300s"\n\n' +
        'NoExecute taints on Node down and the toleration used for each:\n' +
        "  node.kubernetes.io/not-ready:NoExecute (from node condition Ready=False)\n" +
        '    tolerated for 300s by the first matching toleration, tolerations[0] (added by DefaultTolerationSeconds admission):\n' +
        '      {key: "node.kubernetes.io/not-ready", operator: Exists, effect: NoExecute, tolerationSeconds: 300}',
    );
  });
  test('failure for an untolerated taint names it and the closest toleration', () => {
    const msg = failure(() => expect(deployment('web')).not.toBeEvictedFrom(node('drain', [{ key: 'maintenance', effect: 'NoExecute' }])).after(0));
    expect(msg).toContain('Expected Deployment default/web not to be evicted at once from Node drain');
    expect(msg).toContain('  maintenance:NoExecute\n    not tolerated → evicted at once\n    the pod spec has no tolerations; the 2 added by');
  });
  test('positive bare failure fails at the call', () => {
    expect(failure(() => expect(daemonSet('agent')).toBeEvictedFrom(notReady))).toContain('Received: "never evicted"');
  });
  test('misuse of .after is a clear error', () => {
    expect(() => (expect(deployment('web')).toBeEvictedFrom(notReady) as any).after('300')).toThrow(
      '.after(seconds) takes a whole number of seconds ≥ 0, received "300"',
    );
    expect(() => expect(deployment('web')).toBeEvictedFrom(notReady).after(-1)).toThrow('received -1');
    const chain = expect(deployment('web')).toBeEvictedFrom(notReady);
    chain.after(300);
    expect(() => chain.after(300)).toThrow('.after() came too late');
  });
  test('await works', async () => {
    await expect(deployment('web')).toBeEvictedFrom(notReady);
    await expect(daemonSet('agent')).not.toBeEvictedFrom(notReady);
  });
  test('the options form', () => {
    expect(deployment('web')).toBeEvictedFrom(notReady, { after: 300 });
    expect(deployment('web')).not.toBeEvictedFrom(notReady, { after: 30 });
    expect(failure(() => expect(deployment('web')).toBeEvictedFrom(notReady, { after: '300' } as never))).toContain('takes a whole number of seconds');
  });
});
