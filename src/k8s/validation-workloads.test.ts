// Workload, Job, CronJob and Node validation, table-driven; each case names the upstream function
// (pkg/apis/apps/validation/validation.go, pkg/apis/batch/validation/validation.go,
// pkg/apis/core/validation/validation.go) and the validation_test.go case where one is ported.
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';
import { parseStandardError } from './validation-cron';

const errors = (o: object) => validate(o as never).map((e) => `${e.field}: ${e.message}`);
const containers = [{ name: 'c', image: 'nginx' }];
const deployment = (spec: Record<string, unknown> = {}, kind = 'Deployment') => ({
  apiVersion: 'apps/v1', kind, metadata: { name: 'web' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers } }, ...spec },
});
const job = (templateSpec: Record<string, unknown> = { restartPolicy: 'Never' }, spec: Record<string, unknown> = {}, name = 'train') => ({
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name }, spec: { template: { spec: { containers, ...templateSpec } }, ...spec },
});
const cronJob = (spec: Record<string, unknown>, name = 'nightly') => ({
  apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name },
  spec: { schedule: '0 2 * * *', jobTemplate: { spec: { template: { spec: { containers, restartPolicy: 'OnFailure' } } } }, ...spec },
});

describe('accepted as written', () => {
  test.each([
    ['Deployment', deployment()],
    ['ReplicaSet', deployment({}, 'ReplicaSet')],
    ['StatefulSet', { ...deployment({}, 'StatefulSet'), spec: { ...deployment().spec, serviceName: 'web' } }],
    ['DaemonSet', deployment({}, 'DaemonSet')],
    ['DaemonSet with surge', deployment({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '10%' } } }, 'DaemonSet')],
    ['Deployment Recreate', deployment({ strategy: { type: 'Recreate' } })],
    // SetDefaults_ReplicationController: the selector defaults to the template's labels
    ['ReplicationController without a selector', { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { template: { metadata: { labels: { app: 'rc' } }, spec: { containers } } } }],
    ['Job (selector generated)', job()],
    ['CronJob', cronJob({})],
    ['PodTemplate', { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 't' }, template: { spec: { containers } } }],
    ['Node', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'ip-10-0-0-1.ec2.internal' }, status: { allocatable: { cpu: '4', 'nvidia.com/gpu': '1', pods: '110' } } }],
  ])('%s', (_kind, object) => expect(errors(object)).toEqual([]));
});

