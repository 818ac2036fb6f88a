// The name an admission refusal gives a pod (create.ts admittedPodName): apiserver pkg/admission/errors.go
// extractResourceName (the name, else the generateName, else "Unknown"), the controllers' generateNames
// (pkg/controller/controller_utils.go GetPodFromTemplate/getPodsPrefix, job/indexed_job_utils.go
// podGenerateNameWithIndex, StatefulSet pods named `<set>-<ordinal>`), and the registry generating the name between the
// mutating and the validating phase (apiserver pkg/registry/rest/create.go AdmissionToValidateObjectFunc).
import type { KubeObject } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { admissionRefusedOnce } from '../engine/validate';
import { admittedPodName } from './create';

afterEach(() => resetConfiguration());

const object = (kind: string, name: string, spec: object = {}, meta: object = {}): KubeObject =>
  ({ apiVersion: kind === 'Pod' ? 'v1' : 'apps/v1', kind, metadata: { name, namespace: 'ns', ...meta }, spec }) as KubeObject;

describe('admittedPodName', () => {
  test('a Pod: its name; else its generateName (the validating phase: and 5 random characters); else "Unknown"', () => {
    expect(admittedPodName(object('Pod', 'web'), 'admit')).toBe('web');
    expect(admittedPodName(object('Pod', 'web'), 'validate')).toBe('web');
    expect(admittedPodName(object('Pod', '', {}, { generateName: 'web-' }), 'admit')).toBe('web-');
    expect(admittedPodName(object('Pod', '', {}, { generateName: 'web-' }), 'validate')).toBe('web-<random suffix>');
    expect(admittedPodName(object('Pod', ''), 'admit')).toBe('Unknown');
  });
  test('a StatefulSet\'s pod has its name in both phases', () => {
    expect(admittedPodName(object('StatefulSet', 'db'), 'admit', 2)).toBe('db-2');
    expect(admittedPodName(object('StatefulSet', 'db'), 'validate')).toBe('db-0');
  });
  test('ReplicaSet, ReplicationController, DaemonSet, Job pods: `<controller>-`; a Deployment\'s: its ReplicaSet\'s', () => {
    expect(admittedPodName(object('ReplicaSet', 'rs'), 'admit')).toBe('rs-');
    expect(admittedPodName(object('ReplicationController', 'rc'), 'admit')).toBe('rc-');
    expect(admittedPodName(object('DaemonSet', 'agent'), 'admit')).toBe('agent-');
    expect(admittedPodName(object('Job', 'migrate'), 'admit')).toBe('migrate-');
    expect(admittedPodName(object('Deployment', 'web'), 'admit')).toBe('web-<pod-template-hash>-');
    expect(admittedPodName(object('Deployment', 'web'), 'validate')).toBe('web-<pod-template-hash>-<random suffix>');
    expect(admittedPodName(object('CronJob', 'nightly'), 'admit')).toBe('nightly-<scheduled time>-');
  });
  test('getPodsPrefix: the dash even after a 253-character name (ValidatePodName masks a trailing dash by dropping two characters)', () => {
    expect(admittedPodName(object('DaemonSet', 'a'.repeat(253)), 'admit')).toBe(`${'a'.repeat(253)}-`);
  });
  test('an Indexed Job\'s pod: `<job>-<index>-`, the name cut to fit 58 characters', () => {
    expect(admittedPodName(object('Job', 'work', { completionMode: 'Indexed' }), 'admit', 3)).toBe('work-3-');
    expect(admittedPodName(object('Job', 'j'.repeat(60), { completionMode: 'Indexed' }), 'admit', 12)).toBe(`${'j'.repeat(54)}-12-`);
    expect(admittedPodName(object('CronJob', 'nightly', { jobTemplate: { spec: { completionMode: 'Indexed' } } }), 'admit')).toBe('nightly-<scheduled time>-0-');
  });
});

describe('refusals name the pod as the API server does', () => {
  const rc = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc' } as KubeObject;
  const template = (spec: object) => ({ selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: { containers: [{ name: 'c', image: 'x' }], ...spec } } });
  test('the mutating phase (RuntimeClass not found): the generateName', () => {
    expect(admissionRefusedOnce(object('DaemonSet', 'agent', template({ runtimeClassName: 'gvisor' })))?.message)
      .toBe('pods "agent-" is forbidden: pod rejected: RuntimeClass "gvisor" not found');
    expect(admissionRefusedOnce(object('StatefulSet', 'db', { ...template({ runtimeClassName: 'gvisor' }), serviceName: 'db' }))?.message)
      .toBe('pods "db-0" is forbidden: pod rejected: RuntimeClass "gvisor" not found');
  });
  test('the validating phase (an overhead without a class defining one): the generated name, its random part said as such', () => {
    configure({ runtimeClasses: [rc] });
    expect(admissionRefusedOnce(object('Deployment', 'web', template({ runtimeClassName: 'gvisor', overhead: { cpu: '1' } }))))
      .toMatchObject({ phase: 'validate', message: 'pods "web-<pod-template-hash>-<random suffix>" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead' });
  });
});
