// `kubectl taint` spec grammar and node update, with kubectl's own error texts
// (staging/src/k8s.io/kubectl/pkg/cmd/taint/utils.go and taint.go).
import type { Node, NodeLike, Taint, TaintEffect, TaintSpecs } from '../core/types';
import { formatTaint } from './toleration';
import { isQualifiedName, isValidLabelValue } from './names';
import { suggestEffect } from './validation';

export interface TaintAddition { key: string; value: string; effect: TaintEffect }
export interface TaintRemoval { key: string; effect?: TaintEffect; remove: true }
export type ParsedTaint = TaintAddition | TaintRemoval;

export interface ParseTaintOptions {
  /** false: keep kubectl's grammar but skip the key and value format checks (configure({ validate: false })). */
  validate?: boolean;
}

function checkEffect(effect: string): TaintEffect {
  if (effect !== 'NoSchedule' && effect !== 'PreferNoSchedule' && effect !== 'NoExecute') {
    throw new Error(`invalid taint effect: ${effect}, unsupported taint effect`);
  }
  return effect;
}

// parseTaint in utils.go: '<key>=<value>:<effect>', '<key>:<effect>' or '<key>'.
function parseTaintParts(st: string, validate = true): { key: string; value: string; effect?: TaintEffect } {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect: TaintEffect | undefined;
  if (parts.length === 1) key = parts[0];
  else if (parts.length === 2) {
    effect = checkEffect(parts[1]);
    const kv = parts[0].split('=');
    if (kv.length > 2) throw new Error(`invalid taint spec: ${st}`);
    key = kv[0];
    if (kv.length === 2) {
      value = kv[1];
      const errs = validate ? isValidLabelValue(value) : [];
      if (errs.length) throw new Error(`invalid taint spec: ${st}, ${errs.join('; ')}`);
    }
  } else throw new Error(`invalid taint spec: ${st}`);
  const errs = validate ? isQualifiedName(key) : [];
  if (errs.length) throw new Error(`invalid taint spec: ${st}, ${errs.join('; ')}`);
  return { key, value, effect };
}

/**
 * Parse one `kubectl taint` argument: `key=value:Effect`, `key:Effect`, `key=:Effect` add a taint;
 * `key:Effect-` and `key-` remove one (the value of a removal is ignored, as kubectl does).
 */
export function parseTaint(spec: string): ParsedTaint {
  return parseTaintSpec(spec, {});
}

/**
 * parseTaint with options (`validate: false` keeps the grammar, skips the format checks). kubectl's message is kept,
 * with what probably went wrong: a missing `:Effect` leads (kubectl reads `dedicated=gpu` as a key and answers with
 * the key regex), a misspelt effect follows (`…, unsupported taint effect; did you mean NoSchedule?`).
 */
export function parseTaintSpec(spec: string, options: ParseTaintOptions): ParsedTaint {
  try {
    return parseTaintText(spec, options);
  } catch (e) {
    const kubectl = (e as Error).message;
    const hint = typeof spec === 'string' && !spec.endsWith('-') ? taintSpecHint(spec) : undefined;
    if (!hint) throw e;
    // `kubectl` keeps kubectl's own text apart from the hint (the oracle compares it with kubectl's byte for byte)
    throw Object.assign(new Error(spec.includes(':') ? `${kubectl}; ${hint}` : `${hint}; kubectl taint says: ${kubectl}`), { kubectl });
  }
}

function parseTaintText(spec: string, options: ParseTaintOptions): ParsedTaint {
  if (typeof spec !== 'string') throw new Error(`invalid taint spec: ${String(spec)} (expected a string such as "dedicated=gpu:NoSchedule")`);
  if (spec.endsWith('-')) {
    const { key, effect } = parseTaintParts(spec.slice(0, -1), options.validate);
    return effect ? { key, effect, remove: true } : { key, remove: true };
  }
  const { key, value, effect } = parseTaintParts(spec, options.validate);
  // an effect is required to add a taint
  if (!effect) throw new Error(`invalid taint spec: ${spec}`);
  return { key, value, effect };
}

