// Would Karpenter provision a node from this NodePool for the subject's pod? Ported from kubernetes-sigs/karpenter:
// pkg/scheduling/requirements.go newPodRequirements, pkg/scheduling/taints.go Taints.Tolerates,
// pkg/controllers/provisioning/scheduling/nodeclaim.go NodeClaim.CanAdd (taints, then Compatible),
// preferences.go Preferences.Relax and scheduler.go trySchedule/addToNewNodeClaim (relaxation is global, first pool in order wins),
// provisioner.go Validate (pods Karpenter ignores), scheduler.go isDaemonPodCompatible (DaemonSets count as overhead only).
import type { NodeSelectorRequirement, NodeSelectorTerm, PreferredSchedulingTerm } from 'kubernetes-types/core/v1';
import type { Taint, Toleration } from '../core/types';
import type { Subject } from '../k8s/subject';
import { admitPod } from '../admission';
import { createdPod } from '../admission/create';
import { formatTaint, formatToleration, toleratesTaint, tolerationMismatches } from '../k8s/toleration';
import { CAPACITY_TYPE_LABEL, CAPACITY_TYPES, HOSTNAME, INSTANCE_TYPE, INSTANCE_TYPE_KEYS, NODEPOOL_LABEL, ZONE, restrictedLabelError, type Vocabulary } from './labels';
import {
  addRequirement, compatible, formatRequirement, operatorOf, requirement, atoi, type Compatibility, type Requirement, type Requirements,
} from './requirements';
import { podVolumes, type PodVolumes, type VolumeAlternative } from './volume-topology';
import { relaxScheduleAnyway, spreadFailure, spreadsOf, type Spreads } from './topology-spread';
import type { KubeObject } from '../core/types';
import type { NotModelled } from '../k8s/not-modelled';
import { podUsesClaims } from '../admission/pod-storage';
import { orderByWeight, poolFieldsFor, type PoolModel } from './pool';
import { podRequests, isExtendedResourceName } from '../k8s/resources';
import { parseQuantity, Quantity, type QuantityFormat } from '../k8s/quantity';
import { isQualifiedName, isValidLabelValue } from '../k8s/names';
import { schedulingGates, SCHEDULING_GATED_MESSAGE } from '../scheduler';
import { NodePoolInputError } from './inputs';
import { serror } from './serrors';
import { AWS_GROUP } from './labels';
import { cheapestPrice, filterInstanceTypes, minValuesShort, orderByPrice, poolInstanceTypes, withinLimits, type InstanceType, type InstanceTypeFilter, type TypeOverhead } from './instance-types';
import { describeOverhead, forPod, hostPortsOf, poolOverhead, resourcesText, templateOverhead, type DaemonPod, type HostPort, type PoolOverhead, type RelaxedTerms, type ResourceList } from './daemon-overhead';
import { toSubject } from '../k8s/subject';

export type Stage = 'not a candidate' | 'pod ignored' | 'limits' | 'taints' | 'requirements' | 'volume topology' | 'topology spread' | 'instance types';

/** AWS, and KWOK (Karpenter's own test provider, read with core's vocabulary as upstream's suite tests are). */
const MODELLED_PROVIDERS = [AWS_GROUP, 'karpenter.kwok.sh'];

export { serror } from './serrors';

export interface PoolVerdict {
  pool: string;
  weight: number;
  ok: boolean;
  stage?: Stage;
  /** Karpenter's own error text for this pool (what its logs and the pod's FailedScheduling event say). */
  error?: string;
  /** Which taint, requirement and pod field, concretely. */
  details: string[];
  /** The constraints the verdict was reached with (after any relaxation). */
  round: string;
  /** With the caller's instance types: what Karpenter would launch, and why the others are left out. */
  instanceTypes?: InstanceTypeChoice;
  /** When it fits: what the pod's volumes narrow the new node to, and from which claim, PV or class (volumetopology.go). */
  volumes?: string;
  /**
   * With `daemonSets`: the DaemonSet pods a new node of this pool would run, per group of instance types
   * (buildDaemonOverheadGroups), with their summed requests (and `pods`, their count); without instance types, the
   * template's (`instanceTypes` empty). Karpenter adds them to the pod's requests before it checks each type.
   */
  daemonOverhead?: Array<{ instanceTypes: string[]; daemonSets: string[]; requests: Record<string, string> }>;
}

export interface InstanceTypeChoice {
  /** The types that fit, as Karpenter orders them for a launch (OrderByPrice: cheapest compatible offering first). */
  fit: Array<{ name: string; price?: number }>;
  /** The first of `fit`, when every type that fits has a price (a missing price leaves the order unknown). */
  launch?: string;
  /** Each type left out, in the order given, with every criterion it fails. */
  rejected: Array<{ name: string; why: string[] }>;
}

interface Round {
  requirements: Requirements;
  tolerations: Toleration[];
  description: string;
  /** pod field per requirement key, for messages */
  fields: Map<string, string[]>;
  /** The pod's requirements without its preferred terms (podData.StrictRequirements). */
  strictRequirements: Requirements;
  /** The pod's spread constraints still in force (indices into `spreads`), checked against the candidate pools' domains. */
  spread?: { spreads: Spreads; active: number[]; pools: PoolModel[] };
}

const PNS_TOLERATION: Toleration = { operator: 'Exists', effect: 'PreferNoSchedule' };

function exprRequirements(exprs: readonly NodeSelectorRequirement[] | undefined, at: string, into: Requirements, fields: Map<string, string[]>) {
  // NewNodeSelectorRequirements builds the term's own set, then Add intersects it in.
  const own: Requirements = new Map();
  (exprs ?? []).forEach((e, i) => {
    const r = requirement(e.key, e.operator, e.values ?? []);
    addRequirement(own, r);
    fields.set(r.key, [...(fields.get(r.key) ?? []), `${at}.matchExpressions[${i}]`]);
  });
  for (const r of own.values()) addRequirement(into, r);
}

