// The plugins' args as validation_pluginargs.go (pkg/scheduler/apis/config/validation) validates them, after
// defaulting: each Validate<Plugin>Args, with its field paths under `path` (the pluginConfig entry's `args`, or none
// when the plugin validates its own args as it is built: fit.go NewFit).
import type { FieldError } from '../../core/types';
import { gateEnabled, releaseAtLeast } from '../../core/config';
import { child, forbidden, index, invalid, notSupported, Raw, required, duplicate, goJson } from '../../k8s/validation-field';
import { validateLabelName } from '../../k8s/validation-meta';
import { addedAffinityErrors } from './validation-affinity';
import {
  ABSOLUTE_RANGE_DETAIL, ABSOLUTE_ZERO_DETAIL, BIND_TIMEOUT_DETAIL, CAN_NOT_BE_EMPTY, GROUP_SLASH_DETAIL, MAX_SKEW_DETAIL, PERCENTAGE_RANGE_DETAIL,
  PERCENTAGE_ZERO_DETAIL, RTCR_FORBIDDEN_DETAIL, RTCR_REQUIRED_DETAIL, SELECTOR_FORBIDDEN_DETAIL, SHAPE_REQUIRED_DETAIL, SHAPE_SORTED_DETAIL,
  SHAPE_WITHOUT_GATE_DETAIL, STRATEGY_REQUIRED_DETAIL, SYSTEM_WITH_CONSTRAINTS_DETAIL, WEIGHT_MUST_BE_ONE,
} from './texts';

type Args = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

function defaultPreemption(path: string, a: Args): FieldError[] {
  const errs: FieldError[] = [];
  const pct = num(a.minCandidateNodesPercentage), abs = num(a.minCandidateNodesAbsolute);
  const pPath = child(path, 'minCandidateNodesPercentage'), aPath = child(path, 'minCandidateNodesAbsolute');
  if (pct < 0 || pct > 100) errs.push(invalid(pPath, pct, PERCENTAGE_RANGE_DETAIL));
  if (abs < 0) errs.push(invalid(aPath, abs, ABSOLUTE_RANGE_DETAIL));
  if (pct === 0 && abs === 0) errs.push(invalid(pPath, pct, PERCENTAGE_ZERO_DETAIL), invalid(aPath, abs, ABSOLUTE_ZERO_DETAIL));
  return errs;
}

function interPodAffinity(path: string, a: Args): FieldError[] {
  const w = num(a.hardPodAffinityWeight);
  return w < 0 || w > 100 ? [invalid(child(path, 'hardPodAffinityWeight'), w, 'not in valid range [0, 100]')] : [];
}

type Constraint = { maxSkew?: number; topologyKey?: string; whenUnsatisfiable?: string; labelSelector?: unknown };

function podTopologySpread(path: string, a: Args): FieldError[] {
  const errs: FieldError[] = [];
  const constraints = list<Constraint>(a.defaultConstraints);
  const type = a.defaultingType as string;
  const typePath = child(path, 'defaultingType');
  if (type !== 'System' && type !== 'List') errs.push(notSupported(typePath, type, ['System', 'List']));
  else if (type === 'System' && constraints.length > 0) errs.push(invalid(typePath, type, SYSTEM_WITH_CONSTRAINTS_DETAIL));
  const cPath = child(path, 'defaultConstraints');
  constraints.forEach((c, i) => {
    const p = index(cPath, i);
    if (!(num(c.maxSkew) > 0)) errs.push(invalid(child(p, 'maxSkew'), num(c.maxSkew), MAX_SKEW_DETAIL));
    if (!c.topologyKey) errs.push(required(child(p, 'topologyKey'), CAN_NOT_BE_EMPTY));
    else errs.push(...validateLabelName(c.topologyKey, child(p, 'topologyKey')));
    if (!c.whenUnsatisfiable) errs.push(required(child(p, 'whenUnsatisfiable'), CAN_NOT_BE_EMPTY));
    else if (c.whenUnsatisfiable !== 'DoNotSchedule' && c.whenUnsatisfiable !== 'ScheduleAnyway') errs.push(notSupported(child(p, 'whenUnsatisfiable'), c.whenUnsatisfiable, ['DoNotSchedule', 'ScheduleAnyway']));
    if (c.labelSelector != null) errs.push(forbidden(child(p, 'labelSelector'), SELECTOR_FORBIDDEN_DETAIL));
    const repeated = constraints.slice(0, i).some((o) => o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable);
    if (repeated) errs.push(duplicate(index(cPath, i), `{${c.topologyKey ?? ''}, ${c.whenUnsatisfiable ?? ''}}`));
  });
  return errs;
}

type Point = { utilization?: number; score?: number };

