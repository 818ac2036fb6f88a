// The hints in failure messages: which toleration came closest (the pod's own first), the toleration to add as
// pasteable YAML, short lines, and identical per-node explanations folded into one entry.
import { configure, resetConfiguration } from '../core/config';
import { parseManifests } from '../loader';
import { closestToleration } from '../k8s/toleration';
import { daemonSet, deployment, failure, node, pod } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const spotTaint = { key: 'spot', value: 'true', effect: 'NoExecute' };
const cpuOnly = { key: 'dedicated', operator: 'Equal', value: 'cpu', effect: 'NoSchedule' };
const longestLine = (msg: string) => Math.max(...msg.split('\n').map((l) => l.length));

/** The YAML list items printed under "To tolerate it, add to <path>:", without their indentation. */
function snippet(msg: string, path: string): string[] {
  const lines = msg.split('\n');
  const at = lines.findIndex((l) => l.trim() === `To tolerate it, add to ${path}:` || l.trim() === `To tolerate them, add to ${path}:`);
  expect(at).toBeGreaterThanOrEqual(0);
  const indent = lines[at + 1].indexOf('-');
  const items: string[] = [];
  for (const l of lines.slice(at + 1)) {
    if (l.length - l.trimStart().length < indent) break;
    items.push(l.slice(indent));
  }
  return items;
}

describe('the closest toleration prefers the pod’s own', () => {
  test('neither an own nor an admission-added toleration with another key is compared (issue 18)', () => {
    // Before issue 18: tolerations[0] {key: "dedicated", …} was quoted with its three differences.
    expect(failure(() => expect(deployment('web', [cpuOnly])).toTolerate(spotTaint))).toBe(
      'expect(received).toTolerate(taint)\n\n' +
        'Expected Deployment default/web to tolerate taint "spot=true:NoExecute", but no toleration matches it.\n' +
        'The pod has no toleration for key "spot" (its own are for "dedicated")\n' +
        'To tolerate it, add to spec.template.spec.tolerations:\n' +
        '  - key: spot\n' +
        '    operator: Equal\n' +
        '    value: "true"\n' +
        '    effect: NoExecute',
    );
  });

  test('an admission-added toleration with the taint’s key beats an own one with another key', () => {
    const msg = failure(() => expect(deployment('web', [cpuOnly])).toBeSchedulableOn(node('down', [], { ready: 'False' })));
    expect(msg).toContain(
      "    taint node.kubernetes.io/not-ready:NoSchedule (from node condition Ready=False) is not tolerated\n" +
        '    closest toleration: tolerations[1] (added by DefaultTolerationSeconds admission)\n' +
        '      {key: "node.kubernetes.io/not-ready", operator: Exists, effect: NoExecute, tolerationSeconds: 300}\n' +
        '      effect NoExecute ≠ taint effect NoSchedule\n',
    );
  });

  test('a taint the node lifecycle controller added names the condition it comes from', () => {
    const pressed = { ...node('hot'), status: { conditions: [{ type: 'Ready', status: 'True' }, { type: 'MemoryPressure', status: 'True' }] } };
    expect(failure(() => expect(deployment('web')).toBeSchedulableOn(pressed))).toContain(
      '    taint node.kubernetes.io/memory-pressure:NoSchedule (from node condition MemoryPressure=True) is not tolerated\n',
    );
  });

  test('among tolerations with the taint’s key, the own one wins even with more mismatches', () => {
    const tolerations = [
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Equal', value: 'x', effect: 'NoSchedule' },
    ];
    const taint = { key: 'node.kubernetes.io/memory-pressure', effect: 'NoExecute' };
    expect(closestToleration(tolerations, taint, false, ['DaemonSet controller', 'pod spec'])?.index).toBe(1);
    // Without sources every toleration counts as the user's own: fewest mismatches decides.
    expect(closestToleration(tolerations, taint)?.index).toBe(0);
    // An empty key reaches every key.
    expect(closestToleration([cpuOnly, { operator: 'Exists', effect: 'NoSchedule' }], spotTaint)?.index).toBe(1);
  });

  test('a pod spec without tolerations says so instead of quoting an unrelated admission-added one', () => {
    expect(failure(() => expect(pod('p')).toTolerate('dedicated=gpu:NoSchedule'))).toContain(
      'but no toleration matches it.\nThe pod spec has no tolerations; the 2 added by DefaultTolerationSeconds admission have other keys\n',
    );
    expect(failure(() => expect(daemonSet('agent')).toBeSchedulableOn(node('gpu', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }])))).toContain(
      '    the pod spec has no tolerations; the 6 added by DaemonSet controller have other keys\n',
    );
    configure({ admission: { defaultTolerationSeconds: false } });
    expect(failure(() => expect(pod('p')).toTolerate('dedicated=gpu:NoSchedule'))).toContain('\nThe pod has no tolerations\n');
  });
});

