// The LimitRanger admission plugin (on by default in kube-apiserver, first of the mutating plugins modelled:
// AllOrderedPlugins): plugin/pkg/admission/limitranger/admission.go, the same at 1.33–1.37. On a Pod's create its
// Admit gives each container the defaults of the namespace's LimitRanges (PodMutateLimitFunc); its Validate, after
// the pod is validated, refuses a pod outside their min, max or maxLimitRequestRatio (PodValidateLimitFunc), the
// first LimitRange that does naming every violation. The rules are k8s/limit-range.ts; the cluster's LimitRanges are
// `settings().limitRanges` (configure({ limitRanges })).
import type { PodSpec } from '../core/types';
import { gateEnabled, settings, type PlacementSettings } from '../core/config';
import type * as LimitRangeRules from '../k8s/limit-range';
import type { LimitRange } from '../k8s/limit-range';
import { describeObject } from '../k8s/subject';

// The rules are read only where a namespace has LimitRanges, or ResourceQuotas read the pod's amounts (decodedSpec): a
// question without either does not load them.
const rules = (): typeof LimitRangeRules => require('../k8s/limit-range');

/** A configured LimitRange the API server would not hold. */
export class LimitRangeInputError extends Error {}

let cached: { from: Readonly<PlacementSettings>; byNamespace: Map<string, LimitRange[]> } | undefined;

/**
 * The LimitRanges of each namespace as the API server stores them (SetDefaults_LimitRangeItem), in the given order.
 * Throws LimitRangeInputError, naming the object and where it was read, for one ValidateLimitRange refuses.
 */
function limitRangesByNamespace(): Map<string, LimitRange[]> {
  const now = settings();
  if (cached?.from === now) return cached.byNamespace;
  const byNamespace = new Map<string, LimitRange[]>();
  const { defaultLimitRange, limitRangeProblems } = rules();
  for (const given of now.limitRanges as readonly LimitRange[]) {
    const limitRange = defaultLimitRange(given);
    const errors = limitRangeProblems(limitRange);
    if (errors.length) {
      throw new LimitRangeInputError(`configure({ limitRanges }): ${describeObject(given)} would be rejected by the API server:\n${errors.map((e) => `  ${e.field}: ${e.message}`).join('\n')}`);
    }
    const namespace = given.metadata?.namespace || 'default';
    byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), limitRange]);
  }
  cached = { from: now, byNamespace };
  return byNamespace;
}

/** The LimitRanges the plugin reads for a pod in `namespace`: none when the plugin is off. */
export function namespaceLimitRanges(namespace: string): readonly LimitRange[] {
  if (!settings().admission.limitRanger || !settings().limitRanges.length) return [];
  return limitRangesByNamespace().get(namespace || 'default') ?? [];
}

/**
 * The plugin's Admit on a pod being created in `namespace`: the spec as decoded (a limit without a request is also
 * the request, SetDefaults_Pod) with each container's missing requests and limits from the namespace's LimitRanges.
 * The same spec when there is no LimitRange there.
 */
export function admitLimitRanger(spec: PodSpec, namespace: string): PodSpec {
  const limitRanges = namespaceLimitRanges(namespace);
  if (!limitRanges.length) return spec;
  return rules().withLimitRangeDefaults(decodedSpec(spec), limitRanges);
}

/**
 * The spec as the decoder leaves it for the admission plugins: each limit without a request also the request, and
 * before 1.37 the pod-level requests completed (withPodLevelDefaults; from 1.37 PrepareForCreate does it, after the
 * mutating plugins). The library reads the same amounts from the spec as written (k8s/resources.ts).
 */
export function decodedSpec(spec: PodSpec): PodSpec {
  const { withPodLevelDefaults, withRequestsFromLimits } = rules();
  const withRequests = withRequestsFromLimits(spec);
  return gateEnabled('PodLevelResources') && !gateEnabled('PodLevelResourcesFixDefaulting') ? withPodLevelDefaults(withRequests, false) : withRequests;
}

/**
 * The plugin's Validate on the pod as admitted (after every mutating plugin): why it refuses it (admission.NewForbidden's
 * reason), undefined when it does not. PodLevelResources is the release's gate.
 */
export function validateLimitRanger(spec: PodSpec, namespace: string): string | undefined {
  const limitRanges = namespaceLimitRanges(namespace);
  if (!limitRanges.length) return undefined;
  // the pod-level resources as PrepareForCreate completes them from 1.37, before the validating plugins
  const { limitRangeViolation, withPodLevelDefaults } = rules();
  const podLevel = gateEnabled('PodLevelResources');
  const stored = podLevel && gateEnabled('PodLevelResourcesFixDefaulting') ? withPodLevelDefaults(spec, true) : spec;
  for (const limitRange of limitRanges) {
    const violation = limitRangeViolation(stored, limitRange, podLevel);
    if (violation !== undefined) return violation;
  }
  return undefined;
}
