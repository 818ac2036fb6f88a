// metav1.LabelSelector as the scheduler reads it (apimachinery pkg/apis/meta/v1/helpers.go LabelSelectorAsSelector,
// pkg/labels/selector.go): an absent selector matches nothing, an empty one everything; matchLabels are `=`
// requirements; matchExpressions use In, NotIn, Exists, DoesNotExist. A selector that does not parse is an error.
import type { LabelSelector } from 'kubernetes-types/meta/v1';
import { isQualifiedName, isValidLabelValue } from './names';
import { settingsGeneration } from '../core/config';

export type { LabelSelector };

interface Requirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values: readonly string[];
  /** Set on `pod-template-hash In/NotIn [THIS_REVISION]`: the Deployment whose current revision it stands for. */
  revision?: Revision;
}

/** A Deployment's current revision, as a selector can name it without its hash: its namespace and spec.selector. */
export interface Revision {
  namespace: string;
  selector: Selector;
}

export const POD_TEMPLATE_HASH = 'pod-template-hash';

/**
 * The pod-template-hash the library gives a Deployment's pods. Upstream's is controller.ComputeHash of the template
 * (FNV over Go's printing of it) encoded by rand.SafeEncodeString, whose alphabet has no vowels
 * ("bcdfghjklmnpqrstvwxz2456789"): this value can never be a real pod's hash. Selectors that name it stand for
 * `pod-template-hash in (<hash>)` under one assumption: the Deployment's existing pods that carry a pod-template-hash
 * are its current revision (the manifest under test is what runs).
 */
export const THIS_REVISION = 'this-revision';

/** How messages print THIS_REVISION: upstream prints the hash there. */
export const THIS_REVISION_TEXT = '<this revision>';

// The labels of the pods the library creates for a Deployment, and which Deployment (admission/create.ts registers them)
const revisions = new WeakMap<object, Revision>();

/** Mark `labels` (carrying pod-template-hash THIS_REVISION) as a pod's of the Deployment `revision` stands for; returns `labels`. */
export function setRevision<T extends Record<string, string>>(labels: T, revision: Revision): T {
  revisions.set(labels, revision);
  return labels;
}

/** A parsed selector: `nothing`/`everything` for the two special cases, else requirements ANDed. */
export type Selector =
  | { kind: 'nothing' }
  | { kind: 'everything' }
  | { kind: 'requirements'; requirements: Requirement[] };

export const NOTHING: Selector = { kind: 'nothing' };
export const EVERYTHING: Selector = { kind: 'everything' };

export class LabelSelectorError extends Error {}

// Workloads repeat the same requirements (app=…, zone keys): each distinct one is validated once, per settings (the
// messages depend on the release: names.ts).
const validated = new Map<string, string | null>();
let validatedGeneration = -1;

// Keys repeat even where values do not (app=<workload>): their errors are kept apart, per settings too.
const keyErrors = new Map<string, string[]>();

function sameSettings(): void {
  // Stryker disable next-line ConditionalExpression: `false` clears both caches on every call, so each requirement is validated again: the same answers (`true`, stale caches across releases, is killed)
  if (validatedGeneration === settingsGeneration()) return;
  validated.clear();
  keyErrors.clear();
  validatedGeneration = settingsGeneration();
}

function qualifiedNameErrors(key: string): string[] {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: only which keys are cached; isQualifiedName gives a key the same errors either way
  if (typeof key !== 'string') return isQualifiedName(key);
  sameSettings();
  let errs = keyErrors.get(key);
  // Stryker disable next-line ConditionalExpression: `true` computes the key's errors again, the same ones (`false` is killed)
  if (!errs) {
    errs = isQualifiedName(key);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on the cache; a cleared key's errors are computed again, the same
    if (keyErrors.size >= 10_000) keyErrors.clear();
    keyErrors.set(key, errs);
  }
  return errs;
}