interface PodConstraints {
  nodeSelector: Record<string, string>;
  terms: Array<{ term: NodeSelectorTerm; index: number }>;
  prefs: Array<{ pref: PreferredSchedulingTerm; index: number }>;
}

function constraintsOf(subject: Subject): PodConstraints {
  const na = subject.spec.affinity?.nodeAffinity;
  const terms = (na?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []).map((term, index) => ({ term, index }));
  // Heaviest first; equal weights keep list order (sort.Slice on a short list, sort.SliceStable when relaxing).
  const prefs = (na?.preferredDuringSchedulingIgnoredDuringExecution ?? []).map((pref, index) => ({ pref, index }))
    .sort((a, b) => (b.pref.weight ?? 0) - (a.pref.weight ?? 0));
  return { nodeSelector: subject.spec.nodeSelector ?? {}, terms, prefs };
}

/** newPodRequirements: nodeSelector ∧ heaviest preferred term (unless strict) ∧ required term[0]. */
function roundOf(subject: Subject, c: PodConstraints, strict: boolean, tolerations: Toleration[], description: string): Round {
  const p = subject.specPath;
  const fields = new Map<string, string[]>();
  const reqs: Requirements = new Map();
  for (const [k, v] of Object.entries(c.nodeSelector)) {
    const r = requirement(k, 'In', [v]);
    addRequirement(reqs, r);
    fields.set(r.key, [`${p}.nodeSelector["${k}"]`]);
  }
  if (!strict && c.prefs.length) {
    const { pref, index } = c.prefs[0];
    exprRequirements(pref.preference?.matchExpressions, `${p}.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[${index}].preference`, reqs, fields);
  }
  if (c.terms.length) {
    const { term, index } = c.terms[0];
    exprRequirements(term.matchExpressions, `${p}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[${index}]`, reqs, fields);
  }
  // podData.StrictRequirements (preferences left out): the spread's pod domains
  const strictRequirements = strict || !c.prefs.length ? reqs : roundOf(subject, c, true, tolerations, description).requirements;
  return { requirements: reqs, strictRequirements, tolerations, description, fields };
}

/**
 * The constraint sets Karpenter tries, in order (Preferences.Relax): drop required term[0] while more than one remains,
 * then the heaviest preferred term, then (only if some candidate pool has a PreferNoSchedule taint) tolerate PreferNoSchedule.
 * Relaxing pod (anti-)affinity preferences and ScheduleAnyway spreads changes nothing here and is skipped.
 */
function rounds(subject: Subject, daemon: boolean, anyPNS: boolean, pools: PoolModel[]): Round[] {
  const c = constraintsOf(subject);
  let tolerations = admitPod(subject).tolerations;
  if (daemon) tolerations = [...tolerations, PNS_TOLERATION]; // isDaemonPodCompatible tolerates PNS up front
  const out: Round[] = [];
  const describe = (dropped: string[]) => (dropped.length ? `after relaxing: ${dropped.join(', ')}` : 'as written');
  const dropped: string[] = [];
  out.push(roundOf(subject, c, daemon, tolerations, describe(dropped)));
  while (c.terms.length > 1) {
    dropped.push(`required nodeSelectorTerms[${c.terms[0].index}] removed`);
    c.terms = c.terms.slice(1);
    out.push(roundOf(subject, c, daemon, tolerations, describe(dropped)));
  }
  if (!daemon) {
    while (c.prefs.length) {
      dropped.push(`preferred term [${c.prefs[0].index}] (weight ${c.prefs[0].pref.weight}) removed`);
      c.prefs = c.prefs.slice(1);
      out.push(roundOf(subject, c, daemon, tolerations, describe(dropped)));
    }
    // every round so far checks all of the pod's spread constraints; then ScheduleAnyway ones go one at a time
    const spreads = spreadsOf(subject);
    let active = spreads.constraints.map((_, i) => i);
    for (const r of out) r.spread = { spreads, active, pools };
    for (let next = relaxScheduleAnyway(active, spreads); next; next = relaxScheduleAnyway(active, spreads)) {
      dropped.push(`ScheduleAnyway spread on ${spreads.constraints[active.find((i) => !next!.includes(i))!].topologyKey} removed`);
      active = next;
      out.push({ ...roundOf(subject, c, daemon, tolerations, describe(dropped)), spread: { spreads, active, pools } });
    }
    const hasPNS = tolerations.some((t) => (t.key ?? '') === '' && t.operator === 'Exists' && t.effect === 'PreferNoSchedule' && (t.value ?? '') === '');
    if (anyPNS && !hasPNS) {
      dropped.push('toleration {operator: Exists, effect: PreferNoSchedule} added');
      out.push({ ...roundOf(subject, c, daemon, [...tolerations, PNS_TOLERATION], describe(dropped)), spread: out[out.length - 1].spread });
    }
  }
  return out;
}

function validateRequirement(key: string, operator: string, values: readonly string[], vocab: Vocabulary): string[] {
  const errs: string[] = [];
  const k = requirement(key, 'Exists').key;
  const restricted = restrictedLabelError(k, vocab);
  if (restricted) errs.push(restricted);
  if (k === CAPACITY_TYPE_LABEL && operator === 'In') {
    const invalid = values.filter((v) => !CAPACITY_TYPES.includes(v));
    if (invalid.length === values.length) {
      errs.push(`no valid values found in [${values.join(' ')}] for ${k}, expected one of: map[on-demand:{} reserved:{} spot:{}], got: [${invalid.join(' ')}]`);
    }
  }
  // v1.ValidateRequirement's order: restricted, well-known values, then key, values and operator shape
  for (const e of isQualifiedName(k)) errs.push(`key ${k} is not a qualified name, ${e}`);
  for (const v of values) for (const e of isValidLabelValue(v)) errs.push(`invalid value ${v} for key ${k}, ${e}`);
  if (operator === 'In' && values.length === 0) errs.push(`key ${k} with operator ${operator} must have a value defined`);
  if ((operator === 'Gt' || operator === 'Lt') && (values.length !== 1 || (atoi(values[0]) ?? -1n) < 0n)) {
    errs.push(`key ${k} with operator ${operator} must have a single positive integer value`);
  }
  return errs;
}

