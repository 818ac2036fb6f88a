// NodeAffinityArgs' addedAffinity parsed as kube-scheduler parses it (nodeaffinity.NewNodeSelector and
// NewPreferredSchedulingTerms; labels.NewRequirement's checks, k8s.io/apimachinery/pkg/labels/selector.go): each
// problem at its field, with upstream's detail. Cases after validation_pluginargs_test.go TestValidateNodeAffinityArgs.
import { addedAffinityErrors } from './validation-affinity';

const at = 'args';
const required = (...matchExpressions: object[]) => ({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] } });
const errors = (added: object | undefined) => addedAffinityErrors(added as never, at).map((e) => [e.field, e.message]);
const T = 'args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0]';

test('valid terms, and none, have no error', () => {
  expect(errors(undefined)).toEqual([]);
  expect(errors({})).toEqual([]);
  expect(errors(required({ key: 'zone', operator: 'In', values: ['a'] }, { key: 'gpu', operator: 'Exists' }, { key: 'cores', operator: 'Gt', values: ['4'] }))).toEqual([]);
  expect(errors({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['n1'] }] }, {}] } })).toEqual([]);
});

test('an expression: operator, key, values per operator, integers for Gt and Lt, label values', () => {
  expect(errors(required({ key: 'zone', operator: 'Near', values: ['a'] }))).toEqual([[`${T}.operator`, 'Unsupported value: "Near": supported values: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"']]);
  expect(errors(required({ key: 'bad key', operator: 'Exists' }))[0][0]).toBe(`${T}.key`);
  expect(errors(required({ operator: 'Exists' }))[0]).toEqual([`${T}.key`, expect.stringMatching(/^Invalid value: "": /)]);
  expect(errors(required({ key: 'zone', operator: 'In' }))).toEqual([[`${T}.values`, "Invalid value: []: for 'in', 'notin' operators, values set can't be empty"]]);
  expect(errors(required({ key: 'zone', operator: 'NotIn', values: [] }))).toEqual([[`${T}.values`, "Invalid value: []: for 'in', 'notin' operators, values set can't be empty"]]);
  expect(errors(required({ key: 'zone', operator: 'Exists', values: ['a'] }))).toEqual([[`${T}.values`, 'Invalid value: ["a"]: values set must be empty for exists and does not exist']]);
  expect(errors(required({ key: 'zone', operator: 'DoesNotExist', values: ['a'] }))).toHaveLength(1);
  expect(errors(required({ key: 'cores', operator: 'Gt', values: ['1', '2'] }))).toEqual([[`${T}.values`, "Invalid value: [\"1\",\"2\"]: for 'Gt', 'Lt' operators, exactly one value is required"]]);
  expect(errors(required({ key: 'cores', operator: 'Lt', values: ['x'] }))).toEqual([[`${T}.values[0]`, "Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an integer"]]);
  expect(errors(required({ key: 'cores', operator: 'Lt' }))).toEqual([[`${T}.values`, "Invalid value: []: for 'Gt', 'Lt' operators, exactly one value is required"]]);
  const bad = errors(required({ key: 'zone', operator: 'In', values: ['ok', 'not ok'] }));
  expect(bad).toHaveLength(1);
  expect(bad[0][0]).toBe(`${T}.values[1][zone]`);
});

test('matchFields: In or NotIn, one value; preferred terms at their own path', () => {
  const F = 'args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[1].matchFields[0]';
  const terms = (...matchFields: object[]) => ({ requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}, { matchFields }] } });
  expect(errors(terms({ key: 'metadata.name', operator: 'Exists' }))).toEqual([[`${F}.operator`, 'Unsupported value: "Exists": supported values: "In", "NotIn"']]);
  expect(errors(terms({ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }))).toEqual([[`${F}.values`, 'Invalid value: ["a","b"]: must have one element']]);
  expect(errors(terms({ key: 'metadata.name', operator: 'In' }))).toEqual([[`${F}.values`, 'Invalid value: []: must have one element']]);
  const preferred = { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }, { weight: 1, preference: { matchExpressions: [{ key: 'zone', operator: 'In' }] } }] };
  expect(errors(preferred)).toEqual([
    ['args.addedAffinity.preferredDuringSchedulingIgnoredDuringExecution[1].matchExpressions[0].values', "Invalid value: []: for 'in', 'notin' operators, values set can't be empty"],
  ]);
  expect(errors({ preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1 }] })).toEqual([]);
});
