// withZeroItems: a null list item as Go's JSON decoder takes it (the item type's zero value), the object unchanged
// (the same object) when it has none.
import { withZeroItems } from './go-decode';

describe('withZeroItems', () => {
  test('an object without a null item is returned itself', () => {
    const pod = { kind: 'Pod', metadata: { labels: { a: null } }, spec: { tolerations: [{ operator: 'Exists' }], affinity: null } };
    expect(withZeroItems(pod)).toBe(pod);
  });

  test('a null item becomes the zero value of the type its list holds, the input untouched', () => {
    const pod = { spec: { tolerations: [{ operator: 'Exists' }, null], containers: [{ name: 'c', ports: [null] }], affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ namespaces: ['team', null], matchLabelKeys: [null] }] } }, securityContext: { supplementalGroups: [1000, null] } } };
    const copy = JSON.parse(JSON.stringify(pod));
    const out = withZeroItems(pod);
    expect(out).toEqual({ spec: { tolerations: [{ operator: 'Exists' }, {}], containers: [{ name: 'c', ports: [{}] }], affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ namespaces: ['team', ''], matchLabelKeys: [''] }] } }, securityContext: { supplementalGroups: [1000, 0] } } });
    expect(pod).toEqual(copy);
    // what has no null item stays shared
    expect(out.spec.tolerations[0]).toBe(pod.spec.tolerations[0]);
  });

  test('a list of only nulls: a string list by its field name, else a struct', () => {
    expect(withZeroItems({ values: [null], podCIDRs: [null], taints: [null] })).toEqual({ values: [''], podCIDRs: [''], taints: [{}] });
  });

  test('a boolean list\'s null is false; an item that is not there (a JavaScript hole or undefined) tells nothing of the type', () => {
    expect(withZeroItems({ flags: [true, null] })).toEqual({ flags: [true, false] });
    expect(withZeroItems({ ports: [undefined, null, 8080] })).toEqual({ ports: [undefined, 0, 8080] });
  });

  test('the field name decides only for a list of nulls: a list of structs named like a string list keeps struct zeros', () => {
    expect(withZeroItems({ values: [{ a: 1 }, null] })).toEqual({ values: [{ a: 1 }, {}] });
    expect(withZeroItems({ tolerations: [null, null] })).toEqual({ tolerations: [{}, {}] });
  });
});
