// placementMatrix: where each workload can run, per node group, as kube-scheduler's filters decide
// (scheduleOn), with optional eviction columns (evictionVerdict) and outage columns (simulateOutage). Printed as an aligned table by the
// snapshot serializer that every setup entry registers, so a chart bump shows up as a cell diff.
import type { KubeObject, Node, Pod } from '../core/types';
import { certainRejection, evictionVerdict, outage, OutageError, parseTaint, scheduleOn, toSubject, unknownOutage, type Failure, type OutageAnswer, type OutageOutcome } from '../engine';
import { notModelledSummary } from '../explain/not-modelled';
import { noPodFacts } from '../explain/schedule';
import { defaultGroup, originOfLabel, POOL_LABELS, workloadName } from '../explain/names';

export { POOL_LABELS, defaultGroup, workloadName, originOfLabel };

export interface MatrixOptions {
  /** A node label key, or a function naming a node's group. Default: the first of POOL_LABELS a node has, else the node's name. */
  groupBy?: string | ((node: Node) => string);
  /** Pods already bound to the nodes (spec.nodeName), counted as the scheduler's cache would. */
  existingPods?: Pod[];
  /** Namespace objects, for filters that select namespaces (passed to scheduleOn). */
  namespaces?: KubeObject[];
  /** Service objects, for the outage columns' scheduling (PodTopologySpread's system default spreading scores by them). */
  services?: KubeObject[];
  /** The storage objects (STORAGE_KINDS), the volume plugins' listers (scheduleOn and the outage columns). */
  storage?: KubeObject[];
  /**
   * Eviction columns: `NotReady` (Ready=False), `Unreachable` (Ready=Unknown), `MemoryPressure`…, or a taint in
   * kubectl's form (`maintenance=kernel:NoExecute`). Each says when the taint-eviction controller evicts the pod.
   * Outage columns: `zone('eu-west-1a')`, `nodesDown(['a1'])` or any failure simulateOutage takes. Each shows the
   * outage's end state per workload (`3/3 running after 350s`), simulated over these workloads, nodes,
   * existingPods and namespaces. Eviction columns come first, then outage columns, each in the order given.
   */
  failures?: ReadonlyArray<string | Failure>;
}

export interface MatrixCell {
  group: string;
  /** Nodes in the group. */
  nodes: number;
  /** Nodes whose filters all pass. */
  accepted: number;
  /** `plugin: reason` kube-scheduler gives for the first rejecting node of the group. */
  reason?: string;
  /** Our first line about it, e.g. which taint is not tolerated. */
  detail?: string;
  /** The node that reason is about. */
  rejectedNode?: string;
  /**
   * For a pod that uses what the library does not model: the group's nodes whose verdict is unknown (every modelled
   * filter passes, or the rejection is not certain); `accepted` is then 0, and the cell prints `N?/M`.
   */
  unknown?: number;
  /** `not modelled for this pod: DynamicResources, …`, the unknown cell's footnote. */
  notModelled?: string;
}

export interface EvictionCell {
  failure: string;
  /** Seconds after the failure's NoExecute taint appears; 0 = at once; null = the pod stays. */
  after: number | null;
}

/** A workload's end state once an outage (simulateOutage) has played out. */
export interface OutageCell extends OutageOutcome {
  /** The column title: `zone eu-west-1a down`. */
  failure: string;
  /**
   * The pods use what the library does not model (engine/not-modelled.ts unknownOutage): the counts are the modelled
   * filters' outcome, `survived` is false and the cell prints `N?/M running…`.
   */
  unknown?: true;
  /** `not modelled for this pod: VolumeBinding, …`, the unknown cell's footnote. */
  notModelled?: string;
}

export interface MatrixRow {
  /** `Deployment shop/web` */
  workload: string;
  namespace: string;
  /** `file:line` the loader recorded, when it loaded the workload. */
  origin?: string;
  cells: MatrixCell[];
  eviction: EvictionCell[];
  outage: OutageCell[];
}

export interface MatrixGroup {
  name: string;
  nodes: string[];
}

const BRAND = Symbol.for('jest-k8s-placement.PlacementMatrix');

