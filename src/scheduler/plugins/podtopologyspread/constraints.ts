// Which constraints a pod's PodTopologySpread applies, with which selector
// (podtopologyspread/plugin.go getConstraints, common.go filterTopologySpreadConstraints, mergeLabelSetWithSelector).
import type { TopologySpreadConstraint } from 'kubernetes-types/core/v1';
import type { PodInfo } from '../../framework';
import { subjectPodMeta } from '../../snapshot';
import { parseLabelSelector, withLabelKeys, type Selector } from '../../../k8s/label-selector';

export type Action = 'DoNotSchedule' | 'ScheduleAnyway';
export type InclusionPolicy = 'Honor' | 'Ignore';

export interface Constraint {
  /** Index in spec.topologySpreadConstraints (-1 for a default constraint). */
  index: number;
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
export function constraintsOf(pod: PodInfo, action: Action): Constraint[] {
  const own = pod.subject.spec.topologySpreadConstraints ?? [];
  if (own.length === 0) return []; // system defaults are ScheduleAnyway: nothing for DoNotSchedule
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
