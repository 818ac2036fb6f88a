// Edges of whole-object validation (src/k8s/validation-workloads.ts) beyond validation-workloads.test.ts, each with
// the upstream code it follows at v1.37.2: pkg/apis/apps/validation/validation.go (ValidateStatefulSetSpec,
// volumesToAddForTemplates), pkg/apis/batch/validation/validation.go (validateJobSpec, ValidateJob,
// validateTimeZone), pkg/apis/batch/v1/defaults.go (SetDefaults_Job), pkg/apis/core/validation/validation.go
// (validatePodMetadataAndSpec, validateContainerOnlyForPod), and k8s.io/apiserver pkg/registry/rest/create.go
// (BeforeCreate generates a name from generateName before PrepareForCreate and Validate).
import { describe, expect, it } from '@jest/globals';
import { validate, validateInput } from '../engine/validate';
import { withConfiguration } from '../core/config';
import { releasesBefore, releasesFrom, type KubernetesVersion } from '../core/releases';

const at = (version: KubernetesVersion, object: object) => withConfiguration({ kubernetesVersion: version }, () => validate(object as never));
const lines = (object: object, version: KubernetesVersion = '1.36') => at(version, object).map((e) => `${e.field}: ${e.message}`);
const containers = [{ name: 'c', image: 'nginx' }];
const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const claimSpec = { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } };
const statefulSet = (templateSpec: object | undefined, extra: object = {}) => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db' },
  spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, ...(templateSpec && { spec: templateSpec }) }, ...extra },
});

describe('StatefulSet: the claim templates as volumes of the template (volumesToAddForTemplates, since 1.34)', () => {
  it('a claim template without a name makes a volume without a name', () => {
    const set = statefulSet({ containers }, { volumeClaimTemplates: [{ spec: claimSpec }] });
    for (const v of releasesFrom('1.34')) {
      expect(lines(set, v)).toEqual([
        'spec.template.spec.volumes[0].persistentVolumeClaim.claimName: Required value',
        'spec.template.spec.volumes[0].name: Required value',
      ]);
    }
  });

  it("the template's own volume of a claim template's name is replaced, a nameless one by a nameless template's", () => {
    const set = statefulSet({ containers, volumes: [{ emptyDir: {} }] }, { volumeClaimTemplates: [{ metadata: {}, spec: claimSpec }] });
    expect(lines(set)).toEqual([
      'spec.template.spec.volumes[0].persistentVolumeClaim.claimName: Required value',
      'spec.template.spec.volumes[0].name: Required value',
    ]);
  });

  it('a null volume of the template (a zero Volume once decoded) is kept beside the claim volumes', () => {
    const set = statefulSet({ containers, volumes: [null] }, { volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: claimSpec }] });
    expect(lines(set)).toContain('spec.template.spec.volumes[1].name: Required value');
  });

  it('a null claim template (a zero PersistentVolumeClaim) before 1.34 refuses the Pods, not the set', () => {
    const set = statefulSet({ containers }, { volumeClaimTemplates: [null] });
    for (const v of releasesBefore('1.34')) {
      expect(lines(set, v)).toContain('spec.template.spec.volumes[0].name: Required value (the API server accepts the StatefulSet but refuses every Pod it creates)');
    }
  });

  it('a template without a spec and claim templates: the containers are required', () => {
    const set = statefulSet(undefined, { volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: claimSpec }] });
    expect(lines(set)).toContain('spec.template.spec.containers: Required value');
  });
});

describe("StatefulSet: the template's hostname and subdomain are the controller's (not validated since 1.34)", () => {
  it.each([
    ['hostname', { hostname: 'Bad_Host' }],
    ['subdomain', { subdomain: 'Bad_Sub' }],
    ['both', { hostname: 'Bad_Host', subdomain: 'Bad_Sub' }],
  ])('%s', (_what, names) => {
    for (const v of releasesFrom('1.34')) expect(lines(statefulSet({ containers, ...names }), v)).toEqual([]);
  });

  it("a Deployment's template hostname is validated", () => {
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers, hostname: 'Bad_Host' } } } };
    expect(lines(d)).toEqual([`spec.template.spec.hostname: Invalid value: "Bad_Host": ${DNS_LABEL}`]);
  });
});

