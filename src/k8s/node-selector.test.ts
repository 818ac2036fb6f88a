// Node selector terms as kube-scheduler parses and matches them
// (staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go,
// staging/src/k8s.io/apimachinery/pkg/labels/selector.go NewRequirement and Requirement.Matches),
// and the NodeAffinity plugin's explanations. Added to kill mutants the mutation run found alive.
import type { Node, Pod } from '../core/types';
import { toSubject } from './subject';
import { configure, resetConfiguration } from '../core/config';
import { nodeInfo, podInfo } from '../scheduler/framework';
import { NodeAffinity, normalizeNodeAffinityScores, preferredAffinityScore } from '../scheduler/plugins/nodeaffinity';
import {
  describeRequirement, explainRequirement, parseGoInt64, parseTerms, requirementMatches, termMatches,
  type NodeSelectorRequirement, type ParsedRequirement,
} from './node-selector';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const expression = (req: NodeSelectorRequirement) => parseTerms([{ matchExpressions: [req] }])[0];
const fieldTerm = (req: NodeSelectorRequirement) => parseTerms([{ matchFields: [req] }])[0];
const req = (key: string, operator: string, values?: string[]): ParsedRequirement => expression({ key, operator, values }).requirements[0];

describe('strconv.ParseInt(s, 10, 64), as Gt/Lt read values', () => {
  test.each([
    ['0', 0n], ['+5', 5n], ['-5', -5n], ['007', 7n],
    ['9223372036854775807', 9223372036854775807n], ['-9223372036854775808', -9223372036854775808n],
  ])('%s → %s', (s, n) => expect(parseGoInt64(s)).toBe(n));
  test.each(['9223372036854775808', '-9223372036854775809', '', '+', '1.5', ' 5', '5 ', '5a', 'a5', '0x10', '1e3'])('"%s" is not an int64', (s) =>
    expect(parseGoInt64(s)).toBeUndefined());
});

