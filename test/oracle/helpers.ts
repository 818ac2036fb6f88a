// The helper domains: ToleratesTaint and resource.ParseQuantity, each against the library's own function.
import fc from 'fast-check';
import { parseQuantity, parseTaint, toleratesTaint, type Taint, type Toleration } from './lib';
import type { Difference } from './compare';
import type { Domain } from './domains';

const same = (fields: string[], ours: Record<string, unknown>, upstream: Record<string, unknown>): Difference[] =>
  fields.filter((f) => JSON.stringify(ours[f]) !== JSON.stringify(upstream[f])).map((field) => ({ field, ours: ours[field], upstream: upstream[field] }));

// --- toleration ---------------------------------------------------------------------------------------------
export interface TolerationInput { toleration: Toleration; taint: Taint; comparisonOperators: boolean }

const KEYS = ['', 'a', 'b', 'node.kubernetes.io/not-ready'];
const VALUES = ['', 'x', 'y', '0', '5', '10', '-3', '007', '+1', '9223372036854775807', '9223372036854775808'];
const EFFECTS = ['', 'NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const drop = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const tolerationInputArb: fc.Arbitrary<TolerationInput> = fc.record({
  toleration: fc.record({
    key: maybe(fc.constantFrom(...KEYS)),
    operator: maybe(fc.constantFrom('', 'Equal', 'Exists', 'Lt', 'Gt', 'exists')),
    value: maybe(fc.constantFrom(...VALUES)),
    effect: maybe(fc.constantFrom(...EFFECTS)),
  }).map(drop) as fc.Arbitrary<Toleration>,
  taint: fc.record({ key: fc.constantFrom(...KEYS.slice(1)), value: maybe(fc.constantFrom(...VALUES)), effect: fc.constantFrom(...EFFECTS.slice(1)) }).map(drop) as fc.Arbitrary<Taint>,
  comparisonOperators: fc.boolean(),
});

export const toleration: Domain<TolerationInput, { tolerates: boolean }> = {
  name: 'toleration',
  arbitrary: tolerationInputArb,
  ours: (i) => ({ tolerates: toleratesTaint(i.toleration, i.taint, i.comparisonOperators) }),
  compare: (ours, upstream) => same(['tolerates'], ours, upstream),
};

// --- quantity -----------------------------------------------------------------------------------------------
export interface QuantityOutput { error?: string; string?: string; value?: string; milliValue?: string }

const SUFFIXES = ['', 'n', 'u', 'm', 'k', 'M', 'G', 'T', 'P', 'E', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'e3', 'E-2', 'e+1', 'e', 'K', 'mi', 'i'];
const digits = fc.stringMatching(/^[0-9]{0,22}$/);
export const quantityTextArb: fc.Arbitrary<string> = fc.oneof(
  // negative amounts rare: a fraction of one is the known negative-quantity-scaled-value (validation refuses them anyway)
  { weight: 6, arbitrary: fc.tuple(fc.oneof({ weight: 20, arbitrary: fc.constant('') }, { weight: 4, arbitrary: fc.constant('+') }, { weight: 1, arbitrary: fc.constant('-') }), digits, fc.option(digits, { nil: undefined }), fc.constantFrom(...SUFFIXES))
    .map(([sign, int, frac, suffix]) => `${sign}${int}${frac === undefined ? '' : `.${frac}`}${suffix}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);

export const quantity: Domain<{ text: string }, QuantityOutput> = {
  name: 'quantity',
  arbitrary: quantityTextArb.map((text) => ({ text })),
  ours: ({ text }) => {
    let q;
    try {
      q = parseQuantity(text);
    } catch (e) {
      return { error: (e as Error).message };
    }
    const out: QuantityOutput = { string: q.canonical() };
    // Value()/MilliValue() as the library holds them: numbers, compared where a number is exact
    if (Number.isSafeInteger(q.value())) out.value = String(q.value());
    if (Number.isSafeInteger(q.milliValue())) out.milliValue = String(q.milliValue());
    return out;
  },
  compare: (ours, upstream) => {
    const fields = ['error', 'string'];
    if (ours.value !== undefined) fields.push('value');
    if (ours.milliValue !== undefined) fields.push('milliValue');
    return same(fields, ours as Record<string, unknown>, upstream as Record<string, unknown>);
  },
};

// --- kubectl taint spec -------------------------------------------------------------------------------------
export interface KubectlTaintOutput { add?: { key: string; value?: string; effect: string }; remove?: { key: string; effect: string }; error?: string }

const TAINT_SPEC_KEYS = ['a', 'dedicated', 'example.com/gpu', 'a/b/c', '-a', 'a-', 'A_b.c', '', 'x'.repeat(63), 'x'.repeat(64), 'ex ample', 'k=v'];
const TAINT_SPEC_VALUES = ['', 'gpu', 'a-1', 'bad value', '-x', 'x'.repeat(63), 'x'.repeat(64), '='];
const TAINT_SPEC_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute', 'noschedule', '', 'X'];

export const kubectlTaintSpecArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.record({
    key: fc.constantFrom(...TAINT_SPEC_KEYS),
    value: fc.option(fc.constantFrom(...TAINT_SPEC_VALUES), { nil: undefined }),
    effect: fc.option(fc.constantFrom(...TAINT_SPEC_EFFECTS), { nil: undefined }),
    extra: fc.constantFrom('', '', '', ':NoSchedule'),
    remove: fc.boolean(),
  }).map(({ key, value, effect, extra, remove }) =>
    `${key}${value === undefined ? '' : `=${value}`}${effect === undefined ? '' : `:${effect}`}${extra}${remove ? '-' : ''}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);

export const kubectlTaint: Domain<{ spec: string }, KubectlTaintOutput> = {
  name: 'kubectlTaint',
  arbitrary: kubectlTaintSpecArb.map((spec) => ({ spec })),
  ours: ({ spec }) => {
    try {
      const t = parseTaint(spec);
      // kubectl's Taint as JSON: value omitted when empty, effect always present ("" for a removal by key)
      if ('remove' in t) return { remove: { key: t.key, effect: t.effect ?? '' } };
      return { add: { key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect } };
    } catch (e) {
      // kubectl's own text, without the hint parseTaint adds after or before it
      return { error: (e as { kubectl?: string }).kubectl ?? (e as Error).message };
    }
  },
  compare: (ours, upstream) => same(['add', 'remove', 'error'], ours as Record<string, unknown>, upstream as Record<string, unknown>),
};
