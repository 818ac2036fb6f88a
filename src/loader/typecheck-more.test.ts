// More of the loader's type checks: null list items and map values decoded as Go's encoding/json does
// (sigs.k8s.io/json, a fork of encoding/json: a null element of a slice or value of a map is the element type's
// zero value; resource.Quantity.UnmarshalJSON reads null as zero), and integers beyond 2^53 judged as
// encoding/json judges them against the Go field type (int32/int64 in staging/src/k8s.io/api/core/v1/types.go).
// Added to kill mutants the mutation run found alive.
import { parseManifests } from '.';
import { SHAPES, typeProblems } from './typecheck';

const web = (spec: string[]) =>
  parseManifests(
    ['apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: web', '  annotations: {note: }', 'spec:', '  selector: {matchLabels: {app: web}}',
      '  template:', '    metadata: {labels: {app: web}}', '    spec:', ...spec.map((l) => `      ${l}`), ''].join('\n'),
    'web.yaml',
  ).get('deployment/web');

describe('null list items and map values are their zero value, in the loader', () => {
  test('a struct item is {}, a string item or value is "", a quantity is 0, an annotation is ""', () => {
    const d = web([
      'nodeSelector: {pool: }',
      'tolerations: [null]',
      'containers: [{name: web, image: nginx, resources: {requests: {cpu: }}}]',
      'affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: pool, operator: In, values: [null]}]}]}}}',
    ]);
    const spec = d.spec!.template.spec!;
    expect(spec.nodeSelector).toEqual({ pool: '' });
    expect(spec.tolerations).toEqual([{}]);
    expect(spec.containers[0].resources!.requests).toEqual({ cpu: '0' });
    expect(spec.affinity!.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms[0].matchExpressions![0].values).toEqual(['']);
    expect(d.metadata!.annotations).toEqual({ note: '' });
  });
  test('typeProblems does the same with zeroNulls, and leaves null (the field unset) without it', () => {
    const pod = () => ({ metadata: { labels: { a: null }, annotations: { b: null } }, spec: { tolerations: [null], overhead: { cpu: null }, containers: [{ name: 'c', image: 'i', ports: [null] }] } });
    const zeroed = pod();
    expect(typeProblems(zeroed, SHAPES.Pod, [], [], { zeroNulls: true })).toEqual([]);
    expect(zeroed).toEqual({ metadata: { labels: { a: '' }, annotations: { b: '' } }, spec: { tolerations: [{}], overhead: { cpu: '0' }, containers: [{ name: 'c', image: 'i', ports: [{}] }] } });
    const kept = pod();
    expect(typeProblems(kept, SHAPES.Pod)).toEqual([]);
    expect(kept).toEqual(pod());
  });
});

describe('integers beyond 2^53 without their text: the double decides (encoding/json UnmarshalTypeError)', () => {
  const pod = SHAPES.Pod;
  test('below the minimum', () => {
    expect(typeProblems({ spec: { priority: -1e16 } }, pod)).toEqual([{
      path: ['spec', 'priority'],
      message: "expected an integer, got the number -10000000000000000, beyond int32 (-2147483648…2147483647): the API server's decoder refuses it",
    }]);
    expect(typeProblems({ spec: { activeDeadlineSeconds: -1e19 } }, pod)).toHaveLength(1);
  });
  test('the int64 minimum -2^63 is exact as a double, and allowed', () => {
    expect(typeProblems({ spec: { activeDeadlineSeconds: -(2 ** 63) } }, pod)).toEqual([]);
    expect(typeProblems({ spec: { activeDeadlineSeconds: 2 ** 63 } }, pod)).toHaveLength(1);
  });
});
