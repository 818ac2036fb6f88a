// expect(workload).toBeKeptApartFrom(other, nodes?, { namespaces? }): a constraint guarantees that no node ever holds
// pods of both — required pod anti-affinity (either way), the same host port, or node selection on the nodes given —
// whatever order they are created in and however the scores fall. `.not.toShareNodesWith` only reports one simulated
// placement; this is the form to use when the separation is the policy. Rules in src/explain/apart.ts.
import type { KubeObject, Node } from '../core/types';
import { toSubject } from '../k8s/subject';
import { describeSeparation, HOSTNAME_LABEL, separation } from '../explain/apart';
import { podFrom } from '../placement/replicas';
import { placeReplicas } from '../placement/place';
import { hint, type MatcherContext, type MatcherResult } from './context';
import { apiServerErrors, guarded, labelOf, subjectOf, UsageError } from './inputs';
import { nodesOf } from './inputs-nodes';
import { workloadOf } from './replicas';

function inputs(nodesArg: unknown, options: unknown): { nodes?: Node[]; namespaces?: KubeObject[] } {
  const nodes = nodesArg === undefined ? undefined : nodesOf(nodesArg);
  if (options !== undefined && (typeof options !== 'object' || options === null)) throw new UsageError('options must be { namespaces? }');
  const o = (options ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => k !== 'namespaces');
  if (unknown.length) throw new UsageError(`unknown option(s) ${unknown.join(', ')}: options are { namespaces? }`);
  const ns = o.namespaces as Iterable<KubeObject> | undefined | null;
  if (ns !== undefined && (!ns || typeof ns !== 'object' || !(Symbol.iterator in ns))) {
    throw new UsageError('options.namespaces must be an array (or iterable, e.g. a loadManifests collection) of Namespace objects');
  }
  return { nodes, namespaces: ns ? [...ns].filter((x) => x?.kind === 'Namespace') : undefined };
}

/** `received` with a required anti-affinity term against `other`'s pods added to its pod spec. */
function withAntiAffinity(received: KubeObject, other: KubeObject): { object: KubeObject; term: Record<string, unknown> } | undefined {
  const labels = podFrom(other, 'probe').metadata?.labels ?? {};
  if (!Object.keys(labels).length) return undefined;
  const ns = other.metadata?.namespace || 'default';
  const term = {
    topologyKey: HOSTNAME_LABEL,
    labelSelector: { matchLabels: labels },
    ...(ns !== (received.metadata?.namespace || 'default') ? { namespaces: [ns] } : {}),
  };
  const s = toSubject(received);
  const spec = structuredClone(s.spec);
  const anti = ((spec.affinity ??= {}).podAntiAffinity ??= {});
  anti.requiredDuringSchedulingIgnoredDuringExecution = [...(anti.requiredDuringSchedulingIgnoredDuringExecution ?? []), term];
  const object = structuredClone(received) as Record<string, unknown>;
  let at = object;
  const parts = s.specPath.split('.');
  for (const p of parts.slice(0, -1)) at = at[p] as Record<string, unknown>;
  at[parts[parts.length - 1]] = spec;
  return { object: object as KubeObject, term };
}

/** The anti-affinity term to add as YAML, offered only when adding it does give the guarantee (checked by running it). */
function fixLines(received: KubeObject, other: KubeObject, nodes: Node[] | undefined, namespaces: KubeObject[] | undefined): string[] {
  const fix = withAntiAffinity(received, other);
  if (!fix || !separation(fix.object, other, nodes, namespaces).guaranteed) return [];
  const { term } = fix;
  const labels = (term.labelSelector as { matchLabels: Record<string, string> }).matchLabels;
  const quote = (v: string) => JSON.stringify(v);
  // kept apart, but still schedulable? With nodes given, place both (in both orders) with the term added.
  const pending = nodes
    ? [placeReplicas([fix.object, other], nodes, { namespaces }), placeReplicas([other, fix.object], nodes, { namespaces })]
      .map((p) => p.pods.filter((x) => !x.node)).find((x) => x.length)
    : undefined;
  return [
    `To keep them apart whatever the placement, add to ${toSubject(received).specPath}.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution:`,
    `  - topologyKey: ${HOSTNAME_LABEL}`,
    '    labelSelector:',
    '      matchLabels:',
    ...Object.entries(labels).map(([k, v]) => `        ${k}: ${quote(v)}`),
    ...(term.namespaces ? [`    namespaces: [${(term.namespaces as string[]).map(quote).join(', ')}]`] : []),
    ...(pending ? [`But on these nodes ${pending.length} pod(s) would then stay Pending (${pending.slice(0, 3).map((p) => `${p.name}: ${p.fitError}`).join('; ')}): more nodes are needed.`] : []),
  ];
}

export function toBeKeptApartFrom(this: MatcherContext, received: unknown, otherArg: unknown, nodesArg?: unknown, options?: unknown): MatcherResult {
  const header = () => hint(this, 'toBeKeptApartFrom', nodesArg === undefined ? 'other' : 'other, nodes');
  return guarded(this, header, () => {
    const a = workloadOf(received);
    const b = workloadOf(otherArg, 'other');
    const { nodes, namespaces } = inputs(nodesArg, options);
    const rejected = apiServerErrors([a, b, ...(nodes ?? [])].map((o) => ({ object: o, label: labelOf(o) })));
    if (rejected) throw new UsageError(rejected);
    const s = separation(a, b, nodes, namespaces);
    const [la, lb] = [labelOf(a), labelOf(b)];
    const scope = nodes ? ` on these ${nodes.length} node(s)` : '';
    return {
      pass: s.guaranteed,
      // accepted: a constraint keeps them apart (for the run report)
      placement: {
        matcher: 'toBeKeptApartFrom', subject: subjectOf(a), target: b, accepted: s.guaranteed,
        verdict: s.guaranteed ? 'kept apart by a constraint' : s.open.length ? `no constraint on ${s.open.join(', ')}` : 'no constraint',
      },
      message: () => s.guaranteed
        ? `${header()}\n\nExpected ${la} not to be kept apart from ${lb}${scope}, but ${describeSeparation(s, la, lb).replace(/^A/, 'a')}`
        : [`${header()}\n\nExpected ${la} to be kept apart from ${lb}${scope} by a constraint, but ${describeSeparation(s, la, lb).replace(/^No/, 'no')}`,
          ...(nodes ? [] : ['Without nodes, only constraints that hold on any node count (anti-affinity on kubernetes.io/hostname, host ports).']),
          ...fixLines(a, b, nodes, namespaces)].join('\n'),
    };
  });
}