/** newPodRequirements: the pod's requirements Karpenter starts from (strict: preferences left out). */
export function podRequirements(subject: Subject, strict = false): Requirements {
  return roundOf(subject, constraintsOf(subject), strict, [], '').requirements;
}

/** Provisioner.Validate: a pod failing it is ignored for every pool. */
export function ignoredBecause(subject: Subject, vocab: Vocabulary): string[] {
  const c = constraintsOf(subject);
  const errs: string[] = [];
  const all = roundOf(subject, c, false, [], '').requirements;
  const np = all.get(NODEPOOL_LABEL);
  if (np && operatorOf(np) === 'DoesNotExist') errs.push(serror('configured to not run on a Karpenter provisioned node', { requirement: formatRequirement(np) }));
  for (const k of Object.keys(c.nodeSelector).sort()) errs.push(...validateRequirement(k, 'In', [c.nodeSelector[k]], vocab));
  for (const { term } of c.terms) {
    if (term.matchFields) errs.push('node selector term with matchFields is not supported');
    for (const e of term.matchExpressions ?? []) errs.push(...validateRequirement(e.key, e.operator, e.values ?? [], vocab));
  }
  return errs;
}

/** The pod's tolerations for the taint's key and what differs, or that it has none for that key. */
function whyNotTolerated(taint: Taint, tolerations: Toleration[]): string {
  const sameKey = tolerations.filter((t) => (t.key ?? '') === taint.key);
  if (!sameKey.length) return `the pod has no toleration with key "${taint.key}"`;
  return sameKey.map((t) => `${formatToleration(t)}: ${tolerationMismatches(t, taint, true).join(', ')}`).join('; ');
}

/**
 * InstanceTypeFilterError's `requirements=…, resources=…`: Requirements.String (sorted, restricted labels left out) and
 * resourcesString: the pod's requests plus `pods: 1` (RequestsForPods) as JSON, merged with the least and greatest
 * DaemonSet overhead of the template's groups (daemon-overhead.ts resourcesText).
 */
function filterErrorValues(merged: Requirements, subject: Subject, daemons?: PoolOverhead): string {
  // Requirements.String leaves out v1.RestrictedLabels, which is the hostname alone (the NodeClaim template's
  // registered and initialized requirements are printed)
  const reqs = [...merged.values()].filter((r) => r.key !== HOSTNAME).map(formatRequirement).sort().join(', ');
  let requests: Map<string, bigint>;
  try {
    requests = podRequests(subject.spec, subject.specPath);
  } catch {
    requests = new Map();
  }
  const list: ResourceList = new Map();
  for (const [k, v] of requests) list.set(k, new Quantity(v, requestFormat(subject, k), ''));
  list.set('pods', new Quantity(1_000_000_000n, 'DecimalExponent', '')); // RequestsForPods sets the count
  return `requirements=${reqs}, resources=${resourcesText(list, daemons?.tracked ?? [])}`;
}

/**
 * The format a summed request prints in (resources.Merge over the containers: Quantity.Add takes the format of the
 * first non-zero amount added), so `12Gi` stays `12Gi`; a request defaulted from its limit counts as the limit.
 */
function requestFormat(subject: Subject, name: string): QuantityFormat {
  for (const c of [...(subject.spec.containers ?? []), ...(subject.spec.initContainers ?? [])]) {
    const raw = c.resources?.requests?.[name] ?? c.resources?.limits?.[name];
    if (raw === undefined) continue;
    try {
      const q = parseQuantity(raw);
      if (q.nanos !== 0n) return q.format;
    } catch {
      // the create path refuses it first
    }
  }
  return 'DecimalSI';
}

type Verdict = Omit<PoolVerdict, 'pool' | 'weight' | 'round'>;

