// Asks each release's oracle (oracle/k8s-*/bin/oracle, built by scripts/oracle.mjs) the update of itself of stored
// Deployments, ReplicaSets, DaemonSets, StatefulSets, Jobs, CronJobs, PriorityClasses and PodDisruptionBudgets (the updateSelf
// question, oracle/shared/update_self.go: what `kubectl get deploy,rs,ds,sts,job,cronjob,priorityclasses,pdb -o yaml` holds)
// and writes test/e2e/oracle-regressions-workload-updates.json:
// `npx ts-node --transpile-only test/oracle/freeze-workload-updates.ts`.
import { freezeUpdateSelf, type UpdateCase } from './freeze-update-self';

const FILE = 'test/e2e/oracle-regressions-workload-updates.json';
const READ = { uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '12345' };
const template = (spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) =>
  ({ metadata: { labels: { app: 'web' }, ...metadata }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } });
const apps = (kind: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
  ({ apiVersion: 'apps/v1', kind, metadata: { name: 'web', namespace: 'default', ...metadata, ...READ }, spec: { selector: { matchLabels: { app: 'web' } }, template: template(), ...spec } });
const cronJob = (spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
  ({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'nightly', namespace: 'default', ...metadata, ...READ }, spec: { schedule: '0 3 * * *', jobTemplate: { spec: { template: template({ restartPolicy: 'OnFailure' }) } }, ...spec } });
const UID = READ.uid;
/** A Job as a dump has it (update-self.ts asDumpedJob): the generated selector, the controller-uid and job-name labels. */
const job = (spec: Record<string, unknown>, name = 'pi', more: { legacy?: boolean; labels?: Record<string, string>; templateMeta?: Record<string, unknown> } = {}) => {
  const generated: Record<string, string> = more.legacy ? { 'controller-uid': UID, 'job-name': name }
    : { 'batch.kubernetes.io/controller-uid': UID, 'batch.kubernetes.io/job-name': name, 'controller-uid': UID, 'job-name': name };
  const labels = more.labels ?? generated;
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: 'default', labels, ...READ },
    spec: {
      selector: { matchLabels: { [more.legacy ? 'controller-uid' : 'batch.kubernetes.io/controller-uid']: UID } },
      template: template({ restartPolicy: 'Never' }, { labels, ...more.templateMeta }), ...spec,
    },
  };
};
/** A Job as its author wrote it, given a uid: no selector was generated (the update generates none). */
const writtenJob = (spec: Record<string, unknown>, metadata: Record<string, unknown> = {}) =>
  ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', namespace: 'default', ...metadata, ...READ }, spec: { template: template({ restartPolicy: 'Never' }), ...spec } });
const priorityClass = (name: string, value: number, more: Record<string, unknown> = {}) =>
  ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name, ...READ }, value, ...more });
const budget = (metadata: Record<string, unknown>, spec: Record<string, unknown>) =>
  ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'web-pdb', namespace: 'default', ...metadata, ...READ }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec } });
