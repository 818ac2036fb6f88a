// Instance types the caller states, checked as kubernetes-sigs/karpenter pkg/controllers/provisioning/scheduling/nodeclaim.go
// filterInstanceTypesByRequirements does (compatible, fits, InstanceTypeFilterError.Error), instead of assuming one fits,
// and ordered as pkg/cloudprovider/types.go InstanceTypes.OrderByPrice orders the ones left for a launch.
import { parseQuantity } from '../k8s/quantity';
import { CAPACITY_TYPE_LABEL, INSTANCE_TYPE, ZONE } from './labels';
import { formatRequirement, hasIntersection, intersects, requirement, labelRequirements, type Requirements } from './requirements';

export interface InstanceTypeOffering {
  zone?: string;
  capacityType?: string;
  /** false: not offered now (Karpenter skips unavailable offerings). Default true. */
  available?: boolean;
  /** The offering's price (per hour, as the provider's pricing gives it): Karpenter launches the cheapest type that fits. */
  price?: number;
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
    (Array.isArray(it.offerings) ? it.offerings : []).forEach((o: InstanceTypeOffering, j: number) => {
      if (o?.price !== undefined && (typeof o.price !== 'number' || !Number.isFinite(o.price) || o.price < 0)) {
        throw new InstanceTypeInputError(`instanceTypes[${i}].offerings[${j}].price: expected a number ≥ 0, received ${JSON.stringify(o.price)}`);
      }
    });
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
  /** Each type left out, in the order given, with every criterion it fails (requirements, offerings, resources). */
  rejected: Array<{ name: string; why: string[] }>;
}

const amount = (nanos: bigint) => parseQuantity(`${nanos}n`).canonical();

/** The DaemonSet pods' requests on a type (daemon-overhead.ts: its DaemonOverheadGroup), added to the pod's. */
export interface TypeOverhead { requests: Map<string, bigint>; daemonSets: string[] }

/**
 * The requests the capacity does not hold: `nvidia.com/gpu: the pod requests 1, the type has 0`; with DaemonSet pods on
 * the type, their part and the sum.
 */
const shortOf = (requests: Map<string, bigint>, capacity: Record<string, string>, overhead?: TypeOverhead) =>
  [...new Set([...requests.keys(), ...(overhead?.requests.keys() ?? [])])].flatMap((k) => {
    const own = requests.get(k) ?? 0n;
    const daemons = overhead?.requests.get(k) ?? 0n;
    const has = capacity[k] === undefined ? 0n : parseQuantity(capacity[k]).nanos;
    if (own + daemons <= has) return [];
    if (daemons === 0n) return [`${k}: the pod requests ${amount(own)}, the type has ${capacity[k] ?? '0'}`];
    return [`${k}: the pod requests ${amount(own)} and the DaemonSet pods on it ${amount(daemons)} (${overhead!.daemonSets.join(', ')}), ${amount(own + daemons)} in all; the type has ${capacity[k] ?? '0'}`];
  });

/** Why no offering of the type is available and compatible: the zone and capacity type asked for. */
function offeringWhy(reqs: Requirements, it: InstanceType): string {
  const asked = [reqs.get(ZONE), reqs.get(CAPACITY_TYPE_LABEL)].filter((r) => r !== undefined).map((r) => formatRequirement(r!));
  const offered = (it.offerings ?? []).map((o) => [o.zone, o.capacityType, o.available === false ? 'unavailable' : ''].filter(Boolean).join(' ') || 'any');
  return `no available offering${asked.length ? ` with ${asked.join(' and ')}` : ''} (offerings: ${offered.join(', ') || 'none'})`;
}

function offeringCompatible(reqs: Requirements, o: InstanceTypeOffering): boolean {
  if (o.available === false) return false;
  const zone = reqs.get(ZONE);
  const ct = reqs.get(CAPACITY_TYPE_LABEL);
  return (!zone || o.zone === undefined || hasIntersection(zone, requirement(ZONE, 'In', [o.zone])))
    && (!ct || o.capacityType === undefined || hasIntersection(ct, requirement(CAPACITY_TYPE_LABEL, 'In', [o.capacityType])));
}

/** The zones and capacity types of a type's available offerings (none given: any). */
const offered = (it: InstanceType, of: (o: InstanceTypeOffering) => string | undefined) =>
  it.offerings === undefined ? undefined : [...new Set(it.offerings.filter((o) => o.available !== false).map(of).filter((v): v is string => v !== undefined))];

/**
 * The instance type's own requirements, as providers build them (pkg/cloudprovider/fake NewInstanceType, the AWS
 * provider's computeRequirements): its labels and name, and zone and capacity type In the values of its available
 * offerings, so that a pod asking for a zone or capacity type no offering has fails the requirements too.
 */
export function ownRequirements(it: InstanceType): Requirements {
  const own = labelRequirements({ ...(it.labels ?? {}), [INSTANCE_TYPE]: it.name });
  for (const [key, values] of [[ZONE, offered(it, (o) => o.zone)], [CAPACITY_TYPE_LABEL, offered(it, (o) => o.capacityType)]] as const) {
    if (values && !(it.offerings ?? []).some((o) => (key === ZONE ? o.zone : o.capacityType) === undefined)) own.set(key, requirement(key, 'In', values));
  }
  return own;
}

/**
 * SatisfiesMinValues (cloudprovider/types.go) per key: the distinct values the types carry (their own requirements:
 * labels, name, offered zones and capacity types) that the requirement allows.
 */