function canAdd(model: PoolModel, round: Round, daemon: boolean, subject: Subject, instanceTypes?: TypeChoice, volumes: readonly VolumeAlternative[] = [], daemons?: PoolOverhead): Verdict {
  // 1. Taints: every spec.taints entry, any effect; startupTaints never (Taints.Tolerates, comparison operators on).
  const untolerated = model.taints.map((taint, i) => ({ taint, i })).filter(({ taint }) => !round.tolerations.some((t) => toleratesTaint(t, taint, true)));
  if (untolerated.length) {
    return {
      // pkg/scheduling/taints.go Tolerates: serrors.Wrap(…, "taint", taint.ToString()) per taint, multierr-joined
      ok: false, stage: 'taints', error: untolerated.map(({ taint }) => serror('did not tolerate taint', { taint: formatTaint(taint) })).join('; '),
      details: untolerated.map(({ taint, i }) => `taint ${formatTaint(taint)} (spec.template.spec.taints[${i}]) is not tolerated: ${whyNotTolerated(taint, round.tolerations)}`),
    };
  }
  // 2. Requirements: Compatible(pool, pod, AllowUndefinedWellKnownLabels), against the NodeClaim's requirements
  // (NewNodeClaim adds `kubernetes.io/hostname In [hostname-placeholder-NNNN]`; DaemonSets are checked against the template).
  const existing: Requirements = new Map(model.requirements);
  if (!daemon) addRequirement(existing, requirement(HOSTNAME, 'In', ['hostname-placeholder-0001']));
  const result = compatible(existing, round.requirements, model.vocab.wellKnown);
  if (!result.ok) {
    const details = result.kind === 'undefined-label'
      ? [`the pod asks for ${formatRequirement(round.requirements.get(result.key)!)} (${(round.fields.get(result.key) ?? []).join(', ')}), but the NodePool neither requires nor labels "${result.key}", so its nodes would not carry it`]
      : result.conflicts.map((c) => `the pod's ${formatRequirement(c.incoming)} (${(round.fields.get(c.key) ?? []).join(', ')}) has no value in common with the NodePool's ${formatRequirement(c.existing)} (${poolFieldsFor(model, c.key).join(', ') || 'its template'})`);
    return { ok: false, stage: 'requirements', error: `incompatible requirements, ${result.message}`, details };
  }
  if (!volumes.length) {
    for (const r of round.requirements.values()) addRequirement(existing, r);
    return topologyStage(model, round, existing) ?? instanceTypeStage(model, round, daemon, subject, instanceTypes, daemons);
  }
  // 2b. Volume topology (nodeclaim.go CanAdd → tryVolumeAlternative): each alternative in order against the NodeClaim's
  // requirements with the pod's added; the first that passes every later check wins, else the last error stands.
  for (const r of round.requirements.values()) addRequirement(existing, r);
  let last: Verdict | undefined;
  for (const [i, alt] of volumes.entries()) {
    const which = volumes.length > 1 ? `volume topology alternative ${i + 1} of ${volumes.length}: ` : '';
    const c = compatible(existing, alt.requirements, model.vocab.wellKnown);
    if (!c.ok) {
      last = { ok: false, stage: 'volume topology', error: `incompatible volume requirements, ${c.message}`, details: volumeConflicts(model, round, alt, c, which) };
      continue;
    }
    const narrowed: Requirements = new Map(round.requirements);
    const fields = new Map(round.fields);
    for (const r of alt.requirements.values()) addRequirement(narrowed, r);
    for (const [k, v] of alt.sources) fields.set(k, [...(fields.get(k) ?? []), ...v]);
    // the NodeClaim's requirements with the alternative's; the spread's pod domains stay the pod's own (podData.StrictRequirements)
    const claim: Requirements = new Map(existing);
    for (const r of alt.requirements.values()) addRequirement(claim, r);
    const spread = topologyStage(model, round, claim);
    if (spread) {
      last = { ...spread, details: which ? [`${which}${spread.details[0] ?? ''}`, ...spread.details.slice(1)] : spread.details };
      continue;
    }
    const v = instanceTypeStage(model, { ...round, requirements: narrowed, fields }, daemon, subject, instanceTypes, daemons);
    if (v.ok && !alt.requirements.size) return v;
    if (v.ok) {
      const node: Requirements = new Map(model.requirements);
      for (const r of narrowed.values()) addRequirement(node, r);
      const keys = [...alt.requirements.keys()].sort();
      const sources = [...new Set(keys.flatMap((k) => alt.sources.get(k)!))];
      const narrowing = `${which}the pod's volumes narrow the node to ${keys.map((k) => formatRequirement(node.get(k)!)).join(', ')} (${sources.join('; ')})`;
      return { ...v, details: [...v.details, narrowing], volumes: narrowing };
    }
    last = { ...v, details: which ? [`${which}${v.details[0] ?? ''}`, ...v.details.slice(1)] : v.details };
  }
  return last!;
}

/**
 * 2c. Topology (tryVolumeAlternative: after the volume requirements, before instance types): the pod's spread
 * constraints against the domains the candidate pools know (topology-spread.ts). `claim`: the NodeClaim's requirements.
 */
function topologyStage(model: PoolModel, round: Round, claim: Requirements): Verdict | undefined {
  if (!round.spread?.active.length) return undefined;
  const { spreads, active, pools } = round.spread;
  const failure = spreadFailure(spreads, active, model, pools, claim, round.strictRequirements, round.tolerations);
  return failure && { ok: false, stage: 'topology spread', ...failure };
}

/** What an incompatible volume alternative conflicts with: the claim, its PV or class, the term, and the pod's or pool's side. */
function volumeConflicts(model: PoolModel, round: Round, alt: VolumeAlternative, c: Exclude<Compatibility, { ok: true }>, which: string): string[] {
  const from = (key: string) => (alt.sources.get(key) ?? []).join('; ');
  if (c.kind === 'undefined-label') {
    return [`${which}${from(c.key)} asks for ${formatRequirement(alt.requirements.get(c.key)!)}, but neither the NodePool nor the pod defines "${c.key}" and Karpenter does not know its values, so its nodes would not carry it`];
  }
  return c.conflicts.map((k) => {
    const side = [...(round.fields.get(k.key) ?? []), ...poolFieldsFor(model, k.key)].join(', ') || (k.key === HOSTNAME ? 'the new node\'s own hostname' : 'the NodePool');
    return `${which}${from(k.key)} asks for ${formatRequirement(k.incoming)}, which has no value in common with ${formatRequirement(k.existing)} (${side})`;
  });
}

