// matchLabelKeys / mismatchLabelKeys as the API server handles them on create (v1.34+ defaults):
// - a Pod: PrepareForCreate (pkg/registry/core/pod/strategy.go mutatePodAffinity, mutateTopologySpreadConstraints)
//   appends `key In [value]` (matchLabelKeys) / `key NotIn [value]` (mismatchLabelKeys, affinity only) for each key
//   the pod's labels have, to a non-nil labelSelector, and only then validates;
// - validation (pkg/apis/core/validation/validation.go ValidateMatchLabelKeysAndMismatchLabelKeys) refuses a
//   matchExpressions key in matchLabelKeys that matchLabels or an earlier expression already named, at the term's
//   own path indexed by the key's position (`fldPath.Index(i)`), with "exists in both matchLabelKeys and labelSelector";
// - topology spread takes the same rule when MatchLabelKeysInPodTopologySpreadSelectorMerge is on (beta, default on
//   since v1.34; kubernetes PR #129874), instead of the legacy ValidateMatchLabelKeysInTopologySpread;
// - a workload's template is validated as written (no merge), so it is accepted, but every Pod its controller creates
//   goes through Pod create and is refused.
import { parseManifests } from '../loader';
import { resetConfiguration } from '../core/config';
import { validate } from '../engine/validate';
import { mergeLabelKeys } from './validation-pod';
import type { KubeObject, PodSpec } from '../core/types';
import { deployment, failure, node } from '../../test/fixtures';

afterEach(resetConfiguration);

const BOTH = 'exists in both matchLabelKeys and labelSelector';
const errors = (o: object) => validate(o as KubeObject).map((e) => `${e.field}: ${e.message}`);
const pod = (labels: Record<string, string>, spec: object) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', labels }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec },
});
const required = (kind: 'podAffinity' | 'podAntiAffinity', term: object) => ({ affinity: { [kind]: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'k8s.io/zone', ...term }] } } });
const preferred = (kind: 'podAffinity' | 'podAntiAffinity', term: object) => ({
  affinity: { [kind]: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: { topologyKey: 'k8s.io/zone', ...term } }] } },
});
// validation_test.go TestValidatePod's cases "invalid {soft,hard} pod {affinity,anti-affinity}, key exists in both
// matchLabelKeys and labelSelector" hold the merged selector; here the manifest is raw and the merge is ours.
const upstreamTerm = { labelSelector: { matchExpressions: [{ key: 'key', operator: 'NotIn', values: ['value2'] }] }, matchLabelKeys: ['key'] };
const REQ = (kind: string) => `spec.affinity.${kind}.requiredDuringSchedulingIgnoredDuringExecution[0]`;
const PREF = (kind: string) => `spec.affinity.${kind}.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm`;