describe('the toleration to add, as YAML for the subject’s pod spec', () => {
  const cronJob = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: 'nightly', namespace: 'default' },
    spec: {
      schedule: '0 3 * * *',
      jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'busybox' }] } } } },
    },
  };

  test('an empty-value taint gets operator Exists; NoExecute gets no invented tolerationSeconds; the path is the kind’s', () => {
    const msg = failure(() => expect(cronJob).toTolerate('maintenance:NoExecute'));
    expect(snippet(msg, 'spec.jobTemplate.spec.template.spec.tolerations')).toEqual(['- key: maintenance', '  operator: Exists', '  effect: NoExecute']);
    expect(msg).not.toContain('tolerationSeconds: ');
  });

  test('a bare toleration list gets the YAML without a path; an array is indexed', () => {
    expect(failure(() => expect([{ key: 'spot', operator: 'Exists', effect: 'NoSchedule' }, cpuOnly]).toTolerate('dedicated=gpu:NoSchedule'))).toBe(
      'expect(received).toTolerate(taint)\n\n' +
        'Expected 2 tolerations to tolerate taint "dedicated=gpu:NoSchedule", but no toleration matches it.\n' +
        'Closest toleration: tolerations[1] {key: "dedicated", operator: Equal, value: "cpu", effect: NoSchedule}\n' +
        '  value "cpu" ≠ taint value "gpu" (operator Equal)\n' +
        'To tolerate it, add:\n  - key: dedicated\n    operator: Equal\n    value: gpu\n    effect: NoSchedule',
    );
    expect(failure(() => expect(cpuOnly).toTolerate('dedicated=gpu:NoSchedule'))).toContain('\nClosest toleration: {key: "dedicated"');
  });

  test.each(['true', 'yes', 'on', 'N', 'null', '1', '0755', '1e3', '0x1F', 'gpu', 'a.b_c-d'])(
    'the YAML read back as Kubernetes reads it tolerates the taint (value %s)',
    (value) => {
      const taint = { key: 'example.com/pool', value, effect: 'NoSchedule' };
      const items = snippet(failure(() => expect(pod('p', [])).toTolerate(taint)), 'spec.tolerations');
      const manifest = ['apiVersion: v1', 'kind: Pod', 'metadata: {name: p}', 'spec:', '  containers: [{name: c, image: nginx}]', '  tolerations:', ...items.map((l) => `  ${l}`)];
      const loaded = parseManifests(manifest.join('\n'), 'pasted.yaml').get('pod/p');
      expect(loaded).toTolerate(taint);
    },
  );

  test('toBeSchedulableOn: the YAML covers every untolerated NoSchedule/NoExecute taint of the node', () => {
    const n = node('gpu-1', [
      { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' },
      { key: 'spot', effect: 'PreferNoSchedule' },
      { key: 'maintenance', effect: 'NoExecute' },
    ]);
    const msg = failure(() => expect(deployment('web', [cpuOnly])).toBeSchedulableOn(n));
    expect(msg).toBe(
      'expect(received).toBeSchedulableOn(node)\n\n' +
        'Expected Deployment default/web to be schedulable on Node gpu-1, but kube-scheduler would reject it:\n' +
        '  TaintToleration: node(s) had untolerated taint(s)\n' +
        '    taint dedicated=gpu:NoSchedule is not tolerated\n' +
        '    closest toleration: tolerations[0] {key: "dedicated", operator: Equal, value: "cpu", effect: NoSchedule}\n' +
        '      value "cpu" ≠ taint value "gpu" (operator Equal)\n' +
        '    also not tolerated: maintenance:NoExecute\n' +
        '    To tolerate them, add to spec.template.spec.tolerations:\n' +
        '      - key: dedicated\n        operator: Equal\n        value: gpu\n        effect: NoSchedule\n' +
        '      - key: maintenance\n        operator: Exists\n        effect: NoExecute\n' +
        '    With them added, every filter accepts this node.',
    );
  });

  test('toBeEvictedFrom: each NoExecute taint on its own lines, the YAML for the untolerated ones', () => {
    const n = node('drain', [{ key: 'maintenance', effect: 'NoExecute' }], { ready: 'False' });
    expect(failure(() => expect(deployment('web', [cpuOnly])).toBeEvictedFrom(n).after(300))).toBe(
      'expect(received).toBeEvictedFrom(node).after(300)\n\n' +
        'Expected Deployment default/web to be evicted after 300s from Node drain\n' +
        'Expected: "evicted after 300s"\nReceived: "evicted at once"\n\n' +
        'NoExecute taints on Node drain and the toleration used for each:\n' +
        '  maintenance:NoExecute\n' +
        '    not tolerated → evicted at once\n' +
        '    the pod has no toleration for key "maintenance" (its own are for "dedicated")\n' +
        "  node.kubernetes.io/not-ready:NoExecute (from node condition Ready=False)\n" +
        '    tolerated for 300s by the first matching toleration, tolerations[1] (added by DefaultTolerationSeconds admission):\n' +
        '      {key: "node.kubernetes.io/not-ready", operator: Exists, effect: NoExecute, tolerationSeconds: 300}\n' +
        '  To tolerate it, add to spec.template.spec.tolerations:\n' +
        '    - key: maintenance\n      operator: Exists\n      effect: NoExecute\n      tolerationSeconds: 300\n' +
        '  With it added, the pod is evicted after 300s.',
    );
  });

  test('lines stay short where they used to run past 200 characters', () => {
    const web = deployment('web', [cpuOnly]);
    expect(longestLine(failure(() => expect(web).toBeEvictedFrom(node('down', [], { ready: 'False' })).after(60)))).toBeLessThanOrEqual(120);
    expect(longestLine(failure(() => expect(web).toBeSchedulableOn(node('down', [], { ready: 'False' }))))).toBeLessThanOrEqual(120);
    expect(longestLine(failure(() => expect(pod('p')).not.toTolerate('node.kubernetes.io/unreachable:NoExecute')))).toBeLessThanOrEqual(120);
  });
});