/** 3. What instance types decide, where the outcome is provable without them (the requirements are compatible). */
function instanceTypeStage(model: PoolModel, round: Round, daemon: boolean, subject: Subject, instanceTypes?: TypeChoice, daemons?: PoolOverhead): Verdict {
  const merged: Requirements = new Map(model.requirements);
  for (const r of round.requirements.values()) addRequirement(merged, r);
  for (const key of INSTANCE_TYPE_KEYS) {
    const r = merged.get(key);
    // (with the provider's instance types, checkInstanceTypes words it by every criterion they fail)
    if (r && round.requirements.has(key) && operatorOf(r) === 'DoesNotExist' && (!instanceTypes || daemon)) {
      // InstanceTypeFilterError.Error (nodeclaim.go): zone and capacity type are offering keys
      const text = key === ZONE || key === CAPACITY_TYPE_LABEL
        ? 'no instance type met the scheduling requirements or had enough resources or had a required offering'
        : 'no instance type met all requirements';
      return {
        ok: false, stage: 'instance types', error: `${text}, ${filterErrorValues(merged, subject, daemons)}`,
        details: [`every instance type defines ${key}, so ${formatRequirement(r)} (${(round.fields.get(key) ?? []).join(', ')}) leaves none`],
      };
    }
  }
  // minValues is checked when instance types are filtered for a NodeClaim, which DaemonSet overhead never goes through.
  // SatisfiesMinValues (cloudprovider/types.go) counts distinct values over the instance types left: a key's own In list
  // bounds them, and so does an instance-type In list (k instance types carry at most k values of any label).
  const types = merged.get(INSTANCE_TYPE);
  const typeCount = types && !types.complement ? types.values.size : Infinity;
  // a spread still in force narrows its key to one domain before instance types are filtered (topology.go AddRequirements)
  const single = new Set((round.spread?.active ?? []).map((i) => round.spread!.spreads.constraints[i].topologyKey));
  const valuesLeft = (r: Requirement) => Math.min(r.complement ? Infinity : r.values.size, r.key === INSTANCE_TYPE ? Infinity : typeCount, single.has(r.key) ? 1 : Infinity);
  // With the provider's instance types, filterInstanceTypesByRequirements decides: a type-less error first, minValues
  // only over the types left (checkInstanceTypes)
  const short = daemon || instanceTypes ? [] : [...merged.values()].filter((r) => r.minValues !== undefined && valuesLeft(r) < r.minValues);
  if (short.length) {
    return {
      ok: false, stage: 'instance types', error: `minValues requirement is not met for label(s) (label(s)=[${short.map((r) => r.key).join(' ')}]), ${filterErrorValues(merged, subject, daemons)}`,
      details: short.map((r) => (!r.complement && r.values.size < r.minValues!
        ? `${formatRequirement(r)}: the pod leaves ${r.values.size} value(s), the NodePool asks for at least ${r.minValues} (minValues)`
        : single.has(r.key) && !(types && typeCount < r.minValues!)
          ? `${formatRequirement(r)}: the pod's topology spread on ${r.key} narrows the new node to one ${r.key} domain first (the emptiest); the NodePool asks for at least ${r.minValues} (minValues)`
          : `${formatRequirement(r)}: ${formatRequirement(types!)} (${(round.fields.get(INSTANCE_TYPE) ?? []).join(', ') || 'the NodePool'}) leaves ${typeCount} instance type(s), so at most ${typeCount} value(s) of ${r.key}; the NodePool asks for at least ${r.minValues} (minValues)`)),
    };
  }
  if (instanceTypes && !daemon) return checkInstanceTypes(instanceTypes, merged, subject, single, daemons);
  if (daemons?.everyType) {
    // every type's overhead group is skipped for the pod (HostPortUsage.Conflicts): no type met any criterion
    return {
      ok: false, stage: 'instance types', error: `no instance type met the scheduling requirements or had enough resources or had a required offering, ${filterErrorValues(merged, subject, daemons)}`,
      details: [`${daemons.everyType}, and that DaemonSet runs on every instance type of the pool (no node selector or required affinity), so Karpenter skips them all`],
    };
  }
  return { ok: true, details: daemons?.tracked.length ? [`DaemonSet pods on a new node of this pool: ${describeOverhead(daemons.tracked[0])}`] : [] };
}

/** filterInstanceTypesByRequirements against the stated instance types, then SatisfiesMinValues over those left. */
function checkInstanceTypes(types: TypeChoice, merged: Requirements, subject: Subject, single: ReadonlySet<string>, daemons?: PoolOverhead): Verdict {
  const requests = new Map(requestsOf(subject));
  requests.set('pods', (requests.get('pods') ?? 0n) + 1_000_000_000n); // RequestsForPods: one pod slot
  // each type's DaemonOverheadGroup adds its daemons' requests (filterInstanceTypesByRequirements)
  const overheadOf = (it: InstanceType): TypeOverhead | undefined => {
    const g = daemons?.byType.get(it.name);
    return g?.requests.size ? { requests: new Map([...g.requests].map(([k, q]) => [k, q.nanos])), daemonSets: g.daemonSets } : undefined;
  };
  // decided over the pool's types within its limits (the NodeClaim's options); every type given is worded. A type whose
  // DaemonSet pods take a host port the pod asks for is skipped (HostPortUsage.Conflicts)
  const free = (it: InstanceType) => !daemons?.conflicts?.has(it.name);
  const { remaining, reason } = filterInstanceTypes(types.decide.filter(free), merged, requests, overheadOf);
  const byPod = filterInstanceTypes(types.all.filter(free), merged, requests, overheadOf).rejected;
  const rejected = rejections(types, [...byPod, ...types.all.filter((it) => !free(it)).map((it) => ({ name: it.name, why: [daemons!.conflicts!.get(it.name)!] }))]);
  const leftOut = rejected.map((r) => `${r.name}: ${r.why.join('; ')}`);
  if (reason) {
    return { ok: false, stage: 'instance types', error: `${reason}, ${filterErrorValues(merged, subject, daemons)}`, details: leftOut, instanceTypes: { fit: [], rejected } };
  }
  const short = minValuesShort(remaining, merged, single).map((m) => ({ ...merged.get(m.key)!, count: m.count }));
  if (short.length) {
    return {
      ok: false, stage: 'instance types', error: `minValues requirement is not met for label(s) (label(s)=[${short.map((r) => r.key).join(' ')}]), ${filterErrorValues(merged, subject, daemons)}`,
      details: short.map((r) => `${formatRequirement(r)}: the instance types left (${remaining.map((t) => t.name).join(', ')}) carry ${r.count} allowed value(s) of ${r.key}`),
    };
  }
  const fit = orderByPrice(remaining, merged).map((t) => ({ name: t.name, ...priced(cheapestPrice(t, merged)) }));
  const launch = fit.every((t) => t.price !== undefined) ? fit[0].name : undefined;
  const counted = overheadLines(daemons, fit.map((t) => t.name));
  return {
    ok: true, details: [`instance types that fit, cheapest first: ${fit.map((t) => `${t.name}${t.price === undefined ? '' : ` ${t.price}`}`).join(', ')}`, ...counted.lines, ...leftOut],
    instanceTypes: { fit, ...(launch ? { launch } : {}), rejected }, ...(counted.groups.length ? { daemonOverhead: counted.groups } : {}),
  };
}

