// The priorities preemption reads (pod-priority.ts): an existing pod read from a cluster carries spec.priority
// (component-helpers PodPriority: 0 when unset); a manifest gets what the Priority admission plugin
// (plugin/pkg/admission/priority/admission.go) would have set, or is unknown when the classes it names are not given,
// or would be refused. The incoming pod likewise, unless it was read from a cluster.
import type { KubeObject, Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { podInfo } from './framework';
import { existingPriority, incomingPriority } from './pod-priority';

afterEach(() => resetConfiguration());

const klass = (name: string, value: number): KubeObject => ({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value }) as unknown as KubeObject;
const manifest = (className?: string, priority?: number): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'm', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], ...(className ? { priorityClassName: className } : {}), ...(priority !== undefined ? { priority } : {}) } }) as Pod;
const dumped = (className?: string, priority?: number): Pod => ({ ...manifest(className, priority), metadata: { name: 'd', namespace: 'default', uid: 'd-uid' } });

describe('existingPriority', () => {
  test('a manifest gets its class\'s value; a class the given classes lack would be refused; none given: unknown', () => {
    configure({ priorityClasses: [klass('high', 1000)] });
    expect(existingPriority(manifest('high'))).toEqual({ value: 1000 });
    expect(existingPriority(manifest('other'))).toEqual({ unknown: expect.stringMatching(/^The existing pod default\/m would be refused by the API server \(.*other.*\), so its priority is unknown$/) });
    resetConfiguration();
    expect(existingPriority(manifest('other'))).toEqual({ unknown: expect.stringMatching(/^The existing pod default\/m names PriorityClass other, which is not among the cluster's classes given/) });
  });

  test('spec.priority stands, admission off gives 0, and a pod read from a cluster is never admitted again', () => {
    expect(existingPriority(manifest('other', 7))).toEqual({ value: 7 });
    expect(existingPriority(dumped('other'))).toEqual({ value: 0 });
    expect(existingPriority(dumped('other', 9))).toEqual({ value: 9 });
    configure({ admission: { priority: false } });
    expect(existingPriority(manifest('other'))).toEqual({ value: 0 });
  });

  test('worked out again when the settings change (the classes given decide it)', () => {
    const pod = manifest('high');
    configure({ priorityClasses: [klass('high', 1000)] });
    expect(existingPriority(pod)).toEqual({ value: 1000 });
    configure({ priorityClasses: [klass('high', 5)] });
    expect(existingPriority(pod)).toEqual({ value: 5 });
  });
});

describe('incomingPriority', () => {
  const deployment = (className: string): KubeObject => ({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', uid: 'dep-uid' },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { priorityClassName: className, containers: [{ name: 'c', image: 'i' }] } } },
  }) as unknown as KubeObject;
  test('a pod read from a cluster keeps what it carries; a workload\'s pod is created, so admitted, even from a dump', () => {
    expect(incomingPriority(podInfo(toSubject(dumped('not-given')))).priority).toEqual({ value: 0 });
    expect(incomingPriority(podInfo(toSubject(deployment('not-given')))).priority).toEqual({ unknown: expect.stringMatching(/names PriorityClass not-given/) });
    expect(incomingPriority(podInfo(toSubject(manifest('not-given')))).priority).toEqual({ unknown: expect.stringMatching(/names PriorityClass not-given/) });
  });
});