describe('parse errors (labels.NewRequirement; nodeSelectorRequirementsAsFieldSelector)', () => {
  test.each<[NodeSelectorRequirement, string]>([
    [{ key: 'k', operator: 'In', values: [] }, "matchExpressions[0]: for 'in', 'notin' operators, values set can't be empty"],
    [{ key: 'k', operator: 'NotIn' }, "matchExpressions[0]: for 'in', 'notin' operators, values set can't be empty"],
    [{ key: 'k', operator: 'Exists', values: ['a'] }, 'matchExpressions[0]: values set must be empty for exists and does not exist'],
    [{ key: 'k', operator: 'DoesNotExist', values: ['a'] }, 'matchExpressions[0]: values set must be empty for exists and does not exist'],
    [{ key: 'k', operator: 'Gt', values: ['1', '2'] }, "matchExpressions[0]: for 'Gt', 'Lt' operators, exactly one value is required"],
    [{ key: 'k', operator: 'Lt' }, "matchExpressions[0]: for 'Gt', 'Lt' operators, exactly one value is required"],
    [{ key: 'k', operator: 'Lt', values: ['x'] }, "matchExpressions[0]: for 'Gt', 'Lt' operators, the value must be an integer"],
    [{ key: 'k', operator: 'Foo', values: ['a'] }, 'matchExpressions[0]: "Foo" is not a valid node selector operator'],
  ])('%j', (r, error) => expect(expression(r).error).toBe(error));
  test('an invalid key, and an invalid value naming its key', () => {
    expect(expression({ key: 'a/b/c', operator: 'Exists' }).error).toMatch(/^matchExpressions\[0\]: invalid label key "a\/b\/c": a valid label key must consist/);
    expect(expression({ key: 'k', operator: 'In', values: ['ok', 'not ok'] }).error).toBe(
      'matchExpressions[0]: invalid label value: "not ok": at key: "k": a valid label must be an empty string or consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyValue\',  or \'my_value\',  or \'12345\', regex used for validation is \'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?\')',
    );
    expect(expression({ operator: 'Exists' } as NodeSelectorRequirement).error).toMatch(/^matchExpressions\[0\]: invalid label key "undefined": name part must be non-empty/);
  });
  test('valid requirements: no error; Gt/Lt keep their bound', () => {
    for (const r of [{ key: 'k', operator: 'In', values: ['a', ''] }, { key: 'k', operator: 'NotIn', values: ['a'] }, { key: 'k', operator: 'Exists' }, { key: 'k', operator: 'DoesNotExist', values: [] }]) {
      expect(expression(r).error).toBeUndefined();
    }
    expect(req('k', 'Gt', ['7']).bound).toBe(7n);
    // every value must also be a valid label value, so a negative bound is refused
    expect(expression({ key: 'k', operator: 'Gt', values: ['-7'] }).error).toMatch(/^matchExpressions\[0\]: invalid label value: "-7": at key: "k"/);
    expect(req('k', 'Lt', ['12']).bound).toBe(12n);
    expect(req('k', 'In', ['12']).bound).toBeUndefined();
  });
  test('field requirements: In/NotIn with exactly one value', () => {
    expect(fieldTerm({ key: 'metadata.name', operator: 'Exists' }).error).toBe('matchFields[0]: "Exists" is not a valid node field selector operator');
    expect(fieldTerm({ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }).error).toBe('matchFields[0]: unexpected number of value (2) for node field selector operator "In"');
    expect(fieldTerm({ key: 'metadata.name', operator: 'NotIn' }).error).toBe('matchFields[0]: unexpected number of value (0) for node field selector operator "NotIn"');
    expect(fieldTerm({ key: 'metadata.name', operator: 'NotIn', values: ['a'] }).error).toBeUndefined();
  });
  test('the first error of a term is kept; requirements keep their kind and index', () => {
    const [term] = parseTerms([{
      matchExpressions: [{ key: 'k', operator: 'Exists' }, { key: 'k', operator: 'In' }, { key: 'k', operator: 'Gt', values: ['x'] }],
      matchFields: [{ key: 'metadata.name', operator: 'Gt', values: ['a'] }],
    }]);
    expect(term.error).toBe("matchExpressions[1]: for 'in', 'notin' operators, values set can't be empty");
    expect(term.requirements.map((r) => `${r.kind}[${r.index}]`)).toEqual(['expression[0]', 'expression[1]', 'expression[2]', 'field[0]']);
    const [onlyField] = parseTerms([{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }, { key: 'metadata.name', operator: 'Gt', values: ['a'] }] }]);
    expect(onlyField.error).toBe('matchFields[1]: "Gt" is not a valid node field selector operator');
  });
  test('empty terms are dropped but the others keep their index', () => {
    expect(parseTerms([{}, { matchExpressions: [] }, { matchExpressions: [{ key: 'k', operator: 'Exists' }] }]).map((t) => t.index)).toEqual([2]);
    expect(parseTerms(undefined)).toEqual([]);
  });
});

describe('Requirement.Matches', () => {
  const labels = { zone: 'a', gen: '5', text: 'x', big: '9223372036854775808' };
  test.each<[string, string, string[] | undefined, boolean]>([
    ['zone', 'In', ['a', 'b'], true], ['zone', 'In', ['b'], false], ['other', 'In', ['a'], false],
    ['zone', 'NotIn', ['a'], false], ['zone', 'NotIn', ['b'], true], ['other', 'NotIn', ['a'], true],
    ['zone', 'Exists', undefined, true], ['other', 'Exists', undefined, false],
    ['zone', 'DoesNotExist', undefined, false], ['other', 'DoesNotExist', undefined, true],
    ['gen', 'Gt', ['4'], true], ['gen', 'Gt', ['5'], false], ['gen', 'Lt', ['6'], true], ['gen', 'Lt', ['5'], false], ['gen', 'Lt', ['4'], false],
    ['other', 'Lt', ['6'], false], ['text', 'Gt', ['0'], false], ['big', 'Gt', ['0'], false],
    ['zone', 'Foo', ['a'], false],
  ])('%s %s %j → %s', (key, op, values, want) => {
    const r: ParsedRequirement = { kind: 'expression', index: 0, req: { key, operator: op, values }, values: values ?? [], bound: values?.length === 1 ? parseGoInt64(values[0]) : undefined };
    expect(requirementMatches(r, labels, 'node-1')).toBe(want);
  });
  test('matchFields: metadata.name, another field reads "", a node without a name is not checked', () => {
    const f = (key: string, operator: string, value: string): ParsedRequirement => ({ kind: 'field', index: 0, req: { key, operator, values: [value] }, values: [value] });
    expect(requirementMatches(f('metadata.name', 'In', 'node-1'), {}, 'node-1')).toBe(true);
    expect(requirementMatches(f('metadata.name', 'In', 'node-2'), {}, 'node-1')).toBe(false);
    expect(requirementMatches(f('metadata.name', 'NotIn', 'node-2'), {}, 'node-1')).toBe(true);
    expect(requirementMatches(f('metadata.name', 'NotIn', 'node-1'), {}, 'node-1')).toBe(false);
    expect(requirementMatches(f('metadata.uid', 'In', 'node-1'), {}, 'node-1')).toBe(false);
    expect(requirementMatches(f('metadata.uid', 'NotIn', 'node-1'), {}, 'node-1')).toBe(true);
    expect(requirementMatches(f('metadata.name', 'In', 'node-2'), {}, '')).toBe(true);
  });
  test('a term matches when it has no error and every requirement matches', () => {
    const [term] = parseTerms([{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }, { key: 'gen', operator: 'Gt', values: ['1'] }] }]);
    expect(termMatches(term, { zone: 'a', gen: '2' }, 'n')).toBe(true);
    expect(termMatches(term, { zone: 'a', gen: '1' }, 'n')).toBe(false);
    expect(termMatches({ ...term, error: 'x' }, { zone: 'a', gen: '2' }, 'n')).toBe(false);
  });
  test('inherited object properties are not labels', () => {
    expect(requirementMatches(req('constructor', 'Exists'), {}, 'n')).toBe(false);
    expect(requirementMatches(req('toString', 'DoesNotExist'), {}, 'n')).toBe(true);
  });
});

