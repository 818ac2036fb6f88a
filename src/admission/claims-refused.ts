// The claims a StatefulSet's controller creates for a pod before the pod itself (stateful_set_control.go
// createPersistentVolumeClaims), as the API server's create path meets them: a refused claim stops the controller, so
// the StatefulSet has no pod. The replica placement and the per-node matchers ask it alike.
import type { KubeObject } from '../core/types';
import { releaseAtLeast } from '../core/config';
import { readFromCluster } from '../k8s/subject';
import type * as ClaimValidation from '../k8s/validation-claim';
import { validateObjectMeta } from '../k8s/validation-meta';
import { nameIsDNSSubdomain } from '../k8s/names';

const spec = (o: KubeObject) => ((o as { spec?: Record<string, unknown> }).spec ?? {});

type ClaimTemplate = { metadata?: { name?: string; generateName?: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: never };

/**
 * The metadata of the claim the StatefulSet controller creates from a template for the pod of `ordinal`
 * (stateful_set_utils.go getPersistentVolumeClaims: named `<template>-<set>-<ordinal>`, in the set's namespace, the
 * template's labels with the selector's matchLabels over them, its annotations and generateName kept), as
 * ValidatePersistentVolumeClaim's ValidateObjectMeta checks it (a DNS-1123 subdomain name, labels, annotations).
 */
function claimMetadataErrors(set: KubeObject, t: ClaimTemplate, ordinal: number) {
  const matchLabels = (spec(set).selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels;
  const m = t.metadata ?? {};
  const labels = m.labels ? { ...m.labels, ...matchLabels } : matchLabels;
  const meta = { name: `${m.name ?? ''}-${set.metadata?.name ?? ''}-${ordinal}`, generateName: m.generateName, labels, annotations: m.annotations };
  return validateObjectMeta(meta, true, nameIsDNSSubdomain);
}

// (a claim's validation, read only for a StatefulSet with claim templates)
const claimValidation = (): typeof ClaimValidation => require('../k8s/validation-claim');

/**
 * A StatefulSet whose first pod's claims the API server refuses when its controller creates them: the controller then
 * creates no pod (stateful_set_control.go createPersistentVolumeClaims fails first), and why; undefined otherwise.
 */
export function claimsRefused(workload: KubeObject, storage?: readonly KubeObject[]): string | undefined {
  if (workload.kind !== 'StatefulSet') return undefined;
  // from 1.34 a StatefulSet with bad template specs is refused on create, but one read from a cluster was stored before
  const refused = refusedClaimTemplate(workload, storage, !releaseAtLeast('1.34') || readFromCluster(workload));
  return refused && `the API server refuses the PersistentVolumeClaims of ${refused}: the StatefulSet controller creates no pods without them`;
}

/**
 * The first volumeClaimTemplate (by name, as the controller creates them) whose claim for the first pod the API server
 * refuses (its metadata; with `specs`, its spec too), and why; a claim among the storage objects given exists already
 * and is not created (stateful_set_control.go createPersistentVolumeClaims creates only the missing ones).
 */
function refusedClaimTemplate(set: KubeObject, storage: readonly KubeObject[] = [], specs = true): string | undefined {
  const raw = spec(set).volumeClaimTemplates;
  const templates = (Array.isArray(raw) ? raw : []) as ClaimTemplate[];
  const sorted = templates.map((t, i) => ({ t: t ?? {}, i })).sort((a, b) => ((a.t.metadata?.name ?? '') < (b.t.metadata?.name ?? '') ? -1 : 1));
  const ns = set.metadata?.namespace || 'default';
  const start = (spec(set).ordinals as { start?: unknown } | undefined)?.start;
  const ordinal = typeof start === 'number' && Number.isInteger(start) && start >= 0 ? start : 0;
  const given = (claim: string) => storage.some((o) => o.kind === 'PersistentVolumeClaim' && o.metadata?.name === claim && (o.metadata?.namespace || 'default') === ns);
  for (const { t, i } of sorted) {
    if (given(`${t.metadata?.name ?? ''}-${set.metadata?.name ?? ''}-${ordinal}`)) continue;
    const errs = [...claimMetadataErrors(set, t, ordinal), ...(specs ? claimValidation().validateClaimSpec(t.spec, 'spec') : [])];
    if (errs.length) return `spec.volumeClaimTemplates[${i}] (${errs.map((e) => `${e.field}: ${e.message}`).join('; ')})`;
  }
  return undefined;
}
