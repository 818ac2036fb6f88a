// kubectl drain in the outage (staging/src/k8s.io/kubectl/pkg/drain/drain.go evictPods, filters.go; cmd/drain/drain.go
// RunDrain) through the Eviction API (pkg/registry/core/pod/storage/eviction.go) and the disruption controller
// (pkg/controller/disruption/disruption.go). Each expected timeline is worked out in its note.
import { simulateOutage, drain, nodesDown } from '.';
import { daemonSet, deployment, lines, pod, zones } from '../../test/outage/cluster';
import { EVICTION_REFUSED, MORE_THAN_ONE_PDB } from '../k8s/disruption';
import type { KubeObject } from '../core/types';
import { withConfiguration } from '../core/config';

const pdb = (name: string, spec: object, namespace = 'default'): KubeObject => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace }, spec } as KubeObject);
const app = (name: string) => ({ matchLabels: { app: name } });
/** web with every replica preferring a1 (preferred node affinity): the placement puts all three there. */
function onA1(replicas = 3) {
  const web = deployment('web', replicas, '500m');
  (web.spec.template.spec as Record<string, unknown>).affinity = {
    nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, preference: { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['a1'] }] } }] },
  };
  return web;
}

describe('a drain blocked by a PodDisruptionBudget with 0 disruptions allowed never completes, and says why', () => {
  // web has 2 replicas, one per node (spreading); minAvailable 2 → desiredHealthy 2, currentHealthy 2, 0 allowed.
  // 0 s: cordon a1, evict web-0 → 429. Retried every 5 s; at 5 s nothing has happened since and nothing is queued:
  // the same refusal for ever.
  const o = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2, '500m'), daemonSet('agent')], podDisruptionBudgets: [pdb('web', { minAvailable: 2, selector: app('web') })] }, drain(['a1']));
  test('timeline', () => {
    expect(lines(o.events)).toEqual([
      '0 PodDisruptionBudget default/web StatusUpdated',
      '0 Node a1 Cordoned',
      '0 Node a1 Warning',
      '0 Pod default/web-0 Evicting',
      '0 Pod default/web-0 EvictionRefused',
      '5 Node a1 DrainNeverCompletes',
    ]);
    expect(o.events.map((e) => e.message)).toEqual([
      'disruptionsAllowed 0 (currentHealthy 2, desiredHealthy 2, expectedPods 2)',
      'node/a1 cordoned',
      'ignoring DaemonSet-managed Pods: kube-system/agent-a1',
      'evicting pod default/web-0',
      `error when evicting pods/"web-0" -n "default" (will retry after 5s): ${EVICTION_REFUSED} — PodDisruptionBudget default/web: The disruption budget web needs 2 healthy pods and has 2 currently; disruptionsAllowed 0 (currentHealthy 2, desiredHealthy 2, expectedPods 2)`,
      'kubectl drain never completes: PodDisruptionBudget default/web (disruptionsAllowed 0, currentHealthy 2, desiredHealthy 2, expectedPods 2) refuses default/web-0, and nothing left in the cluster changes that; without --timeout it retries every 5s for ever',
    ]);
  });
  test('the answer: not completed, stuck at 5 s, the refusal with its budget; the run ends there', () => {
    expect(o.drain).toEqual({
      nodes: [{ node: 'a1', startedAt: 0 }], completed: false, stuckAt: 5,
      refusals: [{
        pod: 'default/web-0', node: 'a1', message: EVICTION_REFUSED, cause: 'The disruption budget web needs 2 healthy pods and has 2 currently', since: 0,
        budget: 'PodDisruptionBudget default/web', disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2, expectedPods: 2,
      }],
    });
    expect([o.end, o.truncated]).toEqual([5, false]);
    expect(o.stateOf('Deployment default/web')).toMatchObject({ running: 2, pending: 0 });
  });
  test('the outage lists each budget with its status at the end', () => {
    expect(o.budgets.map((b) => [b.budget, b.status.disruptionsAllowed, b.status.currentHealthy, b.status.observedGeneration])).toEqual([['PodDisruptionBudget default/web', 0, 2, 0]]);
  });
  test('with until, the run goes on to the end; the drain is stuck all the same', () => {
    const u = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2, '500m')], podDisruptionBudgets: [pdb('web', { minAvailable: 2, selector: app('web') })] }, drain(['a1']), { until: 60 });
    expect(u.drain).toMatchObject({ completed: false, refusals: [{ pod: 'default/web-0', since: 0 }] });
    expect(u.drain!.stuckAt).toBe(5);
    expect(u.end).toBe(60);
  });
});

