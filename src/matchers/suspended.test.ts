// A suspended Job (spec.suspend: true, as Kueue creates them) or CronJob has no pod: its controller creates none until
// it is resumed (pkg/controller/job/job_controller.go: a suspended Job's active pods are deleted and none created;
// cronjob_controllerv2.go: no Job while the CronJob is suspended). The per-node matchers answer for its pods once
// resumed, and say so: an answer that rests on an assumption says which. The replica matchers count no pod.
import type { KubeObject, Node } from '../core/types';
import { failure } from '../../test/fixtures';
import { toBeSchedulableOn } from './toBeSchedulableOn';
import { toRecord } from './record';

const n1 = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } } as Node;
const template = { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'trainer:1', resources: { requests: { cpu: '1' } } }] } };
const job = (suspend: boolean) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'train', namespace: 'ml' }, spec: { suspend, template } }) as KubeObject;
const cronJob = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly', namespace: 'ml' }, spec: { schedule: '0 3 * * *', jobTemplate: { spec: { suspend: true, template } } } } as KubeObject;
const ctx = { utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String }, isNot: false } as never;

test('a suspended Job: the verdict for its pods once resumed, with the assumption in the message and the run report', () => {
  const resumed = 'Assumed: Job ml/train is resumed (spec.suspend is true: the Job controller creates no pods for a suspended Job; the verdict is for its pods once it is resumed)';
  expect(job(true)).toBeSchedulableOn(n1);
  expect(failure(() => expect(job(true)).not.toBeSchedulableOn(n1))).toContain(resumed);
  expect(failure(() => expect(job(true)).not.toBeSchedulableOnAnyOf([n1]))).toContain(resumed);
  const result = toBeSchedulableOn.call(ctx, job(true), n1);
  expect(toRecord(ctx, result, result.placement!).notes).toEqual([resumed]);
  expect(failure(() => expect(job(false)).not.toBeSchedulableOn(n1))).not.toContain('Assumed');
});

test("a CronJob whose jobTemplate is suspended: the same, in its controller's words", () => {
  expect(failure(() => expect(cronJob).not.toBeSchedulableOn(n1))).toContain(
    'Assumed: CronJob ml/nightly is resumed (spec.jobTemplate.spec.suspend is true: its Jobs are created suspended, and the Job controller creates no pods for a suspended Job; ' +
      'the verdict is for its pods once it is resumed)',
  );
});