/** What placementMatrix returns; `String(matrix)` (and the snapshot serializer) give the aligned table. */
export class PlacementMatrix {
  constructor(
    /** How nodes were grouped: the label key, `pool labels` (the default) or `custom`. */
    readonly groupBy: string,
    readonly groups: MatrixGroup[],
    readonly rows: MatrixRow[],
    /** Titles of the eviction columns. */
    readonly failures: string[],
    /** Titles of the outage columns (`zone eu-west-1a down`). */
    readonly outages: string[] = [],
  ) {}

  get [BRAND](): true {
    return true;
  }

  toString(): string {
    return formatMatrix(this);
  }

  toJSON() {
    return { groupBy: this.groupBy, groups: this.groups, rows: this.rows, failures: this.failures, outages: this.outages };
  }
}

export function isPlacementMatrix(x: unknown): x is PlacementMatrix {
  return typeof x === 'object' && x !== null && (x as Record<symbol, unknown>)[BRAND] === true;
}

function grouper(groupBy: MatrixOptions['groupBy']): { name: string; of: (n: Node) => string } {
  if (groupBy === undefined) return { name: 'pool labels', of: defaultGroup };
  if (typeof groupBy === 'function') return { name: 'custom', of: groupBy };
  if (typeof groupBy === 'string' && groupBy) return { name: groupBy, of: (n) => n.metadata?.labels?.[groupBy] ?? '<none>' };
  throw new TypeError(`placementMatrix: groupBy must be a node label key or a function of the node, received ${JSON.stringify(groupBy)}`);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A node that has failed as `failure` says: a Ready condition, a pressure condition, or a taint. */
export function failedNode(failure: string): Node {
  const node = (spec: Node['spec'], conditions: Array<{ type: string; status: string }>): Node =>
    ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `failed-${failure}` }, spec, status: { conditions } }) as Node;
  if (failure === 'NotReady') return node({}, [{ type: 'Ready', status: 'False' }]);
  if (failure === 'Unreachable') return node({}, [{ type: 'Ready', status: 'Unknown' }]);
  if (/^(Memory|Disk|PID)Pressure$|^NetworkUnavailable$/.test(failure)) {
    return node({}, [{ type: 'Ready', status: 'True' }, { type: failure, status: 'True' }]);
  }
  const t = parseTaint(failure);
  if ('remove' in t) throw new TypeError(`placementMatrix: failure "${failure}" removes a taint; give the taint itself`);
  return node({ taints: [t] }, [{ type: 'Ready', status: 'True' }]);
}