// strategy_test.go Test_mutatePodAffinity (pkg/registry/core/pod), its three gate-on cases
describe('the merge (strategy.go mutatePodAffinity)', () => {
  const labels = { country: 'Japan', city: 'Kyoto' };
  const asia = { matchLabels: { region: 'Asia' } };
  const all = (term: object) => ({
    podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: term }] },
    podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term], preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: term }] },
  });
  const merge = (affinity: object) => mergeLabelKeys({ containers: [], affinity } as unknown as PodSpec, labels)?.affinity;
  test('matchLabelKeys are merged into labelSelector with In and mismatchLabelKeys are merged with NotIn', () => {
    const keys = { matchLabelKeys: ['country'], mismatchLabelKeys: ['city'] };
    expect(merge(all({ labelSelector: asia, ...keys }))).toEqual(all({
      labelSelector: { ...asia, matchExpressions: [{ key: 'country', operator: 'In', values: ['Japan'] }, { key: 'city', operator: 'NotIn', values: ['Kyoto'] }] }, ...keys,
    }));
  });
  test('keys, which are not found in Pod labels, are ignored', () => {
    const term = { labelSelector: asia, matchLabelKeys: ['city', 'not-found'] };
    expect(merge({ podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } })).toEqual({ podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [
      { ...term, labelSelector: { ...asia, matchExpressions: [{ key: 'city', operator: 'In', values: ['Kyoto'] }] } },
    ] } });
  });
  test('matchLabelKeys is ignored if the labelSelector is nil', () => {
    const affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ matchLabelKeys: ['country'], mismatchLabelKeys: ['city'] }] } };
    expect(merge(affinity)).toEqual(affinity);
    // (ours) nothing merged: the spec itself, so workloads skip the second validation
    const spec = { containers: [], affinity } as unknown as PodSpec;
    expect(mergeLabelKeys(spec, labels)).toBe(spec);
  });
  test('topology spread: In only, and only with a labelSelector (mutateTopologySpreadConstraints)', () => {
    const tsc = [{ labelSelector: asia, matchLabelKeys: ['country'] }, { matchLabelKeys: ['city'] }];
    expect(mergeLabelKeys({ containers: [], topologySpreadConstraints: tsc } as unknown as PodSpec, labels)?.topologySpreadConstraints).toEqual([
      { labelSelector: { ...asia, matchExpressions: [{ key: 'country', operator: 'In', values: ['Japan'] }] }, matchLabelKeys: ['country'] }, { matchLabelKeys: ['city'] },
    ]);
  });
  // applyLabelKeysToLabelSelector: `if value, ok := podLabels[key]; ok` — for mismatchLabelKeys too, and a pod with no labels has none
  test('(ours) a mismatchLabelKeys key the pod lacks, and a pod without labels, add nothing', () => {
    const term = { labelSelector: asia, matchLabelKeys: ['country'], mismatchLabelKeys: ['not-found'] };
    expect(merge({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } })).toEqual({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [
      { ...term, labelSelector: { ...asia, matchExpressions: [{ key: 'country', operator: 'In', values: ['Japan'] }] } },
    ] } });
    const spec = { containers: [], affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } } as unknown as PodSpec;
    expect(mergeLabelKeys(spec, undefined)).toBe(spec);
  });
});

