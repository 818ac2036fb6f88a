// NodeAffinity (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go): Filter on
// spec.nodeSelector AND required node affinity; Score on preferred terms. A configuration's NodeAffinityArgs
// addedAffinity (added.ts) is checked first by the Filter and adds its preferred terms to the Score.
import { filterPlugin, rejection, Skip, type NodeInfo, type PodInfo, type ScorePlugin } from '../../framework';
import { explainRequirement, requirementMatches, termMatches, termsRead } from '../../../k8s/node-selector';
import { addedAffinity, addedMismatches, addedPassLines, addedPreferredScore, enforcedBy } from './added';

/** @upstream pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go */
export const ErrReasonPod = "node(s) didn't match Pod's node affinity/selector";
// PreFilter: every term pins names that contradict each other.
export { ErrReasonConflict, preFilterReason } from './prefilter';
const REJECTED = rejection('NodeAffinity', 'UnschedulableAndUnresolvable', [ErrReasonPod]);
export { ErrReasonEnforced } from './added';

function selectorMismatches(pod: PodInfo, node: NodeInfo): string[] {
  const out: string[] = [];
  for (const [key, want] of Object.entries(pod.nodeSelector)) {
    if (!Object.prototype.hasOwnProperty.call(node.labels, key)) out.push(`nodeSelector ${key}=${want}: node has no label ${key}`);
    else if (node.labels[key] !== want) out.push(`nodeSelector ${key}=${want}: node has ${key}=${JSON.stringify(node.labels[key])}`);
  }
  return out;
}

function requiredAffinityMismatches(pod: PodInfo, node: NodeInfo): string[] {
  const terms = pod.requiredTerms;
  if (!terms) return [];
  if (terms.some((t) => termMatches(t, node.labels, node.name))) return [];
  const path = `${pod.subject.specPath}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`;
  if (terms.length === 0) return [`${path} has no usable nodeSelectorTerms, so no node matches`];
  const lines = [`no nodeSelectorTerm of ${path} matches (terms are ORed, requirements ANDed):`];
  for (const term of terms) {
    if (term.error) {
      lines.push(`  nodeSelectorTerms[${term.index}] never matches: ${term.error}`);
      continue;
    }
    const failing = term.requirements.filter((r) => !requirementMatches(r, node.labels, node.name));
    lines.push(`  nodeSelectorTerms[${term.index}]: ${failing.map((r) => explainRequirement(r, node.labels, node.name)).join('; ')}`);
  }
  return lines;
}

const hasOwn = Object.prototype.hasOwnProperty;

function selectorMatches(pod: PodInfo, node: NodeInfo): boolean {
  const keys = pod.selectorKeys;
  const labels = node.labels;
  for (let i = 0; i < keys.length; i++) {
    if (labels[keys[i]] !== pod.selectorValues[i] || !hasOwn.call(labels, keys[i])) return false;
  }
  return true;
}

function someTermMatches(pod: PodInfo, node: NodeInfo): boolean {
  const terms = pod.requiredTerms!;
  for (let i = 0; i < terms.length; i++) if (termMatches(terms[i], node.labels, node.name)) return true;
  return false;
}

/**
 * The pod's own nodeSelector and required node affinity (nodeaffinity.GetRequiredNodeAffinity(pod)), without the
 * configuration's addedAffinity: what PodTopologySpread's nodeAffinityPolicy Honor and the DaemonSet controller read.
 */
export const podNodeAffinityMatches = (pod: PodInfo, node: NodeInfo): boolean => selectorMatches(pod, node) && (!pod.requiredTerms || someTermMatches(pod, node));

/** Why the pod's own nodeSelector or required node affinity rejects the node (empty when they match). */
export const podNodeAffinityMismatches = (pod: PodInfo, node: NodeInfo): string[] => [...selectorMismatches(pod, node), ...requiredAffinityMismatches(pod, node)];

function podReads(pod: PodInfo): { labels: readonly string[]; names: readonly string[] | undefined } {
  // without required terms, the selector's keys as they are (read, never changed, by the callers)
  if (!pod.requiredTerms) return { labels: pod.selectorKeys, names: undefined };
  const read = termsRead(pod.requiredTerms);
  return { labels: [...pod.selectorKeys, ...read.labels], names: read.names };
}

