// LimitRanger and ResourceQuota on the one create path: admitPod's spec (what NodeResourcesFit reads), the Pods a
// controller creates, the refusals every client reports (admissionRefusedOnce), and configure's checks.
import type { KubeObject, Node, Pod } from '../core/types';
import { resetConfiguration, withConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { admitPod } from '.';
import { podFromTemplate } from './create';
import { scheduleOn } from '../engine/objects';
import { admissionRefusedOnce } from '../engine/validate';
import { placeReplicas } from '../placement/place';

afterEach(resetConfiguration);

const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' },
  status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] } } as Node;
const limitRange = (items: unknown[], namespace = 'team-a'): KubeObject =>
  ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'defaults', namespace }, spec: { limits: items } } as KubeObject);
const pod = (resources: Record<string, unknown> = {}, namespace = 'team-a'): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace },
  spec: { containers: [{ name: 'app', image: 'x', resources }] } } as KubeObject);
const deployment = (resources: Record<string, unknown> = {}): KubeObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'team-a' },
  spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'x', resources }] } } } } as KubeObject);
const withRanges = <T>(ranges: KubeObject[], fn: () => T) => withConfiguration({ limitRanges: ranges }, fn);

describe('LimitRanger on the create path', () => {
  const defaults = limitRange([{ type: 'Container', default: { cpu: '3' }, defaultRequest: { cpu: '2500m', memory: '256Mi' } }]);

  it('a LimitRange turns a fitting pod into Insufficient cpu: the default request is what NodeResourcesFit counts', () => {
    expect(scheduleOn(pod(), [node]).feasible.map((v) => v.node)).toEqual(['n0']);
    expect(withRanges([defaults], () => scheduleOn(pod(), [node]).rejected[0]?.status?.reasons)).toEqual(['Insufficient cpu']);
  });

  it('admitPod: the defaults the containers lack; a stated request kept', () => {
    expect(withRanges([defaults], () => admitPod(toSubject(pod())).spec.containers[0].resources))
      .toEqual({ requests: { cpu: '2500m', memory: '256Mi' }, limits: { cpu: '3' } });
    expect(withRanges([defaults], () => admitPod(toSubject(pod({ requests: { cpu: '1' } }))).spec.containers[0].resources))
      .toEqual({ requests: { cpu: '1', memory: '256Mi' }, limits: { cpu: '3' } });
  });

  it('only in its namespace (a Pod without one is in default)', () => {
    expect(withRanges([defaults], () => admitPod(toSubject(pod({}, 'team-b'))).spec.containers[0].resources)).toEqual({});
    expect(withRanges([limitRange([{ type: 'Container', defaultRequest: { cpu: '1' } }], 'default')],
      () => admitPod(toSubject({ ...pod(), metadata: { name: 'web' } } as KubeObject)).spec.containers[0].resources?.requests)).toEqual({ cpu: '1' });
  });

  it('a LimitRange without a namespace is in default, and applies to the Pods of default', () => {
    const noNamespace = { ...limitRange([{ type: 'Container', defaultRequest: { cpu: '1' } }]), metadata: { name: 'defaults' } } as KubeObject;
    expect(withRanges([noNamespace], () => admitPod(toSubject(pod({}, 'default'))).spec.containers[0].resources?.requests)).toEqual({ cpu: '1' });
    expect(withRanges([noNamespace], () => admitPod(toSubject(pod({}, 'team-a'))).spec.containers[0].resources)).toEqual({});
  });

  it('only Container items default a container (defaultContainerResourceRequirements), not another type\'s defaults', () => {
    const custom = limitRange([{ type: 'example.com/device', default: { cpu: '1' }, defaultRequest: { cpu: '500m' } }]);
    expect(withRanges([custom], () => admitPod(toSubject(pod())).spec.containers[0].resources)).toEqual({});
    // a Container item's max is its default limit, and that its default request (SetDefaults_LimitRangeItem)
    const maxOnly = limitRange([{ type: 'Container', max: { cpu: '2' } }]);
    expect(withRanges([maxOnly], () => admitPod(toSubject(pod())).spec.containers[0].resources)).toEqual({ requests: { cpu: '2' }, limits: { cpu: '2' } });
  });

  it('two LimitRanges of one namespace both apply, in the order given', () => {
    const cpu = limitRange([{ type: 'Container', defaultRequest: { cpu: '1' } }]);
    const memory = { ...limitRange([{ type: 'Container', defaultRequest: { memory: '1Gi' } }]), metadata: { name: 'memory', namespace: 'team-a' } } as KubeObject;
    expect(withRanges([cpu, memory], () => admitPod(toSubject(pod())).spec.containers[0].resources?.requests)).toEqual({ cpu: '1', memory: '1Gi' });
  });

  it('the Pods a controller creates get the defaults (replicas count them)', () => {
    expect(withRanges([defaults], () => podFromTemplate(deployment(), 'web-0').spec?.containers[0].resources?.requests)).toEqual({ cpu: '2500m', memory: '256Mi' });
  });

  it('a Pod read from a cluster was admitted when created: not again', () => {
    const dumped = { ...pod(), metadata: { name: 'web', namespace: 'team-a', uid: 'u', creationTimestamp: '2026-01-01T00:00:00Z' }, status: { phase: 'Running' } } as KubeObject;
    expect(withRanges([defaults], () => admitPod(toSubject(dumped)).spec.containers[0].resources)).toEqual({});
  });

  it('admission: { limitRanger: false } turns the plugin off', () => {
    expect(withConfiguration({ limitRanges: [defaults], admission: { limitRanger: false } }, () => admitPod(toSubject(pod())).spec.containers[0].resources)).toEqual({});
  });
});

