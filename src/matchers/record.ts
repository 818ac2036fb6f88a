// The one hook through which matchers tell the run report what they decided.
//
// Every matcher body runs through `guarded` (matchers/inputs.ts), which hands its result here. A result
// that carries `placement` facts becomes a record. Records reach the reporter through files: the reporter
// (in the main process) creates a run directory and names it in JEST_K8S_PLACEMENT_RECORDS before any
// worker starts; workers inherit the variable and each process/thread appends JSON lines to its own file
// there; the reporter merges them when the run ends. Nothing is written when the variable is unset.
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { KubeObject, Node } from '../core/types';
import { formatTaint, renderVariant, type Subject } from '../engine';
/** The parts of a matcher's context and result a record needs (matchers/context.ts has the full types). */
interface MatcherContext { isNot: boolean }
interface MatcherResult { pass: boolean; message: () => string; notes?: () => string[] }
import { defaultGroup, originOfLabel, relativePath as relative, workloadName } from '../explain/names';

export const RECORDS_ENV = 'JEST_K8S_PLACEMENT_RECORDS';

/** What a matcher decided, attached to its result as `placement`. */
export interface PlacementFacts {
  matcher: string;
  subject: Subject;
  /** A node, nodes, a NodePool or NodePools (objects), or a taint or toleration text. */
  target: KubeObject | readonly KubeObject[] | string;
  /** The engine's answer in words: `schedulable`, `rejected`, `evicted after 300s`, … */
  verdict: string;
  /** True when the answer lets the workload run there (schedulable, tolerated, stays, provisionable, preferred). */
  accepted: boolean;
  /** kube-scheduler's (or the controller's) reason, verbatim, when there is one. */
  reason?: string;
  /** Our first line about it: which taint, label or resource. */
  detail?: string;
  /** What the answer assumed (the answer's `assumptions`): the report notes each as `Assumed: …`. */
  assumptions?: readonly string[];
}

/**
 * What an answer assumed, for its PlacementFacts: the report notes each (`Assumed: …`) as the failure message does, so a
 * passing row that rests on one (a node read as Ready, the stated storage assumption, the PDBs' order) says so too.
 */
export function assumedFacts(answer: { assumptions?: readonly string[] }): { assumptions?: string[] } {
  const all = [...new Set(answer.assumptions ?? [])];
  return all.length ? { assumptions: all } : {};
}

/** One assertion of the run, as placement-report.json lists it. */
export interface PlacementRecord {
  /** Unique per assertion; a later record with the same id replaces the earlier one (chained `.after(n)`). */
  id: string;
  /** Test file relative to the working directory, with `/`. */
  file: string;
  test: string;
  matcher: string;
  negated: boolean;
  /** `Deployment shop/web` */
  subject: string;
  namespace: string;
  /** `file:line` of the subject when the loader read it. */
  origin?: string;
  /** The values set or overlay a rendered subject was made with (`values: prod`); the report gives each its own row. */
  variant?: string;
  /** `Node general-b1`, `3 nodes`, `taint spot=true:NoSchedule`, `NodePool spot` */
  target: string;
  /** The report's column: the node group (pool label, else node name) or the target itself. */
  group: string;
  /** A single Node target's state in words: `NotReady, cordoned, taints drain=now:NoExecute`, or `untainted`. */
  state?: string;
  /**
   * A fingerprint of that Node's labels, taints, unschedulable, conditions and allocatable: copies of one node
   * in different states (as loaded, NotReady, drained) get their own columns in the report.
   */
  stateKey?: string;
  verdict: string;
  accepted: boolean;
  reason?: string;
  detail?: string;
  /** Whether the assertion held (`pass` with `.not` taken into account; exact under Jest and Vitest). */
  passed: boolean;
  /** The failure message, without colours, when the assertion failed. */
  message?: string;
  /** Notes on the assertion's nodes (kubelet version, managed platform); the report prints each once. */
  notes?: string[];
  /** The test's outcome as the runner reported it (`passed`, `failed`, `skipped`…), added by the reporter. */
  testStatus?: string;
}

interface RunnerContext extends MatcherContext {
  testPath?: string;
  currentTestName?: string;
}

const ids = new WeakMap<object, string>();
let counter = 0;
// Jest loads this module afresh for each test file in a worker: the instance's own prefix keeps ids unique.
const instance = randomUUID().slice(0, 8);

// eslint-disable-next-line no-control-regex
const plain = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

type TargetFacts = Pick<PlacementRecord, 'target' | 'group' | 'state' | 'stateKey'>;

