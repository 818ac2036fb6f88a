// toDrain through Jest's global expect: verdicts, `.not`, `within`, the messages naming the blocking budget and pods.
import { failure } from '../../test/fixtures';
import { daemonSet, deployment, zones } from '../../test/outage/cluster';

const nodes = zones(['a'], 3);
const pdb = (name: string, spec: object) => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, namespace: 'default' }, spec });
const web = deployment('web', 2, '500m');
const blocked = { nodes: zones(['a'], 2), workloads: [web, daemonSet('agent')], podDisruptionBudgets: [pdb('web', { minAvailable: 2, selector: { matchLabels: { app: 'web' } } })] };
const fine = { nodes, workloads: [web], podDisruptionBudgets: [pdb('web', { maxUnavailable: 1, selector: { matchLabels: { app: 'web' } } })] };

describe('toDrain', () => {
  test('a drain the budget allows completes (at 30 s: the evicted pod\'s grace period), by name, object or list', () => {
    expect('a1').toDrain(fine);
    expect(nodes[0]).toDrain(fine, { within: 30 });
    expect(['a1']).not.toDrain(fine, { within: 29 });
  });
  test('a budget with 0 disruptions allowed: the drain never completes', () => {
    expect('a1').not.toDrain(blocked);
    expect('a1').not.toDrain(blocked, { within: 3600 });
  });
  test('the failure message names the budget, its status and the pods it refuses', () => {
    const msg = failure(() => expect('a1').toDrain(blocked));
    expect(msg).toContain('expect(received).toDrain(cluster, options)\n\n' +
      'Expected kubectl drain a1 --ignore-daemonsets to complete\n' +
      'Received: never completes (nothing changes from 5s on)\n\nWhy:\n' +
      '  - PodDisruptionBudget default/web allows 0 disruptions (currentHealthy 2, desiredHealthy 2, expectedPods 2): the Eviction API refuses default/web-0 (on a1, refused since 0s): ' +
      "Cannot evict pod as it would violate the pod's disruption budget. (The disruption budget web needs 2 healthy pods and has 2 currently)\n" +
      '  - from 5s nothing left in the cluster changes that: kubectl drain, without --timeout, retries every 5s for ever and never completes\n\n' +
      'PodDisruptionBudgets at 5s:\n  - PodDisruptionBudget default/web: disruptionsAllowed 0 (currentHealthy 2, desiredHealthy 2, expectedPods 2)\n\n' +
      'Timeline (virtual seconds after the drain began):\n');
    expect(msg).toContain('Warning: ignoring DaemonSet-managed Pods: kube-system/agent-a1');
  });
  test('.not on a drain that completes: when it completed', () => {
    expect(failure(() => expect('a1').not.toDrain(fine))).toContain('Expected kubectl drain a1 --ignore-daemonsets not to complete\nReceived: completed at 30s');
  });
  test('kubectl\'s flags are in the command; a timeout fails the drain with kubectl\'s error', () => {
    const msg = failure(() => expect('a1').toDrain(blocked, { timeout: 60 }));
    expect(msg).toContain('Expected kubectl drain a1 --ignore-daemonsets --timeout=60s to complete\nReceived: failed at 60s');
    expect(msg).toContain('  - a1: kubectl drain failed: error when evicting pods/"web-0" -n "default": global timeout reached: 1m0s');
  });
  test('misuse fails with and without .not', () => {
    for (const run of [
      () => expect('zz').toDrain(fine), () => expect('zz').not.toDrain(fine),
      () => expect(42).toDrain(fine), () => expect('a1').not.toDrain({ nodes: 'x' } as never),
      () => expect('a1').toDrain(fine, { within: -1 }), () => expect('a1').not.toDrain(fine, { grace: 1 } as never),
    ]) expect(failure(run)).toMatch(/not among the cluster's nodes|expected a node|expected the cluster|within must be|unknown option/);
  });
});

describe('the other outage matchers with a drain', () => {
  test('toKeepAtLeast: the budget holds web at 2 running through the drain; its message does not say budgets do not count', () => {
    expect(web).toKeepAtLeast(2, { nodes: ['a1'], condition: 'drain' }, blocked);
    const msg = failure(() => expect(web).toKeepAtLeast(3, { nodes: ['a1'], condition: 'drain' }, blocked));
    expect(msg).toContain('at every instant when kubectl drain a1 runs (the Eviction API, PodDisruptionBudgets honoured)');
    expect(msg).not.toContain('A PodDisruptionBudget does not count here');
  });
  test('toSurvive: maxUnavailable 1 lets the drain move web-0; every replica runs again', () => {
    expect(web).toSurvive({ nodes: ['a1'], condition: 'drain' }, fine);
  });
});
