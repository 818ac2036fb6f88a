// A Job's failure and success policies (validation-job.ts), after pkg/apis/batch/validation/validation_test.go
// TestValidateJob's podFailurePolicy, successPolicy, backoffLimitPerIndex and podReplacementPolicy cases, with the texts
// the oracle's create domain answers at 1.33-1.37 (test/e2e/oracle-regressions-create.test.ts freezes them).
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { validateObject } from './validation-workloads';

const job = (spec: Record<string, unknown>, restartPolicy = 'Never') => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'train', namespace: 'default' },
  spec: { template: { spec: { restartPolicy, containers: [{ name: 'main', image: 'app:1' }] } }, ...spec },
});
const cronJob = (spec: Record<string, unknown>) => ({
  apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'train', namespace: 'default' },
  spec: { schedule: '@hourly', jobTemplate: { spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'main', image: 'app:1' }] } }, ...spec } } },
});
const errors = (o: object, version: KubernetesVersion = '1.37') =>
  withConfiguration({ kubernetesVersion: version }, () => validateObject(o as never, false).map((e) => `${e.field}: ${e.message}`));
const rules = (...r: object[]) => ({ podFailurePolicy: { rules: r } });

describe('validatePodFailurePolicy', () => {
  test('the docs\' example: ignore disruptions, fail the Job on exit code 42 of the main container', () => {
    expect(errors(job(rules({ action: 'FailJob', onExitCodes: { containerName: 'main', operator: 'In', values: [42] } }, { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] })))).toEqual([]);
  });

  test.each<[string, Record<string, unknown>, string[]]>([
    ['exit code 0 with In', rules({ action: 'FailJob', onExitCodes: { operator: 'In', values: [0, 1] } }),
      ['spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator']],
    ['unsorted and repeated codes', rules({ action: 'Count', onExitCodes: { operator: 'NotIn', values: [3, 1, 1] } }),
      ['spec.podFailurePolicy.rules[0].onExitCodes.values[2]: Duplicate value: 1', 'spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: [3,1,1]: must be ordered']],
    ['an unknown action', rules({ action: 'Retry', onExitCodes: { operator: 'In', values: [1] } }),
      ['spec.podFailurePolicy.rules[0].action: Unsupported value: "Retry": supported values: "Count", "FailIndex", "FailJob", "Ignore"']],
    ['no action, operator or values', rules({ onExitCodes: {} }), [
      'spec.podFailurePolicy.rules[0].action: Required value: valid values: ["Count" "FailIndex" "FailJob" "Ignore"]',
      'spec.podFailurePolicy.rules[0].onExitCodes.operator: Required value: valid values: ["In" "NotIn"]',
      'spec.podFailurePolicy.rules[0].onExitCodes.values: Invalid value: null: at least one value is required']],
    ['a container the template lacks', rules({ action: 'FailJob', onExitCodes: { containerName: 'other', operator: 'In', values: [1] } }),
      ['spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "other": must be one of the container or initContainer names in the pod template']],
    ['FailIndex without backoffLimitPerIndex', rules({ action: 'FailIndex', onExitCodes: { operator: 'In', values: [1] } }),
      ['spec.podFailurePolicy.rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set']],
    ['both exit codes and conditions, then neither', rules({ action: 'Ignore', onExitCodes: { operator: 'In', values: [1] }, onPodConditions: [{ type: 'DisruptionTarget' }] }, { action: 'Ignore' }), [
      'spec.podFailurePolicy.rules[0]: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported',
      'spec.podFailurePolicy.rules[1]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required']],
    ['a condition status Yes', rules({ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget', status: 'Yes' }] }),
      ['spec.podFailurePolicy.rules[0].onPodConditions[0].status: Unsupported value: "Yes": supported values: "False", "True", "Unknown"']],
  ])('%s', (_, spec, want) => {
    expect(errors(job(spec))).toEqual(want);
  });

  test('a CronJob\'s template: an empty condition status is Required at 1.33 (not defaulted), True from 1.34', () => {
    const cron = cronJob(rules({ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }));
    expect(errors(cron, '1.33')).toEqual(['spec.jobTemplate.spec.podFailurePolicy.rules[0].onPodConditions[0].status: Required value: valid values: ["False" "True" "Unknown"]']);
    expect(errors(cron, '1.34')).toEqual([]);
    expect(errors(job(rules({ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] })), '1.33')).toEqual([]);
  });
});