/** The DaemonSet pods counted on the types that fit, per group: in words, and as the verdict's `daemonOverhead`. */
function overheadLines(daemons: PoolOverhead | undefined, fit: readonly string[]): { lines: string[]; groups: NonNullable<PoolVerdict['daemonOverhead']> } {
  const groups = (daemons?.tracked ?? []).map((g) => ({ ...g, instanceTypes: g.instanceTypes.filter((n) => fit.includes(n)) })).filter((g) => g.instanceTypes.length);
  const many = groups.length > 1 || groups.some((g) => g.instanceTypes.length < fit.length);
  return {
    lines: groups.map((g) => `DaemonSet pods counted${many ? ` on ${g.instanceTypes.join(', ')}` : ''}: ${describeOverhead(g)}`),
    groups: groups.map((g) => ({ instanceTypes: g.instanceTypes, daemonSets: g.daemonSets, requests: Object.fromEntries([...g.requests].map(([k, q]) => [k, q.canonical()])) })),
  };
}

/**
 * The pod Karpenter counts for a DaemonSet (provisioner.go getDaemonSetPods): the newest pod the DaemonSet owns
 * (state.Cluster GetDaemonSetPod), its required node affinity replaced by the template's (the controller pinned it to
 * its node); here the pod its controller creates for no node in particular (admission/create.ts: the DaemonSet
 * controller's tolerations, the template's affinity), admitted as the API server admits it (DefaultTolerationSeconds,
 * LimitRanger, RuntimeClass, …). Its strict requirements per relaxation round (isDaemonPodCompatible: preferences never
 * count; required terms after the first by removeRequiredNodeAffinityTerm).
 */
export function daemonPodOf(ds: KubeObject): DaemonPod {
  const pod = createdPod(toSubject(ds));
  const subject = toSubject(pod);
  const c = constraintsOf(subject);
  const rounds = [roundOf(subject, c, true, [], '').requirements];
  while (c.terms.length > 1) {
    c.terms = c.terms.slice(1);
    rounds.push(roundOf(subject, c, true, [], '').requirements);
  }
  const requests: ResourceList = new Map([...requestsOf(subject)].map(([k, v]) => [k, new Quantity(v, requestFormat(subject, k), '')]));
  return { key: `${ds.metadata?.namespace || 'default'}/${ds.metadata?.name ?? ''}`, requests, tolerations: admitPod(subject).tolerations, rounds, hostPorts: hostPortsOf(subject.spec) };
}

/** buildDaemonOverheadGroups for each candidate pool: over its instance types when given, else its template alone. */
function overheadsOf(pools: readonly PoolModel[], daemons: readonly DaemonPod[], typed: Map<PoolModel, InstanceTypeFilter>, podPorts: readonly HostPort[]): Map<PoolModel, PoolOverhead> {
  const out = new Map<PoolModel, PoolOverhead>();
  const relaxed: RelaxedTerms = new Map(); // the pods are relaxed in place, template after template (daemon-overhead.ts)
  for (const m of pools) {
    const template = { requirements: m.requirements, taints: m.taints, wellKnown: m.vocab.wellKnown };
    const types = typed.get(m)?.remaining;
    out.set(m, forPod(types ? poolOverhead(template, types, daemons, relaxed) : templateOverhead(template, daemons, relaxed), podPorts));
  }
  return out;
}

const priced = (price: number | undefined) => (price === undefined ? {} : { price });

function requestsOf(subject: Subject): Map<string, bigint> {
  try {
    return podRequests(subject.spec, subject.specPath);
  } catch {
    return new Map();
  }
}

export interface ProvisioningResult {
  /** The pool Karpenter would launch a node from (first in weight order that fits in the earliest round), if any. */
  chosen?: PoolVerdict;
  /** Every pool, in Karpenter's order, with its verdict from the deciding round. */
  pools: PoolVerdict[];
  /** `Failed to schedule pod, <errors joined by "; ">` when nothing fits. */
  error?: string;
  /**
   * The pod's claims the storage objects leave undecided (volume-model.ts, the scheduler's words): `chosen` is then
   * what the modelled checks give, not a verdict; a rejection stands.
   */
  notModelled?: NotModelled[];
  /** The stated storage assumption (STORAGE_ASSUMPTION_TEXT), when it decided a claim of the pod. */
  assumptions?: string[];
}

/** Karpenter's choice among pools for one pod of the subject (Scheduler.trySchedule + addToNewNodeClaim, new NodeClaims only). */
export interface ProvisionOptions {
  /** The provider's instance types: checked (requirements, resources, offerings, minValues) instead of assumed. */
  instanceTypes?: InstanceType[];
  /**
   * The storage objects (PersistentVolumeClaims, PersistentVolumes, StorageClasses, …), beside the preset's and
   * configure({ storage })'s, taken as all the cluster has: the pod's claims are validated and add their volume
   * topology as Karpenter's volumetopology.go does. volume-model.ts gives the claims as the library's volume model
   * holds them (what the inputs leave undecided, constraining nothing).
   */
  storage?: readonly KubeObject[];
  /** Why Karpenter does not consider the pod beside IsProvisionable's own checks (volume-model.ts: a scheduler error). */
  notConsidered?: string;
  /**
   * The cluster's DaemonSets: each one's pod counts against a new node of a pool it would run on (daemon-overhead.ts),
   * added to the pod's requests before the instance types are checked. Undefined: not known (none counted).
   */
  daemonSets?: readonly KubeObject[];
}