/** validateFunctionShape: at least one point, utilization increasing, utilization 0–100 and score 0–10. */
function functionShape(shape: Point[], path: string): FieldError[] {
  if (shape.length === 0) return [required(path, SHAPE_REQUIRED_DETAIL)];
  const errs: FieldError[] = [];
  for (let i = 1; i < shape.length; i++) {
    if (num(shape[i - 1].utilization) >= num(shape[i].utilization)) {
      // 1.33 said "utilization values must be sorted in increasing order" (validation_pluginargs.go at v1.33)
      errs.push(invalid(child(index(path, i), 'utilization'), num(shape[i].utilization), releaseAtLeast('1.34') ? SHAPE_SORTED_DETAIL : `utilization ${SHAPE_SORTED_DETAIL}`));
      break;
    }
  }
  shape.forEach((p, i) => {
    const u = num(p.utilization), s = num(p.score);
    if (u < 0 || u > 100) errs.push(invalid(child(index(path, i), 'utilization'), u, 'not in valid range [0, 100]'));
    if (s < 0 || s > 10) errs.push(invalid(child(index(path, i), 'score'), s, 'not in valid range [0, 10]'));
  });
  return errs;
}

type Spec = { name?: string; weight?: number };

function resourceWeights(resources: Spec[], path: string): FieldError[] {
  return resources.flatMap((r, i) => {
    const w = num(r.weight);
    return w <= 0 || w > 100 ? [invalid(child(index(path, i), 'weight'), w, `resource weight of ${r.name ?? ''} not in valid range (0, 100]`)] : [];
  });
}

function balancedAllocation(path: string, a: Args): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list<Spec>(a.resources).forEach((r, i) => {
    const p = index(child(path, 'resources'), i);
    if (seen.has(r.name ?? '')) errs.push(duplicate(child(p, 'name'), r.name ?? ''));
    else seen.add(r.name ?? '');
    if (r.weight !== 1) errs.push(invalid(child(p, 'weight'), num(r.weight), WEIGHT_MUST_BE_ONE));
  });
  return errs;
}

/** ValidateNodeResourcesFitArgs: ignored resources and groups, the strategy's type, weights and shape. */
export function nodeResourcesFit(path: string, a: Args): FieldError[] {
  const errs: FieldError[] = [];
  list<string>(a.ignoredResources).forEach((r, i) => errs.push(...validateLabelName(r, index(child(path, 'ignoredResources'), i))));
  list<string>(a.ignoredResourceGroups).forEach((g, i) => {
    const p = index(child(path, 'ignoredResourceGroups'), i);
    if (g.includes('/')) errs.push(invalid(p, g, GROUP_SLASH_DETAIL));
    errs.push(...validateLabelName(g, p));
  });
  const sPath = child(path, 'scoringStrategy');
  const s = a.scoringStrategy as { type?: string; resources?: Spec[]; requestedToCapacityRatio?: { shape?: Point[] } } | undefined;
  if (!s) return releaseAtLeast('1.36') ? [...errs, required(sPath, STRATEGY_REQUIRED_DETAIL)] : errs;
  if (!['LeastAllocated', 'MostAllocated', 'RequestedToCapacityRatio'].includes(s.type ?? '')) {
    errs.push(notSupported(child(sPath, 'type'), s.type ?? '', ['LeastAllocated', 'MostAllocated', 'RequestedToCapacityRatio']));
  }
  errs.push(...resourceWeights(list<Spec>(s.resources), child(sPath, 'resources')));
  const ratio = s.requestedToCapacityRatio;
  if (!releaseAtLeast('1.36')) {
    // up to 1.35 the shape was checked when given, at scoringStrategy.shape, whatever the type
    if (ratio) errs.push(...functionShape(list<Point>(ratio.shape), child(sPath, 'shape')));
  } else if (s.type === 'RequestedToCapacityRatio') {
    if (!ratio) errs.push(required(child(sPath, 'requestedToCapacityRatio'), RTCR_REQUIRED_DETAIL));
    else errs.push(...functionShape(list<Point>(ratio.shape), child(child(sPath, 'requestedToCapacityRatio'), 'shape')));
  } else if (ratio) errs.push(forbidden(child(sPath, 'requestedToCapacityRatio'), RTCR_FORBIDDEN_DETAIL));
  return errs;
}

/** ValidateNodeAffinityArgs (validation-affinity.ts). */
const nodeAffinity = (path: string, a: Args): FieldError[] => addedAffinityErrors(a.addedAffinity as Parameters<typeof addedAffinityErrors>[0], path);

function volumeBinding(path: string, a: Args): FieldError[] {
  const errs: FieldError[] = [];
  if (num(a.bindTimeoutSeconds) < 0) errs.push(invalid(child(path, 'bindTimeoutSeconds'), num(a.bindTimeoutSeconds), BIND_TIMEOUT_DETAIL));
  if (gateEnabled('StorageCapacityScoring')) errs.push(...functionShape(list<Point>(a.shape), child(path, 'shape')));
  else if (a.shape != null) errs.push(invalid(child(path, 'shape'), new Raw(goJson(a.shape)), SHAPE_WITHOUT_GATE_DETAIL));
  return errs;
}

const VALIDATORS: Record<string, (path: string, a: Args) => FieldError[]> = {
  DefaultPreemption: defaultPreemption, InterPodAffinity: interPodAffinity, NodeAffinity: nodeAffinity,
  NodeResourcesBalancedAllocation: balancedAllocation, NodeResourcesFit: nodeResourcesFit, PodTopologySpread: podTopologySpread,
  VolumeBinding: volumeBinding,
};

/** The field errors of a plugin's args (none for a plugin whose args are not validated here: DynamicResources' timeouts). */
export function validatePluginArgs(name: string, path: string, args: Args): FieldError[] {
  return VALIDATORS[name]?.(path, args) ?? [];
}
