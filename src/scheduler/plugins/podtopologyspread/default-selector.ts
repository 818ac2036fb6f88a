// helper/spread.go DefaultSelector: the selector PodTopologySpread's default constraints count with (the system
// defaults' and a configuration's `defaultConstraints` with `defaultingType: List`; common.go buildDefaultConstraints).
import type { KubeObject } from '../../../core/types';
import type { PodInfo } from '../../framework';
import { LabelSelectorError, type LabelSelector, parseLabelSelector, type Selector, withRevision } from '../../../k8s/label-selector';
import { namespaceOf, podMeta } from '../../score-cluster';

type Requirements = Extract<Selector, { kind: 'requirements' }>;

/**
 * The owner's part of DefaultSelector(pod) for the system defaults (helper/spread.go): the selector of its
 * RC/RS/StatefulSet controller (the Services' part is defaultSelector's). Callers register it for the pods they build
 * (a simulated Deployment/ReplicaSet/StatefulSet replica gets its workload's selector).
 */
const defaultSelectors = new WeakMap<object, Selector>();
export function setDefaultSelector(pod: object, selector: Selector): void {
  defaultSelectors.set(pod, selector);
}
const OWNER_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);
/**
 * A registered selector, or for a workload subject its own `spec.selector` (its pods' RS/StatefulSet/RC owner; for a
 * Deployment the ReplicaSet's selector also has pod-template-hash, not computable: `pod-template-hash in (<this
 * revision>)`, its existing pods with a pod-template-hash taken for the current revision). Jobs, DaemonSets and bare Pods get none.
 */
export function defaultSelectorOf(object: KubeObject): Selector | undefined {
  const registered = defaultSelectors.get(object);
  // Stryker disable next-line StringLiteral: no owner kind is '' or another made-up name: a kind-less object is none either way
  if (registered || !OWNER_KINDS.has(object.kind ?? '')) return registered;
  const raw = ((object as { spec?: unknown }).spec as { selector?: LabelSelector | Record<string, string> } | undefined)?.selector;
  if (!raw) return undefined;
  let selector: Selector;
  try {
    selector = parseLabelSelector(object.kind === 'ReplicationController' ? { matchLabels: raw as Record<string, string> } : (raw as LabelSelector));
  } catch {
    return undefined;
  }
  return object.kind === 'Deployment' ? withRevision(selector, { namespace: object.metadata?.namespace || 'default', selector }) : selector;
}

/**
 * helper/spread.go DefaultSelector: the selectors of the Services in the pod's namespace that select its labels
 * (GetPodServices: a Service without a selector selects nothing), merged, with the owner's requirements added.
 */
// Stryker disable next-line ArrayDeclaration: a list of anything but Services (objects with spec.selector) selects nothing either
export function defaultSelector(pod: PodInfo, services: readonly KubeObject[] = []): Selector | undefined {
  const { namespace, labels } = podMeta(pod.subject);
  const merged: Record<string, string> = {};
  for (const svc of services) {
    const selector = (svc as { spec?: { selector?: Record<string, string> | null } }).spec?.selector;
    if (!selector || namespaceOf(svc) !== namespace) continue;
    if (Object.entries(selector).every(([k, v]) => Object.prototype.hasOwnProperty.call(labels, k) && labels[k] === v)) Object.assign(merged, selector);
  }
  const owner = defaultSelectorOf(pod.subject.object);
  if (!Object.keys(merged).length) return owner;
  let own: Requirements;
  try {
    // matchLabels not empty: requirements
    own = parseLabelSelector({ matchLabels: merged }) as Requirements;
  } catch (e) {
    if (e instanceof LabelSelectorError) return owner; // a Service the API server refuses: not in the cluster
    throw e;
  }
  // selector.Add(owner's requirements), when it has any (an empty or absent owner selector adds none)
  return owner?.kind === 'requirements' ? { kind: 'requirements', requirements: [...own.requirements, ...owner.requirements] } : own;
}