describe('replacements becoming Ready raise disruptionsAllowed again: the drain goes one pod at a time', () => {
  // web: 3 replicas on a1 (preferred affinity), maxUnavailable 1 → desiredHealthy 2, allowed 1. readyAfter 20.
  // 0 s: web-0 evicted (1 → 0); web-1, web-2 refused; the ReplicaSet replaces web-0 (web-3, bound at once, Ready at
  // 20 s). 20 s: status back to 1; the retry round of 20 s evicts web-1; web-4 Ready at 40 s, the round of 40 s evicts
  // web-2. Each evicted pod is gone after its 30 s grace period: 30, 50, 70 s; the drain completes at 70 s.
  const o = simulateOutage({ nodes: zones(['a'], 3), workloads: [onA1()], podDisruptionBudgets: [pdb('web', { maxUnavailable: 1, selector: app('web') })] }, drain(['a1'], { readyAfter: 20 }));
  test('evictions at 0, 20 and 40 s; gone at 30, 50, 70 s; drained at 70 s', () => {
    const evictions = o.events.filter((e) => e.reason === 'Evicted' && e.component === 'kube-apiserver').map((e) => `${e.at} ${e.object}`);
    expect(evictions).toEqual(['0 Pod default/web-0', '20 Pod default/web-1', '40 Pod default/web-2']);
    expect(o.events.filter((e) => e.component === 'kubectl' && e.reason === 'Evicted').map((e) => `${e.at} ${e.message}`)).toEqual(['30 pod/web-0 evicted', '50 pod/web-1 evicted', '70 pod/web-2 evicted']);
    expect(o.drain).toEqual({ nodes: [{ node: 'a1', startedAt: 0, drainedAt: 70 }], completed: true, completedAt: 70, refusals: [] });
    expect(o.events.at(-1)).toMatchObject({ at: 70, component: 'kubectl', reason: 'Drained', message: 'node/a1 drained' });
  });
  test('a refusal is shown once while its cause stays the same (the 5, 10, 15, 20 … s retries of web-2 are silent)', () => {
    expect(o.events.filter((e) => e.reason === 'EvictionRefused').map((e) => `${e.at} ${e.object}`)).toEqual(['0 Pod default/web-1', '0 Pod default/web-2']);
  });
  test('the Eviction API decrements the budget; the disruption controller recomputes it as pods change', () => {
    expect(o.events.find((e) => e.reason === 'Evicted')!.message).toBe('Eviction API: evicting (PodDisruptionBudget default/web: disruptionsAllowed 1 → 0)');
    expect(o.events.filter((e) => e.component === 'disruption-controller').map((e) => `${e.at} ${e.message.split(' (')[0]}`)).toEqual([
      '0 disruptionsAllowed 1', '0 disruptionsAllowed 0', '20 disruptionsAllowed 1', '20 disruptionsAllowed 0', '40 disruptionsAllowed 1', '40 disruptionsAllowed 0', '60 disruptionsAllowed 1',
    ]);
  });
  test('readyAfter 0 (the default): each replacement is Ready when bound, and the drain goes at the retry grid', () => {
    const fast = simulateOutage({ nodes: zones(['a'], 3), workloads: [onA1()], podDisruptionBudgets: [pdb('web', { maxUnavailable: 1, selector: app('web') })] }, drain(['a1']));
    expect(fast.events.filter((e) => e.reason === 'Evicted' && e.component === 'kube-apiserver').map((e) => e.at)).toEqual([0, 5, 10]);
    expect(fast.drain).toMatchObject({ completed: true, completedAt: 40 });
  });
});

