// Test objects shared by the package specs (copied next to each runner variant's specs).
export const node = (name: string, taints: object[] = [], ready?: 'True' | 'False' | 'Unknown') => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: { taints },
  status: ready ? { conditions: [{ type: 'Ready', status: ready }] } : undefined,
});

const workload = (kind: string, name: string, tolerations: object[] = []) => ({
  apiVersion: 'apps/v1', kind, metadata: { name, namespace: 'prod' },
  spec: {
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx' }], tolerations } },
  },
});

/** Tolerates dedicated=web:NoSchedule; evicted 300 s after its node goes NotReady (DefaultTolerationSeconds). */
export const web = workload('Deployment', 'web', [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' }]);
/** A DaemonSet: tolerates not-ready/unreachable forever, so it is never evicted from a NotReady node. */
export const agent = workload('DaemonSet', 'agent');
export const notReady = node('down', [], 'False');
