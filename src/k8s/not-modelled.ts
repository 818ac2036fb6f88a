// What a pod uses that the library does not model, so that no answer calls it schedulable on the strength of the
// filters it does model (issue 21 item 2). The default profile's plugin left out: DynamicResources (DRA claims, and
// from 1.36 the extended resources a DeviceClass backs; pkg/scheduler/apis/config/v1/default_plugins.go). The volume
// plugins are modelled (issue 34); a claim whose storage the inputs leave undecided is not (engine/not-modelled.ts).
//
// The semantics the clients follow: the plugins are ANDed, so a node that a modelled filter rejects is rejected
// whatever the others say (certainRejection), and where every modelled filter passes the verdict is unknown.
import { gateEnabled } from '../core/config';
import type { Subject } from './subject';

/** The part of a filter Status the rules read. */
type Status = { plugin: string; reasons: readonly string[] };

export interface NotModelled {
  /** The upstream plugin(s) that decide it, e.g. `DynamicResources`, `VolumeBinding, VolumeZone, NodeVolumeLimits`. */
  what: string;
  /** The field of the pod that uses it, and why it matters. */
  detail: string;
}

/** The implicit extended resource of a DeviceClass (DRAExtendedResource, KEP-5004): `deviceclass.resource.kubernetes.io/<class>`. */
export const DEVICE_CLASS_RESOURCE_PREFIX = 'deviceclass.resource.kubernetes.io/';

/** The upstream plugins that decide a claim (engine/not-modelled.ts words the claims the inputs leave undecided). */
export const CLAIM_VOLUME = 'VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions';

type Named = { name?: string };
type AnyContainer = Named & { resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> } };

/** From 1.36 (DRAExtendedResource beta, on): DynamicResources allocates a DeviceClass's implicit extended resource. */
const draExtendedResources = () => gateEnabled('DRAExtendedResource');

function deviceClassResources(subject: Subject): NotModelled[] {
  if (!draExtendedResources()) return [];
  const out: NotModelled[] = [];
  const lists: Array<[AnyContainer[] | undefined, string]> = [[subject.spec.containers as AnyContainer[], 'containers'], [subject.spec.initContainers as AnyContainer[], 'initContainers']];
  for (const [containers, field] of lists) {
    (containers ?? []).forEach((c, i) => {
      const names = new Set([...Object.keys(c.resources?.requests ?? {}), ...Object.keys(c.resources?.limits ?? {})]);
      for (const name of names) {
        if (!name.startsWith(DEVICE_CLASS_RESOURCE_PREFIX)) continue;
        out.push({ what: 'DynamicResources', detail: `${subject.specPath}.${field}[${i}] requests ${name}: DynamicResources allocates it from DeviceClass ${name.slice(DEVICE_CLASS_RESOURCE_PREFIX.length)}'s devices (DRAExtendedResource), not from the node's allocatable` });
      }
    });
  }
  return out;
}

/**
 * The parts of the subject's pod the library does not model whatever the inputs: DRA claims and DeviceClass-backed
 * resources; empty for most pods. Volumes are modelled (the four volume plugins of the default profile), except the
 * claims whose storage the inputs leave undecided: engine/not-modelled.ts adds those (admission/pod-storage.ts).
 * Inline `csi:` volumes (CSI ephemeral volumes, e.g. the Secrets Store driver's) are read by no volume plugin
 * (NodeVolumeLimits counts only migratable in-tree inline volumes, csi.go checkAttachableInlineVolume), so they never
 * constrain placement; the in-tree disks are counted and conflict-checked by the plugins.
 */
export function notModelledFor(subject: Subject): NotModelled[] {
  const spec = subject.spec as Subject['spec'] & { resourceClaims?: Named[] };
  const out: NotModelled[] = [];
  (spec.resourceClaims ?? []).forEach((c, i) => out.push({
    what: 'DynamicResources',
    detail: `${subject.specPath}.resourceClaims[${i}]${c?.name ? ` (${c.name})` : ''}: a DRA ResourceClaim, allocated by DynamicResources from ResourceSlices the library does not read`,
  }));
  out.push(...deviceClassResources(subject));
  return out;
}

/**
 * A modelled filter's rejection stands although the pod uses what is not modelled: every one but NodeResourcesFit's
 * shortfall of a DeviceClass-backed resource, which DynamicResources may satisfy instead (noderesources/fit.go at
 * 1.36+ leaves such a resource to DRA when a DeviceClass maps it).
 */
export function certainRejection(status: Status): boolean {
  if (status.plugin !== 'NodeResourcesFit' || !draExtendedResources()) return true;
  return !status.reasons.some((r) => r.startsWith(`Insufficient ${DEVICE_CLASS_RESOURCE_PREFIX}`)) ||
    status.reasons.some((r) => r === 'Too many pods' || (r.startsWith('Insufficient ') && !r.startsWith(`Insufficient ${DEVICE_CLASS_RESOURCE_PREFIX}`)));
}
