// The clients' verdict rules for pods that use what the library does not model (k8s/not-modelled.ts has the uses):
// a node that a modelled filter rejects is rejected whatever the unmodelled plugins say (the Filter plugins are
// ANDed), and where every modelled filter passes the verdict is unknown.
import { certainRejection, type NotModelled } from '../k8s/not-modelled';
import type { Status } from '../scheduler/framework';

export { certainRejection, notModelledFor, type NotModelled } from '../k8s/not-modelled';

/** The answer's verdict cannot be given: the pod uses what is not modelled and no modelled filter certainly rejects. */
export function unknownOnNode(a: { notModelled?: readonly NotModelled[]; feasible: boolean; gates: readonly string[]; status?: Pick<Status, 'plugin' | 'reasons'> }): boolean {
  return !!a.notModelled?.length && !a.gates.length && (a.feasible || !certainRejection(a.status!));
}

type Verdicts = { notModelled?: readonly NotModelled[]; gated?: unknown; feasible: readonly unknown[]; rejected: ReadonlyArray<{ status?: Pick<Status, 'plugin' | 'reasons'> }> };

/** Some node may take the pod (toBeSchedulableOnAnyOf cannot be answered): a node passes every modelled filter, or its rejection is not certain. */
export function unknownOnAny(a: Verdicts): boolean {
  return !!a.notModelled?.length && !a.gated && (a.feasible.length > 0 || a.rejected.some((v) => !certainRejection(v.status!)));
}

/** No node certainly rejects the pod (toBeSchedulableOnAllOf cannot be answered). */
export function unknownOnAll(a: Verdicts): boolean {
  return !!a.notModelled?.length && !a.gated && a.rejected.every((v) => !certainRejection(v.status!));
}