// A value IsValidLabelValue accepts at every release (at most 63 ASCII characters of its regex): no need to ask it.
const PLAIN_VALUE = /^(?:[A-Za-z0-9](?:[-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)?$/;

function requirement(key: string, operator: string, values: readonly string[]): Requirement {
  // Only strings without NUL are cached: a NUL would let two requirements share an id. Built without arrays or
  // closures: every existing pod's affinity terms pass here.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the survivors leave id undefined (validated uncached, the same answer) or drop `typeof key` (keys are strings: `?? ''`, typecheck.ts); the variants letting two requirements share an id are killed
  let id: string | undefined = typeof key === 'string' && typeof operator === 'string' && !key.includes('\u0000') && !operator.includes('\u0000') ? `${key}\u0000${operator}` : undefined;
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,UpdateOperator: reading outside the values (`true`, `<=`, `||`, `i--`) ends with id undefined: validated uncached, the same answer (joining fewer values, or going on after a NUL one, is killed)
  for (let i = 0; id !== undefined && i < values.length; i++) {
    const v = values[i];
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the survivors make id undefined (validated uncached, the same answer) or drop `typeof v` (values are strings, loader/typecheck.ts); the variants joining a NUL value are killed
    id = typeof v === 'string' && !v.includes('\u0000') ? `${id}\u0000${v}` : undefined;
  }
  // Stryker disable next-line ConditionalExpression: `true` validates every requirement uncached, the same answer (`false`, one id for every NUL requirement, is killed)
  if (id === undefined) return validate(key, operator, values);
  sameSettings();
  let error = validated.get(id);
  // Stryker disable next-line ConditionalExpression: `true` validates the requirement again, the same answer (`false` is killed)
  if (error === undefined) {
    try {
      validate(key, operator, values);
      error = null;
    } catch (e) {
      // Stryker disable next-line BooleanLiteral,ConditionalExpression: only strings reach here, for which validate throws nothing but LabelSelectorError; rethrown unremembered, it is thrown again the next time
      if (!(e instanceof LabelSelectorError)) throw e;
      error = e.message;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on the cache; a cleared requirement is validated again, the same
    if (validated.size >= 10_000) validated.clear();
    validated.set(id, error);
  }
  if (error !== null) throw new LabelSelectorError(error);
  return { key, operator: operator as Requirement['operator'], values };
}

const OPERATORS: readonly string[] = ['In', 'NotIn', 'Exists', 'DoesNotExist'];

/**
 * field.Invalid's rendering of the []string NewRequirement gets (field/errors.go ErrorBody: json.Marshal for a slice;
 * append([]string(nil), values...) is nil when empty, so `null`). Go's encoder escapes <, > and & as \u003c etc.
 */
const goStringSlice = (values: readonly string[]) =>
  values.length === 0 ? 'null' : JSON.stringify(values).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * LabelSelectorAsSelector refuses an unknown operator first (helpers.go); then selector.go NewRequirement
 * collects every error (key, values count, each value) and returns them as one aggregate: "[a, b]" for several.
 */
function validate(key: string, operator: string, values: readonly string[]): Requirement {
  if (!OPERATORS.includes(operator)) throw new LabelSelectorError(`${JSON.stringify(String(operator ?? ''))} is not a valid label selector operator`);
  const errs: string[] = [];
  const keyErrs = qualifiedNameErrors(key);
  // field.Invalid prints a string with %q (field/errors.go ErrorBody), JSON's quoting for the text of manifests
  if (keyErrs.length) errs.push(`key: Invalid value: ${JSON.stringify(key)}: ${keyErrs.join('; ')}`);
  if ((operator === 'In' || operator === 'NotIn') && values.length === 0) {
    errs.push(`values: Invalid value: ${goStringSlice(values)}: for 'in', 'notin' operators, values set can't be empty`);
  }
  if ((operator === 'Exists' || operator === 'DoesNotExist') && values.length !== 0) {
    errs.push(`values: Invalid value: ${goStringSlice(values)}: values set must be empty for exists and does not exist`);
  }
  values.forEach((v, i) => {
    // selector.go NewRequirement → validateLabelValue(key, v, path.Index(i)): the path is values[i][key]
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the survivors send plain values to IsValidLabelValue, which accepts them (label-selector.test.ts), or drop `typeof v` (values are strings, loader/typecheck.ts); `true` (no value checked) is killed
    if (typeof v === 'string' && PLAIN_VALUE.test(v)) return;
    const valueErrs = isValidLabelValue(v);
    // Stryker disable next-line ConditionalExpression: `true` adds nothing more: a value PLAIN_VALUE refuses is one IsValidLabelValue refuses (label-selector.test.ts); `false` is killed
    if (valueErrs.length) errs.push(`values[${i}][${key}]: Invalid value: ${JSON.stringify(v)}: ${valueErrs.join('; ')}`);
  });
  // utilerrors' aggregate prints one error alone, several in brackets (no two of these messages can be equal, so
  // ToAggregate's de-duplication has nothing to drop)
  if (errs.length) throw new LabelSelectorError(errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
  // Stryker disable next-line ObjectLiteral: only a requirement that skips the cache gets this value: one with a NUL or no operator (both refused here) or another non-string (refused by loader/typecheck.ts)
  return { key, operator: operator as Requirement['operator'], values };
}

/** LabelSelectorAsSelector; throws LabelSelectorError for a selector upstream cannot parse. */
export function parseLabelSelector(selector: LabelSelector | null | undefined): Selector {
  if (selector == null) return NOTHING;
  const matchLabels = Object.entries(selector.matchLabels ?? {});
  const matchExpressions = selector.matchExpressions ?? [];
  if (matchLabels.length === 0 && matchExpressions.length === 0) return EVERYTHING;
  const requirements: Requirement[] = [];
  for (const [k, v] of matchLabels) requirements.push(requirement(k, 'In', [v]));
  // an absent key is Go's zero value "" (refused as a key), not a crash
  for (const e of matchExpressions) requirements.push(requirement(e.key ?? '', e.operator, e.values ?? []));
  return { kind: 'requirements', requirements };
}

/**
 * `key In [value]` added for each matchLabelKeys/mismatchLabelKeys key (the latter as NotIn) present in `labels`.
 * A Deployment's pod's pod-template-hash (THIS_REVISION, labels registered by setRevision) adds the stand-in for its
 * revision's hash.
 */
export function withLabelKeys(selector: Selector, labels: Record<string, string>, keys: readonly string[] | undefined, operator: 'In' | 'NotIn' = 'In'): Selector {
  const present = (keys ?? []).filter((k) => Object.prototype.hasOwnProperty.call(labels, k));
  if (present.length === 0 || selector.kind === 'nothing') return selector;
  const revision = labels[POD_TEMPLATE_HASH] === THIS_REVISION ? revisions.get(labels) : undefined;
  const extra = present.map((k) => {
    const r = requirement(k, operator, [labels[k]]);
    return k === POD_TEMPLATE_HASH && revision ? { ...r, revision } : r;
  });
  return { kind: 'requirements', requirements: [...(selector.kind === 'requirements' ? selector.requirements : []), ...extra] };
}

/** `selector` and `pod-template-hash in (<this revision>)`: a Deployment's ReplicaSet's selector (sync.go getNewReplicaSet). */
export function withRevision(selector: Selector, revision: Revision): Selector {
  if (selector.kind === 'nothing') return selector;
  // Stryker disable next-line ArrayDeclaration: a revision requirement's values are never read: ofRevision, formatSelector, snapshot.ts and interpodaffinity/state.ts go by r.revision
  const own = { key: POD_TEMPLATE_HASH, operator: 'In' as const, values: [THIS_REVISION], revision };
  return { kind: 'requirements', requirements: [...(selector.kind === 'requirements' ? selector.requirements : []), own] };
}

/**
 * Under the assumption THIS_REVISION states, the pods `pod-template-hash in (<hash>)` selects: the Deployment's pods
 * in its namespace (its spec.selector's) that carry a pod-template-hash — those it creates here, and its existing ones.
 * `namespace` undefined: the pod is in the revision's namespace already (PodTopologySpread counts only those).
 */
function ofRevision(r: Requirement & { revision: Revision }, l: Record<string, string>, namespace: string | undefined): boolean {
  // not by the value alone: every Deployment's pods here carry THIS_REVISION, and two Deployments' hashes differ
  if (!Object.prototype.hasOwnProperty.call(l, r.key)) return false;
  return (namespace === undefined || namespace === r.revision.namespace) && selectorMatches(r.revision.selector, l);
}

/** Whether `labels` match; `namespace`, the pod's, matters only to a pod-template-hash stand-in (withLabelKeys). */
export function selectorMatches(selector: Selector, labels: Record<string, string> | undefined, namespace?: string): boolean {
  if (selector.kind !== 'requirements') return selector.kind === 'everything';
  const l = labels ?? {};
  for (const r of selector.requirements) {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    switch (r.operator) {
      case 'In':
        if (r.revision ? !ofRevision(r as Requirement & { revision: Revision }, l, namespace) : !has || !r.values.includes(l[r.key])) return false;
        break;
      case 'NotIn':
        if (r.revision ? ofRevision(r as Requirement & { revision: Revision }, l, namespace) : has && r.values.includes(l[r.key])) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
    }
  }
  return true;
}

/**
 * What a message adds after a selector with the pod-template-hash stand-in (withLabelKeys, withRevision), once: the
 * placeholder and the assumption the answer rests on; '' for any other selector.
 */
export function revisionNote(selector: Selector): string {
  const r = selector.kind === 'requirements' ? selector.requirements.find((x) => x.revision) : undefined;
  return r?.revision
    ? `${THIS_REVISION_TEXT} is the Deployment's pod-template-hash, which the library cannot compute (controller.ComputeHash of the template): ` +
      `its existing pods in namespace ${r.revision.namespace} that carry a pod-template-hash are taken for this revision (the manifest under test is what runs)`
    : '';
}

/** kubectl-style text of a selector, for messages: `app=web,tier in (a,b)`. */
export function formatSelector(selector: Selector): string {
  if (selector.kind === 'nothing') return '<matches nothing>';
  if (selector.kind === 'everything') return '<everything>';
  return selector.requirements
    .map((r) =>
      r.operator === 'Exists' ? r.key
        : r.operator === 'DoesNotExist' ? `!${r.key}`
          : r.revision ? `${r.key} ${r.operator === 'In' ? 'in' : 'notin'} (${THIS_REVISION_TEXT})`
          : r.operator === 'In' && r.values.length === 1 ? `${r.key}=${r.values[0]}`
            : `${r.key} ${r.operator === 'In' ? 'in' : 'notin'} (${r.values.join(',')})`,
    )
    .join(',');
}