/**
 * What probably went wrong with a taint spec kubectl refused, to follow kubectl's own message:
 * a misspelt effect (`NoSchedul`, `noschedule`) or a missing `:Effect`.
 */
export function taintSpecHint(spec: string): string | undefined {
  if (typeof spec !== 'string') return undefined;
  const parts = spec.split(':');
  if (parts.length === 1) return `${JSON.stringify(spec)}: missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute)`;
  if (parts.length === 2 && !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(parts[1])) {
    const s = suggestEffect(parts[1]);
    return s ? `did you mean ${s}?` : 'the effect must be NoSchedule, PreferNoSchedule or NoExecute';
  }
  return undefined;
}

/** Go's %v of a v1.Taint value, as kubectl prints it in the duplicate error. */
const goTaint = (t: TaintAddition) => `{${t.key} ${t.value} ${t.effect} <nil>}`;

export interface TaintOptions { overwrite?: boolean }

// The overload checks literal specs at compile time (TaintSpec in ../types).
/**
 * A copy of `node` as `kubectl taint nodes <name> <specs…> [--overwrite]` would leave it.
 * Throws kubectl's error for invalid specs, duplicates, conflicting add/remove,
 * an existing key+effect without overwrite, and a taint to remove that is not there.
 */
export function taint<const A extends ReadonlyArray<string | TaintOptions>>(nodeLike: NodeLike, ...args: TaintSpecs<A>): Node;
export function taint(nodeLike: NodeLike, ...args: Array<string | TaintOptions>): Node {
  const node = nodeLike as Node;
  const options = typeof args[args.length - 1] === 'object' ? (args.pop() as TaintOptions) : {};
  const specs = args as string[];
  if (specs.length === 0) throw new Error('at least one taint update is required');
  const adds: TaintAddition[] = [];
  const removes: TaintRemoval[] = [];
  const unique = new Set<string>();
  for (const spec of specs) {
    const parsed = parseTaint(spec);
    if ('remove' in parsed) {
      removes.push(parsed);
      continue;
    }
    const id = `${parsed.effect}\u0000${parsed.key}`;
    if (unique.has(id)) throw new Error(`duplicated taints with the same key and effect: ${goTaint(parsed)}`);
    unique.add(id);
    adds.push(parsed);
  }
  // taint.go validateFlags: the same key may not be both added and removed
  const conflicts: string[] = [];
  for (const a of adds) {
    for (const r of removes) {
      if (a.key === r.key && (!r.effect || a.effect === r.effect)) conflicts.push(`{"${r.key}":"${r.effect ?? ''}"}`);
    }
  }
  if (conflicts.length) {
    throw new Error(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  }
  const name = node.metadata?.name ?? '';
  const oldTaints = node.spec?.taints ?? [];
  if (!options.overwrite) {
    const existing = adds.filter((a) => oldTaints.some((o) => o.key === a.key && o.effect === a.effect)).map((a) => a.key);
    if (existing.length) {
      throw new Error(`node ${name} already has ${existing.join(',')} taint(s) with same effect(s) and --overwrite is false`);
    }
  }
  // reorganizeTaints: new taints first, then old ones not replaced, then removals.
  let newTaints: Taint[] = adds.map((a) => ({ key: a.key, value: a.value, effect: a.effect }));
  for (const old of oldTaints) {
    // a copy: the returned node shares no object with the one given
    if (!newTaints.some((t) => t.key === old.key && t.effect === old.effect)) newTaints.push(structuredClone(old));
  }
  const errors: string[] = [];
  for (const r of removes) {
    const before = newTaints.length;
    newTaints = newTaints.filter((t) => !(t.key === r.key && (!r.effect || t.effect === r.effect)));
    if (newTaints.length === before) errors.push(`taint ${JSON.stringify(formatTaint({ key: r.key, effect: r.effect ?? '' }))} not found`);
  }
  if (errors.length) throw new Error(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
  const copy = structuredClone(node);
  copy.spec = { ...copy.spec, taints: newTaints };
  return copy;
}