describe('StatefulSet: template annotations before 1.34 (only the labels and annotations were validated)', () => {
  const annotated = (selector: object) => ({ ...statefulSet({ containers }), spec: { ...statefulSet({ containers }).spec, selector,
    template: { metadata: { labels: { app: 'db' }, annotations: { 'bad key': 'x' } }, spec: { containers } } } });
  const bad = 'spec.template.annotations: Invalid value: "bad key"';

  it('refused once at every release', () => {
    for (const v of releasesBefore('1.37')) {
      expect(lines(annotated({ matchLabels: { app: 'db' } }), v).filter((l) => l.startsWith(bad))).toHaveLength(1);
    }
  });

  it('an unparsable selector before 1.34 skips them (ValidatePodTemplateSpecForStatefulSet is not reached)', () => {
    for (const v of releasesBefore('1.34')) {
      const errs = lines(annotated({ matchExpressions: [{ key: 'app', operator: 'Equals', values: ['db'] }] }), v);
      expect(errs.length).toBeGreaterThan(0);
      expect(errs.filter((l) => l.startsWith(bad))).toEqual([]);
    }
  });
});

describe('Job: validateJobSpec and SetDefaults_Job', () => {
  const job = (spec: object, metadata: object | null = { name: 'train' }) => ({
    apiVersion: 'batch/v1', kind: 'Job', ...(metadata && { metadata }), spec: { template: { spec: { containers, restartPolicy: 'Never' } }, ...spec },
  });
  const OVER = 'spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed';

  it('an Indexed Job runs at most 100000 pods at once (maxParallelismForIndexedJob)', () => {
    expect(lines(job({ completionMode: 'Indexed', completions: 200000, parallelism: 100001 }))).toEqual([OVER]);
    expect(lines(job({ completionMode: 'Indexed', completions: 200000, parallelism: 100000 }))).toEqual([]);
    expect(lines(job({ completionMode: 'NonIndexed', completions: 200000, parallelism: 100001 }))).toEqual([]);
  });

  it('completions are required when Indexed only; parallelism alone leaves completions unset (SetDefaults_Job)', () => {
    expect(lines(job({ completionMode: 'Indexed', parallelism: 2 }))).toEqual(['spec.completions: Required value: when completion mode is Indexed']);
    expect(lines(job({ completionMode: 'NonIndexed' }))).toEqual([]);
  });

  it('a Job without metadata: the name is required, no other error', () => {
    expect(lines(job({}, null))).toEqual(['metadata.name: Required value: name or generateName is required']);
  });

  it('a Job named by generateName only: its job-name labels take the generated name', () => {
    expect(lines(job({}, { generateName: 'train-' }))).toEqual([]);
  });

  it("a Job with labels of its own does not take its template's (SetDefaults_Job)", () => {
    const j = job({ template: { metadata: { labels: { 'bad key': 'x' } }, spec: { containers, restartPolicy: 'Never' } } }, { name: 'train', labels: { app: 'train' } });
    // (ValidatePodTemplateSpec reports the template's labels at spec.template.labels)
    expect(lines(j).map((l) => l.split(':')[0])).toEqual(['spec.template.labels']);
  });

  it('manualSelector: the template labels in the mismatch error; no template matches nothing', () => {
    const selector = { matchLabels: { app: 'a' } };
    const mismatch = job({ manualSelector: true, selector, template: { metadata: { labels: { app: 'b' } }, spec: { containers, restartPolicy: 'Never' } } });
    expect(lines(mismatch)).toEqual(['spec.template.metadata.labels: Invalid value: {"app":"b"}: `selector` does not match template `labels`']);
    const none = { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'train' }, spec: { manualSelector: true, selector } };
    expect(lines(none)).toContain('spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`');
  });
});

describe('CronJob: validateTimeZone and the Jobs it creates', () => {
  const cronJob = (spec: object, templateSpec: object = {}, metadata: object | null = { name: 'nightly' }) => ({
    apiVersion: 'batch/v1', kind: 'CronJob', ...(metadata && { metadata }),
    spec: { schedule: '0 2 * * *', jobTemplate: { spec: { template: { spec: { containers, restartPolicy: 'OnFailure', ...templateSpec } } } }, ...spec },
  });

  it.each(['Europe/..', '.', 'Etc/-GMT', '-05', '+05:00', 'Europe//Paris', 'America/Argentina/ComodRivadavia1'])('%s is an unknown time zone', (tz) => {
    expect(lines(cronJob({ timeZone: tz }))).toEqual([`spec.timeZone: Invalid value: "${tz}": unknown time zone ${tz}`]);
  });

  it.each(['Europe/Paris', 'Etc/GMT+5', 'America/Argentina/ComodRivadavia'])('%s is a time zone', (tz) => {
    expect(lines(cronJob({ timeZone: tz }))).toEqual([]);
  });

  it('a CronJob without metadata: the name is required, no other error', () => {
    expect(lines(cronJob({}, {}, null))).toEqual(['metadata.name: Required value: name or generateName is required']);
  });

  // the Jobs' Pods carry the Job labels (batch.kubernetes.io/job-name; the completion index when Indexed): a key
  // named by the selector and in matchLabelKeys refuses them (ValidateMatchLabelKeysAndMismatchLabelKeys)
  it.each([
    ['batch.kubernetes.io/job-name', {}],
    ['batch.kubernetes.io/job-completion-index', { completionMode: 'Indexed', completions: 2 }],
  ])('%s in matchLabelKeys and the selector', (key, jobSpec) => {
    const term = { topologyKey: 'zone', labelSelector: { matchExpressions: [{ key, operator: 'Exists' }] }, matchLabelKeys: [key] };
    const c = cronJob({}, { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } });
    const o = { ...c, spec: { ...c.spec, jobTemplate: { spec: { ...c.spec.jobTemplate.spec, ...jobSpec } } } };
    expect(lines(o)).toEqual([
      `spec.jobTemplate.spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0][0]: Invalid value: "${key}": exists in both matchLabelKeys and labelSelector (the API server accepts the CronJob but refuses every Pod it creates)`,
    ]);
  });
});

