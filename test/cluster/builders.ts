// Builders shaped like kube-scheduler's st.MakePod()/st.MakeNode() (pkg/scheduler/testing/wrappers.go), producing
// objects the API server accepts (a container with name and image), for the ported plugin tables.
import type { Node, Pod, Taint } from '../../src/core/types';
import type { PodAffinityTerm, TopologySpreadConstraint } from 'kubernetes-types/core/v1';

export const exists = (key: string) => ({ matchExpressions: [{ key, operator: 'Exists' }] });
export const fooSelector = exists('foo');
export const barSelector = exists('bar');

export interface PodOptions {
  namespace?: string;
  nodeName?: string;
  labels?: Record<string, string>;
  spread?: TopologySpreadConstraint[];
  nodeSelector?: Record<string, string>;
  nodeAffinity?: object;
  podAffinity?: PodAffinityTerm[];
  podAntiAffinity?: PodAffinityTerm[];
  terminating?: boolean;
  phase?: string;
}

export function makePod(name: string, o: PodOptions = {}): Pod {
  const affinity = {
    ...(o.nodeAffinity ? { nodeAffinity: o.nodeAffinity } : {}),
    ...(o.podAffinity ? { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: o.podAffinity } } : {}),
    ...(o.podAntiAffinity ? { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: o.podAntiAffinity } } : {}),
  };
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name, namespace: o.namespace ?? 'default', labels: o.labels ?? {},
      ...(o.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: {
      containers: [{ name: 'c', image: 'registry.k8s.io/pause' }],
      ...(o.nodeName ? { nodeName: o.nodeName } : {}),
      ...(o.spread ? { topologySpreadConstraints: o.spread } : {}),
      ...(o.nodeSelector ? { nodeSelector: o.nodeSelector } : {}),
      ...(Object.keys(affinity).length ? { affinity } : {}),
    },
    ...(o.phase ? { status: { phase: o.phase } } : {}),
  } as Pod;
}

export function makeNode(name: string, labels: Record<string, string>, taints?: Taint[]): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, labels }, spec: taints ? { taints } : {} };
}

/** SpreadConstraint(maxSkew, key, DoNotSchedule, selector, minDomains, nodeAffinityPolicy, nodeTaintsPolicy, matchLabelKeys) */
export function spread(maxSkew: number, topologyKey: string, labelSelector: object | undefined, extra: Partial<TopologySpreadConstraint> = {}): TopologySpreadConstraint {
  return { maxSkew, topologyKey, whenUnsatisfiable: 'DoNotSchedule', ...(labelSelector ? { labelSelector } : {}), ...extra } as TopologySpreadConstraint;
}

/** `pods('node-a:2 node-y:1', labels)` → p-a1, p-a2 on node-a, p-y1 on node-y, all with these labels. */
export function podsOn(spec: string, labels: Record<string, string>, o: PodOptions = {}): Pod[] {
  return spec.split(/\s+/).filter(Boolean).flatMap((part) => {
    const [node, n] = part.split(':');
    const short = node.replace(/^node-/, '');
    return Array.from({ length: Number(n ?? 1) }, (_, i) => makePod(`p-${short}${i + 1}`, { ...o, nodeName: node, labels }));
  });
}
