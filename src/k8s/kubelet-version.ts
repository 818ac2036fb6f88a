// Which Kubernetes release a node dump points at: `kubectl get nodes -o yaml` carries each kubelet's version in
// status.nodeInfo.kubeletVersion. The version skew policy (https://kubernetes.io/releases/version-skew-policy/)
// lets a kubelet be at most three minors older than kube-apiserver and never newer, so kubelets newer than the
// configured release, older than it by more than three minors, or all on one other minor mean the settings model a
// different cluster than the dump came from.
import { KUBERNETES_VERSIONS, settings, type KubernetesVersion } from '../core/config';
import { releaseRow } from '../core/releases';
import type { Node } from '../core/types';

/** kubelet may be this many minors older than kube-apiserver (since v1.28, KEP-3935). */
const KUBELET_SKEW = 3;

export interface KubeletHint {
  /** The distinct kubeletVersion strings the nodes report, oldest first (at most 3 shown by `text`). */
  reported: string[];
  configured: KubernetesVersion;
  /** The supported release that fits every reported kubelet, when there is one. */
  suggested?: KubernetesVersion;
  /** Why the dump and the settings disagree. */
  why: 'newer' | 'skew' | 'other-minor';
}

const minorOf = (v: string): number | undefined => {
  const m = /^v?1\.(\d+)(?:\.|$|-|\+)/.exec(v.trim());
  return m ? Number(m[1]) : undefined;
};

/** The hint for these nodes at the configured release, or undefined when the dump and the settings agree (or the nodes report nothing). */
export function kubeletHint(nodes: readonly Node[], configured: KubernetesVersion = settings().kubernetesVersion): KubeletHint | undefined {
  const versions = new Map<string, number>();
  for (const n of nodes) {
    const v = (n.status as { nodeInfo?: { kubeletVersion?: unknown } } | undefined)?.nodeInfo?.kubeletVersion;
    const minor = typeof v === 'string' ? minorOf(v) : undefined;
    if (minor !== undefined) versions.set(v as string, minor);
  }
  if (!versions.size) return undefined;
  const c = releaseRow(configured).minor;
  const minors = [...versions.values()];
  const newest = Math.max(...minors), oldest = Math.min(...minors);
  // Stryker disable next-line ConditionalExpression: `minors[0] !== c` as `true`: kubelets all on the configured minor give fits[0] === configured below, so no hint either (the other `true`s are killed)
  const why = newest > c ? 'newer' : oldest < c - KUBELET_SKEW ? 'skew' : minors.every((m) => m === minors[0]) && minors[0] !== c ? 'other-minor' : undefined;
  if (!why) return undefined;
  // kube-apiserver is at least the newest kubelet and at most the oldest + 3; the newest kubelet's minor is the likely one
  const fits = (KUBERNETES_VERSIONS as readonly KubernetesVersion[]).filter((r) => {
    const m = releaseRow(r).minor;
    return m >= newest && m <= oldest + KUBELET_SKEW;
  });
  // kubelets within the skew of the configured release, whose only fitting release is the configured one: no hint
  if (fits[0] === configured) return undefined;
  const reported = [...versions.keys()].sort((a, b) => versions.get(a)! - versions.get(b)! || a.localeCompare(b, 'en', { numeric: true }));
  return { reported, configured, why, ...(fits.length ? { suggested: fits[0] } : {}) };
}
