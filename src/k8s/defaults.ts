// The API server's defaulting on create (pkg/apis/core/v1/defaults.go, run by SetObjectDefaults_Pod and
// SetObjectDefaults_Node as the body is decoded) for the fields placement reads. Each function returns its argument
// itself when no default applies, so that the common object costs no copy; defaulting twice changes nothing, so a
// dumped object (already defaulted) and a hand-written one go through the same functions.
//
// Defaults placement reads that live where every reader computes them: in k8s/resources.ts PodRequests, which every
// requests reader goes through, a request missing next to a limit equals the limit (SetDefaults_Pod, and the
// pod-level defaultPodRequests) and each amount is rounded up to milli-units (SetDefaults_ResourceList); a port's
// `protocol: TCP` and a container's `restartPolicy` where they are read.
import type { ContainerPort } from 'kubernetes-types/core/v1';
import type { Container, Node, PodSpec } from '../core/types';

/** A port the API server gives `hostPort = containerPort` to: its hostPort is 0 or unset (Go's int32 zero value). */
const defaultsHostPort = (p: ContainerPort) => !p.hostPort && typeof p.containerPort === 'number' && p.containerPort !== 0;

/** defaultHostNetworkPorts for one container list: the list itself when no port changes. */
function withHostPorts(containers: Container[] | undefined): Container[] | undefined {
  if (!Array.isArray(containers)) return containers;
  let out: Container[] | undefined;
  // Stryker disable next-line EqualityOperator: one step past the end reads undefined, which the next line skips
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i];
    if (!Array.isArray(c?.ports) || !c.ports.some(defaultsHostPort)) continue;
    (out ??= containers.slice())[i] = { ...c, ports: c.ports.map((p) => (defaultsHostPort(p) ? { ...p, hostPort: p.containerPort } : p)) };
  }
  return out ?? containers;
}

/**
 * SetDefaults_Pod's defaultHostNetworkPorts: on a Pod with `hostNetwork: true`, every port of a container or init
 * container (sidecars included) without a hostPort gets `hostPort = containerPort` (NodePorts then counts it).
 * Only a Pod is defaulted so, not a pod template: a workload's pods get it when their controller creates them.
 */
export function defaultPodSpec(spec: PodSpec): PodSpec {
  if (spec.hostNetwork !== true) return spec;
  const containers = withHostPorts(spec.containers);
  const initContainers = withHostPorts(spec.initContainers);
  if (containers === spec.containers && initContainers === spec.initContainers) return spec;
  return { ...spec, containers: containers!, ...(initContainers ? { initContainers } : {}) };
}

type ResourceMap = Record<string, string | number>;

/**
 * The node's allocatable after SetDefaults_NodeStatus: a status without allocatable takes a copy of its capacity (Go:
 * `Allocatable == nil && Capacity != nil`, so `allocatable: {}` stays empty). Undefined when the node declares neither.
 */
export function nodeAllocatable(node: Node): ResourceMap | undefined {
  const status = node.status as { allocatable?: ResourceMap | null; capacity?: ResourceMap | null } | undefined;
  return status?.allocatable ?? status?.capacity ?? undefined;
}

/**
 * The API server's default for an azureDisk source's kind (pkg/apis/core/v1/zz_generated.defaults.go, in
 * SetObjectDefaults_Pod and SetObjectDefaults_PersistentVolume): unset is Shared (AzureSharedBlobDisk). The source
 * itself when it has a kind.
 */
export function defaultAzureDiskKind<T extends object>(source: T): T {
  const kind = (source as { kind?: string | null }).kind;
  return kind === undefined || kind === null ? { ...source, kind: 'Shared' } : source;
}
