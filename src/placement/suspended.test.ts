// A suspended Job gets no pods (pkg/controller/job/job_controller.go manageJob: with spec.suspend the controller
// deletes the active pods and creates none); a suspended CronJob creates no Jobs (cronjob_controllerv2.go syncCronJob),
// and a jobTemplate with suspend: true makes suspended Jobs.
import type { KubeObject, Node } from '../core/types';
import { placeReplicas } from './place';
import { simulateOutage, nodesDown } from '../outage/simulate';
import { expect as jestExpect } from '@jest/globals';
import '../jest';

const node = (name: string): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': name } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } as Node['status'],
});
const nodes = [node('a'), node('b')];
const template = { spec: { restartPolicy: 'Never', containers: [{ name: 'job', image: 'registry.example/job:1' }] } };
const job = (extra: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'batch', namespace: 'default' }, spec: { parallelism: 2, ...extra, template } } as KubeObject);
const cronJob = (extra: Record<string, unknown> = {}, jobExtra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly', namespace: 'default' },
  spec: { schedule: '0 2 * * *', ...extra, jobTemplate: { spec: { parallelism: 2, ...jobExtra, template } } },
} as KubeObject);

const failure = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('expected a failure');
};

test.each([
  ['Job spec.suspend', job({ suspend: true }), 'spec.suspend is true: the Job controller creates no pods for a suspended Job'],
  ['CronJob spec.suspend', cronJob({ suspend: true }), 'spec.suspend is true: the CronJob controller creates no Jobs while the CronJob is suspended'],
  ['CronJob jobTemplate.spec.suspend', cronJob({}, { suspend: true }), 'spec.jobTemplate.spec.suspend is true: its Jobs are created suspended, and the Job controller creates no pods for a suspended Job'],
])('%s: no pods, and the placement says why', (_, w, reason) => {
  const p = placeReplicas(w, nodes);
  expect(p.pods).toEqual([]);
  expect(p.noPods).toEqual([{ workload: expect.stringMatching(/^(Job|CronJob) default\//), reason }]);
  expect(failure(() => jestExpect(w).not.toHaveAllReplicasScheduled(nodes))).toContain(`its controller creates no pod here (${reason})`);
});

test('suspend: false (or unset) places the pods as usual', () => {
  expect(placeReplicas(job({ suspend: false }), nodes).pods).toHaveLength(2);
  expect(placeReplicas(job(), nodes).noPods).toEqual([]);
});

test('toSpreadReplicasAcross says the controller creates no pod', () => {
  const w = job({ suspend: true });
  expect(failure(() => jestExpect(w).not.toSpreadReplicasAcross('topology.kubernetes.io/zone', nodes))).toContain('its controller creates no pod (spec.suspend is true');
});

test('in an outage a suspended Job wants no pods', () => {
  const w = job({ suspend: true });
  const o = simulateOutage({ nodes, workloads: [w] }, nodesDown(['a']));
  expect(o.stateOf(w)).toMatchObject({ desired: 0, running: 0, pending: 0 });
  expect(o.pods).toEqual([]);
});