describe('identical per-node explanations are folded', () => {
  const gpuPool = Array.from({ length: 12 }, (_, i) => node(`gpu-${i + 1}`, [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]));
  const cordoned = node('old-1', [], { unschedulable: true });
  const nodes = [gpuPool[0], cordoned, ...gpuPool.slice(1), node('tpu-1', [{ key: 'dedicated', value: 'tpu', effect: 'NoSchedule' }])];

  test('toBeSchedulableOnAnyOf: the FitError first and verbatim, then one entry per distinct explanation', () => {
    expect(failure(() => expect(deployment('web', [cpuOnly])).toBeSchedulableOnAnyOf(nodes))).toBe(
      'expect(received).toBeSchedulableOnAnyOf(nodes)\n\n' +
        'Expected Deployment default/web to be schedulable on one of 14 node(s), but kube-scheduler would report:\n' +
        '  0/14 nodes are available: 1 node(s) were unschedulable, 13 node(s) had untolerated taint(s). preemption: 0/14 nodes are available: 14 Preemption is not helpful for scheduling.\n\n' +
        '12 nodes (gpu-1, gpu-2, gpu-3 and 9 more):\n' +
        '  TaintToleration: node(s) had untolerated taint(s)\n' +
        '    taint dedicated=gpu:NoSchedule is not tolerated\n' +
        '    closest toleration: tolerations[0] {key: "dedicated", operator: Equal, value: "cpu", effect: NoSchedule}\n' +
        '      value "cpu" ≠ taint value "gpu" (operator Equal)\n' +
        '    To tolerate it, add to spec.template.spec.tolerations:\n' +
        '      - key: dedicated\n        operator: Equal\n        value: gpu\n        effect: NoSchedule\n' +
        '    With it added, every filter accepts this node.\n' +
        'Node old-1:\n' +
        '  NodeUnschedulable: node(s) were unschedulable\n' +
        '    node old-1 is cordoned (spec.unschedulable: true) and the pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule\n' +
        'Node tpu-1:\n' +
        '  TaintToleration: node(s) had untolerated taint(s)\n' +
        '    taint dedicated=tpu:NoSchedule is not tolerated\n' +
        '    closest toleration: tolerations[0] {key: "dedicated", operator: Equal, value: "cpu", effect: NoSchedule}\n' +
        '      value "cpu" ≠ taint value "tpu" (operator Equal)\n' +
        '    To tolerate it, add to spec.template.spec.tolerations:\n' +
        '      - key: dedicated\n        operator: Equal\n        value: tpu\n        effect: NoSchedule\n' +
        '    With it added, every filter accepts this node.',
    );
  });

  test('toBeSchedulableOnAllOf folds the same way; a group of two names both', () => {
    // a Deployment: a DaemonSet's controller makes no pod for these nodes (folded alike, daemon.test.ts)
    const msg = failure(() => expect(deployment('agent', [cpuOnly])).toBeSchedulableOnAllOf([node('a'), ...gpuPool.slice(0, 2)]));
    expect(msg).toContain('but 2 reject it:\n2 nodes (gpu-1, gpu-2):\n  TaintToleration: node(s) had untolerated taint(s)\n');
    expect(msg.match(/TaintToleration/g)).toHaveLength(1);
  });

  test('a very long list of distinct explanations is capped', () => {
    const distinct = Array.from({ length: 15 }, (_, i) => node(`n-${i}`, [{ key: `team-${i}`, effect: 'NoSchedule' }]));
    const msg = failure(() => expect(deployment('web')).toBeSchedulableOnAllOf(distinct));
    expect(msg.match(/^Node n-/gm)).toHaveLength(10);
    expect(msg).toContain('\nNode n-9:\n');
    expect(msg).not.toContain('Node n-10:');
    expect(msg.endsWith('\n… and 5 more node(s) with 5 other explanation(s), not shown')).toBe(true);
  });

  test('.not lists at most ten feasible nodes', () => {
    const plain = Array.from({ length: 25 }, (_, i) => node(`w-${i}`));
    expect(failure(() => expect(deployment('web')).not.toBeSchedulableOnAnyOf(plain))).toContain(
      'but it fits 25: w-0, w-1, w-2, w-3, w-4, w-5, w-6, w-7, w-8, w-9 and 15 more',
    );
  });
});
