// The generators' shared ways of drawing (fast-check): a field usually valid, a field usually absent, a field present
// half the time, and an object without its absent fields.
import fc from 'fast-check';

/** A valid value with weight `valid`, a bad one with weight 1. */
export const mostly = <T>(good: readonly T[], bad: readonly T[], valid = 6) =>
  fc.oneof({ weight: valid, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });
/** `arb` once in `n` draws, else undefined. */
export const rarely = <T>(arb: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
/** `arb` or undefined, about half the time each. */
export const half = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
/** The object without its undefined fields (as a manifest leaves them out). */
export const compact = <T extends Record<string, unknown>>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