describe('ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidatePodTemplateSpecForReplicaSet', () => {
  test('no selector: Required, and nothing matches the template (a nil selector selects nothing)', () => {
    expect(errors(deployment({ selector: undefined }))).toEqual([
      'spec.selector: Required value',
      'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`',
    ]);
  });
  test.each([
    // ValidatePodTemplateSpecForReplicaSet
    ['selector ≠ labels', deployment({ selector: { matchLabels: { app: 'api' } } }), 'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`'],
    ['empty selector', deployment({ selector: {} }), 'spec.selector: Invalid value: {}: empty selector is invalid for deployment'],
    ['no template: no containers', deployment({ template: { metadata: { labels: { app: 'web' } } } }), 'spec.template.spec.containers: Required value'],
    ['a template container needs an image', deployment({ template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c' }] } } }), 'spec.template.spec.containers[0].image: Required value'],
    ['restartPolicy must be Always', deployment({ template: { metadata: { labels: { app: 'web' } }, spec: { containers, restartPolicy: 'Never' } } }), 'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"'],
    ['activeDeadlineSeconds', deployment({ template: { metadata: { labels: { app: 'web' } }, spec: { containers, activeDeadlineSeconds: 10 } } }), 'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported'],
    ['replicas ≥ 0', deployment({ replicas: -1 }), 'spec.replicas: Invalid value: -1: must be greater than or equal to 0'],
    ['selector operator', deployment({ selector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] } }), 'spec.selector.matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator'],
    ['ReplicaSet says "deployment" too', deployment({ selector: {} }, 'ReplicaSet'), 'empty selector is invalid for deployment'],
    // ValidateDeploymentStrategy / ValidateRollingUpdateDeployment (defaults: RollingUpdate 25%/25%)
    ['Recreate takes no rollingUpdate', deployment({ strategy: { type: 'Recreate', rollingUpdate: { maxSurge: 1 } } }), "spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"],
    ['maxUnavailable and maxSurge both 0', deployment({ strategy: { rollingUpdate: { maxUnavailable: 0, maxSurge: '0%' } } }), 'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0'],
    ['maxUnavailable ≤ 100%', deployment({ strategy: { rollingUpdate: { maxUnavailable: '120%' } } }), 'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"120%\": must not be greater than 100%'],
    ['a percent is digits and %', deployment({ strategy: { rollingUpdate: { maxSurge: 'half' } } }), "spec.strategy.rollingUpdate.maxSurge: Invalid value: \"half\": a valid percent string must be a numeric string followed by an ending '%'"],
    ['progressDeadlineSeconds > minReadySeconds', deployment({ minReadySeconds: 30, progressDeadlineSeconds: 30 }), 'spec.progressDeadlineSeconds: Invalid value: 30: must be greater than minReadySeconds'],
  ])('%s', (_name, object, expected) => expect(errors(object).join('\n')).toContain(expected));
});

describe('ValidateStatefulSetSpec, ValidateDaemonSetSpec, ValidateReplicationControllerSpec', () => {
  const sts = (spec: Record<string, unknown>, name = 'db') => ({ ...deployment(spec, 'StatefulSet'), metadata: { name } });
  test.each([
    ['StatefulSet names are DNS labels', sts({}, 'db.v1'), 'metadata.name: Invalid value: "db.v1": must not contain dots'],
    ['StatefulSet empty selector', sts({ selector: {} }), 'spec.selector: Invalid value: {}: empty selector is invalid for statefulset'],
    // ValidatePodTemplateSpecForStatefulSet does not validate the spec; the Pods created from it are
    ['StatefulSet pods without an image', sts({ template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c' }] } } }), 'spec.template.spec.containers[0].image: Required value'],
    // a nil DaemonSet selector selects nothing (LabelSelectorAsSelector), so the labels never match
    ['DaemonSet without selector', deployment({ selector: undefined }, 'DaemonSet'), 'spec.template.metadata.labels: Invalid value: {"app":"web"}: `selector` does not match template `labels`'],
    ['DaemonSet empty selector', deployment({ selector: {} }, 'DaemonSet'), 'spec.selector: Invalid value: {}: empty selector is invalid for daemonset'],
    // SetDefaults_DaemonSet leaves maxUnavailable 1 beside a given maxSurge; ValidateRollingUpdateDaemonSet refuses both
    ['DaemonSet maxSurge alone', deployment({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } } }, 'DaemonSet'), 'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero'],
    ['DaemonSet maxUnavailable 0 alone', deployment({ updateStrategy: { rollingUpdate: { maxUnavailable: 0 } } }, 'DaemonSet'), 'spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0'],
    ['StatefulSet podManagementPolicy', sts({ podManagementPolicy: 'Random' }), `spec.podManagementPolicy: Invalid value: "Random": must be 'OrderedReady' or 'Parallel'`],
    // ValidatePersistentVolumeClaimRetentionPolicy (the same at v1.33.13 … v1.37.2)
    ['StatefulSet retention policy', sts({ persistentVolumeClaimRetentionPolicy: { whenScaled: 'Keep' } }), 'spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: "Keep": supported values: "Retain", "Delete"'],
    // validateRollingUpdateStatefulSet with MaxUnavailableStatefulSet on (beta and on from 1.37, the default release)
    ['StatefulSet maxUnavailable 0', sts({ updateStrategy: { rollingUpdate: { maxUnavailable: '0%' } } }), 'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "0%": cannot be 0'],
    ['StatefulSet maxUnavailable past 100%', sts({ updateStrategy: { rollingUpdate: { maxUnavailable: '150%' } } }), 'spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%'],
    ['DaemonSet restartPolicy', deployment({ template: { metadata: { labels: { app: 'web' } }, spec: { containers, restartPolicy: 'OnFailure' } } }, 'DaemonSet'), 'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"'],
    ['ReplicationController without selector or labels', { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc' }, spec: { template: { spec: { containers } } } }, 'spec.selector: Required value'],
  ])('%s', (_name, object, expected) => expect(errors(object).join('\n')).toContain(expected));
});

test('a StatefulSet\'s maxUnavailable is dropped on create before 1.37 (MaxUnavailableStatefulSet off): not refused', () => {
  const sts = { ...deployment({ updateStrategy: { rollingUpdate: { maxUnavailable: 0 } } }, 'StatefulSet'), metadata: { name: 'db' } };
  expect(withConfiguration({ kubernetesVersion: '1.36' }, () => errors(sts))).toEqual([]);
  expect(withConfiguration({ kubernetesVersion: '1.37' }, () => errors(sts))).toEqual(['spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0']);
});

describe('the Pods a controller creates from an accepted template (ValidatePodCreate after SetDefaults_Pod)', () => {
  // e2e oracle (known created-pod-duplicate-host-ports until fixed): a hostNetwork template repeating a containerPort
  // validates (its hostPorts are 0), but SetDefaults_Pod (pkg/apis/core/v1/defaults.go) gives each created Pod
  // hostPort = containerPort, and AccumulateUniqueHostPorts (pkg/apis/core/validation/validation.go) refuses the
  // repeat: the controller creates no pod
  const repeated = (kind: string) => deployment({ template: { metadata: { labels: { app: 'web' } }, spec: { hostNetwork: true, containers: [
    { name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }, { name: 'sidecar', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }] } } }, kind);
  test.each(['Deployment', 'ReplicaSet', 'DaemonSet', 'StatefulSet'])('%s: two containers on 8080 with hostNetwork', (kind) => {
    const object = kind === 'StatefulSet' ? { ...repeated(kind), spec: { ...repeated(kind).spec, serviceName: 'web' } } : repeated(kind);
    expect(errors(object)).toEqual([
      `spec.template.spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080" (the API server accepts the ${kind} but refuses every Pod it creates)`,
    ]);
  });

  it('without hostNetwork, or on another protocol, the ports do not repeat', () => {
    const spec = (hostNetwork: boolean, protocol: string) => ({ template: { metadata: { labels: { app: 'web' } }, spec: { hostNetwork, containers: [
      { name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }, { name: 'sidecar', image: 'nginx:1.27', ports: [{ containerPort: 8080, protocol }] }] } } });
    expect(errors(deployment(spec(false, 'TCP')))).toEqual([]);
    expect(errors(deployment(spec(true, 'UDP')))).toEqual([]);
  });
});

describe('ValidateJob / validateJobSpec', () => {
  test.each([
    // the restartPolicy defaulted to Always is refused as "Required" (validateJobSpec)
    ['no restartPolicy', job({}), 'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
    ['restartPolicy Always', job({ restartPolicy: 'Always' }), 'spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
    ['unknown restartPolicy', job({ restartPolicy: 'Sometimes' }), 'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "OnFailure", "Never"'],
    ['podFailurePolicy needs Never', job({ restartPolicy: 'OnFailure' }, { podFailurePolicy: { rules: [] } }), 'spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified'],
    ['backoffLimit ≥ 0', job(undefined, { backoffLimit: -1 }), 'spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0'],
    ['manualSelector needs a selector', job(undefined, { manualSelector: true }), 'spec.selector: Required value'],
    ['the job-name label limits names to 63 characters', job(undefined, {}, 'j'.repeat(64)), `spec.template.labels: Invalid value: "${'j'.repeat(64)}": must be no more than 63 bytes`],
  ])('%s', (_name, object, expected) => expect(errors(object).join('\n')).toContain(expected));
});

describe('ValidateCronJobCreate / validateCronJobSpec / validateScheduleFormat', () => {
  test.each([
    ['schedule is required', cronJob({ schedule: undefined }), 'spec.schedule: Required value'],
    ['a bad schedule', cronJob({ schedule: '* * *' }), 'spec.schedule: Invalid value: "* * *": expected exactly 5 fields, found 3: [* * *]'],
    ['no TZ in the schedule', cronJob({ schedule: 'CRON_TZ=UTC 0 2 * * *' }), 'spec.schedule: Invalid value: "CRON_TZ=UTC 0 2 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead'],
    ['no jobTemplate', cronJob({ jobTemplate: undefined }), 'spec.jobTemplate.spec.template.spec.containers: Required value'],
    ['jobTemplate restartPolicy', cronJob({ jobTemplate: { spec: { template: { spec: { containers } } } } }), 'spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
    ['concurrencyPolicy', cronJob({ concurrencyPolicy: 'Sometimes' }), 'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"'],
    ['name ≤ 52 characters', cronJob({}, 'c'.repeat(53)), 'metadata.name: Invalid value: "' + 'c'.repeat(53) + '": must be no more than 52 characters'],
    ['timeZone Local', cronJob({ timeZone: 'Local' }), 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'],
  ])('%s', (_name, object, expected) => expect(errors(object).join('\n')).toContain(expected));
});

describe('cron.ParseStandard (robfig/cron v3 parser.go)', () => {
  test.each(['0 2 * * *', '*/15 * * * *', '0 0 1 jan,JUL *', '0 9 * * mon-fri', '30 4 1-10/3 * ?', '@hourly', '@every 1h30m', '@annually', '0 0 * * 0,6'])(
    'accepts %s',
    (spec) => expect(parseStandardError(spec)).toBeUndefined(),
  );
  test.each([
    ['* * * * * *', 'expected exactly 5 fields, found 6: [* * * * * *]'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['0 0 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['0 0 * * 7', 'end of range (7) above maximum (6): 7'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
    ['@every 1x', 'failed to parse duration @every 1x: time: unknown unit "x" in duration "1x"'],
  ])('refuses %s', (spec, message) => expect(parseStandardError(spec)).toBe(message));
});

describe('ValidateNode / ValidateNodeResources', () => {
  const node = (extra: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, ...extra });
  test.each([
    ['name required', { apiVersion: 'v1', kind: 'Node', metadata: {} }, 'metadata.name: Required value: name or generateName is required'],
    ['allocatable not negative', node({ status: { allocatable: { cpu: '-1' } } }), 'status.allocatable.cpu: Invalid value: "-1": must be greater than or equal to 0'],
    ['extended resources whole', node({ status: { capacity: { 'example.com/dongle': '1500m' } } }), 'status.capacity.example.com/dongle: Invalid value: \"1500m\": must be an integer'],
    // SetObjectDefaults_Node rounds capacity and allocatable up to milli-units (SetDefaults_ResourceList): 1500u is 2m
    ['amounts as rounded up to milli-units', node({ status: { allocatable: { pods: '1500u' } } }), 'status.allocatable.pods: Invalid value: \"2m\": must be an integer'],
    ['undecodable allocatable', node({ status: { allocatable: { cpu: '1K' } } }), `status.allocatable.cpu: Invalid value: "1K": unable to parse quantity's suffix`],
    ['taint effect hint', node({ spec: { taints: [{ key: 'a', effect: 'noexecute' }] } }), 'metadata.taints[0].effect: Unsupported value: "noexecute": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute" (did you mean NoExecute?)'],
  ])('%s', (_name, object, expected) => expect(errors(object).join('\n')).toContain(expected));
});