export const NodeAffinity = filterPlugin(
  'NodeAffinity',
  {
    node: [],
    labels: (pod) => {
      const added = addedAffinity()?.required;
      return added ? [...podReads(pod).labels, ...termsRead(added).labels] : podReads(pod).labels;
    },
    names: (pod) => {
      const added = addedAffinity()?.required;
      return added ? [...(podReads(pod).names ?? []), ...termsRead(added).names] : podReads(pod).names;
    },
  },
  // Filter: the scheduler-enforced addedAffinity first (errReasonEnforced), then the pod's own
  (pod, node) => {
    const added = addedAffinity();
    if (added?.required && !added.required.some((t) => termMatches(t, node.labels, node.name))) return added.enforced;
    return podNodeAffinityMatches(pod, node) ? undefined : REJECTED;
  },
  // the details of an enforced rejection come from the added affinity that made it (read later, maybe elsewhere)
  (pod, node, _usage, rejected) => (enforcedBy(rejected) ? addedMismatches(enforcedBy(rejected), node) : podNodeAffinityMismatches(pod, node)),
  { explainPass: (pod, node) => [...addedPassLines(node), ...explainAffinityPass(pod, node)] },
);

/** Why NodeAffinity let the pod through (for `.not`): each nodeSelector entry, and the required term that matches. */
function explainAffinityPass(pod: PodInfo, node: NodeInfo): string[] {
  const lines: string[] = [];
  const selector = Object.entries(pod.nodeSelector);
  for (const [k, v] of selector) lines.push(`nodeSelector ${k}=${v} matches the node's label`);
  const term = pod.requiredTerms?.find((t) => termMatches(t, node.labels, node.name));
  if (term) {
    const path = `${pod.subject.specPath}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`;
    lines.push(`${path}.nodeSelectorTerms[${term.index}] matches (${term.requirements.map((r) => explainRequirement(r, node.labels, node.name)).join('; ')})`);
  }
  if (!selector.length && !pod.requiredTerms) lines.push('the pod has no nodeSelector and no required node affinity');
  return lines;
}

/** Score: the sum of the weights of the preferred terms that match (terms with parse errors count nothing). */
export function preferredAffinityScore(pod: PodInfo, node: NodeInfo): { score: number; matched: number[] } {
  let score = 0;
  const matched: number[] = [];
  pod.preferredTerms.forEach(({ weight, term }, i) => {
    if (termMatches(term, node.labels, node.name)) {
      score += weight;
      matched.push(i);
    }
  });
  return { score, matched };
}

/** DefaultNormalizeScore(100, reverse=false): score*100/max, integer division; all 0 when max is 0. */
export function normalizeNodeAffinityScores(raw: number[]): number[] {
  const max = Math.max(0, ...raw);
  return raw.map((r) => (max === 0 ? 0 : Math.trunc((r * 100) / max)));
}

const NO_PREFERENCE: { score: number; matched: readonly number[] } = { score: 0, matched: [] };
// a pod without preferred terms matches none: nothing to work out
const preferred = (pod: PodInfo, node: NodeInfo) => (pod.preferredTerms.length ? preferredAffinityScore(pod, node) : NO_PREFERENCE);

/** NodeAffinity's PreScore/Score/NormalizeScore: the weights of the preferred terms the node matches. */
export const NodeAffinityScore: ScorePlugin<PodInfo> = {
  name: 'NodeAffinity',
  // PreScore skips only when the pod has no preferred terms at all (node_affinity.go getPodPreferredNodeAffinity
  // checks the field, not what parses): a term that matches nothing still puts NodeAffinity in the scores, at 0.
  // PreScore also runs when the configuration adds preferred terms (addedPrefSchedTerms), which every node's Score adds
  preScore: (pod) => (pod.preferredTerms.length || pod.subject.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution?.length || addedAffinity()?.preferred.length
    ? pod : new Skip('no preferred node affinity')),
  score: (pod, node) => addedPreferredScore(node.info).score + preferred(pod, node.info).score,
  normalizeScore: (_, raw) => normalizeNodeAffinityScores(raw),
  explain(pod, node, raw) {
    const { matched } = preferred(pod, node.info);
    const added = addedPreferredScore(node.info);
    const own = matched.length ? ` from preferredDuringSchedulingIgnoredDuringExecution[${matched.join(', ')}]` : ' (no preferred term matches)';
    return `preferred weight ${raw}${own}${added.matched.length ? `, of which ${added.score} from the scheduler configuration's addedAffinity preferred terms [${added.matched.join(', ')}]` : ''}`;
  },
  nodeScore: { key: 'nodeAffinity', value: (pod, node, raw, score) => ({ raw, normalized: score, matchedTerms: pod ? [...preferred(pod, node.info).matched] : [] }) },
};
