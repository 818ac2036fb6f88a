// A ResourceQuota without status.used (a chart's or a manifest's) in a single-pod question: kube-apiserver's
// ResourceQuota admission reads the usage the quota controller writes (resource_quota_controller.go syncResourceQuota
// over the namespace's pods), so the existing pods given in the quota's namespace count. Before, they were ignored and
// such a pod was called schedulable where a real cluster refuses it at create.
import type { KubeObject, Node, Pod } from '../core/types';
import { resetConfiguration } from '../core/config';
import { failure } from '../../test/fixtures';

afterEach(resetConfiguration);

const node = (name: string): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { allocatable: { cpu: '8', memory: '16Gi', pods: '110' }, conditions: [{ type: 'Ready', status: 'True' }] },
});
const pod = (name: string, namespace: string, extra: Record<string, unknown> = {}): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace },
  spec: { containers: [{ name: 'app', image: 'registry.example/app:1', resources: { requests: { cpu: '500m' } } }], ...extra },
} as Pod);
const quota = (hard: Record<string, string>, used?: Record<string, string>): KubeObject => ({
  apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace: 'team' }, spec: { hard }, ...(used ? { status: { hard, used } } : {}),
} as KubeObject);
const n1 = node('n1');
const running = (name: string, namespace = 'team') => pod(name, namespace, { nodeName: 'n1' });
const web = pod('web', 'team');

describe('a quota without status counts the existing pods given', () => {
  test('two pods already in the namespace fill `pods: 2`: refused at create, both ways', () => {
    const options = { existingPods: [running('a'), running('b')], resourceQuotas: [quota({ pods: '2' })] };
    for (const run of [() => expect(web).toBeSchedulableOn(n1, options), () => expect(web).not.toBeSchedulableOn(n1, options)]) {
      const msg = failure(run);
      expect(msg).toContain('pods "web" is forbidden: exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2');
      expect(msg).toContain('the quota has no status.used, so its usage is what the quota controller counts over the existingPods given in its namespace');
    }
  });
  test('requests.cpu: the existing pods\' requests count', () => {
    const options = { existingPods: [running('a'), running('b')], resourceQuotas: [quota({ 'requests.cpu': '1200m' })] };
    expect(failure(() => expect(web).toBeSchedulableOnAnyOf([n1], options))).toContain('exceeded quota: compute, requested: requests.cpu=500m, used: requests.cpu=1, limited: requests.cpu=1200m');
    expect(web).toBeSchedulableOnAnyOf([n1], { ...options, existingPods: [running('a')] });
  });
  test('pods of another namespace, and ended pods for requests, do not count', () => {
    expect(web).toBeSchedulableOn(n1, { existingPods: [running('a', 'default'), running('b', 'default')], resourceQuotas: [quota({ pods: '2' })] });
    const done = { ...running('b'), status: { phase: 'Succeeded' } } as Pod;
    expect(web).toBeSchedulableOn(n1, { existingPods: [running('a'), done], resourceQuotas: [quota({ 'requests.cpu': '1' })] });
  });
  test('a quota with status.used keeps its usage (what the API server reads)', () => {
    const options = { existingPods: [running('a'), running('b')], resourceQuotas: [quota({ pods: '2' }, { pods: '0' })] };
    expect(web).toBeSchedulableOn(n1, options);
  });
  test('toPreempt: the same refusal', () => {
    const options = { nodes: [n1], existingPods: [running('a'), running('b')], resourceQuotas: [quota({ pods: '2' })] };
    expect(failure(() => expect(web).toPreempt(options))).toContain('exceeded quota: compute, requested: pods=1, used: pods=2, limited: pods=2');
  });
});
