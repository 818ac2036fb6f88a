// PodTopologySpread Filter (podtopologyspread/filtering.go Filter): `matchNum + selfMatch − minMatch ≤ maxSkew` for
// the node's domain, per hard constraint; and what the messages say about it.
import { failure, type PodInfo, type Status } from '../../framework';
import { kubeletHint, type NodeSnapshot } from '../../snapshot';
import { formatSelector, revisionNote } from '../../../k8s/label-selector';
import { constraintName, type Constraint } from './constraints';
import { minMatch, stateOn, type PreFilterState } from './state';
import { ErrReasonConstraintsNotMatch, ErrReasonNodeLabelNotMatch } from './reasons';

/** The words a rejection by a configured default adds: where it comes from, and that the pod cannot drop it. */
const fromConfiguration = (c: Constraint): string[] => (c.defaultIndex === undefined ? [] : [
  '  this constraint comes from the scheduler configuration (PodTopologySpreadArgs defaultConstraints), not from the pod: ' +
  'its spec cannot remove it; topologySpreadConstraints of its own replace the defaults, or the scheduler configuration must change',
]);

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function describeConstraint(pod: PodInfo, c: Constraint): string {
  return `${constraintName(pod, c)} (topologyKey ${c.topologyKey}, maxSkew ${c.maxSkew}, ` +
    `labelSelector ${formatSelector(c.selector)}${c.minDomains !== 1 ? `, minDomains ${c.minDomains}` : ''})`;
}

/** `zone-a 2, zone-b 1, zone-c 0 (min 0)`; long lists keep the node's domain and the emptiest ones. */
function describeCounts(state: PreFilterState, i: number, domain: string): string {
  const m = state.counts[i];
  let entries = [...m].sort(([a], [b]) => byName(a, b));
  const total = entries.length;
  if (total > 12) {
    const fewest = [...entries].sort(([, a], [, b]) => a - b).slice(0, 5).map(([d]) => d);
    entries = entries.filter(([d]) => d === domain || fewest.includes(d));
  }
  const c = state.constraints[i];
  const min = minMatch(state, i);
  const minNote = m.size < c.minDomains ? `min 0: ${m.size} eligible domain(s) < minDomains ${c.minDomains}` : `min ${min}`;
  return `${c.topologyKey}: ${total === 0 ? 'no eligible domain' : entries.map(([d, n]) => `${d} ${n}`).join(', ')}` +
    `${total > entries.length ? `, … (${total} domains)` : ''} (${minNote})`;
}

/** filtering.go Filter: the first failing constraint, in list order, decides. */
export function filter(pod: PodInfo, node: NodeSnapshot, cycleState: PreFilterState): Status | undefined {
  const state = stateOn(pod, cycleState, node);
  const labels = node.info.labels;
  for (let i = 0; i < state.constraints.length; i++) {
    const c = state.constraints[i];
    if (!Object.prototype.hasOwnProperty.call(labels, c.topologyKey)) {
      return failure('PodTopologySpread', 'UnschedulableAndUnresolvable', [ErrReasonNodeLabelNotMatch], () => [
        `node ${node.info.name} has no label ${c.topologyKey}, which ${describeConstraint(pod, c)} spreads over ` +
        '(nodes without a DoNotSchedule topologyKey are left out of the counts and never chosen)' + kubeletHint(c.topologyKey),
        ...fromConfiguration(c),
      ]);
    }
    const domain = labels[c.topologyKey];
    const min = minMatch(state, i);
    const self = state.selfMatch[i] ? 1 : 0;
    const matchNum = state.counts[i].count(domain);
    const skew = matchNum + self - min;
    if (skew > c.maxSkew) return domainFailure(pod, node, state, i, domain, matchNum, skew);
  }
  return undefined;
}

/** Why a node passed: each constraint's counts and the skew placing the pod here gives. */
export function explainPass(pod: PodInfo, node: NodeSnapshot, cycleState: PreFilterState): string[] {
  const state = stateOn(pod, cycleState, node);
  return state.constraints.map((c, i) => {
    const domain = node.info.labels[c.topologyKey];
    const matchNum = state.counts[i].get(domain) ?? 0;
    const self = state.selfMatch[i] ? 1 : 0;
    const skew = matchNum + self - minMatch(state, i);
    const name = c.defaultIndex === undefined ? `topologySpreadConstraints[${c.index}]` : `the scheduler configuration's defaultConstraints[${c.defaultIndex}]`;
    return `${name} ${describeCounts(state, i, domain)}; ` +
      `${self ? `placing here makes ${domain} ${matchNum + 1}` : `${domain} stays ${matchNum} (the pod does not match its own labelSelector)`} → skew ${skew} ≤ maxSkew ${c.maxSkew}`;
  });
}

/**
 * The skew failure of the node's domain: its words name the domain, never the node, and the counts never change
 * after PreFilter, so every node of the domain shares one Status (a zone's thousand nodes, in every cycle).
 */
function domainFailure(pod: PodInfo, node: NodeSnapshot, state: PreFilterState, i: number, domain: string, matchNum: number, skew: number): Status {
  const perConstraint = (state.failures ??= []);
  const byDomain = (perConstraint[i] ??= new Map());
  let status = byDomain.get(domain);
  if (!status) byDomain.set(domain, (status = skewFailure(pod, node, state, i, domain, matchNum, skew)));
  return status;
}

function skewFailure(pod: PodInfo, node: NodeSnapshot, state: PreFilterState, i: number, domain: string, matchNum: number, skew: number): Status {
  const c = state.constraints[i];
  return failure('PodTopologySpread', 'Unschedulable', [ErrReasonConstraintsNotMatch], () => {
    const eligible = state.counts[i].has(domain) ? '' : ` (not an eligible domain)`;
    const placing = state.selfMatch[i]
      ? `placing here makes ${domain}${eligible} ${matchNum + 1}`
      : `${domain}${eligible} has ${matchNum} and the pod does not match its own labelSelector, so it adds nothing`;
    return [
      `${describeConstraint(pod, c)}:`,
      `  ${describeCounts(state, i, domain)}; ${placing} → skew ${skew} > maxSkew ${c.maxSkew}`,
      ...fromConfiguration(c),
      `  counted: pods in namespace ${state.namespace} matching the selector, not terminating, on nodes with every DoNotSchedule topologyKey` +
        (c.nodeAffinityPolicy === 'Honor' ? ' that match the pod\'s node affinity/selector (nodeAffinityPolicy Honor)' : '') +
        (c.nodeTaintsPolicy === 'Honor' ? ' whose NoSchedule/NoExecute taints it tolerates (nodeTaintsPolicy Honor)' : ''),
      ...(state.pinnedOn?.constraints.includes(i)
        ? [`  a DaemonSet's pod is pinned to its node (the controller sets its required node affinity to metadata.name In [${state.pinnedOn.node}]), so only node ${state.pinnedOn.node} counts`]
        : []),
      ...(revisionNote(c.selector) ? [`  ${revisionNote(c.selector)}`] : []),
      ...(c.unusedLabelKeys.length
        ? [`  matchLabelKeys ${c.unusedLabelKeys.join(', ')}: the pod has no such label, so nothing is added to the selector` +
          (c.unusedLabelKeys.includes('pod-template-hash') ? ' (a Deployment\'s ReplicaSet adds pod-template-hash to its pods; in a cluster only pods of the same ReplicaSet would count)' : '')]
        : []),
    ];
  });
}
