// The ResourceQuota admission plugin (on by default in kube-apiserver, the last validating plugin: AllOrderedPlugins)
// on a Pod's create: staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go CheckRequest over
// the pod evaluator (pkg/quota/v1/evaluator/core/pods.go), the same rules at 1.33–1.37 for the resources modelled.
// The rules are k8s/resource-quota.ts; the quotas are `settings().resourceQuotas` (configure({ resourceQuotas })), their
// usage their status.used, else the quota controller's count over the existing pods a placement or a single-pod
// question is given (chargeExistingPods; engine/validate.ts quotaRefusalWithPods), or over none (an empty namespace).
import type { Pod, PodSpec } from '../core/types';
import { gateEnabled, settings, type PlacementSettings } from '../core/config';
import type { QuantityList } from '../k8s/limit-range';
import type * as LimitRangeRules from '../k8s/limit-range';
import type * as QuotaRules from '../k8s/resource-quota';
import type { ResourceQuota } from '../k8s/resource-quota';
import { describeObject } from '../k8s/subject';

// The quota rules are read only where the cluster has ResourceQuotas (configure({ resourceQuotas })): a question
// without any does not load them.
const limitRangeRules = (): typeof LimitRangeRules => require('../k8s/limit-range');
const quotaRules = (): typeof QuotaRules => require('../k8s/resource-quota');

/** A configured ResourceQuota the API server would not hold. */
export class ResourceQuotaInputError extends Error {}

interface Namespaced {
  quotas: ResourceQuota[];
  used: Map<ResourceQuota, QuantityList>;
}

let cached: { from: Readonly<PlacementSettings>; byNamespace: Map<string, Namespaced> } | undefined;

/** The quotas of each namespace with their usage; throws ResourceQuotaInputError for one the API server would refuse. */
function quotasByNamespace(): Map<string, Namespaced> {
  const now = settings();
  if (cached?.from === now) return cached.byNamespace;
  const byNamespace = new Map<string, Namespaced>();
  for (const quota of now.resourceQuotas as readonly ResourceQuota[]) {
    const errors = quotaRules().resourceQuotaProblems(quota);
    if (errors.length) {
      throw new ResourceQuotaInputError(`configure({ resourceQuotas }): ${describeObject(quota)} would be rejected by the API server:\n${errors.map((e) => `  ${e.field}: ${e.message}`).join('\n')}`);
    }
    const namespace = quota.metadata?.namespace || 'default';
    const entry: Namespaced = byNamespace.get(namespace) ?? { quotas: [], used: new Map() };
    entry.quotas.push(quota);
    entry.used.set(quota, quota.status?.used ? limitRangeRules().quantityList(quota.status.used) : quotaRules().quotaUsed(quota, [], gateEnabled('PodLevelResources')));
    byNamespace.set(namespace, entry);
  }
  cached = { from: now, byNamespace };
  return byNamespace;
}

/**
 * The pods a question has created so far (a placement's replicas, one after another), charged to their quotas: each
 * create the plugin admits adds the pod's usage to the quota it checks the next against (controller.go CheckRequest
 * writes the new usage before the pod is stored), so the replicas past the quota are refused.
 */
let charged: Map<ResourceQuota, QuantityList> | undefined;

/** Run `fn` with a fresh record of the pods it creates (`chargeResourceQuota`), checked by validateResourceQuota. */
export function withQuotaCharges<T>(fn: () => T): T {
  const before = charged;
  charged = new Map();
  try {
    return fn();
  } finally {
    charged = before;
  }
}

/** The usage of the namespace's quotas with what this question created (withQuotaCharges). */
function usedNow(entry: Namespaced): ReadonlyMap<ResourceQuota, QuantityList> {
  if (!charged?.size) return entry.used;
  const { addLists } = quotaRules();
  return new Map(entry.quotas.map((q) => [q, charged!.has(q) ? addLists(entry.used.get(q)!, charged!.get(q)!) : entry.used.get(q)!]));
}

/**
 * The plugin's Validate on a pod being created in `namespace`, as admitted by every plugin before it: why the
 * namespace's quotas refuse it (admission.NewForbidden's reason), undefined when they admit it or the plugin is off.
 */
export function validateResourceQuota(spec: PodSpec, namespace: string): string | undefined {
  if (!settings().admission.resourceQuota || !settings().resourceQuotas.length) return undefined;
  const entry = quotasByNamespace().get(namespace || 'default');
  // the pod as decoded: a limit without a request is also the request (SetDefaults_Pod), which Constraints and Usage read
  return entry && quotaRules().quotaRefusal(entry.quotas, usedNow(entry), limitRangeRules().withRequestsFromLimits(spec), gateEnabled('PodLevelResources'));
}

/**
 * Within withQuotaCharges: the cluster's existing pods counted in the quotas that have no status.used (a manifest's):
 * the usage the quota controller would have written for them (resource_quota_controller.go syncResourceQuota over the
 * namespace's pods; an ended pod counts only in `count/pods`, as quotaUsed reads its phase).
 */
export function chargeExistingPods(pods: readonly Pod[]): void {
  if (!charged || !settings().admission.resourceQuota || !settings().resourceQuotas.length) return;
  const podLevel = gateEnabled('PodLevelResources');
  const { addLists, quotaUsed } = quotaRules();
  const { withRequestsFromLimits } = limitRangeRules();
  for (const pod of pods) {
    const entry = quotasByNamespace().get(pod.metadata?.namespace || 'default');
    for (const quota of entry?.quotas ?? []) {
      if (quota.status?.used) continue;
      const usage = quotaUsed(quota, [{ spec: withRequestsFromLimits(pod.spec ?? { containers: [] }), phase: pod.status?.phase }], podLevel);
      charged.set(quota, charged.has(quota) ? addLists(charged.get(quota)!, usage) : usage);
    }
  }
}

/** Charge a created pod (its spec as admitted) to the quotas of its namespace, within withQuotaCharges. */
export function chargeResourceQuota(spec: PodSpec, namespace: string): void {
  if (!charged || !settings().admission.resourceQuota || !settings().resourceQuotas.length) return;
  const entry = quotasByNamespace().get(namespace || 'default');
  const podLevel = gateEnabled('PodLevelResources');
  const { addLists, quotaUsed } = quotaRules();
  const { withRequestsFromLimits } = limitRangeRules();
  for (const quota of entry?.quotas ?? []) {
    const usage = quotaUsed(quota, [{ spec: withRequestsFromLimits(spec) }], podLevel);
    charged.set(quota, charged.has(quota) ? addLists(charged.get(quota)!, usage) : usage);
  }
}