describe('kubectl drain on several nodes: cordon all, then one node after the other', () => {
  // web: 2 replicas, one on a1 and one on a2, maxUnavailable 1. Both nodes are cordoned at 0 s, so web-0's
  // replacement stays Pending (2 node(s) were unschedulable); a1 drains at 30 s (web-0 gone), then a2's web-1 is
  // refused: 1 healthy of the 1 desired, for ever.
  const o = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2, '500m')], podDisruptionBudgets: [pdb('web', { maxUnavailable: 1, selector: app('web') })] }, drain(['a1', 'a2']));
  test('a1 drained at 30 s, a2 never', () => {
    expect(o.drain).toMatchObject({ nodes: [{ node: 'a1', startedAt: 0, drainedAt: 30 }, { node: 'a2', startedAt: 30 }], completed: false, stuckAt: 35 });
    expect(o.events.find((e) => e.reason === 'FailedScheduling')!.message).toBe('0/2 nodes are available: 2 node(s) were unschedulable. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.');
    expect(lines(o.events.filter((e) => e.component === 'kubectl'))).toEqual([
      '0 Node a1 Cordoned', '0 Node a2 Cordoned', '0 Pod default/web-0 Evicting', '30 Pod default/web-0 Evicted', '30 Node a1 Drained',
      '30 Pod default/web-1 Evicting', '30 Pod default/web-1 EvictionRefused', '35 Node a2 DrainNeverCompletes',
    ]);
  });
  test('kubectl takes the nodes in the order given', () => {
    const r = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2, '500m')], podDisruptionBudgets: [pdb('web', { maxUnavailable: 1, selector: app('web') })] }, drain(['a2', 'a1']));
    expect(r.drain!.nodes.map((n) => n.node)).toEqual(['a2', 'a1']);
    expect(r.drain).toMatchObject({ nodes: [{ node: 'a2', drainedAt: 30 }, { node: 'a1', startedAt: 30 }] });
  });
  test('a blocked first node keeps kubectl from the later ones', () => {
    const b = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2, '500m')], podDisruptionBudgets: [pdb('web', { minAvailable: 2, selector: app('web') })] }, drain(['a1', 'a2']));
    expect(b.events.at(-1)!.message).toMatch(/, and never drains a2$/);
    expect(b.drain!.nodes[1]).toEqual({ node: 'a2' });
  });
});

describe('--timeout: the refused evictions end with kubectl\'s error, and the next node is drained', () => {
  // timeout 60 s on a1: retries at 5 … 55 s refused; the goroutines see the deadline at 60 s
  const o = simulateOutage({ nodes: zones(['a'], 3), workloads: [deployment('web', 2, '500m')], podDisruptionBudgets: [pdb('web', { minAvailable: 2, selector: app('web') })] }, drain(['a1', 'a3'], { timeout: 60 }));
  test('error at 60 s, a1 not drained, a3 drained, kubectl drain fails', () => {
    const failed = o.events.filter((e) => e.reason === 'EvictionFailed' || e.reason === 'DrainFailed').map((e) => `${e.at} ${e.message}`);
    expect(failed).toEqual([
      '60 error when evicting pods/"web-0" -n "default": global timeout reached: 1m0s',
      '60 error: unable to drain node "a1" due to error: error when evicting pods/"web-0" -n "default": global timeout reached: 1m0s, continuing command...',
      '60 There are pending nodes to be drained: a1',
    ]);
    expect(o.drain).toMatchObject({ completed: false, failedAt: 60, nodes: [{ node: 'a1', error: expect.any(String) }, { node: 'a3', startedAt: 60, drainedAt: 60 }] });
    expect(o.drain!.stuckAt).toBeUndefined();
  });
});

