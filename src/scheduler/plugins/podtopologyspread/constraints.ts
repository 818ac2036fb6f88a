// Which constraints a pod's PodTopologySpread applies, with which selector
// (podtopologyspread/plugin.go getConstraints, common.go filterTopologySpreadConstraints, buildDefaultConstraints,
// mergeLabelSetWithSelector).
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { KubeObject } from '../../../core/types';
import type { PodInfo } from '../../framework';
import { subjectPodMeta } from '../../snapshot';
import { parseLabelSelector, withLabelKeys, type Selector } from '../../../k8s/label-selector';
import { pluginArgs } from '../../plugin-args';
import { defaultSelector } from './default-selector';

export type Action = 'DoNotSchedule' | 'ScheduleAnyway';
export type InclusionPolicy = 'Honor' | 'Ignore';

export interface Constraint {
  /** Index in spec.topologySpreadConstraints (-1 for a default constraint). */
  index: number;
  /**
   * A default constraint of the scheduler configuration (PodTopologySpreadArgs.defaultConstraints, `defaultingType:
   * List`): its index there. The pod's own spec cannot drop it, only constraints of its own replace the defaults.
   */
  defaultIndex?: number;
  maxSkew: number;
  topologyKey: string;
  selector: Selector;
  minDomains: number;
  nodeAffinityPolicy: InclusionPolicy;
  nodeTaintsPolicy: InclusionPolicy;
  /** matchLabelKeys the pod has no label for (they add nothing), for messages. */
  unusedLabelKeys: string[];
}

/**
 * The default profile's `defaultingType: System` constraints, applied only to a pod without any constraint
 * of its own. They are ScheduleAnyway, so they only score (not modelled yet); a scoring plugin starts here.
 * Their selector is DefaultSelector(pod): Services selecting the pod and its RC/RS/StatefulSet owner.
 */
export const SYSTEM_DEFAULT_CONSTRAINTS: ReadonlyArray<{ topologyKey: string; maxSkew: number; whenUnsatisfiable: Action }> = [
  { topologyKey: 'kubernetes.io/hostname', maxSkew: 3, whenUnsatisfiable: 'ScheduleAnyway' },
  { topologyKey: 'topology.kubernetes.io/zone', maxSkew: 5, whenUnsatisfiable: 'ScheduleAnyway' },
];

/**
 * The pod's constraints of one kind, in list order. An absent labelSelector matches nothing (matchLabelKeys then
 * adds nothing); `{}` matches everything; matchLabelKeys adds `key=value` for each key the pod's labels have.
 * Throws LabelSelectorError for a selector upstream cannot parse (PreFilter then fails with an error).
 */
export function constraintsOf(pod: PodInfo, action: Action, services?: readonly KubeObject[]): Constraint[] {
  const own = pod.subject.spec.topologySpreadConstraints ?? [];
  if (own.length === 0) return configuredDefaults(pod, action, services);
  // only the constraints of this kind are read (and parsed): none, nothing to do
  if (!own.some((c) => c.whenUnsatisfiable === action)) return [];
  const { labels } = subjectPodMeta(pod.subject);
  return own.flatMap((c: TopologySpreadConstraint, index) => {
    if (c.whenUnsatisfiable !== action) return [];
    return [{
      index,
      maxSkew: c.maxSkew,
      topologyKey: c.topologyKey,
      selector: withLabelKeys(parseLabelSelector(c.labelSelector), labels, c.matchLabelKeys),
      minDomains: c.minDomains ?? 1,
      nodeAffinityPolicy: (c.nodeAffinityPolicy as InclusionPolicy | undefined) ?? 'Honor',
      nodeTaintsPolicy: (c.nodeTaintsPolicy as InclusionPolicy | undefined) ?? 'Ignore',
      unusedLabelKeys: (c.matchLabelKeys ?? []).filter((k) => !Object.prototype.hasOwnProperty.call(labels, k)),
    }];
  });
}

/**
 * buildDefaultConstraints for `defaultingType: List`: the configuration's defaultConstraints of this kind, for a pod
 * without constraints of its own, each counting with DefaultSelector(pod) (Services selecting it, its
 * RC/RS/StatefulSet owner); none when that selector is empty. Their labelSelector is never set (validation refuses
 * it) and their matchLabelKeys are overwritten with the selector. `System` defaults are ScheduleAnyway (scoring.ts
 * softConstraints): nothing for DoNotSchedule. DoNotSchedule defaults change feasibility.
 */
function configuredDefaults(pod: PodInfo, action: Action, services?: readonly KubeObject[]): Constraint[] {
  const args = pluginArgs('PodTopologySpread');
  if (args.defaultingType !== 'List' || !args.defaultConstraints.some((c) => c.whenUnsatisfiable === action)) return [];
  const selector = defaultSelector(pod, services);
  if (!selector || selector.kind !== 'requirements') return [];
  return args.defaultConstraints.flatMap((c, defaultIndex) => (c.whenUnsatisfiable !== action ? [] : [{
    index: -1,
    defaultIndex,
    maxSkew: c.maxSkew,
    topologyKey: c.topologyKey,
    selector,
    minDomains: c.minDomains ?? 1,
    nodeAffinityPolicy: (c.nodeAffinityPolicy as InclusionPolicy | undefined) ?? 'Honor',
    nodeTaintsPolicy: (c.nodeTaintsPolicy as InclusionPolicy | undefined) ?? 'Ignore',
    unusedLabelKeys: [],
  }]));
}

/** How a constraint is named in messages: the pod's field, or the configuration's default. */
export function constraintName(pod: PodInfo, c: Constraint): string {
  return c.defaultIndex === undefined
    ? `${pod.subject.specPath}.topologySpreadConstraints[${c.index}]`
    : `the scheduler configuration's PodTopologySpread defaultConstraints[${c.defaultIndex}] (defaultingType List; applied because the pod has no topologySpreadConstraints of its own)`;
}