export function provision(subject: Subject, models: PoolModel[], options: ProvisionOptions = {}): ProvisioningResult {
  for (const m of models) {
    if (m.provider !== undefined && !MODELLED_PROVIDERS.includes(m.provider)) {
      throw new NodePoolInputError(`provider not modelled: NodePool ${m.name}'s nodeClassRef names ${m.provider}; this library models Karpenter core and the AWS provider (${AWS_GROUP}), whose label registry and offerings differ from other providers', so it gives no verdict`);
    }
  }
  const ordered = orderByWeight(models);
  // read from the pod as created (admission/create.ts; refused when a quantity does not decode)
  const daemon = isDaemonPod(subject);
  const bound = subject.kind === 'Pod' ? subject.spec.nodeName : undefined;
  if (bound && !daemon) {
    const pools = ordered.map((m): PoolVerdict => ({ pool: m.name, weight: m.weight, ok: false, stage: 'pod ignored',
      details: [`spec.nodeName is "${bound}": the pod is bound, and Karpenter only provisions for pending pods (IsProvisionable)`], round: 'as written' }));
    return { pools };
  }
  const candidates = ordered.filter((m) => m.notCandidate.length === 0);
  const excluded = (m: PoolModel): PoolVerdict => ({ pool: m.name, weight: m.weight, ok: false, stage: 'not a candidate', details: m.notCandidate, round: '' });
  const volumes: PodVolumes | undefined = !daemon && podUsesClaims(subject) ? podVolumes(subject.object, createdPod(subject), options.storage) : undefined;
  if (!daemon) {
    const notConsidered = notProvisionable(subject) ?? options.notConsidered;
    if (notConsidered) {
      return { pools: ordered.map((m) => (m.notCandidate.length ? excluded(m) : { pool: m.name, weight: m.weight, ok: false, stage: 'pod ignored', details: [notConsidered], round: 'as written' })) };
    }
    // Validate runs once per pod (upstream's vocabulary is process-wide): one pool's list, repeats kept, plus what
    // another pool's vocabulary adds
    const ignored: string[] = [];
    for (const m of ordered) {
      const errs = ignoredBecause(subject, m.vocab);
      if (!ignored.length) ignored.push(...errs);
      else ignored.push(...errs.filter((e) => !ignored.includes(e)));
    }
    // Validate's last check, ValidatePersistentVolumeClaims (volumetopology.go): the first claim that fails
    if (volumes?.invalid) ignored.push(volumes.invalid);
    if (ignored.length) {
      // Provisioner.Validate's DoesNotExist case is only logged ("ignoring pod"): no Failed to schedule pod event, also
      // beside other errors (errors.Is on the multierr looks at every part: multierr's Unwrap() []error)
      const silent = ignored.some((e) => e.startsWith('configured to not run on a Karpenter provisioned node'));
      const details = silent
        ? ['Karpenter logs "ignoring pod" for it and records no event (Provisioner.Validate)']
        : ['Karpenter ignores this pod for every NodePool (Provisioner.Validate)'];
      const pools = ordered.map((m) => (m.notCandidate.length ? excluded(m)
        : { pool: m.name, weight: m.weight, ok: false, stage: 'pod ignored' as Stage, error: ignored.join('; '), details, round: 'as written' }));
      return silent ? { pools } : { pools, error: `Failed to schedule pod, ${ignored.join('; ')}` };
    }
  }
  const anyPNS = candidates.some((m) => m.taints.some((t) => t.effect === 'PreferNoSchedule'));
  // With the provider's instance types, NewScheduler drops each pool none of them suits (poolInstanceTypes)
  const typed = new Map<PoolModel, InstanceTypeFilter>();
  if (options.instanceTypes && !daemon) for (const m of candidates) typed.set(m, poolInstanceTypes(options.instanceTypes, m.requirements));
  const usable = candidates.filter((m) => typed.get(m)?.remaining.length !== 0);
  const overheads = options.daemonSets && !daemon ? overheadsOf(usable, options.daemonSets.map(daemonPodOf), typed, hostPortsOf(createdPod(subject).spec ?? subject.spec)) : new Map<PoolModel, PoolOverhead>();
  const verdictOf = (m: PoolModel, last: PoolVerdict[]): PoolVerdict => (m.notCandidate.length ? excluded(m) : last.find((v) => v.pool === m.name) ?? {
    pool: m.name, weight: m.weight, ok: false, stage: 'not a candidate', round: '',
    details: [`no instance type given suits the NodePool's own requirements, so Karpenter leaves it out (NewScheduler): ${typed.get(m)!.rejected.map((r) => `${r.name}: ${r.why.join('; ')}`).join(', ')}`],
  });
  let last: PoolVerdict[] = [];
  for (const round of rounds(subject, daemon, anyPNS, candidates)) {
    last = usable.map((m) => {
      const limited = daemon ? {} : limitsFor(m, subject, typed.get(m)?.remaining);
      const choice = limited.types && { decide: limited.types, all: options.instanceTypes!, over: limited.over ?? [] };
      return { pool: m.name, weight: m.weight, round: round.description, ...(limited.verdict ?? canAdd(m, round, daemon, subject, choice, volumes?.alternatives, overheads.get(m))) };
    });
    const chosen = last.find((v) => v.ok);
    if (chosen) return { chosen, pools: ordered.map((m) => verdictOf(m, last)) };
  }
  const pools = ordered.map((m) => verdictOf(m, last));
  const errors = last.map((v) => v.error!).filter(Boolean);
  if (!candidates.length) return { pools, error: 'no dynamic nodepools found' };
  // Scheduler.add: no NodeClaim template left at all
  return { pools, error: `Failed to schedule pod, ${usable.length ? errors.join('; ') : 'nodepool requirements filtered out all available instance types'}` };
}

/**
 * A DaemonSet, or a Pod its controller created: never provisioned for (IsOwnedByDaemonSet); it only counts as overhead
 * (scheduler.go isDaemonPodCompatible), so its volumes are never read.
 */
export function isDaemonPod(subject: Subject): boolean {
  const owners = (createdPod(subject).metadata as { ownerReferences?: Array<{ kind?: string; apiVersion?: string }> } | undefined)?.ownerReferences ?? [];
  return subject.kind === 'DaemonSet' || owners.some((o) => o.kind === 'DaemonSet' && o.apiVersion === 'apps/v1');
}