// a third element: the releases left out (at 1.33 a bad IntOrString prints in Go syntax, with its addresses: the known
// go-syntax-bad-values-1.33-on-update)
export const CASES: UpdateCase[] = [
  ['a stored Deployment (accepted)', apps('Deployment', { replicas: 3, strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' } } })],
  ['a stored Deployment named Web (validateCommonFields: a path segment, not the create\'s DNS subdomain)', apps('Deployment', {}, { name: 'Web' })],
  ['a stored Deployment with a bad label (validateCommonFields and ValidateObjectMetaUpdate)', apps('Deployment', {}, { labels: { app: '-x' } })],
  ['a stored Deployment with a bad finalizer', apps('Deployment', {}, { finalizers: ['bad/key/x'] })],
  ['a stored Deployment with a bad template container name (the template validated once)', apps('Deployment', { template: template({ containers: [{ name: 'C_bad', image: 'nginx' }] }) })],
  ['a stored Deployment whose required node affinity holds an invalid label value (allowed: the stored template holds it)', apps('Deployment', { template: template({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['bad value'] }] }] } } } }) })],
  ['a stored ReplicaSet named Web with a negative minReadySeconds (at 1.33 ValidateReplicaSet and ValidateReplicaSetUpdate)', apps('ReplicaSet', { minReadySeconds: -1 }, { name: 'Web' })],
  ['a stored ReplicaSet with a template toleration of empty key and operator', apps('ReplicaSet', { template: template({ tolerations: [{}] }) })],
  ['a stored DaemonSet with an empty image and duplicate container names (at 1.33 twice)', apps('DaemonSet', { template: template({ containers: [{ name: 'c', image: '' }, { name: 'c', image: 'nginx' }] }) })],
  ['a stored DaemonSet named Web with a bad label', apps('DaemonSet', {}, { name: 'Web', labels: { app: '-x' } })],
  ['a stored DaemonSet whose pod anti-affinity selector holds an invalid label value (allowed)', apps('DaemonSet', { template: template({ affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['-x'] }] } }] } } }) })],
  ['a stored DaemonSet whose selector holds an invalid label value (AllowInvalidLabelValueInSelector from the stored selector)', apps('DaemonSet', { selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['-1', 'web'] }] } })],
  ['a stored DaemonSet whose seccomp annotation and field differ (ValidatePodTemplateSpec checks them on update too)', apps('DaemonSet', { template: template({ containers: [{ name: 'c', image: 'nginx', securityContext: { seccompProfile: { type: 'RuntimeDefault' } } }] }, { annotations: { 'container.seccomp.security.alpha.kubernetes.io/c': 'unconfined' } }) })],
  ['a stored StatefulSet named a.b (the name\'s DNS-label rule not checked on update)', apps('StatefulSet', { serviceName: 'web' }, { name: 'a.b' })],
  ['a stored StatefulSet with a bad container name and a mount of no volume (from 1.34 the template validated: its errors skip it)', apps('StatefulSet', { template: template({ containers: [{ name: 'C_bad', image: 'nginx', volumeMounts: [{ name: 'data', mountPath: '/data' }] }] }) })],
  ['a stored StatefulSet with a bad restart policy (a spec error: the template spec skipped from 1.34)', apps('StatefulSet', { template: template({ restartPolicy: 'never' }) })],
  ['a stored StatefulSet with a bad AppArmor annotation and a mount of no volume', apps('StatefulSet', { template: template({ containers: [{ name: 'c', image: 'nginx', volumeMounts: [{ name: 'Data', mountPath: '/data' }] }] }, { annotations: { 'container.apparmor.security.beta.kubernetes.io/c': 'bogus' } }) })],
  ['a stored StatefulSet with a valid template and a bad env (the template validated from 1.34)', apps('StatefulSet', { template: template({ containers: [{ name: 'c', image: 'nginx', env: [{ name: 'FOO', value: 'x', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }] }) })],
  ['a stored StatefulSet with maxUnavailable 150% (kept on update though MaxUnavailableStatefulSet is off)', apps('StatefulSet', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%' } } }), ['1.33']],
  ['a stored StatefulSet with maxUnavailable 2 (accepted)', apps('StatefulSet', { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } } })],
  ['a stored CronJob (accepted)', cronJob({})],
  ['a stored CronJob with a 60-character name (the 52-character limit not checked on update)', cronJob({}, { name: 'c'.repeat(60) })],
  ['a stored CronJob with a TZ= schedule (allowed: the stored schedule has it)', cronJob({ schedule: 'TZ=UTC * * * * *' })],
  ['a stored CronJob with a TZ= schedule and a timeZone', cronJob({ schedule: 'CRON_TZ=UTC 0 * * *', timeZone: 'Etc/UTC' })],
  ['a stored CronJob with an unknown timeZone (not validated unchanged)', cronJob({ timeZone: 'Mars/Olympus' })],
  ['a stored CronJob with a bad schedule and a bad label', cronJob({ schedule: '61 * * * *' }, { labels: { app: '-x' } })],
  ['a stored CronJob whose job template has a bad container name', cronJob({ jobTemplate: { spec: { template: template({ restartPolicy: 'OnFailure', containers: [{ name: 'C_bad', image: 'nginx' }] }) } } })],
  ['a dumped Job (accepted)', job({ backoffLimit: 6, completions: 1, parallelism: 1, completionMode: 'NonIndexed', suspend: false, manualSelector: false })],
  ['a dumped Job created before 1.27 (the unprefixed labels alone: the prefixed ones not required)', job({}, 'pi', { legacy: true })],
  ['a dumped Job with a bad container name (before 1.37 ValidateJob and ValidateJobUpdate: twice)', job({ template: template({ restartPolicy: 'Never', containers: [{ name: 'C_bad', image: 'perl' }] }, { labels: job({}).metadata.labels }) })],
  ['a dumped Job with a negative backoffLimit and a bad label', job({ backoffLimit: -1 }, 'pi', { labels: { ...job({}).metadata.labels, app: '-x' } })],
  ['a dumped Indexed Job named Web (the DNS-subdomain rule before 1.37; the hostname once)', job({ completionMode: 'Indexed', completions: 3, parallelism: 3 }, 'Web')],
  ['a dumped Job whose template lost its controller-uid label (validateGeneratedSelector before 1.37)', job({}, 'pi', { labels: { 'batch.kubernetes.io/controller-uid': UID, 'batch.kubernetes.io/job-name': 'pi', 'job-name': 'pi' } })],
  ['a dumped Job whose template job-name label is another name (validateGeneratedSelector before 1.37)', job({}, 'pi', { labels: { 'batch.kubernetes.io/controller-uid': UID, 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': UID, 'job-name': 'other' } }), ['1.33']],
  ['a dumped Job with a bad pod-deletion-cost annotation in its template (allowed: the stored template holds it)', job({}, 'pi', { templateMeta: { annotations: { 'controller.kubernetes.io/pod-deletion-cost': '+1' } } })],
  ['a dumped Job with a manual selector holding an invalid label value (allowed: the stored selector holds it)', { ...writtenJob({ manualSelector: true, selector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['-1', 'web'] }] } }) }],
  ['a Job as written, given a uid (no selector generated on update: required, and the template not matched)', writtenJob({}), ['1.33']],
  ['a Job as written with a podFailurePolicy exit code 0 for In (its errors twice before 1.37)', writtenJob({ podFailurePolicy: { rules: [{ action: 'FailJob', onExitCodes: { operator: 'In', values: [0] } }] } }), ['1.33']],
  ['a stored PriorityClass (accepted)', priorityClass('high-priority', 1000000, { description: 'x' })],
  ['a stored system-cluster-critical with another value (not checked against the system classes on update)', priorityClass('system-cluster-critical', 1000)],
  ['a stored system-custom class', priorityClass('system-custom', 1000000)],
  ['a stored class valued above 1e9 (the user maximum not checked on update)', priorityClass('huge', 2000001000)],
  ['a stored class with an empty preemptionPolicy (immutable, not validated on update)', priorityClass('empty-policy', 10, { preemptionPolicy: '' })],
  ['a stored class named Bad_Name with a bad label', { ...priorityClass('x', 1), metadata: { name: 'Bad_Name', labels: { app: '-x' }, ...READ } }],
  ['a stored PodDisruptionBudget (accepted)', budget({}, { minAvailable: '50%' })],
  ['a stored PodDisruptionBudget with a bad finalizer (validateCommonFields before the spec)', budget({ finalizers: ['bad/key/x'] }, { maxUnavailable: 1 })],
  ['a stored PodDisruptionBudget with a bad label and a bad minAvailable', budget({ labels: { app: '-x' } }, { minAvailable: '150%' })],
];

freezeUpdateSelf(FILE, CASES);
