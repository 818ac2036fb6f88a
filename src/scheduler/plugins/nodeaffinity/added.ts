// NodeAffinityArgs.addedAffinity (node_affinity.go New, Filter, Score): node affinity the scheduler configuration
// adds to every pod of the profile. Its required selector is checked before the pod's own (a node failing it is
// UnschedulableAndUnresolvable with errReasonEnforced), its preferred terms add to every node's Score; the pod's
// PreFilter result (matchFields metadata.name) is the pod's own alone, and PodTopologySpread's nodeAffinityPolicy and
// the DaemonSet controller never read it. The same at v1.33.13–v1.37.2.
import { rejection, type NodeInfo, type Rejection } from '../../framework';
import { explainRequirement, parseTerms, requirementMatches, termMatches, type ParsedTerm } from '../../../k8s/node-selector';
import { pluginArgs, type NodeAffinityArgs } from '../../plugin-args';

/** @upstream pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go */
export const ErrReasonEnforced = "node(s) didn't match scheduler-enforced node affinity";

export interface AddedAffinity {
  /** The required node selector's terms (ORed); undefined when the configuration adds none. */
  required?: ParsedTerm[];
  /** NewPreferredSchedulingTerms: weight-0 and empty terms are dropped. */
  preferred: Array<{ weight: number; term: ParsedTerm; index: number }>;
  /** The Filter's rejection by this selector: its details are worked out from it, whatever profile is active then. */
  enforced: Rejection;
}

const parsed = new WeakMap<object, AddedAffinity>();
// by the rejection's reasons array, which the Status made from it shares (framework.ts PairStatus)
const byReasons = new WeakMap<readonly string[], AddedAffinity>();

/** The added affinity a Filter rejection came from (undefined for a rejection by the pod's own affinity). */
export const enforcedBy = (rejected: Pick<Rejection, 'reasons'>): AddedAffinity | undefined => byReasons.get(rejected.reasons);

/** The active profile's addedAffinity, parsed once per arguments object; undefined without one. */
export function addedAffinity(): AddedAffinity | undefined {
  const added: NodeAffinityArgs['addedAffinity'] = pluginArgs('NodeAffinity').addedAffinity;
  if (!added) return undefined;
  let out = parsed.get(added);
  if (!out) {
    const required = added.requiredDuringSchedulingIgnoredDuringExecution;
    out = {
      ...(required ? { required: parseTerms(required.nodeSelectorTerms) } : {}),
      preferred: (added.preferredDuringSchedulingIgnoredDuringExecution ?? []).flatMap((p, index) => {
        const term = parseTerms([p.preference])[0];
        return p.weight !== 0 && term ? [{ weight: p.weight, term, index }] : [];
      }),
      enforced: rejection('NodeAffinity', 'UnschedulableAndUnresolvable', [ErrReasonEnforced]),
    };
    parsed.set(added, out);
    byReasons.set(out.enforced.reasons, out);
  }
  return out;
}

const PATH = "the scheduler configuration's NodeAffinity addedAffinity.requiredDuringSchedulingIgnoredDuringExecution";

/** Why the node fails the added required selector of `added` (empty when it passes or there is none). */
export function addedMismatches(added: AddedAffinity | undefined, node: NodeInfo): string[] {
  const terms = added?.required;
  if (!terms || terms.some((t) => termMatches(t, node.labels, node.name))) return [];
  const lines = [
    `no nodeSelectorTerm of ${PATH} matches (terms are ORed, requirements ANDed). This affinity comes from the scheduler ` +
    "configuration and applies to every pod of the profile: the pod's spec cannot satisfy it on this node, only a node " +
    'that matches it or a change to the scheduler configuration (a pod of another schedulerName is not bound by it)',
  ];
  if (terms.length === 0) lines.push('  it has no usable nodeSelectorTerms, so no node matches');
  for (const term of terms) {
    if (term.error) lines.push(`  nodeSelectorTerms[${term.index}] never matches: ${term.error}`);
    else {
      const failing = term.requirements.filter((r) => !requirementMatches(r, node.labels, node.name));
      lines.push(`  nodeSelectorTerms[${term.index}]: ${failing.map((r) => explainRequirement(r, node.labels, node.name)).join('; ')}`);
    }
  }
  return lines;
}

/** For `.not`: the added required term the node matches. */
export function addedPassLines(node: NodeInfo): string[] {
  const term = addedAffinity()?.required?.find((t) => termMatches(t, node.labels, node.name));
  return term ? [`${PATH}.nodeSelectorTerms[${term.index}] matches (${term.requirements.map((r) => explainRequirement(r, node.labels, node.name)).join('; ')})`] : [];
}

/** addedPrefSchedTerms.Score: the weights of the added preferred terms the node matches. */
export function addedPreferredScore(node: NodeInfo): { score: number; matched: number[] } {
  let score = 0;
  const matched: number[] = [];
  for (const { weight, term, index } of addedAffinity()?.preferred ?? []) {
    if (termMatches(term, node.labels, node.name)) {
      score += weight;
      matched.push(index);
    }
  }
  return { score, matched };
}