describe('Pods without metadata, and the Pod-only checks on update (validatePodMetadataAndSpec)', () => {
  const pod = (metadata: object | null, image = 'nginx', status?: object) =>
    ({ apiVersion: 'v1', kind: 'Pod', ...(metadata && { metadata }), spec: { containers: [{ name: 'c', image }] }, ...(status && { status }) });

  it('created without metadata: the name is required', () => {
    expect(lines(pod(null))).toEqual(['metadata.name: Required value: name or generateName is required']);
  });

  // an update of itself: validateCommonFields and validatePodMetadataAndSpec both require the name (the updateSelf oracle
  // at 1.36: twice)
  it('read from a cluster (status) without metadata: the name is required', () => {
    const r = withConfiguration({ kubernetesVersion: '1.36' }, () => validateInput(pod(null, 'nginx', { phase: 'Running' }) as never));
    expect(r.errors.map((e) => `${e.field}: ${e.message}`)).toEqual(Array(2).fill('metadata.name: Required value: name or generateName is required'));
  });

  // as on create, and once more by ValidateContainerUpdates (test/e2e/oracle-regressions-updates.json)
  it('read from a cluster: an image with spaces around is refused as on create', () => {
    const r = withConfiguration({ kubernetesVersion: '1.36' }, () => validateInput(pod({ name: 'p', namespace: 'default', uid: 'u1' }, ' nginx') as never));
    expect(r.errors.map((e) => `${e.field}: ${e.message}`)).toEqual(Array(2).fill('spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace'));
  });
});

describe('the note on errors of the Pods a controller creates names the kind (ValidateMatchLabelKeysAndMismatchLabelKeys)', () => {
  const spread = { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['app'] }] };
  const template = { metadata: { labels: { app: 'web' } }, spec: { containers, ...spread } };
  const selector = { matchLabels: { app: 'web' } };
  it.each([
    ['StatefulSet', { serviceName: 'web', selector, template }],
    ['DaemonSet', { selector, template }],
    ['ReplicationController', { selector: { app: 'web' }, template }],
    ['Job', { template: { ...template, spec: { ...template.spec, restartPolicy: 'Never' } } }],
  ])('%s', (kind, spec) => {
    const apiVersion = kind === 'Job' ? 'batch/v1' : kind === 'ReplicationController' ? 'v1' : 'apps/v1';
    expect(lines({ apiVersion, kind, metadata: { name: 'web' }, spec })).toEqual([
      `spec.template.spec.topologySpreadConstraints[0][0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector (the API server accepts the ${kind} but refuses every Pod it creates)`,
    ]);
  });
});

describe("a controller's Pods restart Always (ValidateDaemonSetSpec, ValidatePodTemplateSpecForReplicaSet)", () => {
  it('another policy is reported as written', () => {
    const ds = { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec: { containers, restartPolicy: 'Never' } } } };
    expect(lines(ds)).toEqual(['spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"']);
  });
});

describe('a DaemonSet without a template', () => {
  it('matches nothing and needs containers', () => {
    const errs = lines({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent' }, spec: { selector: { matchLabels: { app: 'agent' } } } });
    expect(errs).toContain('spec.template.metadata.labels: Invalid value: null: `selector` does not match template `labels`');
    expect(errs).toContain('spec.template.spec.containers: Required value');
  });
});

describe('Namespace (PrepareForCreate labels it with its name)', () => {
  it('named by generateName only: the label takes the generated name', () => {
    expect(lines({ apiVersion: 'v1', kind: 'Namespace', metadata: { generateName: 'team-' } })).toEqual([]);
  });
});
