// The create path names an object from its generateName before it validates it (k8s.io/apiserver
// pkg/registry/rest/create.go BeforeCreate, v1.33–v1.36; the create handler from v1.37, where BeforeCreate only checks
// "metadata.name was not generated"), with storage/names SimpleNameGenerator: at most 58 characters of generateName and
// 5 random ones. ValidateObjectMeta then checks both (apimachinery pkg/api/validation/objectmeta.go), and the kinds'
// own checks read the generated name: ValidateJob's Indexed pod hostnames (pkg/apis/batch/validation), the CronJob's
// 52 characters (ValidateCronJobCreate).
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';

const lines = (object: object) => validate(object as never).map((e) => `${e.field}: ${e.message}`);
const template = { spec: { containers: [{ name: 'c', image: 'nginx' }], restartPolicy: 'Never' } };
const job = (meta: object, spec: object = {}) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: meta, spec: { template, ...spec } });
const cronJob = (meta: object) => ({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: meta, spec: { schedule: '0 * * * *', jobTemplate: { spec: { template } } } });

describe('a name generated from generateName', () => {
  it("an Indexed Job's pod hostnames take the generated name", () => {
    expect(lines(job({ generateName: 'train-' }, { completionMode: 'Indexed', completions: 3 }))).toEqual([]);
    // with a name, the hostname is the name's
    expect(lines(job({ name: '-train' }, { completionMode: 'Indexed', completions: 3 })).some((l) => l.includes('invalid DNS label: -train-2'))).toBe(true);
  });

  it('a CronJob: the generated name counts against its 52 characters', () => {
    expect(lines(cronJob({ generateName: 'c'.repeat(47) }))).toEqual([]);
    expect(lines(cronJob({ generateName: 'c'.repeat(48) }))).toEqual([`metadata.name: Invalid value: "${'c'.repeat(48)}xxxxx": must be no more than 52 characters`]);
  });

  it('at most 58 characters of generateName are kept: the name stays within 63', () => {
    const pod = (generateName: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { generateName }, spec: template.spec });
    expect(lines(pod('p'.repeat(58)))).toEqual([]);
    expect(lines(pod(`${'p'.repeat(250)}-`))).toEqual([]);
  });

  it('an invalid generateName: its own error, then the generated name\'s', () => {
    expect(lines({ apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'Web-' }, spec: template.spec }).map((l) => l.split(': Invalid value: ')[0] + ' ' + l.split('"')[1])).toEqual([
      'metadata.generateName Web-',
      'metadata.name Web-xxxxx',
    ]);
  });
});
