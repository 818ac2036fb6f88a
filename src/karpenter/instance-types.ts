// Instance types the caller states, checked as kubernetes-sigs/karpenter pkg/controllers/provisioning/scheduling/nodeclaim.go
// filterInstanceTypesByRequirements does (compatible, fits, InstanceTypeFilterError.Error), instead of assuming one fits.
import { parseQuantity } from '../k8s/quantity';
import { CAPACITY_TYPE_LABEL, INSTANCE_TYPE, ZONE } from './labels';
import { hasIntersection, intersects, requirement, labelRequirements, type Requirements } from './requirements';

export interface InstanceTypeOffering {
  zone?: string;
  capacityType?: string;
  /** false: not offered now (Karpenter skips unavailable offerings). Default true. */
  available?: boolean;
}

export interface InstanceType {
  name: string;
  /** What a node of this type can hold (its allocatable), e.g. { cpu: '4', memory: '16Gi', pods: '58', 'nvidia.com/gpu': '1' }. */
  capacity: Record<string, string>;
  /** Its well-known labels (arch, os, karpenter.k8s.aws/instance-family, …); the name becomes node.kubernetes.io/instance-type. */
  labels?: Record<string, string>;
  /** Where and how it is offered; absent: every zone and capacity type. */
  offerings?: InstanceTypeOffering[];
}

export class InstanceTypeInputError extends Error {}

/** The caller's list, checked so that a wrong shape is named rather than read. */
export function checkInstanceTypes(x: unknown): InstanceType[] {
  if (!Array.isArray(x)) throw new InstanceTypeInputError(`instanceTypes must be an array of { name, capacity, labels?, offerings? }, received ${JSON.stringify(x)?.slice(0, 80)}`);
  x.forEach((it, i) => {
    if (typeof it !== 'object' || it === null || typeof it.name !== 'string' || !it.name) throw new InstanceTypeInputError(`instanceTypes[${i}].name: expected a string`);
    if (typeof it.capacity !== 'object' || it.capacity === null) throw new InstanceTypeInputError(`instanceTypes[${i}].capacity: expected a resource list such as { cpu: '4', memory: '16Gi' }`);
    for (const [k, v] of Object.entries(it.capacity)) {
      try {
        parseQuantity(v as string);
      } catch (e) {
        throw new InstanceTypeInputError(`instanceTypes[${i}].capacity["${k}"]: ${(e as Error).message}`);
      }
    }
  });
  return x as InstanceType[];
}

/** The outcome of filtering: what is left, and Karpenter's error text when nothing is. */
export interface InstanceTypeFilter {
  remaining: InstanceType[];
  /** InstanceTypeFilterError.Error without its `, requirements=…, resources=…` tail. */
  reason?: string;
}

const fitsIn = (requests: Map<string, bigint>, capacity: Record<string, string>) =>
  [...requests].every(([k, v]) => v <= (capacity[k] === undefined ? 0n : parseQuantity(capacity[k]).nanos));

function offeringCompatible(reqs: Requirements, o: InstanceTypeOffering): boolean {
  if (o.available === false) return false;
  const zone = reqs.get(ZONE);
  const ct = reqs.get(CAPACITY_TYPE_LABEL);
  return (!zone || o.zone === undefined || hasIntersection(zone, requirement(ZONE, 'In', [o.zone])))
    && (!ct || o.capacityType === undefined || hasIntersection(ct, requirement(CAPACITY_TYPE_LABEL, 'In', [o.capacityType])));
}

/** compatible + fits per instance type, and the error text by which criteria no single type met. */
export function filterInstanceTypes(types: InstanceType[], reqs: Requirements, requests: Map<string, bigint>): InstanceTypeFilter {
  const f = { req: false, fits: false, offer: false, reqFits: false, reqOffer: false, fitsOffer: false };
  const remaining: InstanceType[] = [];
  for (const it of types) {
    // the instance type's own requirements: its labels; zone and capacity type live in its offerings
    const own = labelRequirements({ ...(it.labels ?? {}), [INSTANCE_TYPE]: it.name });
    const compat = intersects(own, reqs).length === 0;
    const offer = (it.offerings ?? [{}]).some((o) => offeringCompatible(reqs, o));
    const fits = offer && fitsIn(requests, it.capacity); // fits() counts resources only with a compatible offering
    f.req ||= compat; f.fits ||= fits; f.offer ||= offer;
    f.reqFits ||= compat && fits && !offer; f.reqOffer ||= compat && offer && !fits; f.fitsOffer ||= fits && offer && !compat;
    if (compat && fits && offer) remaining.push(it);
  }
  if (remaining.length) return { remaining };
  return { remaining, reason: filterReason(f) };
}

function filterReason(f: { req: boolean; fits: boolean; offer: boolean; reqFits: boolean; reqOffer: boolean; fitsOffer: boolean }): string {
  if (!f.req && !f.fits && !f.offer) return 'no instance type met the scheduling requirements or had enough resources or had a required offering';
  if (!f.req && !f.fits) return 'no instance type met the scheduling requirements or had enough resources';
  if (!f.req && !f.offer) return 'no instance type met the scheduling requirements or had a required offering';
  if (!f.fits && !f.offer) return 'no instance type had enough resources or had a required offering';
  if (!f.req) return 'no instance type met all requirements';
  if (!f.fits) return 'no instance type has enough resources';
  if (!f.offer) return 'no instance type has the required offering';
  if (f.reqFits) return 'no instance type which met the scheduling requirements and had enough resources, had a required offering';
  if (f.fitsOffer) return 'no instance type which had enough resources and the required offering met the scheduling requirements';
  if (f.reqOffer) return 'no instance type which met the scheduling requirements and the required offering had the required resources';
  return 'no instance type met the requirements/resources/offering tuple';
}