describe('descriptions in explanations', () => {
  test('describeRequirement', () => {
    expect(describeRequirement(req('zone', 'In', ['a', 'b']))).toBe('matchExpressions[0] zone In [a, b]');
    expect(describeRequirement(req('zone', 'Exists'))).toBe('matchExpressions[0] zone Exists');
    expect(describeRequirement(req('zone', 'DoesNotExist', []))).toBe('matchExpressions[0] zone DoesNotExist');
    expect(describeRequirement(fieldTerm({ key: 'metadata.name', operator: 'In', values: ['n1'] }).requirements[0])).toBe('matchFields[0] metadata.name In [n1]');
  });
  test('explainRequirement quotes the node’s value and flags non-integers for Gt/Lt only', () => {
    expect(explainRequirement(fieldTerm({ key: 'metadata.name', operator: 'In', values: ['n1'] }).requirements[0], {}, 'n2')).toBe('matchFields[0] metadata.name In [n1]: node name is "n2"');
    expect(explainRequirement(req('zone', 'In', ['a']), {}, 'n')).toBe('matchExpressions[0] zone In [a]: node has no label zone');
    expect(explainRequirement(req('zone', 'In', ['a']), { zone: 'b' }, 'n')).toBe('matchExpressions[0] zone In [a]: node has zone="b"');
    expect(explainRequirement(req('zone', 'In', ['1']), { zone: 'b' }, 'n')).toBe('matchExpressions[0] zone In [1]: node has zone="b"');
    expect(explainRequirement(req('gen', 'Gt', ['5']), { gen: 'new' }, 'n')).toBe('matchExpressions[0] gen Gt [5]: node has gen="new" (not an integer)');
    expect(explainRequirement(req('gen', 'Lt', ['5']), { gen: 'new' }, 'n')).toBe('matchExpressions[0] gen Lt [5]: node has gen="new" (not an integer)');
    expect(explainRequirement(req('gen', 'Gt', ['5']), { gen: '3' }, 'n')).toBe('matchExpressions[0] gen Gt [5]: node has gen="3"');
  });
});

// pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go Filter: nodeSelector AND required terms.
describe('NodeAffinity Filter explanations', () => {
  const pod = (spec: Partial<NonNullable<Pod['spec']>>): Pod => ({ kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });
  const node = (labels: Record<string, string>, name = 'n1'): Node => ({ kind: 'Node', metadata: { name, labels }, spec: {} });
  const filter = (p: Pod, n: Node) => NodeAffinity.filter(podInfo(toSubject(p)), nodeInfo(n), { pods: 0, requested: { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() }, ports: [] });
  const required = (...terms: object[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms as never } } } });
  test('nodeSelector: a missing label and a different value', () => {
    const s = filter(pod({ nodeSelector: { pool: 'gpu', zone: 'a' } }), node({ zone: 'b' }));
    expect(s?.reasons).toEqual(["node(s) didn't match Pod's node affinity/selector"]);
    expect(s?.code).toBe('UnschedulableAndUnresolvable');
    expect(s?.details).toEqual(['nodeSelector pool=gpu: node has no label pool', 'nodeSelector zone=a: node has zone="b"']);
  });
  test('a nodeSelector that asks for an empty value needs the label to exist', () => {
    expect(filter(pod({ nodeSelector: { pool: '' } }), node({}))?.details).toEqual(['nodeSelector pool=: node has no label pool']);
    expect(filter(pod({ nodeSelector: { pool: '' } }), node({ pool: '' }))).toBeUndefined();
  });
  test('nodeSelector matches but required terms do not: every term is explained', () => {
    const s = filter(pod({ nodeSelector: { zone: 'a' }, ...required(
      { matchExpressions: [{ key: 'gen', operator: 'Gt', values: ['5'] }, { key: 'zone', operator: 'In', values: ['a'] }, { key: 'arch', operator: 'Exists' }] },
      { matchExpressions: [{ key: 'k', operator: 'In', values: [] }] },
    ) }), node({ zone: 'a', gen: '3' }));
    expect(s?.details).toEqual([
      'no nodeSelectorTerm of spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution matches (terms are ORed, requirements ANDed):',
      '  nodeSelectorTerms[0]: matchExpressions[0] gen Gt [5]: node has gen="3"; matchExpressions[2] arch Exists: node has no label arch',
      "  nodeSelectorTerms[1] never matches: matchExpressions[0]: for 'in', 'notin' operators, values set can't be empty",
    ]);
  });
  test('required terms that are all empty match no node', () => {
    expect(filter(pod(required({})), node({}))?.details).toEqual([
      'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution has no usable nodeSelectorTerms, so no node matches',
    ]);
  });
  test('a matching nodeSelector with failing terms reports only the terms; matching terms with a failing nodeSelector only the selector', () => {
    expect(filter(pod({ nodeSelector: { zone: 'a' }, ...required({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }) }), node({ zone: 'b' }))?.details)
      .toEqual(['nodeSelector zone=a: node has zone="b"', expect.stringContaining('no nodeSelectorTerm'), '  nodeSelectorTerms[0]: matchExpressions[0] zone In [a]: node has zone="b"']);
    expect(filter(pod({ nodeSelector: { pool: 'x' }, ...required({ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }) }), node({ zone: 'a' }))?.details)
      .toEqual(['nodeSelector pool=x: node has no label pool']);
  });
  test('the spec path of a workload', () => {
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }], ...required({}) } } } };
    expect(NodeAffinity.filter(podInfo(toSubject(d)), nodeInfo(node({})), { pods: 0, requested: { milliCPU: 0, memory: 0, ephemeralStorage: 0, scalars: new Map() }, ports: [] })?.details)
      .toEqual(['spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution has no usable nodeSelectorTerms, so no node matches']);
  });
});

// node_affinity.go Score / NormalizeScore (helper.DefaultNormalizeScore(MaxNodeScore, false, scores)).
describe('NodeAffinity Score', () => {
  test('the sum of matching weights, with the matched term indexes', () => {
    const p: Pod = { kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [
      { weight: 3, preference: { matchExpressions: [{ key: 'a', operator: 'Exists' }] } },
      { weight: 4, preference: { matchExpressions: [{ key: 'b', operator: 'Exists' }] } },
      { weight: 5, preference: { matchExpressions: [{ key: 'a', operator: 'DoesNotExist' }] } },
    ] } } } };
    const n: Node = { kind: 'Node', metadata: { name: 'n', labels: { a: '1', b: '2' } } };
    expect(preferredAffinityScore(podInfo(toSubject(p)), nodeInfo(n))).toEqual({ score: 7, matched: [0, 1] });
  });
  test('normalised to 0..100 by the maximum, integer division; all 0 when nothing matches', () => {
    expect(normalizeNodeAffinityScores([1, 3, 2])).toEqual([33, 100, 66]);
    expect(normalizeNodeAffinityScores([0, 0])).toEqual([0, 0]);
    expect(normalizeNodeAffinityScores([])).toEqual([]);
  });
});
