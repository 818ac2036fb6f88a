// The one hook through which matchers tell the run report what they decided.
//
// Every matcher body runs through `guarded` (matchers/inputs.ts), which hands its result here. A result
// that carries `placement` facts becomes a record. Records reach the reporter through files: the reporter
// (in the main process) creates a run directory and names it in JEST_K8S_PLACEMENT_RECORDS before any
// worker starts; workers inherit the variable and each process/thread appends JSON lines to its own file
// there; the reporter merges them when the run ends. Nothing is written when the variable is unset.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { KubeObject } from '../types';
import type { Subject } from '../subject';
import type { MatcherContext, MatcherResult } from '../matchers/context';
import type { Status } from '../scheduler/framework';
import { defaultGroup, originOfLabel, relativePath as relative, workloadName } from './names';

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
  /** `Node general-b1`, `3 nodes`, `taint spot=true:NoSchedule`, `NodePool spot` */
  target: string;
  /** The report's column: the node group (pool label, else node name) or the target itself. */
  group: string;
  verdict: string;
  accepted: boolean;
  reason?: string;
  detail?: string;
  /** Whether the assertion held (`pass` with `.not` taken into account). */
  passed: boolean;
  /** The failure message, without colours, when the assertion failed. */
  message?: string;
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

function describeTarget(target: PlacementFacts['target']): { target: string; group: string } {
  if (typeof target === 'string') return { target, group: target };
  const one = (o: KubeObject) => (o.kind === 'Node' ? `Node ${o.metadata?.name}` : `${o.kind} ${o.metadata?.name}`);
  const groupOf = (o: KubeObject) => (o.kind === 'Node' ? defaultGroup(o as never) : one(o));
  if (!Array.isArray(target)) return { target: one(target as KubeObject), group: groupOf(target as KubeObject) };
  const list = target as readonly KubeObject[];
  const groups = [...new Set(list.map(groupOf))];
  const kind = list[0]?.kind === 'Node' ? 'node' : (list[0]?.kind ?? 'object');
  const names = list.map((o) => o.metadata?.name ?? '?');
  const text = list.length === 1 ? one(list[0]) : `${list.length} ${kind}s (${names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ')})`;
  return { target: text, group: groups.length === 1 ? groups[0] : text };
}

/** kube-scheduler's words for a filter status (`TaintToleration: node(s) had untolerated taint(s)`), and our first line about it. */
export const statusFacts = (status: Status | undefined) =>
  status ? { reason: `${status.plugin}: ${status.reasons.join(', ')}`, ...(status.details[0] ? { detail: status.details[0] } : {}) } : {};

/** Builds the record of an assertion; exported for tests. */
export function toRecord(ctx: RunnerContext, result: MatcherResult, facts: PlacementFacts): PlacementRecord {
  let id = ids.get(ctx);
  if (!id) ids.set(ctx, (id = `${process.pid}-${threadId}-${instance}-${++counter}`));
  const name = workloadName(facts.subject.object);
  const origin = originOfLabel(facts.subject.label, name);
  const passed = result.pass !== ctx.isNot;
  const originText = origin && origin.replace(/^(.*):(\d+)$/, (_, f: string, l: string) => `${relative(f)}:${l}`);
  return {
    id,
    file: ctx.testPath ? relative(ctx.testPath) : '',
    test: ctx.currentTestName ?? '',
    matcher: facts.matcher,
    negated: ctx.isNot === true,
    subject: name,
    namespace: facts.subject.object.metadata?.namespace ?? 'default',
    ...(originText ? { origin: originText } : {}),
    ...describeTarget(facts.target),
    verdict: facts.verdict,
    accepted: facts.accepted,
    ...(facts.reason ? { reason: facts.reason } : {}),
    ...(facts.detail ? { detail: facts.detail } : {}),
    passed,
    ...(passed ? {} : { message: plain(result.message()) }),
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
