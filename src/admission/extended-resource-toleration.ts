// The ExtendedResourceToleration admission plugin (off by default in kube-apiserver; some clouds enable it):
// plugin/pkg/admission/extendedresourcetoleration/admission.go Admit.
import type { Container, PodSpec, Toleration } from '../core/types';
import { addOrUpdateToleration } from './daemonset-tolerations';
import { isExtendedResourceName } from '../k8s/resources';

export { isExtendedResourceName };

// The API server defaults requests from limits before admission (SetDefaults_Pod), so a limit counts as a request; a
// `null` container (Go decodes it as a zero one) requests nothing.
const requested = (c: Container | null) => [...Object.keys(c?.resources?.requests ?? {}), ...Object.keys(c?.resources?.limits ?? {})];

/** Extended resources requested by any container or init container, sorted (the plugin walks `sets.String.List()`). */
export function extendedResourcesRequested(spec: PodSpec): string[] {
  const names = new Set<string>();
  // Stryker disable next-line ArrayDeclaration: a string in place of a container requests nothing (requested() reads c.resources)
  for (const c of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
    for (const name of requested(c)) if (isExtendedResourceName(name)) names.add(name);
  }
  return [...names].sort();
}

/** For each extended resource requested, `{key: <resource>, operator: Exists, effect: NoSchedule}` unless an identical toleration is there. */
export function addExtendedResourceTolerations(tolerations: readonly Toleration[], spec: PodSpec): Toleration[] {
  return extendedResourcesRequested(spec)
    .map((key): Toleration => ({ key, operator: 'Exists', effect: 'NoSchedule' }))
    .reduce(addOrUpdateToleration, [...tolerations]);
}
