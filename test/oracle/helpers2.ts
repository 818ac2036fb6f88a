// The controller and apimachinery helper domains: DaemonSet tolerations, taint-eviction timing, condition taints and
// label selectors, each against the library's own function (oracle/k8s-*/{daemonset,eviction,conditions,selectors}.go).
import fc from 'fast-check';
import type { Difference } from './compare';
import type { Domain } from './domains';
import {
  addDaemonSetTolerations, formatSelector, mergeConditionTaints, minTolerationNanos, parseLabelSelector, selectorMatches, settings, taintEviction,
  type Node, type Taint, type Toleration,
} from './lib';

const same = (fields: string[], ours: Record<string, unknown>, upstream: Record<string, unknown>): Difference[] =>
  fields.filter((f) => JSON.stringify(ours[f]) !== JSON.stringify(upstream[f])).map((field) => ({ field, ours: ours[field], upstream: upstream[field] }));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
/** An object as Go's omitempty JSON writes it: no undefined, no "" fields, keys in the struct's order. */
const omitEmpty = (o: Record<string, unknown>, order: string[]) =>
  Object.fromEntries(order.filter((k) => o[k] !== undefined && o[k] !== '').map((k) => [k, o[k]]));
const TOLERATION_FIELDS = ['key', 'operator', 'value', 'effect', 'tolerationSeconds'];
const TAINT_FIELDS = ['key', 'value', 'effect', 'timeAdded'];

const NODE_KEYS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable', 'node.kubernetes.io/disk-pressure',
  'node.kubernetes.io/memory-pressure', 'node.kubernetes.io/pid-pressure', 'node.kubernetes.io/unschedulable',
  'node.kubernetes.io/network-unavailable'];
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const SECONDS = [0, -1, -300, 1, 5, 300, 3600, 9_223_372_036, 9_223_372_037, 18_446_744_074, 1e12, Number.MAX_SAFE_INTEGER];

/** A toleration the API server admits: Exists has no value; tolerationSeconds only with NoExecute. */
const tolerationArb: fc.Arbitrary<Toleration> = fc.record({
  key: fc.constantFrom('', 'a', ...NODE_KEYS),
  operator: fc.constantFrom(undefined, 'Exists', 'Equal'),
  value: fc.constantFrom('', 'x'),
  effect: fc.constantFrom('', ...EFFECTS),
  seconds: maybe(fc.constantFrom(...SECONDS)),
}).map(({ key, operator, value, effect, seconds }) => omitEmpty({
  key, operator: key === '' ? 'Exists' : operator, value: operator === 'Exists' || key === '' ? '' : value, effect,
  tolerationSeconds: effect === 'NoExecute' ? seconds : undefined,
}, TOLERATION_FIELDS) as Toleration);

// --- daemonSetTolerations --------------------------------------------------------------------------------------
export const daemonSetTolerations: Domain<{ tolerations: Toleration[]; hostNetwork: boolean }, { tolerations: unknown[] }> = {
  name: 'daemonSetTolerations',
  arbitrary: fc.record({
    tolerations: fc.array(fc.oneof(tolerationArb, fc.constantFrom<Toleration>(
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' },
    )), { maxLength: 5 }),
    hostNetwork: fc.boolean(),
  }),
  ours: (i) => ({ tolerations: addDaemonSetTolerations(i.tolerations, i.hostNetwork).map((t) => omitEmpty(t as any, TOLERATION_FIELDS)) }),
  compare: (ours, upstream) => same(['tolerations'], ours, upstream),
};

// --- taintEviction ---------------------------------------------------------------------------------------------
export interface EvictionOutput { never?: boolean; afterNanos?: string }

const taintArb: fc.Arbitrary<Taint> = fc.record({
  key: fc.constantFrom('a', 'b', ...NODE_KEYS.slice(0, 3)),
  value: fc.constantFrom('', 'x'),
  effect: fc.constantFrom('NoExecute', 'NoExecute', 'NoSchedule', 'PreferNoSchedule'),
  timeAdded: maybe(fc.constantFrom('2026-01-01T00:00:00Z', '2020-06-01T12:00:00Z')),
}).map((t) => omitEmpty(t, TAINT_FIELDS) as unknown as Taint);

export const taintEviction2: Domain<{ tolerations: Toleration[]; taints: Taint[] }, EvictionOutput> = {
  name: 'taintEviction',
  arbitrary: fc.record({ tolerations: fc.array(tolerationArb, { maxLength: 4 }), taints: fc.array(taintArb, { maxLength: 3 }) }),
  ours: (i) => {
    // GetMatchingTolerations reads the TaintTolerationComparisonOperators gate: the library's setting for the release
    const comparisonOperators = settings().featureGates.TaintTolerationComparisonOperators;
    const v = taintEviction({ tolerations: i.tolerations, comparisonOperators } as any, { taints: i.taints } as any);
    if (v.after === null) return { never: true };
    // the exact delay: the verdict's seconds are a float; the nanoseconds of the same tolerations are exact
    return { afterNanos: v.untolerated ? '0' : String(minTolerationNanos(v.taints.map((u) => u.toleration!))) };
  },
  compare: (ours, upstream) => same(['never', 'afterNanos'], ours as any, upstream as any),
};

