// Node selectors and node affinity as kube-scheduler evaluates them
// (staging/src/k8s.io/component-helpers/scheduling/corev1/nodeaffinity/nodeaffinity.go,
// label requirements per staging/src/k8s.io/apimachinery/pkg/labels/selector.go).
import type * as core from 'kubernetes-types/core/v1';
import { isQualifiedName, isValidLabelValue } from './names';

export type NodeSelectorRequirement = core.NodeSelectorRequirement;
export type NodeSelectorTerm = core.NodeSelectorTerm;

export interface ParsedRequirement {
  kind: 'expression' | 'field';
  index: number;
  req: NodeSelectorRequirement;
  /** req.values, never undefined (read per node). */
  values: readonly string[];
  /** Gt/Lt threshold. */
  bound?: bigint;
}

export interface ParsedTerm {
  index: number;
  requirements: ParsedRequirement[];
  /** Why upstream would refuse to parse this term; a term with an error never matches. */
  error?: string;
}

/** Go's strconv.ParseInt(s, 10, 64): optional sign, decimal digits (leading zeros allowed), int64 range. */
export function parseGoInt64(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n < -(2n ** 63n) || n > 2n ** 63n - 1n ? undefined : n;
}

function parseExpression(req: NodeSelectorRequirement): string | undefined | { bound: bigint } {
  const values = req.values ?? [];
  const keyErrs = isQualifiedName(req.key ?? '');
  if (keyErrs.length) return `invalid label key "${req.key}": ${keyErrs.join('; ')}`;
  switch (req.operator) {
    case 'In':
    case 'NotIn':
      // one text for both operators (labels.NewRequirement, apimachinery/pkg/labels/selector.go)
      if (values.length === 0) return "for 'in', 'notin' operators, values set can't be empty";
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (values.length !== 0) return `values set must be empty for exists and does not exist`;
      break;
    case 'Gt':
    case 'Lt': {
      if (values.length !== 1) return `for 'Gt', 'Lt' operators, exactly one value is required`;
      if (parseGoInt64(values[0]) === undefined) return `for 'Gt', 'Lt' operators, the value must be an integer`;
      break;
    }
    default:
      return `"${req.operator}" is not a valid node selector operator`;
  }
  for (const v of values) {
    const errs = isValidLabelValue(v);
    if (errs.length) return `invalid label value: "${v}": at key: "${req.key}": ${errs.join('; ')}`;
  }
  return req.operator === 'Gt' || req.operator === 'Lt' ? { bound: parseGoInt64(values[0])! } : undefined;
}

function parseField(req: NodeSelectorRequirement): string | undefined {
  if (req.operator !== 'In' && req.operator !== 'NotIn') return `"${req.operator}" is not a valid node field selector operator`;
  if ((req.values ?? []).length !== 1) return `unexpected number of value (${(req.values ?? []).length}) for node field selector operator "${req.operator}"`;
  return undefined;
}

// Workloads repeat the same requirements (zone, pool, arch): each distinct one is validated once.
const expressionChecks = new Map<string, ReturnType<typeof parseExpression>>();

function checkExpression(req: NodeSelectorRequirement): ReturnType<typeof parseExpression> {
  // a NUL inside the key, operator or a value would let two requirements share a cache key: those are not cached
  if (req.key.includes('\u0000') || req.operator.includes('\u0000')) return parseExpression(req);
  let key = `${req.key}\u0000${req.operator}`;
  for (const v of req.values ?? []) {
    if (typeof v !== 'string' || v.includes('\u0000')) return parseExpression(req); // as written, not as a string
    key += `\u0000${v}`;
  }
  if (expressionChecks.has(key)) return expressionChecks.get(key);
  const r = parseExpression(req);
  if (expressionChecks.size >= 10_000) expressionChecks.clear();
  expressionChecks.set(key, r);
  return r;
}

