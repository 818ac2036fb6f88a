// validate(object): what the API server would refuse in an object, as `[{ field, message }]`.
import type { FieldError, KubeObject, Pod, Toleration } from '../core/types';
import { settings } from '../core/config';
import { cachedPerObject } from '../core/cache';
import { validateTolerations } from '../k8s/validation';
import { validateObject } from '../k8s/validation-workloads';
import { asFieldErrors, undecodableQuantities } from '../k8s/decode';
import { POD_SPEC_PATHS, readFromCluster, toSubject } from '../k8s/subject';
import { typeErrors } from '../loader/typecheck';
import { withZeroItems } from '../k8s/go-decode';
import { podAdmissionRefusal, tolerationsBeforeValidation, type AdmissionRefusal } from '../admission';
import { chargeExistingPods, withQuotaCharges } from '../admission/resource-quota';

export { typeErrors };

/** Every field error the API server would report on create (an array of tolerations is checked as `tolerations`). */
export function validate(object: KubeObject | Toleration[]): FieldError[] {
  const gate = settings().featureGates.TaintTolerationComparisonOperators;
  // a null list item is the item's zero value, as the API server decodes it (k8s/go-decode.ts)
  if (Array.isArray(object)) return validateTolerations(withZeroItems(object), 'tolerations', gate);
  if (typeof object !== 'object' || object === null) return [];
  const wrongType = typeErrors(object);
  if (wrongType.length) return wrongType;
  return validateObject(admittedForValidation(withZeroItems(object)) as never, gate);
}

/** A Pod with its tolerations as admission leaves them for validation (admission/index.ts tolerationsBeforeValidation). */
function admittedForValidation(object: KubeObject): KubeObject {
  const spec = (object as Pod).spec;
  if (object.kind !== 'Pod' || !spec) return object;
  const tolerations = tolerationsBeforeValidation(spec);
  return tolerations === spec.tolerations ? object : { ...object, spec: { ...spec, tolerations } } as Pod;
}

export { readFromCluster };

/**
 * Fields placement never reads whose rules tightened within the supported releases (StrictIPCIDRValidation, beta
 * from 1.36) and which support bundles redact (to `***HIDDEN***` and a prefix length): a Node's spec.podCIDR(s), a
 * pod's hostAliases. Upstream re-validates them on every spec update (ValidateNode and ValidateHostAliases pass no old values to
 * IsValidCIDRForLegacyField/IsValidIPForLegacyField at v1.36.3 and v1.37.2), but the kubelet's status updates do not
 * (nodeStatusStrategy.ValidateUpdate), so such objects exist and run.
 */
const UNREAD = [/^spec\.podCIDRs(\[\d+\])?$/, /(^|\.)hostAliases\[\d+\]\./];

/** The API server's verdict on an input, and what of it was not checked. */
export interface InputCheck {
  errors: FieldError[];
  /** Errors on fields placement never reads (UNREAD), in an object read from a cluster: reported, not refused. */
  unchecked: FieldError[];
}

/** Lt/Gt tolerations in the object's pod spec (pkg/api/pod/util.go taintTolerationComparisonOperatorsInUse). */
function usesComparisonOperators(object: KubeObject): boolean {
  if (!object.kind || !POD_SPEC_PATHS[object.kind]) return false;
  return (toSubject(object).spec.tolerations ?? []).some((t) => t.operator === 'Lt' || t.operator === 'Gt');
}

/**
 * What the API server would refuse in a client's input. A manifest is validated as a create (validate). An object
 * read from a cluster is validated as an update of itself: a Pod's selectors are not merged again with its
 * matchLabelKeys and ValidatePodCreate's own checks (ephemeral containers, nodeName with schedulingGates) do not
 * run; a StatefulSet's volumeClaimTemplates are not validated again (SkipValidateVolumeClaimTemplates); Lt/Gt
 * tolerations already stored stay allowed without the gate (AllowTaintTolerationComparisonOperators,
 * GetValidationOptionsFromPodSpecAndMeta); and errors on fields placement never reads are only reported.
 */
export function validateInput(object: KubeObject | Toleration[]): InputCheck {
  if (Array.isArray(object) || typeof object !== 'object' || object === null || !readFromCluster(object)) return { errors: validate(object), unchecked: [] };
  const wrongType = typeErrors(object);
  if (wrongType.length) return { errors: wrongType, unchecked: [] };
  const decoded = withZeroItems(object);
  const gate = settings().featureGates.TaintTolerationComparisonOperators || usesComparisonOperators(decoded);
  const all = validateObject(decoded as never, gate, true);
  const unread = (e: FieldError) => UNREAD.some((r) => r.test(e.field));
  return { errors: all.filter((e) => !unread(e)), unchecked: all.filter(unread) };
}

/**
 * Quantities the API server cannot even decode (`cpu: 1K`). These are refused before validation runs,
 * so `configure({ validate: false })` does not make them acceptable: they would otherwise read as 0 or
 * as an unconstrained node.
 */
export function decodeErrors(object: KubeObject | Toleration[]): FieldError[] {
  if (Array.isArray(object) || typeof object !== 'object' || object === null) return [];
  const wrongType = typeErrors(object);
  if (wrongType.length) return wrongType;
  return asFieldErrors(undecodableQuantities(object));
}

// Once per object (and settings): a test.each over workloads checks the same nodes again and again, and a spec
// checking every node of a 5,000-node cluster in turn validates each node and pod once.
export const decodedOnce = cachedPerObject((o: object) => decodeErrors(o as KubeObject));
export const inputCheckedOnce = cachedPerObject((o: object) => validateInput(o as KubeObject));

/**
 * The API server's refusal of the Pod the object stands for (a Pod, or the pods a workload's controller creates) by
 * an admission plugin (Priority: admission/priority.ts; RuntimeClass: admission/runtime-class.ts): which, when
 * (`admit`, before validation; `validate`, after it) and the Status message. Undefined for an object whose quantities
 * do not decode (refused before).
 */
export const admissionRefusedOnce = cachedPerObject((o: object): AdmissionRefusal | undefined => {
  const object = o as KubeObject;
  if (Array.isArray(o) || !object.kind || !POD_SPEC_PATHS[object.kind] || typeErrors(object).length || decodedOnce(object).length) return undefined;
  // admission runs on the object as decoded too (a null container is a zero Container to LimitRanger)
  return podAdmissionRefusal(toSubject(withZeroItems(object)));
});

/**
 * The ResourceQuota refusal of the Pod `object` stands for once the namespace's quotas without status.used (a
 * manifest's) count the question's existing pods, as the quota controller's usage would (resource_quota_controller.go
 * syncResourceQuota over the namespace's pods). Undefined when no such quota or pod is given, or when the object is
 * refused without them (admissionRefusedOnce says so).
 */
export function quotaRefusalWithPods(object: KubeObject, existingPods: readonly Pod[]): AdmissionRefusal | undefined {
  const { admission, resourceQuotas } = settings();
  if (!existingPods.length || !admission.resourceQuota || !resourceQuotas.some((q) => !(q as { status?: { used?: unknown } }).status?.used)) return undefined;
  if (!object.kind || !POD_SPEC_PATHS[object.kind] || admissionRefusedOnce(object)) return undefined;
  const refused = withQuotaCharges(() => {
    chargeExistingPods(existingPods);
    return podAdmissionRefusal(toSubject(object));
  });
  return refused?.plugin === 'ResourceQuota' ? refused : undefined;
}