describe('LimitRanger refusals, as the API server words them', () => {
  const max = limitRange([{ type: 'Container', max: { cpu: '1' } }]);

  it('max: the default limit is the max; a larger limit refused in the validating phase', () => {
    // SetDefaults_LimitRangeItem: default and defaultRequest from max; the pod fits
    expect(withRanges([max], () => admitPod(toSubject(pod())).spec.containers[0].resources)).toEqual({ requests: { cpu: '1' }, limits: { cpu: '1' } });
    expect(withRanges([max], () => admissionRefusedOnce(pod({ limits: { cpu: '2' } })))).toEqual({ plugin: 'LimitRanger', phase: 'validate',
      reason: 'maximum cpu usage per Container is 1, but limit is 2', message: 'pods "web" is forbidden: maximum cpu usage per Container is 1, but limit is 2' });
    expect(() => withRanges([max], () => admitPod(toSubject(pod({ limits: { cpu: '2' } })))))
      .toThrow('pods "web" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
  });

  it('a workload\'s pod is named with its generateName and the random suffix (the validating phase)', () => {
    expect(withRanges([max], () => admissionRefusedOnce(deployment({ limits: { cpu: '2' } }))?.message))
      .toBe('pods "web-<pod-template-hash>-<random suffix>" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
    expect(() => withRanges([max], () => podFromTemplate(deployment({ limits: { cpu: '2' } }), 'web-0'))).toThrow('maximum cpu usage per Container is 1, but limit is 2');
  });

  it('a default limit below the request the pod states: the pod is invalid (validation runs between the phases)', () => {
    const lr = limitRange([{ type: 'Container', default: { cpu: '500m' } }]);
    expect(withRanges([lr], () => admissionRefusedOnce(pod({ requests: { cpu: '1' } }))?.message))
      .toBe('Pod "web" is invalid: spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m');
  });

  it('Pod items: the pod\'s sum', () => {
    const lr = limitRange([{ type: 'Pod', max: { memory: '1Gi' } }]);
    const two = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'team-a' }, spec: { containers: [
      { name: 'a', image: 'x', resources: { limits: { memory: '768Mi' } } }, { name: 'b', image: 'x', resources: { limits: { memory: '512Mi' } } }] } } as KubeObject;
    expect(withRanges([lr], () => admissionRefusedOnce(two)?.reason)).toBe('maximum memory usage per Pod is 1Gi, but limit is 1280Mi');
  });

  it('an invalid LimitRange is an error naming it, never dropped', () => {
    const bad = limitRange([{ type: 'Container', min: { cpu: '2' }, max: { cpu: '1' } }]);
    expect(() => withRanges([bad], () => admitPod(toSubject(pod())))).toThrow(/configure\(\{ limitRanges \}\): LimitRange team-a\/defaults would be rejected by the API server:\n {2}spec\.limits\[0\]\.min\[cpu\]: Invalid value: "2": min value 2 is greater than max value 1/);
  });
});