describe('backoffLimitPerIndex, maxFailedIndexes, successPolicy, podReplacementPolicy', () => {
  test.each<[string, Record<string, unknown>, string[]]>([
    ['backoffLimitPerIndex on a NonIndexed Job', { backoffLimitPerIndex: 1 }, ['spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode']],
    ['maxFailedIndexes over completions', { completionMode: 'Indexed', completions: 3, backoffLimitPerIndex: 1, maxFailedIndexes: 5 },
      ['spec.maxFailedIndexes: Invalid value: 5: must be less than or equal to completions']],
    ['maxFailedIndexes without backoffLimitPerIndex', { completionMode: 'Indexed', completions: 3, maxFailedIndexes: 1 },
      ['spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified']],
    ['a successPolicy on a NonIndexed Job', { successPolicy: { rules: [{ succeededCount: 1 }] } },
      ['spec.successPolicy: Invalid value: {"Rules":[{"SucceededIndexes":null,"SucceededCount":1}]}: requires indexed completion mode']],
    ['a successPolicy over the completions and its indexes', { completionMode: 'Indexed', completions: 4, successPolicy: { rules: [{ succeededCount: 5 }, { succeededIndexes: '0-2,1' }, { succeededIndexes: '0,2-3', succeededCount: 4 }, {}] } }, [
      'spec.successPolicy.rules[0].succeededCount: Invalid value: 5: must be less than or equal to 4 (the number of specified completions)',
      'spec.successPolicy.rules[1].succeededIndexes: Invalid value: "0-2,1": error parsing succeededIndexes: non-increasing order, previous: 2, current: 1',
      'spec.successPolicy.rules[2].succeededCount: Invalid value: 4: must be less than or equal to 3 (the number of indexes in the specified succeededIndexes field)',
      'spec.successPolicy.rules[3]: Required value: at least one of succeededCount or succeededIndexes must be specified']],
    ['succeededIndexes past the completions, or not numbers', { completionMode: 'Indexed', completions: 4, successPolicy: { rules: [{ succeededIndexes: '1-4' }, { succeededIndexes: 'x' }, { succeededIndexes: '1-2-3' }] } }, [
      'spec.successPolicy.rules[0].succeededIndexes: Invalid value: "1-4": error parsing succeededIndexes: too large index: "4"',
      'spec.successPolicy.rules[1].succeededIndexes: Invalid value: "x": error parsing succeededIndexes: cannot convert string to integer for index: "x"',
      'spec.successPolicy.rules[2].succeededIndexes: Invalid value: "1-2-3": error parsing succeededIndexes: the fragment "1-2-3" violates the requirement that an index interval can have at most two parts separated by \'-\'']],
    ['podReplacementPolicy Always', { podReplacementPolicy: 'Always' }, ['spec.podReplacementPolicy: Unsupported value: "Always": supported values: "Failed", "TerminatingOrFailed"']],
    ['podReplacementPolicy TerminatingOrFailed with a podFailurePolicy', { podReplacementPolicy: 'TerminatingOrFailed', ...rules({ action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] }) },
      ['spec.podReplacementPolicy: Unsupported value: "TerminatingOrFailed": supported values: "Failed"']],
  ])('%s', (_, spec, want) => {
    expect(errors(job(spec))).toEqual(want);
  });

  test('an Indexed Job with FailIndex, backoffLimitPerIndex and maxFailedIndexes is accepted', () => {
    expect(errors(job({ completionMode: 'Indexed', completions: 4, backoffLimitPerIndex: 1, maxFailedIndexes: 2, ...rules({ action: 'FailIndex', onExitCodes: { containerName: 'main', operator: 'In', values: [1, 2, 42] } }) }))).toEqual([]);
  });
});

// validation.go's list limits, TooMany at every release (`Too many: 21: must have at most 20 items`)
describe('the list limits: 20 rules, 20 condition patterns, 255 exit codes, 20 success rules', () => {
  const many = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const ignore = { action: 'Ignore', onPodConditions: [{ type: 'DisruptionTarget' }] };
  test.each(['1.33', '1.37'] as const)('at %s', (version) => {
    expect(errors(job(rules(...many(20, () => ignore))), version)).toEqual([]);
    expect(errors(job(rules(...many(21, () => ignore))), version)).toEqual(['spec.podFailurePolicy.rules: Too many: 21: must have at most 20 items']);
    expect(errors(job(rules({ action: 'Ignore', onPodConditions: many(21, () => ({ type: 'DisruptionTarget' })) })), version))
      .toEqual(['spec.podFailurePolicy.rules[0].onPodConditions: Too many: 21: must have at most 20 items']);
    expect(errors(job(rules({ action: 'FailJob', onExitCodes: { operator: 'In', values: many(255, (i) => i + 1) } })), version)).toEqual([]);
    expect(errors(job(rules({ action: 'FailJob', onExitCodes: { operator: 'In', values: many(256, (i) => i + 1) } })), version))
      .toEqual(['spec.podFailurePolicy.rules[0].onExitCodes.values: Too many: 256: must have at most 255 items']);
    expect(errors(job({ completionMode: 'Indexed', completions: 3, parallelism: 3, successPolicy: { rules: many(21, () => ({ succeededCount: 1 })) } }), version))
      .toEqual(['spec.successPolicy.rules: Too many: 21: must have at most 20 items']);
  });
});
