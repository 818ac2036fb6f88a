// null as Go's encoding/json decodes it into typed fields: a null list item is the element's zero value (an empty
// struct, ""), a null map value is "" — not "unset", and never a crash further on.
import { loadManifests, parseManifests } from '.';
import { failure, node } from '../../test/fixtures';

const deployment = (spec: string) =>
  parseManifests(
    ['apiVersion: apps/v1', 'kind: Deployment', 'metadata: {name: web}', 'spec:', '  selector: {matchLabels: {app: web}}', '  template:',
      '    metadata: {labels: {app: web}}', '    spec:', spec, ''].join('\n'),
    'web.yaml',
  ).get('deployment/web');

test('a null map value is "" (nodeSelector {pool: } selects pool="")', () => {
  const web = deployment('      nodeSelector: {pool: }\n      containers: [{name: web, image: nginx}]');
  expect(web.spec!.template.spec!.nodeSelector).toEqual({ pool: '' });
  const labelled = { ...node('a'), metadata: { name: 'a', labels: { pool: '' } } };
  expect(web).toBeSchedulableOn(labelled);
  expect(web).not.toBeSchedulableOn(node('b'));
});

test('a null toleration is an empty one, which the API server refuses with its own message', () => {
  const web = deployment('      tolerations: [null]\n      containers: [{name: web, image: nginx}]');
  expect(web.spec!.template.spec!.tolerations).toEqual([{}]);
  expect(failure(() => expect(web).toTolerate('a:NoSchedule'))).toContain(
    'spec.template.spec.tolerations[0].operator: Invalid value: "": operator must be Exists when `key` is empty',
  );
});

test('a null container is an empty one: name and image are required', () => {
  const web = deployment('      containers: [null]');
  const msg = failure(() => expect(web).toBeSchedulableOn(node('a')));
  expect(msg).toContain('spec.template.spec.containers[0].name: Required value');
  expect(msg).toContain('spec.template.spec.containers[0].image: Required value');
});

test('null list items of selectors and values are empty requirements and "" values', () => {
  const web = deployment([
    '      affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [null]}}}',
    '      containers: [{name: web, image: nginx}]',
  ].join('\n'));
  expect(web.spec!.template.spec!.affinity!.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms).toEqual([{}]);
  // an empty nodeSelectorTerm selects no node (component-helpers nodeaffinity: "nil or empty term selects no objects")
  expect(failure(() => expect(web).toBeSchedulableOn(node('a')))).toContain("NodeAffinity: node(s) didn't match Pod's node affinity/selector");
});

test('loadManifests refuses a pattern that is not a string, saying what it expects', () => {
  expect(() => loadManifests(5 as never)).toThrow('loadManifests: expected file names, globs or directories (a string or an array of strings), received 5');
  expect(() => loadManifests([])).toThrow('received []');
});