/**
 * Pods Karpenter does not provision for (pkg/utils/pod/scheduling.go IsProvisionable): only pods the scheduler marked
 * PodScheduled=False/Unschedulable, and not preempting (IsPreempting: status.nominatedNodeName set). A gated pod stays
 * Pending with reason SchedulingGated, never Unschedulable.
 */
function notProvisionable(subject: Subject): string | undefined {
  const gates = schedulingGates(subject);
  if (gates.length) return `stays Pending: SchedulingGated (${SCHEDULING_GATED_MESSAGE}: ${gates.join(', ')}); Karpenter provisions only for pods the scheduler marked Unschedulable (IsProvisionable)`;
  const nominated = subject.kind === 'Pod' ? (subject.object as { status?: { nominatedNodeName?: string } }).status?.nominatedNodeName : undefined;
  if (nominated) return `status.nominatedNodeName is "${nominated}": the pod is preempting, and Karpenter leaves it to the scheduler (IsPreempting)`;
  return undefined;
}

/** Every instance type has cpu and memory; other resources only some have. */
const EVERY_INSTANCE_TYPE = new Set(['cpu', 'memory', 'pods']);

/**
 * spec.limits against an empty cluster (nothing provisioned yet counts: cluster state is not known), as
 * scheduling/scheduler.go addToNewNodeClaim applies them before CanAdd: `nodes` 0 exhausts the pool; otherwise
 * filterByRemainingResources drops each instance type whose capacity of a limited resource exceeds the limit, which
 * leaves none when the limit is below the pod's own request (or 0 for cpu/memory, which every instance type has).
 */
function limitsFor(model: PoolModel, subject: Subject, types?: InstanceType[]): { verdict?: Verdict; types?: InstanceType[]; over?: Array<{ name: string; why: string[] }> } {
  const limits = model.pool.spec?.limits ?? {};
  const named = { NodePool: model.name };
  const at = (k: string) => `spec.limits["${k}"]`;
  if (limits.nodes !== undefined && /^[+]?0+$/.test(String(limits.nodes).trim())) {
    return { verdict: { ok: false, stage: 'limits', error: serror('node limits have been exhausted for nodepool', named), details: [`${at('nodes')} is ${limits.nodes}: the pool may launch no node`] } };
  }
  if (!types) return { verdict: limitsExhausted(model, subject, limits) };
  // the provider's instance types: filterByRemainingResources over the pool's own
  const { kept, over } = withinLimits(types, limits);
  if (kept.length) return { types: kept, over };
  return { verdict: { ok: false, stage: 'limits', error: serror('all available instance types exceed limits for nodepool', named), details: over.map((o) => `${o.name}: ${o.why.join('; ')}`) } };
}

/** The instance types a NodeClaim may use (`decide`: the pool's, within its limits), every type given, and why limits left some out. */
interface TypeChoice { decide: InstanceType[]; all: InstanceType[]; over: Array<{ name: string; why: string[] }> }

/** Each type given that is not among those that fit, in the order given, with why (the pod's criteria, then the limits). */
function rejections(types: TypeChoice, byPod: Array<{ name: string; why: string[] }>): Array<{ name: string; why: string[] }> {
  const why = new Map(byPod.map((r) => [r.name, [...r.why]]));
  for (const o of types.over) why.set(o.name, [...(why.get(o.name) ?? []), ...o.why]);
  return types.all.filter((t) => why.has(t.name)).map((t) => ({ name: t.name, why: why.get(t.name)! }));
}

/** Without instance types: a limit below the pod's own request, or 0 for a resource every instance type has. */
function limitsExhausted(model: PoolModel, subject: Subject, limits: Record<string, string | number>): Verdict | undefined {
  const named = { NodePool: model.name };
  const at = (k: string) => `spec.limits["${k}"]`;
  let requests: Map<string, bigint>;
  try {
    requests = podRequests(subject.spec, subject.specPath);
  } catch {
    requests = new Map();
  }
  for (const [name, raw] of Object.entries(limits)) {
    if (name === 'nodes') continue;
    let limit: bigint;
    try {
      limit = parseQuantity(raw).nanos;
    } catch {
      continue; // the CRD schema refuses it (validate), the model reads no limit
    }
    const request = requests.get(name) ?? 0n;
    const none = request > limit || (limit <= 0n && (EVERY_INSTANCE_TYPE.has(name) || request > 0n));
    if (!none) continue;
    const why = request > limit
      ? `the pod requests ${name} ${parseQuantity(request.toString() + 'n').canonical()}, more than ${at(name)} ${raw}: every instance type it fits on exceeds the limit`
      : `${at(name)} is ${raw}: every instance type has some ${name}`;
    return { ok: false, stage: 'limits', error: serror('all available instance types exceed limits for nodepool', named), details: [why] };
  }
  return undefined;
}

/**
 * The assumption behind a yes with instance types but no `daemonSets`: Karpenter adds the requests of the DaemonSet
 * pods a node of the pool would run to the pod's before it checks each type (buildDaemonOverheadGroups), and every
 * real cluster runs some (kube-proxy, the CNI, log agents).
 */
export const NO_DAEMONSETS_ASSUMPTION = 'assuming no DaemonSet pod runs on the new node (no daemonSets given: Karpenter adds their requests to the pod\'s before it checks each instance type)';

/** The assumption behind a yes: instance types with the pod's extended resources exist (issue 18, 24 point 10). */
export function resourceAssumption(subject: Subject): string | undefined {
  let requests: Map<string, bigint>;
  try {
    requests = podRequests(subject.spec, subject.specPath);
  } catch {
    return undefined;
  }
  const extended = [...requests.keys()].filter((n) => isExtendedResourceName(n) && (requests.get(n) ?? 0n) > 0n).sort();
  if (!extended.length) return undefined;
  return `assuming an instance type with ${extended.join(', ')} exists (instance types are cloud data a NodePool does not hold)`;
}
