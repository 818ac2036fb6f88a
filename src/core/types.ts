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

/**
 * The effect of a taint written as an argument: a literal must be one of the three effects the API server accepts
 * (validateTaintEffect), so `{ key: 'a', effect: 'NoSchedul' }` is a compile error. A plain `string` (a taint read from
 * a typed Node, whose `effect` is a string in kubernetes-types) stays accepted and is checked at run time.
 */
export type TaintEffectArgument<E extends string> = string extends E ? E : E extends TaintEffect ? E : TaintEffect;

/** A taint object as an argument, e.g. `toTolerate({ key, value, effect })`; see TaintEffectArgument. */
export type TaintArgument<E extends string = TaintEffect> = Omit<Taint, 'effect'> & { effect: TaintEffectArgument<E> };

type AddedTaintSpec = `${string}:${TaintEffect}`;
type RemovedTaintSpec = `${string}-`;

/**
 * A `kubectl taint` spec as an argument: a literal must end in `:Effect` (add a taint), or in `-` (remove one);
 * a plain `string` is checked at run time.
 */
export type TaintSpec<S extends string> = string extends S
  ? S
  : S extends AddedTaintSpec | RemovedTaintSpec ? S : AddedTaintSpec | RemovedTaintSpec;

/** The arguments of `taint(node, ...specs, options?)`, each spec checked as TaintSpec. */
export type TaintSpecs<A extends readonly unknown[]> = { [K in keyof A]: A[K] extends string ? TaintSpec<A[K]> : A[K] };

/** A `kubectl taint` spec that adds a taint (`key=value:Effect`, `key:Effect`), checked as TaintSpec. */
export type AddedTaintSpecArgument<S extends string> = string extends S ? S : S extends AddedTaintSpec ? S : AddedTaintSpec;

/**
 * A taint given as an object or as a `kubectl taint` spec string (`key=value:Effect`, `key:Effect`).
 * `T` is inferred from the argument: the object's effect, or the string.
 */
export type TaintLike<T extends string = string> = TaintArgument<T> | AddedTaintSpecArgument<T>;

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
