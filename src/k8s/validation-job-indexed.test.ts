// A Job's completion mode on create: pkg/apis/batch/validation/validation.go validateJobSpec (v1.37.2): Indexed needs
// completions and at most maxParallelismForIndexedJob (100000) in parallel; NonIndexed needs neither.
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';

const job = (spec: Record<string, unknown>) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j' }, spec: {
  ...spec, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'registry.example/app:1' }] } },
} });

describe('validateJobSpec: completionMode', () => {
  it('Indexed: parallelism up to 100000', () => {
    expect(validate(job({ completionMode: 'Indexed', completions: 200000, parallelism: 100000 }) as never)).toEqual([]);
    expect(validate(job({ completionMode: 'Indexed', completions: 200000, parallelism: 100001 }) as never)).toEqual([
      { field: 'spec.parallelism', message: 'Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed' },
    ]);
  });

  it('Indexed needs completions; NonIndexed does not, nor bounds parallelism', () => {
    expect(validate(job({ completionMode: 'Indexed', parallelism: 2 }) as never)).toEqual([
      { field: 'spec.completions', message: 'Required value: when completion mode is Indexed' },
    ]);
    expect(validate(job({ completionMode: 'NonIndexed', parallelism: 100001 }) as never)).toEqual([]);
  });
});