describe('kubectl drain\'s filters (filters.go)', () => {
  const nodes = zones(['a'], 2);
  test('a pod that declares no controller: the drain fails at once without --force; evicted with it', () => {
    const bare = pod('bare', 'a1');
    const o = simulateOutage({ nodes, existingPods: [bare] }, drain(['a1']));
    expect(o.events.filter((e) => e.reason === 'DrainFailed').map((e) => e.message)).toEqual([
      'error: unable to drain node "a1" due to error: cannot delete Pods that declare no controller (use --force to override): default/bare, continuing command...',
      'There are pending nodes to be drained: a1',
    ]);
    const forced = simulateOutage({ nodes, existingPods: [bare] }, drain(['a1'], { force: true }));
    expect(forced.events.find((e) => e.reason === 'Warning')!.message).toBe('deleting Pods that declare no controller: default/bare');
    expect(forced.drain).toMatchObject({ completed: true, completedAt: 30 });
  });
  test('emptyDir: fails without --delete-emptydir-data', () => {
    const web = deployment('web', 1);
    (web.spec.template.spec as Record<string, unknown>).volumes = [{ name: 'tmp', emptyDir: {} }];
    const o = simulateOutage({ nodes, workloads: [web] }, drain(['a1']));
    expect(o.drain!.nodes[0].error).toBe('cannot delete Pods with local storage (use --delete-emptydir-data to override): default/web-0');
    expect(simulateOutage({ nodes, workloads: [web] }, drain(['a1'], { deleteEmptyDirData: true })).drain).toMatchObject({ completed: true });
  });
  test('a mirror pod is skipped without a word; a node with nothing to evict drains at once', () => {
    const mirror = { ...pod('kube-proxy-a1', 'a1'), metadata: { name: 'kube-proxy-a1', namespace: 'kube-system', annotations: { 'kubernetes.io/config.mirror': 'x' } } };
    const o = simulateOutage({ nodes, existingPods: [mirror] }, drain(['a1']));
    expect(lines(o.events)).toEqual(['0 Node a1 Cordoned', '0 Node a1 Drained']);
    expect(o.drain).toMatchObject({ completed: true, completedAt: 0 });
  });
});

describe('the Eviction API\'s other answers in a drain', () => {
  test('two budgets select the pod: 500, not retried; the node is not drained', () => {
    const o = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2)], podDisruptionBudgets: [pdb('a', { maxUnavailable: 1, selector: app('web') }), pdb('b', { maxUnavailable: 1, selector: {} })] }, drain(['a1']));
    expect(o.events.find((e) => e.reason === 'EvictionFailed')!.message).toBe(`error when evicting pods/"web-0" -n "default": ${MORE_THAN_ONE_PDB}`);
    expect(o.drain).toMatchObject({ completed: false, failedAt: 0 });
  });
  test('a budget in another namespace does not select the pod', () => {
    const o = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2)], podDisruptionBudgets: [pdb('web', { minAvailable: 2, selector: app('web') }, 'other')] }, drain(['a1']));
    expect(o.drain).toMatchObject({ completed: true, completedAt: 30 });
  });
  test('an existing pod that is not Ready: IfHealthyBudget refuses while the budget is short, AlwaysAllow lets it go', () => {
    const rs = { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'old', namespace: 'default' }, spec: { replicas: 0, selector: { matchLabels: { app: 'old' } }, template: { metadata: { labels: { app: 'old' } }, spec: { containers: [{ name: 'c', image: 'x' }] } } } };
    const unready = { ...pod('old-1', 'a1'), metadata: { name: 'old-1', namespace: 'default', labels: { app: 'old' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'old', uid: 'u', controller: true }] }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }] } };
    const cluster = (policy?: string) => ({ nodes: zones(['a'], 2), workloads: [rs], existingPods: [unready], podDisruptionBudgets: [pdb('old', { minAvailable: 1, selector: app('old'), ...(policy ? { unhealthyPodEvictionPolicy: policy } : {}) })] });
    // currentHealthy 0 < desiredHealthy 1: IfHealthyBudget goes on to checkAndDecrement, 0 allowed → 429 for ever
    expect(simulateOutage(cluster(), drain(['a1'])).drain).toMatchObject({ completed: false, stuckAt: 5, refusals: [{ pod: 'default/old-1', cause: 'The disruption budget old needs 1 healthy pods and has 0 currently' }] });
    const always = simulateOutage(cluster('AlwaysAllow'), drain(['a1']));
    expect(always.events.find((e) => e.component === 'kube-apiserver')!.message).toBe('Eviction API: evicting (not Ready: PodDisruptionBudget default/old lets an unhealthy pod go)');
    expect(always.drain).toMatchObject({ completed: true });
  });
});