// --- nodeConditionTaints ---------------------------------------------------------------------------------------
const CONDITION_TYPES = ['Ready', 'Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable', 'OutOfDisk'];
const conditionArb = fc.record({ type: fc.constantFrom(...CONDITION_TYPES), status: fc.constantFrom('True', 'False', 'Unknown') });
// controller keys in one taint of fifty: a node listing one its conditions do not call for is the known
// stale-controller-taints-kept, and the others are what the domain is for
const nodeTaintArb: fc.Arbitrary<Taint> = fc.record({
  key: fc.oneof({ weight: 49, arbitrary: fc.constantFrom('dedicated', 'example.com/gpu') }, { weight: 1, arbitrary: fc.constantFrom(...NODE_KEYS) }), value: fc.constantFrom('', 'x'), effect: fc.constantFrom(...EFFECTS),
}).map((t) => omitEmpty(t, TAINT_FIELDS) as unknown as Taint);

export const nodeConditionTaints: Domain<{ node: Node }, { taints: unknown[] }> = {
  name: 'nodeConditionTaints',
  arbitrary: fc.record({
    conditions: fc.array(conditionArb, { maxLength: 4 }),
    taints: fc.uniqueArray(nodeTaintArb, { maxLength: 3, selector: (t) => `${t.key}:${t.effect}` }),
    unschedulable: fc.boolean(),
  }).map(({ conditions, taints, unschedulable }) => ({
    node: {
      apiVersion: 'v1', kind: 'Node', metadata: { name: 'n0' },
      spec: { ...(taints.length ? { taints } : {}), ...(unschedulable ? { unschedulable } : {}) },
      status: { conditions },
    } as Node,
  })),
  ours: ({ node }) => ({ taints: mergeConditionTaints(node).map((t) => omitEmpty(t as any, TAINT_FIELDS)) }),
  compare: (ours, upstream) => same(['taints'], ours, upstream),
};

// --- labelSelector ---------------------------------------------------------------------------------------------
export interface SelectorOutput { error?: string; errors?: string[]; matches?: boolean[]; textError?: string; textMatches?: boolean[] }

const SEL_KEYS = ['app', 'tier', 'example.com/team', 'a/b/c', '-bad', '', 'x'.repeat(64), 'Upper_Case.ok'];
const SEL_VALUES = ['web', 'db', '', 'bad value', 'x'.repeat(64), '-x', 'a.b'];
const LABELS = fc.dictionary(fc.constantFrom('app', 'tier', 'example.com/team'), fc.constantFrom('web', 'db', ''), { maxKeys: 3 });

const selectorArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 8, arbitrary: fc.record({
    matchLabels: maybe(fc.dictionary(fc.constantFrom(...SEL_KEYS.slice(0, 4), ...SEL_KEYS), fc.constantFrom(...SEL_VALUES), { maxKeys: 2 })),
    matchExpressions: maybe(fc.array(fc.record({
      key: fc.constantFrom(...SEL_KEYS.slice(0, 4), ...SEL_KEYS),
      operator: fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'In', 'NotIn', 'Exists', 'in', 'Equals'),
      values: fc.uniqueArray(fc.constantFrom(...SEL_VALUES), { maxLength: 3 }),
      // the values an operator should not have, or no values where it needs some: rare (at 1.33 the error prints the
      // list in Go syntax, `[]string(nil)`, `[]string{"web"}`: the known go-syntax-bad-values-1.33-selector)
      misfit: fc.nat({ max: 29 }),
    }).map(({ misfit, ...e }) => {
      const wantsValues = e.operator === 'In' || e.operator === 'NotIn';
      const values = misfit === 0 ? (wantsValues ? undefined : e.values) : (wantsValues ? e.values : undefined);
      return omitEmpty({ ...e, values }, ['key', 'operator', 'values']);
    }), { maxLength: 3 })),
  }).map((s) => omitEmpty(s, ['matchLabels', 'matchExpressions'])) },
);

export const labelSelector: Domain<{ selector: unknown; labels: Array<Record<string, string>>; text?: string }, SelectorOutput> = {
  name: 'labelSelector',
  // The text is the library's own kubectl-style rendering of the selector (what its messages print), so that
  // upstream's labels.Parse is asked whether it means the same.
  arbitrary: fc.record({ selector: selectorArb, labels: fc.array(LABELS, { minLength: 1, maxLength: 4 }) }).map((i) => {
    try {
      const s = parseLabelSelector(i.selector as any);
      return s.kind === 'requirements' ? { ...i, text: formatSelector(s) } : i;
    } catch {
      return i;
    }
  }),
  ours: (i) => {
    let s;
    try {
      s = parseLabelSelector(i.selector as any);
    } catch (e) {
      return { error: (e as Error).message };
    }
    const matches = i.labels.map((l) => selectorMatches(s, l));
    return i.text === undefined ? { matches } : { matches, textMatches: matches };
  },
  // upstream's answer is every distinct error of several calls (matchLabels is a Go map): ours must be one of them
  compare: (ours, upstream) => [
    ...((upstream.errors ?? []).length === 0 ? (ours.error === undefined ? [] : [{ field: 'error', ours: ours.error, upstream: undefined }])
      : upstream.errors!.includes(ours.error ?? '') ? [] : [{ field: 'error', ours: ours.error, upstream: upstream.errors }]),
    ...same(['matches', 'textError', 'textMatches'], ours as any, upstream as any),
  ],
};