/** Parse terms once per pod. Empty terms are dropped (they are not "match all"). */
export function parseTerms(terms: readonly NodeSelectorTerm[] | undefined): ParsedTerm[] {
  const out: ParsedTerm[] = [];
  if (!terms) return out;
  for (let index = 0; index < terms.length; index++) {
    const term = terms[index];
    const exprs = term.matchExpressions ?? [];
    const fields = term.matchFields ?? [];
    if (exprs.length === 0 && fields.length === 0) continue;
    const parsed: ParsedTerm = { index, requirements: [] };
    for (let i = 0; i < exprs.length; i++) {
      const req = exprs[i];
      const r = typeof req.key === 'string' && typeof req.operator === 'string' ? checkExpression(req) : parseExpression(req);
      if (typeof r === 'string') parsed.error ??= `matchExpressions[${i}]: ${r}`;
      parsed.requirements.push({ kind: 'expression', index: i, req, values: req.values ?? [], bound: typeof r === 'object' ? r.bound : undefined });
    }
    for (let i = 0; i < fields.length; i++) {
      const req = fields[i];
      const r = parseField(req);
      if (r) parsed.error ??= `matchFields[${i}]: ${r}`;
      parsed.requirements.push({ kind: 'field', index: i, req, values: req.values ?? [] });
    }
    out.push(parsed);
  }
  return out;
}

/** labels.Requirement.Matches, and the metadata.name field requirement. */
export function requirementMatches(r: ParsedRequirement, labels: Record<string, string>, nodeName: string): boolean {
  const req = r.req;
  const values = r.values;
  if (r.kind === 'field') {
    // the field selector is skipped for a node without a name; unknown fields read as ""
    if (!nodeName) return true;
    const actual = req.key === 'metadata.name' ? nodeName : '';
    return req.operator === 'In' ? actual === values[0] : actual !== values[0];
  }
  const has = Object.prototype.hasOwnProperty.call(labels, req.key);
  const value = labels[req.key];
  switch (req.operator) {
    case 'In':
      return has && values.includes(value);
    case 'NotIn':
      return !has || !values.includes(value);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has) return false;
      const n = parseGoInt64(value);
      if (n === undefined) return false;
      return req.operator === 'Gt' ? n > r.bound! : n < r.bound!;
    }
    default:
      return false;
  }
}

export function termMatches(term: ParsedTerm, labels: Record<string, string>, nodeName: string): boolean {
  if (term.error) return false;
  const rs = term.requirements;
  for (let i = 0; i < rs.length; i++) if (!requirementMatches(rs[i], labels, nodeName)) return false;
  return true;
}

/** The label keys, and the node names compared against, that decide whether these terms match (for node shapes). */
export function termsRead(terms: readonly ParsedTerm[]): { labels: string[]; names: string[] } {
  const labels: string[] = [];
  const names: string[] = [];
  for (const t of terms) {
    if (t.error) continue; // never matches, whatever the node
    for (const r of t.requirements) {
      if (r.kind === 'field') names.push(...r.values);
      else labels.push(r.req.key);
    }
  }
  return { labels, names };
}

export function describeRequirement(r: ParsedRequirement): string {
  const { req } = r;
  const field = r.kind === 'field' ? 'matchFields' : 'matchExpressions';
  const values = req.values && req.values.length ? ` [${req.values.join(', ')}]` : '';
  return `${field}[${r.index}] ${req.key} ${req.operator}${values}`;
}

/** Why a requirement fails on a node, with the node's actual label value. */
export function explainRequirement(r: ParsedRequirement, labels: Record<string, string>, nodeName: string): string {
  if (r.kind === 'field') return `${describeRequirement(r)}: node name is "${nodeName}"`;
  const has = Object.prototype.hasOwnProperty.call(labels, r.req.key);
  if (!has) return `${describeRequirement(r)}: node has no label ${r.req.key}`;
  const v = labels[r.req.key];
  const nonInt = (r.req.operator === 'Gt' || r.req.operator === 'Lt') && parseGoInt64(v) === undefined ? ' (not an integer)' : '';
  return `${describeRequirement(r)}: node has ${r.req.key}=${JSON.stringify(v)}${nonInt}`;
}

/**
 * NodeAffinity's PreFilter narrowing (pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go PreFilter): per raw
 * term, the intersection of its `matchFields metadata.name In` lists; a term without one means no narrowing (terms
 * are ORed); otherwise the union. An empty union is a conflict. Here, below the scheduler, because PodInfo
 * (scheduler/framework.ts) computes it once per pod and the framework never imports a plugin folder.
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