describe('taint-based eviction keeps ignoring PodDisruptionBudgets (taint_eviction.go deletes, it does not evict)', () => {
  test('a NoExecute taint condition deletes the pod under a budget with 0 disruptions allowed', () => {
    const o = simulateOutage({ nodes: zones(['a'], 2), workloads: [deployment('web', 2, '500m')], podDisruptionBudgets: [pdb('web', { minAvailable: 2, selector: app('web') })] }, nodesDown(['a1'], 'drain=now:NoExecute'));
    expect(o.events.find((e) => e.reason === 'TaintManagerEviction')).toMatchObject({ at: 0, object: 'Pod default/web-0' });
    expect(o.drain).toBeUndefined();
  });
});

describe('inputs', () => {
  const nodes = zones(['a'], 2);
  test.each([
    ['drain options without condition drain', { nodes: ['a1'], drain: {} }, "failure.drain is kubectl drain's options: give it with condition: 'drain'"],
    ['an unknown drain option', { nodes: ['a1'], condition: 'drain', drain: { grace: 1 } }, 'failure.drain: unknown option grace'],
    ['a negative timeout', { nodes: ['a1'], condition: 'drain', drain: { timeout: -1 } }, 'failure.drain.timeout must be a number of seconds ≥ 0'],
    ['force not a boolean', { nodes: ['a1'], condition: 'drain', drain: { force: 'yes' } }, 'failure.drain.force must be true or false'],
  ])('%s', (_, failure, text) => {
    expect(() => simulateOutage({ nodes }, failure as never)).toThrow(text);
  });
  test('a budget of another kind, or with both minAvailable and maxUnavailable', () => {
    expect(() => simulateOutage({ nodes, podDisruptionBudgets: [{ kind: 'Deployment', metadata: { name: 'x' } }] }, drain(['a1']))).toThrow('cluster.podDisruptionBudgets[0] must be a PodDisruptionBudget with metadata.name');
    expect(() => simulateOutage({ nodes, podDisruptionBudgets: [pdb('x', { minAvailable: 1, maxUnavailable: 1 })] }, drain(['a1']))).toThrow('minAvailable and maxUnavailable cannot be both set');
  });
  test('a budget the API server refuses is refused with its field errors (k8s/validation-pdb.ts), unless validate: false; one it cannot decode always', () => {
    const bad = pdb('x', { minAvailable: '50' });
    expect(() => simulateOutage({ nodes, podDisruptionBudgets: [bad] }, drain(['a1']))).toThrow('cluster.podDisruptionBudgets[0] (PodDisruptionBudget x) would be rejected by the API server ' +
      "(set configure({ validate: false }) to check it anyway):\n  spec.minAvailable: Invalid value: \"50\": a valid percent string must be a numeric string followed by an ending '%'");
    expect(() => withConfiguration({ validate: false }, () => simulateOutage({ nodes, podDisruptionBudgets: [bad] }, drain(['a1'])))).not.toThrow();
    expect(() => withConfiguration({ validate: false }, () => simulateOutage({ nodes, podDisruptionBudgets: [pdb('x', { minAvailable: 1.5 })] }, drain(['a1']))))
      .toThrow('cluster.podDisruptionBudgets[0] (PodDisruptionBudget x) cannot be decoded by the API server:\n  spec.minAvailable: expected an integer, got the number 1.5');
  });
});
