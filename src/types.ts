// Kubernetes object types come from `kubernetes-types`; these aliases add the
// fields that arrived after its newest release (pod-level resources, 1.32+).
import type * as core from 'kubernetes-types/core/v1';

export type Taint = core.Taint;
export type Toleration = core.Toleration;
export type Node = core.Node;
export type Container = core.Container;
export type ResourceRequirements = core.ResourceRequirements;
export type PodSpec = core.PodSpec & { resources?: core.ResourceRequirements };
export type Pod = Omit<core.Pod, 'spec'> & { spec?: PodSpec };

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

/** A taint given as an object or as a `kubectl taint` spec string. */
export type TaintLike = Taint | string;

/** Any Kubernetes object: kind, apiVersion, metadata and the rest. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
}

/**
 * What the matchers accept as a node: a typed v1 Node, or any object literal or parsed manifest
 * whose `kind` is "Node" (checked at run time). Plain string fields keep object literals assignable.
 */
export type NodeLike = Node | (KubeObject & { spec?: object; status?: object });

/** A Pod given as a typed object or as any object literal or parsed manifest with kind "Pod". */
export type PodLike = Pod | (KubeObject & { spec?: object; status?: object });

/** A field error as the API server reports it. */
export interface FieldError {
  field: string;
  message: string;
}
