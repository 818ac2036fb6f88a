// "not modelled for this pod: …": the words for answers whose pod uses what the library does not model
// (engine/not-modelled.ts). Such a verdict is never "schedulable": where every modelled filter passes it is unknown,
// and the matcher fails with and without `.not`, saying which part decides it.
import { certainRejection, unknownPreemption, type NodeAnswer, type NotModelled, type ScheduleAnswer } from '../engine';
import { describeRejection, describeRejections, MAX_ENTRIES, nodeNames } from './schedule';

/** The block every client prints: `not modelled for this pod:` and one line per use. */
export function describeNotModelled(items: readonly NotModelled[]): string {
  return `not modelled for this pod:\n${items.map((n) => `  ${n.what}: ${n.detail}`).join('\n')}`;
}

/** One line, for cells, records and the CLI's verdict: `not modelled for this pod: DynamicResources, VolumeBinding, …`. */
export function notModelledSummary(items: readonly NotModelled[]): string {
  return `not modelled for this pod: ${[...new Set(items.flatMap((n) => n.what.split(', ')))].join(', ')}`;
}

/** Under a certain verdict: what else the pod uses, and that it does not change the verdict. */
export function notModelledNote(items: readonly NotModelled[] | undefined): string {
  return items?.length ? `\n\nThe rejection stands whatever these decide; ${describeNotModelled(items)}` : '';
}

const uncertain = (v: { status?: NodeAnswer['status'] }) => v.status && !certainRejection(v.status);
const DRA_SHORTFALL = 'NodeResourcesFit\'s shortfall is of a DeviceClass-backed resource, which DynamicResources may allocate instead:';

/** toBeSchedulableOn with no verdict. */
export function explainUnknownOnNode(a: NodeAnswer, negated: boolean): string {
  const why = a.feasible
    ? `every filter the library models passes (${a.plugins.join(', ')})`
    : `${DRA_SHORTFALL}\n${describeRejection(a as never)}\n`;
  const head = negated
    ? `Expected ${a.pod} not to be schedulable on ${a.nodeLabel}, but that cannot be proved: ${why}`
    : `Expected ${a.pod} to be schedulable on ${a.nodeLabel}, but the verdict is unknown: ${why}`;
  return `${head}${a.feasible ? ', and ' : ''}${describeNotModelled(a.notModelled!)}`;
}

function unknownNodes(a: ScheduleAnswer): string {
  const open = [...a.feasible.map((v) => v.node), ...a.rejected.filter(uncertain).map((v) => v.node)];
  // every node rejects the pod as it is; DefaultPreemption may give it one, by a priority the inputs leave unknown
  if (open.length === 0 && unknownPreemption(a)) {
    return `no node fits it as it is (kube-scheduler's filters: ${a.fitError}), and whether DefaultPreemption gives it one by preempting lower-priority pods depends on a priority the inputs leave unknown`;
  }
  const maybe = a.rejected.filter(uncertain);
  return `${open.length} node(s) pass every filter the library models or are rejected only for a DeviceClass-backed resource: ${nodeNames(open, MAX_ENTRIES)}` +
    (maybe.length ? `\n${DRA_SHORTFALL}\n${describeRejections(maybe)}` : '');
}

/** toBeSchedulableOnAnyOf with no verdict. */
export function explainUnknownAnyOf(a: ScheduleAnswer, negated: boolean): string {
  const head = negated
    ? `Expected ${a.pod} not to be schedulable on any of ${a.nodes} node(s), but that cannot be proved`
    : `Expected ${a.pod} to be schedulable on one of ${a.nodes} node(s), but the verdict is unknown`;
  return `${head}: ${unknownNodes(a)}\n${describeNotModelled(a.notModelled!)}`;
}

/** toBeSchedulableOnAllOf with no verdict. */
export function explainUnknownAllOf(a: ScheduleAnswer, negated: boolean): string {
  const head = negated
    ? `Expected ${a.pod} not to be schedulable on all of ${a.nodes} node(s), but that cannot be proved`
    : `Expected ${a.pod} to be schedulable on all of ${a.nodes} node(s), but the verdict is unknown`;
  return `${head}: no node is certainly rejected; ${unknownNodes(a)}\n${describeNotModelled(a.notModelled!)}`;
}

/**
 * A replica, outage or preference answer with no verdict (it fails with and without `.not`). `expected` is the
 * message's first sentence (`Expected X not to …`); `modelled` goes on `By the modelled filters and scores alone`
 * with the answer those give (`, the 3 replica(s) land …`); `note` follows the list of what is not modelled.
 */
export function explainUnknownVerdict(expected: string, negated: boolean, items: readonly NotModelled[], modelled: string, note = ''): string {
  return `${expected}, but ${negated ? 'that cannot be proved' : 'the verdict is unknown'}: ${describeNotModelled(items)}${note}\n` +
    `By the modelled filters and scores alone${modelled}`;
}
