// More of node selector terms as kube-scheduler parses and matches them
// (staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go,
// staging/src/k8s.io/apimachinery/pkg/labels/selector.go NewRequirement, validateLabelKey, validateLabelValue;
// staging/src/k8s.io/apimachinery/pkg/fields/selector.go hasTerm.Matches). Added to kill mutants the mutation run found alive.
import type { Node, Pod } from '../core/types';
import { scheduleMatrix } from '../scheduler/matrix';
import { configure, resetConfiguration } from '../core/config';
import { parseTerms, requirementMatches, termsRead, type NodeSelectorRequirement, type NodeSelectorTerm } from './node-selector';

beforeEach(() => configure({ admission: { defaultTolerationSeconds: false, nodeConditionTaints: false } }));
afterEach(() => resetConfiguration());

const expression = (req: NodeSelectorRequirement) => parseTerms([{ matchExpressions: [req] }])[0];
const QN_REGEX = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_REGEX = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

describe('every problem of a key or value, joined with "; " (validateLabelKey, validateLabelValue)', () => {
  test('a key too long and badly formed', () => {
    const key = `-${'a'.repeat(63)}`;
    expect(expression({ key, operator: 'Exists' }).error).toBe(
      `matchExpressions[0]: invalid label key "${key}": name part must be no more than 63 bytes; name part ${QN_REGEX}`);
  });
  test('a value too long and badly formed', () => {
    const value = `${'a'.repeat(63)}-`;
    expect(expression({ key: 'pool', operator: 'In', values: [value] }).error).toBe(
      `matchExpressions[0]: invalid label value: "${value}": at key: "pool": must be no more than 63 bytes; ${LABEL_REGEX}`);
  });
});

describe('a requirement is judged as written, whatever was parsed before', () => {
  test('a missing key (Go reads it as "") is invalid even after a key spelled "undefined"', () => {
    expect(expression({ key: 'undefined', operator: 'Exists' }).error).toBeUndefined();
    expect(expression({ operator: 'Exists' } as NodeSelectorRequirement).error).toMatch(/^matchExpressions\[0\]: invalid label key .*name part must be non-empty/);
    expect(expression({ key: 'undefined', operator: 'Exists' }).error).toBeUndefined();
  });
  test('a NUL cannot make two requirements one (the label value pattern refuses it)', () => {
    expect(expression({ key: 'k', operator: 'In', values: ['a', 'b'] }).error).toBeUndefined();
    expect(expression({ key: 'k', operator: 'In', values: ['a'] }).error).toBeUndefined();
    expect(expression({ key: 'k', operator: 'In', values: ['a\u0000b'] }).error).toMatch(/^matchExpressions\[0\]: invalid label value: "a\u0000b": at key: "k": a valid label must be/);
    expect(expression({ key: 'k\u0000In', operator: 'a' }).error).toMatch(/^matchExpressions\[0\]: invalid label key/);
    expect(expression({ key: 'k', operator: 'In\u0000a' }).error).toBe('matchExpressions[0]: "In\u0000a" is not a valid node selector operator');
  });
  test('an operator that is not a string is no operator, even one that prints as "Exists"', () => {
    expect(expression({ key: 'k', operator: 'Exists' }).error).toBeUndefined();
    expect(expression({ key: 'k', operator: ['Exists'] as never }).error).toBe('matchExpressions[0]: "Exists" is not a valid node selector operator');
  });
});

// fields.Set{"metadata.name": node.Name}: hasTerm.Matches reads a field the set lacks as "".
test('matchFields on another field compare against ""', () => {
  const [term] = parseTerms([{ matchFields: [{ key: 'metadata.uid', operator: 'In', values: [''] }] }]);
  expect(term.error).toBeUndefined();
  expect(requirementMatches(term.requirements[0], {}, 'node-1')).toBe(true);
  const [notIn] = parseTerms([{ matchFields: [{ key: 'metadata.uid', operator: 'NotIn', values: [''] }] }]);
  expect(requirementMatches(notIn.requirements[0], {}, 'node-1')).toBe(false);
});

describe('what decides whether required terms match a node (node shapes of scheduleMatrix)', () => {
  test('termsRead: label keys of matchExpressions, node names of matchFields; a term that never matches reads nothing', () => {
    const terms = parseTerms([
      { matchExpressions: [{ key: 'pool', operator: 'In', values: ['gpu'] }, { key: 'zone', operator: 'Exists' }], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] },
      { matchExpressions: [{ key: 'broken', operator: 'In', values: [] }], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n9'] }] },
      { matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['n2'] }] },
    ]);
    expect(termsRead(terms)).toEqual({ labels: ['pool', 'zone'], names: ['n1', 'n2'] });
    expect(termsRead([])).toEqual({ labels: [], names: [] });
  });
  const pod = (terms: NodeSelectorTerm[]): Pod => ({
    kind: 'Pod', metadata: { name: 'p' },
    spec: { containers: [{ name: 'c', image: 'i' }], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } } } },
  });
  const node = (name: string, labels: Record<string, string>): Node => ({ kind: 'Node', metadata: { name, labels } });
  const nodes = [node('n1', { pool: 'gpu' }), node('n2', { pool: 'cpu' }), node('n3', {}), node('n4', { pool: 'gpu' })];
  test.each<[string, NodeSelectorTerm[], number[]]>([
    ['by label', [{ matchExpressions: [{ key: 'pool', operator: 'In', values: ['gpu'] }] }], [0, 1, 1, 0]],
    ['by name', [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n2'] }] }], [1, 0, 1, 1]],
    ['by label or name', [{ matchExpressions: [{ key: 'pool', operator: 'DoesNotExist' }] }, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n4'] }] }], [1, 1, 0, 0]],
  ])('%s: the matrix with node shapes agrees with every node evaluated', (_name, terms, feasible) => {
    const shaped = scheduleMatrix([pod(terms)], nodes);
    const every = scheduleMatrix([pod(terms)], nodes, { shapes: false });
    expect(Array.from(every.codes, (c) => (c === 0 ? 0 : 1))).toEqual(feasible);
    expect(Array.from(shaped.codes)).toEqual(Array.from(every.codes));
  });
});
