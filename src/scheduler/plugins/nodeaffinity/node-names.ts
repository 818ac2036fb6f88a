// The node names NodeAffinity's PreFilter narrows the pod to (node_affinity.go PreFilter), computed once per pod
// for PodInfo.nodeNames; apart from prefilter.ts so that the framework can import it without a circle.
import type { NodeSelectorTerm } from '../../../k8s/node-selector';

/**
 * Per raw term, the intersection of its `matchFields metadata.name In` lists; a term without one means no narrowing
 * (terms are ORed); otherwise the union. An empty union is a conflict. Computed once per pod (PodInfo.nodeNames).
 */
export function preFilterNodeNames(terms: readonly NodeSelectorTerm[] | undefined): Set<string> | undefined {
  let union: Set<string> | undefined;
  for (const term of terms ?? []) {
    let names: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const these = new Set(r.values ?? []);
      names = names ? new Set([...names].filter((n) => these.has(n))) : these;
    }
    if (!names) return undefined;
    union = new Set([...(union ?? []), ...names]);
  }
  return union;
}
