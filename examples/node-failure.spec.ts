// What survives a node failure, and for how long.
import { taint, unreachable } from 'jest-k8s-placement';
import { node, repo } from './platform';

const web = repo.get('deployment/web');
const payments = repo.get('statefulset/payments-db');
const agents = repo.workloads().filter((w) => w.kind === 'DaemonSet');

describe('a NotReady node (general-b2, from the dump)', () => {
  const down = node('general-b2');
  test('web pods move after the default 300 s', () => {
    expect(web).toBeEvictedFrom(down).after(300);
  });
  test('payments-db replicas move after 60 s', () => {
    expect(payments).toBeEvictedFrom(down).after(60);
  });
  test.each(agents)('%s stays', (agent) => {
    expect(agent).not.toBeEvictedFrom(down);
  });
});

describe('an unreachable node', () => {
  const partitioned = unreachable(node('general-b1')); // Ready=Unknown and the unreachable taints, as the controller writes them
  test('payments-db fails over after 30 s', () => {
    expect(payments).toBeEvictedFrom(partitioned).after(30);
  });
  test('web waits the default 300 s', () => {
    expect(web).toBeEvictedFrom(partitioned, { after: 300 });
  });
});

describe('a node drained with a NoExecute taint', () => {
  const drained = taint(node('general-b1'), 'maintenance=kernel-upgrade:NoExecute');
  test('workloads leave at once', () => {
    expect(web).toBeEvictedFrom(drained).after(0);
    expect(payments).toBeEvictedFrom(drained).after(0);
  });
  test('the CNI agent, which tolerates everything, stays', () => {
    expect(repo.get('ds/cilium')).not.toBeEvictedFrom(drained);
  });
  test('the logging agent tolerates only NoSchedule taints, so it leaves too', () => {
    expect(repo.get('daemonset/fluent-bit')).toBeEvictedFrom(drained).after(0);
  });
});

describe('a cordoned node (general-c2)', () => {
  test('takes no new workloads, but still takes node agents', () => {
    expect(web).not.toBeSchedulableOn(node('general-c2'));
    for (const agent of agents) expect(agent).toBeSchedulableOn(node('general-c2'));
  });
});
