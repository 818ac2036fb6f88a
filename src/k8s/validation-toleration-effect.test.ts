// More of the API server's toleration checks and our effect hint, for survivors of the mutation run.
import { validate } from '../engine/validate';
import { suggestEffect } from './validation';
import type { KubeObject } from '../core/types';

const pod = (tolerations: object[]) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], tolerations } }) as KubeObject;
const errors = (tolerations: object[]) => validate(pod(tolerations)).map((e) => `${e.field}: ${e.message}`);

// validation.go ValidateTolerations: `if len(toleration.Effect) > 0 { validateTaintEffect(&toleration.Effect, true, …) }`
test('a toleration\'s effect, when set, must be one of the three', () => {
  expect(errors([{ key: 'a', operator: 'Exists', effect: 'NoSchedul' }])).toEqual([
    'spec.tolerations[0].effect: Unsupported value: "NoSchedul": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute" (did you mean NoSchedule?)',
  ]);
  expect(errors([{ key: 'a', operator: 'Exists' }, { key: 'b', operator: 'Exists', effect: 'NoExecute' }])).toEqual([]);
});

// (ours) the hint after an unsupported effect: the closest effect within 3 edits, when one is closest
test.each([
  ['noschedule', 'NoSchedule'],
  ['NoSchedul', 'NoSchedule'],
  ['NoExecution', 'NoExecute'],
  ['PreferNoSchedul', 'PreferNoSchedule'],
  ['Evict', undefined],
  ['', undefined],
])('suggestEffect(%j) is %j', (effect, want) => expect(suggestEffect(effect)).toBe(want));