describe('a Pod: the merge, then ValidateMatchLabelKeysAndMismatchLabelKeys (pod affinity)', () => {
  test.each([
    ['required affinity (TestValidatePod "invalid hard pod affinity…")', required('podAffinity', upstreamTerm), `${REQ('podAffinity')}[0]`],
    ['required anti-affinity (TestValidatePod "invalid hard pod anti-affinity…")', required('podAntiAffinity', upstreamTerm), `${REQ('podAntiAffinity')}[0]`],
    ['preferred affinity (TestValidatePod "invalid soft pod affinity…")', preferred('podAffinity', upstreamTerm), `${PREF('podAffinity')}[0]`],
    ['preferred anti-affinity (TestValidatePod "invalid soft pod anti-affinity…")', preferred('podAntiAffinity', upstreamTerm), `${PREF('podAntiAffinity')}[0]`],
    ['a key in matchLabels', required('podAntiAffinity', { labelSelector: { matchLabels: { key: 'value1' } }, matchLabelKeys: ['key'] }), `${REQ('podAntiAffinity')}[0]`],
    // the index is the key's position in matchLabelKeys
    ['the second key', required('podAffinity', { labelSelector: { matchLabels: { key: 'v' } }, matchLabelKeys: ['other', 'key'] }), `${REQ('podAffinity')}[1]`],
    // kubernetes issue #130554 / PR #130614 (kubectl output quoted there): `labelSelector: {}` and matchLabelKeys [app, app]
    // give two `app In` expressions; the index is the key's last position
    ['a key listed twice', required('podAffinity', { labelSelector: {}, matchLabelKeys: ['key', 'key'] }), `${REQ('podAffinity')}[1]`],
  ])('%s is refused', (_name, spec, field) => {
    expect(errors(pod({ key: 'value1' }, spec))).toEqual([`${field}: Invalid value: "key": ${BOTH}`]);
  });

  test.each([
    ['the pod lacks the label (nothing is merged)', {}, required('podAffinity', upstreamTerm), []],
    ['the key is only in mismatchLabelKeys (NotIn; only matchLabelKeys is checked)', { key: 'value1' },
      required('podAntiAffinity', { labelSelector: { matchExpressions: [{ key: 'key', operator: 'Exists' }] }, mismatchLabelKeys: ['key'] }), []],
    ['the key is not in the selector', { key: 'value1', app: 'web' }, required('podAffinity', { labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['key'] }), []],
    ['no labelSelector: the merge leaves it alone (Forbidden only)', { key: 'value1' }, required('podAffinity', { matchLabelKeys: ['key'] }), [
      `${REQ('podAffinity')}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
    ]],
  ])('not refused for a duplicate: %s', (_name, labels, spec, expected) => {
    expect(errors(pod(labels, spec))).toEqual(expected);
  });

  test('a key in both matchLabelKeys and mismatchLabelKeys is refused once more by the merge', () => {
    const spec = required('podAffinity', { labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['key'], mismatchLabelKeys: ['key'] });
    // merged: key In [value1], then key NotIn [value1]; the second is the key met again
    expect(errors(pod({ key: 'value1' }, spec))).toEqual([
      `${REQ('podAffinity')}[0]: Invalid value: "key": ${BOTH}`,
      `${REQ('podAffinity')}.matchLabelKeys[0]: Invalid value: "key": exists in both matchLabelKeys and mismatchLabelKeys`,
    ]);
  });
});

describe('topology spread: MatchLabelKeysInPodTopologySpreadSelectorMerge on (v1.34+ default)', () => {
  const tsc = (c: object) => ({ topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', ...c }] });
  test('a Pod carrying a key its selector already names is refused, at the constraint path indexed', () => {
    expect(errors(pod({ app: 'web' }, tsc({ labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash', 'app'] })))).toEqual([
      `spec.topologySpreadConstraints[0][1]: Invalid value: "app": ${BOTH}`,
    ]);
  });
  test('a Pod without that label is accepted (the legacy rule refused any key in the selector)', () => {
    expect(errors(pod({ tier: 'x' }, tsc({ labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['app'] })))).toEqual([]);
  });
  test('without a labelSelector: Forbidden only, the names are not checked (validateLabelKeys)', () => {
    expect(errors(pod({}, tsc({ matchLabelKeys: ['a b'] })))).toEqual([
      'spec.topologySpreadConstraints[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set',
    ]);
  });
  test('the usual pod-template-hash spread is accepted and places', () => {
    const d = deployment('web', undefined, tsc({ labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'] }));
    expect(errors(d)).toEqual([]);
    expect(d).toBeSchedulableOn({ ...node('n'), metadata: { name: 'n', labels: { zone: 'a' } } });
  });
});

describe('workloads: the template is accepted, every Pod its controller creates is refused', () => {
  const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['app'] }] };
  const note = (kind: string) => ` (the API server accepts the ${kind} but refuses every Pod it creates)`;
  const wrap = (kind: string, d: ReturnType<typeof deployment>) => ({ ...d, kind });
  const job = (spec: object) => ({
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', namespace: 'default' },
    spec: { template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }], restartPolicy: 'Never', ...spec } } },
  });

  test.each([
    ['Deployment', deployment('web', undefined, spread), 'spec.template.spec'],
    ['ReplicaSet', wrap('ReplicaSet', deployment('web', undefined, spread)), 'spec.template.spec'],
    ['DaemonSet', wrap('DaemonSet', deployment('web', undefined, spread)), 'spec.template.spec'],
    ['StatefulSet', wrap('StatefulSet', deployment('web', undefined, spread)), 'spec.template.spec'],
    ['ReplicationController', { ...wrap('ReplicationController', deployment('web', undefined, spread)), spec: { selector: { app: 'web' }, template: deployment('web', undefined, spread).spec.template } }, 'spec.template.spec'],
    ['Job', job(spread), 'spec.template.spec'],
    ['CronJob', { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c', namespace: 'default' }, spec: { schedule: '* * * * *', jobTemplate: { spec: job(spread).spec } } }, 'spec.jobTemplate.spec.template.spec'],
  ])('%s', (kind, object, path) => {
    expect(errors(object)).toEqual([`${path}.topologySpreadConstraints[0][0]: Invalid value: "app": ${BOTH}${note(kind)}`]);
  });

  // the labels the Job controller puts on its Pods (job strategy.go generateSelectorIfNeeded: not with manualSelector;
  // the completion index: Indexed Jobs only); a key named by the selector and in matchLabelKeys is refused once carried
  test.each([
    ['job-name, generated selector', {}, 'batch.kubernetes.io/job-name', true],
    ['job-name, manualSelector', { manualSelector: true, selector: { matchLabels: { app: 'web' } } }, 'batch.kubernetes.io/job-name', false],
    ['completion index, Indexed', { completionMode: 'Indexed', completions: 2 }, 'batch.kubernetes.io/job-completion-index', true],
    ['completion index, NonIndexed', {}, 'batch.kubernetes.io/job-completion-index', false],
  ] as Array<[string, object, string, boolean]>)('(ours) a Job, %s', (_name, jobSpec, key, refused) => {
    const term = { topologyKey: 'zone', labelSelector: { matchExpressions: [{ key, operator: 'Exists' }] }, matchLabelKeys: [key] };
    const j = job({ affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } });
    const o = { ...j, spec: { ...j.spec, ...jobSpec } };
    expect(errors(o)).toEqual(refused
      ? [`spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "${key}": ${BOTH}${note('Job')}`]
      : []);
  });

  test('pod affinity in a Deployment template, and the controller’s own pod-template-hash label', () => {
    const d = deployment('web', undefined, {
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [
        { topologyKey: 'zone', labelSelector: { matchExpressions: [{ key: 'pod-template-hash', operator: 'Exists' }] }, matchLabelKeys: ['pod-template-hash'] },
      ] } },
    });
    expect(errors(d)).toEqual([
      `spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "pod-template-hash": ${BOTH}${note('Deployment')}`,
    ]);
  });

  test('a template whose own selector names the key twice is refused itself; its Pods once more', () => {
    const d = deployment('web', undefined, { topologySpreadConstraints: [{ ...spread.topologySpreadConstraints[0], labelSelector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'app', operator: 'In', values: ['web'] }] } }] });
    expect(errors(d)).toEqual([
      `spec.template.spec.topologySpreadConstraints[0][0]: Invalid value: "app": ${BOTH}`,
      `spec.template.spec.topologySpreadConstraints[0][0]: Invalid value: "app": ${BOTH}${note('Deployment')}`,
    ]);
  });

  test('through the matcher: no verdict either way, the API server’s message instead', () => {
    const d = deployment('web', undefined, spread);
    const expected = `spec.template.spec.topologySpreadConstraints[0][0]: Invalid value: "app": ${BOTH}${note('Deployment')}`;
    expect(failure(() => expect(d).toBeSchedulableOn(node('n')))).toContain(expected);
    expect(failure(() => expect(d).not.toBeSchedulableOn(node('n')))).toContain(expected);
  });
});

test('loaded from YAML: the error names the file and the line of the term', () => {
  const [p] = parseManifests(
    [
      'apiVersion: v1', 'kind: Pod', 'metadata:', '  name: web', '  labels: {app: web, version: v2}', 'spec:', '  containers: [{name: c, image: nginx}]',
      '  affinity:', '    podAntiAffinity:', '      requiredDuringSchedulingIgnoredDuringExecution:', '      - labelSelector:', '          matchLabels: {version: v1}',
      '        matchLabelKeys: [version]', '        topologyKey: zone', '',
    ].join('\n'),
    'web.yaml',
  ).workloads();
  const msg = failure(() => expect(p).toBeSchedulableOn(node('n')));
  expect(msg).toContain('Pod default/web (web.yaml:1) would be rejected by the API server');
  expect(msg).toContain(`  web.yaml:11: spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "version": ${BOTH}`);
});