/** One row per workload (sorted by namespace, then name, then kind), one column per node group (sorted by name). */
export function placementMatrix(workloads: Iterable<KubeObject>, nodes: readonly Node[], options: MatrixOptions = {}): PlacementMatrix {
  const { name: groupByName, of } = grouper(options.groupBy);
  const members = new Map<string, Node[]>();
  for (const n of nodes) {
    const g = String(of(n));
    members.set(g, [...(members.get(g) ?? []), n]);
  }
  const groupNames = [...members.keys()].sort(byText);
  const given = options.failures ?? [];
  if (!Array.isArray(given)) throw new TypeError(`placementMatrix: failures must be an array, received ${JSON.stringify(given)}`);
  const failures = given.filter((f): f is string => typeof f === 'string');
  const failed = failures.map(failedNode);
  const outageFailures = given.filter((f): f is Failure => typeof f !== 'string');
  const workloadList = [...workloads];
  const outages = outageFailures.map((f) => {
    try {
      const answer = outage({ workloads: workloadList, nodes, existingPods: options.existingPods, namespaces: options.namespaces, services: options.services, storage: options.storage }, f);
      return { title: answer.failure.title, outcomes: answer.outcomes };
    } catch (e) {
      if (e instanceof OutageError) {
        // the outage's words name the argument `failure` (`failure.zone "x" matches no node`); here it is failures[i]
        const at = `failures[${given.indexOf(f)}]`;
        throw new TypeError(`placementMatrix: ${e.message.startsWith('failure.') ? at + e.message.slice('failure'.length) : `${at}: ${e.message}`}`);
      }
      throw e;
    }
  });
  // namespaces go to scheduleOn as given (the cluster-aware filters read them); an older engine ignores them
  const engineOptions = {
    ...(options.existingPods ? { existingPods: options.existingPods } : {}),
    ...(options.namespaces ? { namespaces: options.namespaces } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
  } as Parameters<typeof scheduleOn>[2];
  const rows = workloadList.map((w, index): MatrixRow => {
    const subject = toSubject(w);
    const name = workloadName(w);
    const result = scheduleOn(w, nodes, engineOptions);
    const gated = result.gated;
    // a pod using what is not modelled: no node is accepted for sure; those the modelled filters do not certainly reject are unknown
    const unknown = result.notModelled && !gated
      ? new Set([...result.feasible.map((v) => v.node), ...result.rejected.filter((v) => !certainRejection(v.status!)).map((v) => v.node)])
      : undefined;
    const feasible = new Set(gated || unknown ? [] : result.feasible.map((v) => v.node));
    const rejectedBy = new Map(result.rejected.map((v) => [v.node, v.status]));
    // a DaemonSet's nodes its controller makes no pod for (engine/daemon.ts)
    const noPodOn = new Map((result.noPod ?? []).map((n) => [n.node, n]));
    const cells = groupNames.map((group): MatrixCell => {
      const inGroup = members.get(group)!;
      const names = inGroup.map((n) => n.metadata?.name ?? '');
      const accepted = names.filter((n) => feasible.has(n)).length;
      const cell: MatrixCell = { group, nodes: names.length, accepted };
      const open = unknown ? names.filter((n) => unknown.has(n)).length : 0;
      if (open) Object.assign(cell, { unknown: open, notModelled: notModelledSummary(result.notModelled!) });
      const first = names.find((n) => !feasible.has(n) && !unknown?.has(n));
      if (first !== undefined) {
        const status = rejectedBy.get(first);
        cell.rejectedNode = first;
        const noPod = noPodOn.get(first);
        if (gated) cell.reason = `SchedulingGates: ${gated.message}`;
        else if (noPod) Object.assign(cell, noPodFacts(noPod));
        else if (status) {
          cell.reason = `${status.plugin}: ${status.reasons.join(', ')}`;
          const detail = firstStatement(status.details);
          if (detail) cell.detail = detail;
        }
      }
      return cell;
    });
    const origin = originOfLabel(subject.label, name);
    return {
      workload: name,
      namespace: w.metadata?.namespace ?? 'default',
      ...(origin ? { origin } : {}),
      cells,
      eviction: failed.map((n, i) => ({ failure: failures[i], after: evictionVerdict(w, n).after })),
      // a PodTemplate runs no pods: it has no replicas to lose
      outage: w.kind === 'PodTemplate' ? [] : outages.map(({ title, outcomes }) => outageCell(title, outcomes[index]!)),
    };
  });
  rows.sort((a, b) => byText(a.namespace, b.namespace) || byText(nameOf(a), nameOf(b)) || byText(a.workload, b.workload));
  return new PlacementMatrix(
    groupByName,
    groupNames.map((g) => ({ name: g, nodes: members.get(g)!.map((n) => n.metadata?.name ?? '') })),
    rows,
    failures,
    outages.map((o) => o.title),
  );
}

/** An outage cell; one resting on what is not modelled never says the workload survived. */
function outageCell(failure: string, o: NonNullable<OutageAnswer['outcomes'][number]>): OutageCell {
  const { notModelled, ...outcome } = o;
  if (!unknownOutage(o)) return { failure, ...outcome };
  const { since: _since, ...rest } = outcome;
  return { failure, ...rest, survived: false, unknown: true, notModelled: notModelledSummary(notModelled!) };
}

const nameOf = (r: MatrixRow) => r.workload.slice(r.workload.indexOf('/') + 1);

export const evictionText = (after: number | null) => (after === null ? 'stays' : after === 0 ? 'evicted at once' : `evicted after ${after}s`);

/** kube-scheduler's reason, then ours: `TaintToleration: node(s) had untolerated taint(s) (taint spot=true:NoSchedule is not tolerated)`. */
export const cellReason = (c: MatrixCell) => (c.reason ? `${c.reason}${c.detail ? ` (${c.detail})` : ''}` : undefined);

/**
 * The first statement of a Status's details: its first line, and when that line ends in a colon the lines that
 * complete it (indented under it), so a footnote never stops at "…requirements ANDed):".
 */
export function firstStatement(details: readonly string[]): string | undefined {
  const [first, ...rest] = details;
  if (!first || !first.trimEnd().endsWith(':')) return first;
  const depth = (l: string) => l.length - l.trimStart().length;
  const base = depth(first);
  const more: string[] = [];
  for (const l of rest) {
    if (depth(l) <= base) break;
    more.push(l.trim());
  }
  return more.length ? `${first.trimEnd()} ${more.join('; ')}` : first;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A cell's footnote text: its reason with the rejected node's name as `<node>`, so nodes alike share one note. */
function noteText(c: MatrixCell): string | undefined {
  const text = cellReason(c);
  // an unknown cell keeps its rejected nodes' reason; with none, it points to what is not modelled
  if (!text) return c.unknown ? c.notModelled : undefined;
  if (!c.rejectedNode) return text;
  return text.replace(new RegExp(`(?<![\\w.-])${escapeRegExp(c.rejectedNode)}(?![\\w.-])`, 'g'), '<node>');
}

/** FNV-1a over the UTF-16 code units, as base-36 digits: a note's key follows from its text alone. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36).padStart(7, '0');
}

/** Length of a footnote key; two notes whose short keys collide both get the long form. */
const KEY_LENGTH = 4;

/**
 * Footnote keys derived from each note's text (not numbered by first appearance), so adding or removing a row
 * never renumbers the other rows' notes; the notes are listed sorted by text.
 */
function footnotes(m: PlacementMatrix): Map<string, string> {
  const texts = new Set<string>();
  for (const r of m.rows) {
    for (const text of [...r.cells.map(noteText), ...r.outage.map(outageNote)]) if (text) texts.add(text);
  }
  const short = new Map<string, number>();
  for (const t of texts) short.set(fnv1a(t).slice(0, KEY_LENGTH), (short.get(fnv1a(t).slice(0, KEY_LENGTH)) ?? 0) + 1);
  const notes = new Map<string, string>();
  for (const t of [...texts].sort(byText)) {
    const key = fnv1a(t);
    notes.set(t, short.get(key.slice(0, KEY_LENGTH))! > 1 ? key : key.slice(0, KEY_LENGTH));
  }
  return notes;
}

/** An outage cell of a row; a row without it (a PodTemplate) shows `-`. */
const outageCells = (m: PlacementMatrix, r: MatrixRow): Array<OutageCell | undefined> => m.outages.map((_, i) => r.outage[i]);
/** An unknown outage cell's footnote is what is not modelled (its FitError is the modelled filters' guess). */
const outageNote = (o: OutageCell) => (o.unknown ? o.notModelled : o.reason);
/** `3/3 running after 350s`; unknown: `3?/3 running after 350s`, as the node group cells' `N?/M`. */
const outageCount = (o: OutageCell) => (o.unknown ? o.text.replace(/^(\d+)\//, '$1?/') : o.text);
const outageText = (o: OutageCell | undefined, notes: Map<string, string>) => (o ? `${outageCount(o)}${outageNote(o) ? ` [${notes.get(outageNote(o)!)}]` : ''}` : '-');

function cellText(c: MatrixCell, notes: Map<string, string>): string {
  const text = noteText(c);
  return `${c.unknown ? `${c.unknown}?` : c.accepted}/${c.nodes}${text ? ` [${notes.get(text)}]` : ''}`;
}

function headings(m: PlacementMatrix): string[] {
  return ['workload', ...m.groups.map((g) => g.name), ...m.failures, ...m.outages];
}

/** The footnote for `N?/M` cells. */
export const UNKNOWN_LEGEND = 'N?/M: N nodes pass every filter the library models, but the pods use what it does not model (not modelled for this pod): the verdict is unknown';
/** The footnote for `N?/M running…` outage cells. */
export const UNKNOWN_OUTAGE_LEGEND = 'N?/M running: the outage as the filters the library models play it, but the pods use what it does not model (not modelled for this pod): the verdict is unknown';

/** Widths that rows seldom change: a node group's cells are at most `n/n [key]`; other columns stop at multiples of 8. */
function columnWidths(m: PlacementMatrix, table: string[][]): number[] {
  const widest = (i: number) => Math.max(...table.map((row) => row[i].length));
  const stop = (w: number) => Math.ceil(w / 8) * 8;
  return table[0].map((heading, i) => {
    const g = i - 1;
    if (g >= 0 && g < m.groups.length) {
      const n = m.groups[g].nodes.length;
      return Math.max(heading.length, `${n}/${n} [${'x'.repeat(KEY_LENGTH)}]`.length, widest(i));
    }
    const isEviction = g >= m.groups.length && g < m.groups.length + m.failures.length;
    // eviction texts are at most `evicted after 300s` but for long tolerationSeconds
    const floor = Math.max(heading.length, isEviction ? 'evicted after 300s'.length : 0);
    return widest(i) <= floor ? floor : stop(widest(i));
  });
}

function align(widths: number[], table: string[][]): string[] {
  return table.map((row) => row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
}

/**
 * The aligned plain-text table: cells are `accepted/nodes`, `[key]` points to kube-scheduler's reason for the rest.
 * Made for snapshots: one more workload adds its row (and a note, if its reason is new) and changes no other line,
 * unless its name or an outage text is longer than the column's next stop of 8 characters.
 */
export function formatMatrix(m: PlacementMatrix): string {
  const notes = footnotes(m);
  const nodeCount = m.groups.reduce((n, g) => n + g.nodes.length, 0);
  const title = `PlacementMatrix: ${m.groups.length} node group(s) of ${nodeCount} node(s), grouped by ${m.groupBy}`;
  const table = [headings(m), ...m.rows.map((r) => [
    r.workload, ...r.cells.map((c) => cellText(c, notes)), ...r.eviction.map((e) => evictionText(e.after)), ...outageCells(m, r).map((o) => outageText(o, notes)),
  ])];
  const reasons = [...notes].map(([reason, key]) => `[${key}] ${reason}`);
  if (m.rows.some((r) => r.outage.some((o) => o.unknown))) reasons.unshift(UNKNOWN_OUTAGE_LEGEND);
  if (m.rows.some((r) => r.cells.some((c) => c.unknown))) reasons.unshift(UNKNOWN_LEGEND);
  return [title, '', ...align(columnWidths(m, table), table), ...(reasons.length ? ['', ...reasons] : [])].join('\n');
}

const mdEscape = (s: string) => s.replace(/\|/g, '\\|');

/** A Markdown table with the reasons written in the cells. */
export function formatMatrixMarkdown(m: PlacementMatrix): string {
  const head = headings(m).map(mdEscape);
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of m.rows) {
    const cells = r.cells.map((c) => (c.unknown
      ? `❔ ${c.unknown}?/${c.nodes} — ${mdEscape(c.reason ? `${cellReason(c)!}; ${c.notModelled!}` : c.notModelled!)}`
      : `${c.accepted === c.nodes ? '✅' : c.accepted === 0 ? '❌' : '⚠️'} ${c.accepted}/${c.nodes}${c.reason ? ` — ${mdEscape(cellReason(c)!)}` : ''}`));
    const outage = outageCells(m, r).map((o) => (!o ? '-' : o.unknown
      ? `❔ ${mdEscape(outageCount(o))} — ${mdEscape(o.reason ? `${o.notModelled!}; by the modelled filters ${o.reason}` : o.notModelled!)}`
      : `${o.survived ? '✅' : '❌'} ${mdEscape(o.text)}${o.reason ? ` — ${mdEscape(o.reason)}` : ''}`));
    lines.push(`| ${[mdEscape(r.workload), ...cells, ...r.eviction.map((e) => evictionText(e.after)), ...outage].join(' | ')} |`);
  }
  return lines.join('\n');
}

/** For expect.addSnapshotSerializer: prints a PlacementMatrix as its table (one line per row, no paths). */
export const matrixSerializer = {
  test: (value: unknown) => isPlacementMatrix(value),
  // nested in another value, the table keeps the printer's indentation
  serialize: (value: PlacementMatrix, _config?: unknown, indentation = '') => formatMatrix(value).split('\n').map((l, i) => (i && l ? indentation + l : l)).join('\n'),
};