export function minValuesShort(types: readonly InstanceType[], reqs: Requirements, single: ReadonlySet<string> = new Set()): Array<{ key: string; count: number; minValues: number }> {
  const owns = types.map(ownRequirements);
  return [...reqs.values()].filter((r) => r.minValues !== undefined).flatMap((r) => {
    const values = new Set(owns.flatMap((o) => [...(o.get(r.key)?.values ?? [])]).filter((v) => hasIntersection(r, requirement(r.key, 'In', [v]))));
    // a topology spread on the key narrows the NodeClaim to one domain first (nextDomainTopologySpread)
    const count = single.has(r.key) ? Math.min(values.size, 1) : values.size;
    return count < r.minValues! ? [{ key: r.key, count, minValues: r.minValues! }] : [];
  });
}

/**
 * compatible + fits per instance type, and the error text by which criteria no single type met. `overheadOf`: the
 * DaemonSet pods' requests on a type (filterInstanceTypesByRequirements adds its group's DaemonOverhead to the requests).
 */
export function filterInstanceTypes(types: InstanceType[], reqs: Requirements, requests: Map<string, bigint>, overheadOf?: (it: InstanceType) => TypeOverhead | undefined): InstanceTypeFilter {
  const f = { req: false, fits: false, offer: false, reqFits: false, reqOffer: false, fitsOffer: false };
  const remaining: InstanceType[] = [];
  const rejected: InstanceTypeFilter['rejected'] = [];
  for (const it of types) {
    const own = ownRequirements(it);
    const conflicts = intersects(own, reqs);
    const compat = conflicts.length === 0;
    const offer = (it.offerings ?? [{}]).some((o) => offeringCompatible(reqs, o));
    const short = shortOf(requests, it.capacity, overheadOf?.(it));
    const fits = offer && short.length === 0; // fits() counts resources only with a compatible offering
    f.req ||= compat; f.fits ||= fits; f.offer ||= offer;
    f.reqFits ||= compat && fits && !offer; f.reqOffer ||= compat && offer && !fits; f.fitsOffer ||= fits && offer && !compat;
    if (compat && fits && offer) remaining.push(it);
    else rejected.push({ name: it.name, why: [...conflicts.map((c) => c.message), ...(offer ? [] : [offeringWhy(reqs, it)]), ...short] });
  }
  if (remaining.length) return { remaining, rejected };
  return { remaining, rejected, reason: filterReason(f) };
}

/** The price of the type's cheapest available offering compatible with the requirements; undefined when none has a price. */
export function cheapestPrice(it: InstanceType, reqs: Requirements): number | undefined {
  const prices = (it.offerings ?? []).filter((o) => o.price !== undefined && offeringCompatible(reqs, o)).map((o) => o.price!);
  return prices.length ? Math.min(...prices) : undefined;
}

/**
 * InstanceTypes.OrderByPrice: cheapest compatible available offering first, equal prices by name. A type without a
 * priced offering sorts last (upstream's MaxFloat64 for a type without a compatible offering; a provider always prices
 * its offerings, so here a missing price is unknown rather than free).
 */
export function orderByPrice(types: readonly InstanceType[], reqs: Requirements): InstanceType[] {
  const price = new Map(types.map((it) => [it, cheapestPrice(it, reqs) ?? Infinity]));
  return [...types].sort((a, b) => {
    const pa = price.get(a)!, pb = price.get(b)!;
    return pa !== pb ? (pa < pb ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
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

/** A type's `capacity` of a resource in nanos (0 when it has none or the amount does not parse). */
function capacityOf(it: InstanceType, name: string): bigint {
  try {
    return it.capacity[name] === undefined ? 0n : parseQuantity(it.capacity[name]).nanos;
  } catch {
    return 0n;
  }
}

/**
 * The instance types a NodePool offers, as provisioning/scheduling/scheduler.go NewScheduler pre-filters them for its
 * NodeClaim template (filterInstanceTypesByRequirements against the pool's own requirements, with no pod and no
 * requests: compatible and with an available compatible offering; then minValues, whose failure leaves none): a pool
 * left with none is dropped from the scheduler, so it gives no error of its own.
 */
export function poolInstanceTypes(types: InstanceType[], reqs: Requirements): InstanceTypeFilter {
  const f = filterInstanceTypes(types, reqs, new Map());
  if (!f.remaining.length) return f;
  const short = minValuesShort(f.remaining, reqs);
  if (!short.length) return f;
  const why = short.map((r) => `the NodePool's instance types carry ${r.count} allowed value(s) of ${r.key}, fewer than its minValues ${r.minValues}`);
  return { remaining: [], rejected: [...f.rejected, ...f.remaining.map((t) => ({ name: t.name, why }))] };
}

/**
 * filterByRemainingResources (scheduler.go addToNewNodeClaim): with `spec.limits` and nothing launched yet, each type
 * whose capacity of a limited resource exceeds the limit is left out (capacity, not what a node holds: the limit
 * counts whole nodes). Limits that do not parse are left to the NodePool's validation.
 */
export function withinLimits(types: InstanceType[], limits: Record<string, string | number>): { kept: InstanceType[]; over: Array<{ name: string; why: string[] }> } {
  const parsed = Object.entries(limits).flatMap(([k, v]) => {
    try {
      return [{ k, v, nanos: parseQuantity(v).nanos }];
    } catch {
      return [];
    }
  });
  const kept: InstanceType[] = [];
  const over: Array<{ name: string; why: string[] }> = [];
  for (const it of types) {
    const why = parsed.filter(({ k, nanos }) => capacityOf(it, k) > nanos).map(({ k, v }) => `its ${k} capacity ${it.capacity[k]} exceeds spec.limits["${k}"] ${v}`);
    if (why.length) over.push({ name: it.name, why });
    else kept.push(it);
  }
  return { kept, over };
}
