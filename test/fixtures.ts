// Small hand-written objects shared by the matcher tests.
import type { Node, Pod, Taint, Toleration } from '../src/core/types';

export function deployment(name: string, tolerations?: Toleration[], spec: Record<string, unknown> = {}) {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'default' },
    spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx' }], tolerations, ...spec } } },
  };
}

export function daemonSet(name: string, tolerations?: Toleration[], spec: Record<string, unknown> = {}) {
  const d = deployment(name, tolerations, spec);
  return { ...d, kind: 'DaemonSet', metadata: { name, namespace: 'kube-system' } };
}

export function pod(name: string, tolerations?: Toleration[]): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name, image: 'nginx' }], tolerations } };
}

export function node(name: string, taints: Taint[] = [], extra: { unschedulable?: boolean; ready?: 'True' | 'False' | 'Unknown' } = {}): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    spec: { taints, ...(extra.unschedulable ? { unschedulable: true } : {}) },
    status: extra.ready ? { conditions: [{ type: 'Ready', status: extra.ready }] } : undefined,
  };
}

const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

/** The message of a failing assertion, without colours. */
export function failure(assertion: () => unknown): string {
  try {
    assertion();
  } catch (e) {
    return plain((e as Error).message);
  }
  throw new Error('expected the assertion to fail');
}
