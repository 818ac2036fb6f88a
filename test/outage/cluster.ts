// Small valid objects for the outage tests.
import type { Node, Pod, Toleration } from '../../src/core/types';

export function zonedNode(name: string, zone: string, cpu = '4', labels: Record<string, string> = {}): Node {
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone, ...labels } },
    status: { allocatable: { cpu, memory: '16Gi', pods: '110' } },
  };
}

/** `per` nodes in each zone, named <zone><i>: a1, a2, … */
export function zones(names: string[], per: number, cpu = '4'): Node[] {
  return names.flatMap((z) => Array.from({ length: per }, (_, i) => zonedNode(`${z}${i + 1}`, z, cpu)));
}

type Spec = { tolerations?: Toleration[]; nodeSelector?: Record<string, string>; terminationGracePeriodSeconds?: number };

function template(name: string, cpu: string | undefined, spec: Spec) {
  return {
    metadata: { labels: { app: name } },
    spec: { containers: [{ name, image: 'registry.example/app:1', ...(cpu ? { resources: { requests: { cpu } } } : {}) }], ...spec },
  };
}

export function deployment(name: string, replicas: number, cpu?: string, spec: Spec = {}) {
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' }, spec: { replicas, selector: { matchLabels: { app: name } }, template: template(name, cpu, spec) } };
}

export function statefulSet(name: string, replicas: number, cpu?: string, spec: Spec = {}, podManagementPolicy?: 'Parallel' | 'OrderedReady') {
  return {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name, namespace: 'default' },
    spec: { replicas, serviceName: name, ...(podManagementPolicy ? { podManagementPolicy } : {}), selector: { matchLabels: { app: name } }, template: template(name, cpu, spec) },
  };
}

export function daemonSet(name: string, spec: Spec = {}) {
  return { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name, namespace: 'kube-system' }, spec: { selector: { matchLabels: { app: name } }, template: template(name, '100m', spec) } };
}

export function job(name: string, parallelism: number, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'batch/v1', kind: 'Job', metadata: { name, namespace: 'default' },
    spec: { parallelism, completions: parallelism, ...extra, template: { spec: { restartPolicy: 'Never', containers: [{ name, image: 'registry.example/job:1' }] } } },
  };
}

export function pod(name: string, nodeName?: string, spec: Spec & { cpu?: string } = {}): Pod {
  const { cpu, ...rest } = spec;
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
    spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name, image: 'registry.example/app:1', ...(cpu ? { resources: { requests: { cpu } } } : {}) }], ...rest },
  };
}

/** The timeline as `<at> <object> <reason>` lines, for exact comparisons. */
export const lines = (events: ReadonlyArray<{ at: number; object: string; reason: string }>) => events.map((e) => `${e.at} ${e.object} ${e.reason}`);