describe('ResourceQuota on the create path', () => {
  const quota = (hard: Record<string, string>, used?: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'team-a' },
    spec: { hard }, ...(used ? { status: { hard, used } } : {}) } as KubeObject);

  it('a pod over the quota given its status.used is refused with the plugin\'s text', () => {
    const q = quota({ 'requests.cpu': '4', pods: '10' }, { 'requests.cpu': '3500m', pods: '3' });
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(pod({ requests: { cpu: '1' } })))).toEqual({ plugin: 'ResourceQuota', phase: 'validate',
      reason: 'exceeded quota: compute, requested: requests.cpu=1, used: requests.cpu=3500m, limited: requests.cpu=4',
      message: 'pods "web" is forbidden: exceeded quota: compute, requested: requests.cpu=1, used: requests.cpu=3500m, limited: requests.cpu=4' });
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(pod({ requests: { cpu: '500m' } })))).toBeUndefined();
  });

  it('a quota without status counts an empty namespace', () => {
    expect(withConfiguration({ resourceQuotas: [quota({ 'requests.cpu': '1' })] }, () => admissionRefusedOnce(pod({ requests: { cpu: '2' } }))?.reason))
      .toBe('exceeded quota: compute, requested: requests.cpu=2, used: requests.cpu=0, limited: requests.cpu=1');
  });

  it('a quota without a namespace is in default: it counts the Pods of default only', () => {
    const noNamespace = { ...quota({ 'requests.cpu': '1' }), metadata: { name: 'compute' } } as KubeObject;
    expect(withConfiguration({ resourceQuotas: [noNamespace] }, () => admissionRefusedOnce(pod({ requests: { cpu: '2' } }, 'default'))?.reason))
      .toBe('exceeded quota: compute, requested: requests.cpu=2, used: requests.cpu=0, limited: requests.cpu=1');
    expect(withConfiguration({ resourceQuotas: [noNamespace] }, () => admissionRefusedOnce(pod({ requests: { cpu: '2' } }, 'team-a')))).toBeUndefined();
  });

  it('a quota on requests.cpu refuses a pod without one, unless a LimitRange defaults it (LimitRanger runs first)', () => {
    const q = quota({ 'requests.cpu': '4' });
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(pod())?.message)).toBe('pods "web" is forbidden: failed quota: compute: must specify requests.cpu for: app');
    const lr = limitRange([{ type: 'Container', defaultRequest: { cpu: '100m' } }]);
    expect(withConfiguration({ resourceQuotas: [q], limitRanges: [lr] }, () => admissionRefusedOnce(pod()))).toBeUndefined();
  });

  it('LimitRanger refuses before ResourceQuota (AllOrderedPlugins), and admitPod throws the first refusal', () => {
    const q = quota({ 'requests.cpu': '1' }, { 'requests.cpu': '1' });
    const lr = limitRange([{ type: 'Container', max: { cpu: '1' } }]);
    expect(withConfiguration({ resourceQuotas: [q], limitRanges: [lr] }, () => admissionRefusedOnce(pod({ limits: { cpu: '2' } }))?.plugin)).toBe('LimitRanger');
    expect(() => withConfiguration({ resourceQuotas: [q] }, () => scheduleOn(pod({ requests: { cpu: '1' } }), [node]))).toThrow('exceeded quota: compute');
  });

  it('admission: { resourceQuota: false } turns the plugin off; other namespaces are not counted', () => {
    const q = quota({ pods: '0' });
    expect(withConfiguration({ resourceQuotas: [q], admission: { resourceQuota: false } }, () => admissionRefusedOnce(pod()))).toBeUndefined();
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(pod({}, 'team-b')))).toBeUndefined();
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(pod())?.reason)).toBe('exceeded quota: compute, requested: pods=1, used: pods=0, limited: pods=0');
  });

  it('the pod as decoded: a limit without a request is also the request (oracle case: Constraints and Usage read it)', () => {
    const q = quota({ cpu: '1' }, { cpu: '0' });
    const two = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'team-a' }, spec: { containers: [
      { name: 'app', image: 'x', resources: { limits: { cpu: '2' } } }, { name: 'proxy', image: 'x', resources: { limits: { memory: '64Mi' } } }] } } as KubeObject;
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(two)?.reason)).toBe('failed quota: compute: must specify cpu for: proxy');
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(pod({ limits: { cpu: '2' } }))?.reason))
      .toBe('exceeded quota: compute, requested: cpu=2, used: cpu=0, limited: cpu=1');
  });

  it('1.37: the pod-level requests PrepareForCreate completes are what the quota counts', () => {
    const q = quota({ 'requests.memory': '1Gi' }, { 'requests.memory': '0' });
    const podLevel = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'team-a' }, spec: { containers: [{ name: 'app', image: 'x', resources: { limits: { memory: '256Mi' } } }],
      resources: { limits: { cpu: '8', memory: '8Gi' } } } } as KubeObject;
    // the containers' 256Mi, not the pod's 8Gi limit
    expect(withConfiguration({ resourceQuotas: [q] }, () => admissionRefusedOnce(podLevel))).toBeUndefined();
  });

  // Found by the oracle's namespacePolicy domain (seed 120436): a LimitRange's container defaults (Max → Default →
  // DefaultRequest, SetDefaults_LimitRangeItem) take the containers' aggregate request past what the pod-level resources
  // allow, and validatePodResources refuses the pod (pkg/apis/core/validation/validation.go): up to 1.36 the decoder's
  // pod-level request (the limit) is below the aggregate (validatePodResourceConsistency); at 1.37 PrepareForCreate
  // completes the request from the aggregate after admission, and it exceeds the pod-level limit
  // (validatePodResourceRequirements).
  it.each([
    ['1.36', 'spec.resources.requests[cpu]: Invalid value: "8": must be greater than or equal to aggregate container requests of 12'],
    ['1.37', 'spec.resources.requests: Invalid value: "12": must be less than or equal to cpu limit of 8'],
  ] as const)('%s: container defaults past the pod-level resources are refused by validation', (kubernetesVersion, error) => {
    const podLevel = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'team-a' }, spec: {
      containers: [{ name: 'app', image: 'x' }, { name: 'proxy', image: 'x' }],
      initContainers: [{ name: 'sidecar', image: 'x', resources: { requests: {} }, restartPolicy: 'Always' }],
      resources: { limits: { cpu: '8', memory: '8Gi' } } } } as KubeObject;
    const ranges = [limitRange([{ type: 'Container', max: { cpu: '4' } }, { type: 'Pod', min: { cpu: '100m' } }])];
    expect(withConfiguration({ kubernetesVersion, limitRanges: ranges }, () => admissionRefusedOnce(podLevel)?.message)).toBe(`Pod "web" is invalid: ${error}`);
    // without the LimitRange the pod is admitted
    expect(withConfiguration({ kubernetesVersion }, () => admissionRefusedOnce(podLevel))).toBeUndefined();
  });

  // controller.go CheckRequest charges each admitted create to the quota's usage before the next is checked: a
  // ReplicaSet creating 5 pods under `pods: 3` gets 3, then FailedCreate for the others
  it('the replicas a workload creates one after another are charged in turn; the ones past the quota are never created', () => {
    const web = { ...deployment({ requests: { cpu: '100m' } }), spec: { ...(deployment() as { spec: object }).spec, replicas: 5 } } as KubeObject;
    const big = { ...node, status: { ...node.status, allocatable: { cpu: '16', memory: '64Gi', pods: '110' } } } as Node;
    const q = quota({ pods: '4' }, { pods: '1' });
    const placed = withConfiguration({ resourceQuotas: [q] }, () => placeReplicas(web, [big])).pods;
    expect(placed.map((p) => p.node ?? p.fitError)).toEqual(['n0', 'n0', 'n0',
      'Error creating: pods "web-3" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=4, limited: pods=4',
      'Error creating: pods "web-4" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=4, limited: pods=4']);
    // the matcher names them as never created, with the event's text
    const message = withConfiguration({ resourceQuotas: [q] }, () => {
      try {
        expect(web).toHaveAllReplicasScheduled([big]);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    });
    expect(message).toContain('but 2 of 5 are not running:\n  web-3 is never created: Error creating: pods "web-3" is forbidden: exceeded quota: compute');
    // each question starts from the quota's own usage again
    expect(withConfiguration({ resourceQuotas: [q] }, () => placeReplicas(web, [big])).pods.filter((p) => p.node)).toHaveLength(3);
    expect(placeReplicas(web, [big]).pods.filter((p) => p.node)).toHaveLength(5);
  });

  it('a quota without status counts the existing pods of its namespace, as the quota controller would', () => {
    const web = { ...deployment(), spec: { ...(deployment() as { spec: object }).spec, replicas: 3 } } as KubeObject;
    const running = (name: string, namespace: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace },
      spec: { nodeName: 'n0', containers: [{ name: 'app', image: 'x' }] }, status: { phase: 'Running' } } as Pod);
    const existingPods = [running('a', 'team-a'), running('b', 'team-a'), running('c', 'team-b')];
    const created = (q: KubeObject) => withConfiguration({ resourceQuotas: [q] }, () => placeReplicas(web, [node], { existingPods })).pods.filter((p) => p.node).length;
    expect(created(quota({ pods: '3' }))).toBe(1);
    // a quota's own status.used is what the API server checks against, whatever pods are given
    expect(created(quota({ pods: '3' }, { pods: '0' }))).toBe(3);
  });

  it('a quota that does not decode is an error naming it', () => {
    expect(() => withConfiguration({ resourceQuotas: [quota({ pods: 'ten' })] }, () => admitPod(toSubject(pod()))))
      .toThrow(/configure\(\{ resourceQuotas \}\): ResourceQuota team-a\/compute would be rejected by the API server:\n {2}spec\.hard\[pods\]: Invalid value: "ten"/);
  });
});