/** What a Node's state says about placement, in words, and a fingerprint of it. */
export function nodeState(node: Node): { state: string; stateKey: string } {
  const parts: string[] = [];
  const conditions = node.status?.conditions ?? [];
  for (const c of conditions) {
    // The Ready condition's False/Unknown are what the node lifecycle controller turns into not-ready/unreachable taints.
    if (c.type === 'Ready') {
      if (c.status === 'False') parts.push('NotReady');
      else if (c.status === 'Unknown') parts.push('Ready=Unknown');
    } else if (c.status === 'True') parts.push(c.type);
  }
  if (node.spec?.unschedulable) parts.push('cordoned');
  const taints = node.spec?.taints ?? [];
  if (taints.length) {
    const shown = taints.slice(0, 3).map((t) => formatTaint(t)).join(', ');
    parts.push(`taint${taints.length > 1 ? 's' : ''} ${shown}${taints.length > 3 ? ` and ${taints.length - 3} more` : ''}`);
  }
  const labels = Object.entries(node.metadata?.labels ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const fingerprint = JSON.stringify([
    labels,
    taints.map((t) => [t.key, t.value ?? '', t.effect]),
    node.spec?.unschedulable === true,
    conditions.map((c) => [c.type, c.status]),
    Object.entries(node.status?.allocatable ?? {}).sort(),
  ]);
  return { state: parts.join(', ') || 'untainted', stateKey: createHash('sha256').update(fingerprint).digest('hex').slice(0, 12) };
}

function describeTarget(target: PlacementFacts['target']): TargetFacts {
  if (typeof target === 'string') return { target, group: target };
  const one = (o: KubeObject) => (o.kind === 'Node' ? `Node ${o.metadata?.name}` : `${o.kind} ${o.metadata?.name}`);
  const groupOf = (o: KubeObject) => (o.kind === 'Node' ? defaultGroup(o as never) : one(o));
  if (!Array.isArray(target)) {
    const o = target as KubeObject;
    return { target: one(o), group: groupOf(o), ...(o.kind === 'Node' ? nodeState(o as Node) : {}) };
  }
  const list = target as readonly KubeObject[];
  const groups = [...new Set(list.map(groupOf))];
  const kind = list[0]?.kind === 'Node' ? 'node' : (list[0]?.kind ?? 'object');
  const names = list.map((o) => o.metadata?.name ?? '?');
  const text = list.length === 1 ? one(list[0]) : `${list.length} ${kind}s (${names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ')})`;
  return { target: text, group: groups.length === 1 ? groups[0] : text };
}

/** Builds the record of an assertion; exported for tests. */
export function toRecord(ctx: RunnerContext, result: MatcherResult, facts: PlacementFacts): PlacementRecord {
  let id = ids.get(ctx);
  if (!id) ids.set(ctx, (id = `${process.pid}-${threadId}-${instance}-${++counter}`));
  const name = workloadName(facts.subject.object);
  const origin = originOfLabel(facts.subject.label, name);
  // Vitest leaves `isNot` undefined (not false) on an assertion without `.not`: compare with `true`, never with
  // `ctx.isNot` itself, or every failing positive assertion under Vitest is recorded as passed.
  const negated = ctx.isNot === true;
  const passed = result.pass !== negated;
  const originText = origin && origin.replace(/^(.*):(\d+)$/, (_, f: string, l: string) => `${relative(f)}:${l}`);
  const variant = renderVariant(facts.subject.object);
  const notes = [...(result.notes?.() ?? []), ...(facts.assumptions ?? []).map((a) => `Assumed: ${a}`)];
  return {
    id,
    file: ctx.testPath ? relative(ctx.testPath) : '',
    test: ctx.currentTestName ?? '',
    matcher: facts.matcher,
    negated,
    subject: name,
    namespace: facts.subject.object.metadata?.namespace ?? 'default',
    ...(originText ? { origin: originText } : {}),
    ...(variant ? { variant } : {}),
    ...describeTarget(facts.target),
    verdict: facts.verdict,
    accepted: facts.accepted,
    ...(facts.reason ? { reason: facts.reason } : {}),
    ...(facts.detail ? { detail: facts.detail } : {}),
    passed,
    ...(passed ? {} : { message: plain(result.message()) }),
    ...(notes.length ? { notes } : {}),
  };
}

/** Called by `guarded` with every matcher result; returns the result unchanged. */
export function recordResult<R extends MatcherResult>(ctx: MatcherContext, result: R): R {
  const dir = process.env[RECORDS_ENV];
  const facts = (result as { placement?: PlacementFacts }).placement;
  if (!dir || !facts) return result;
  try {
    const record = toRecord(ctx as RunnerContext, result, facts);
    appendFileSync(path.join(dir, `records-${process.pid}-${threadId}.jsonl`), `${JSON.stringify(record)}\n`);
  } catch {
    // The report is an extra: a failure to record never changes the assertion.
  }
  return result;
}
