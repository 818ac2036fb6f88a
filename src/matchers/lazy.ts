// The matchers as the runner entries register them: each loads its own module (and the parts of the engine behind
// it) on its first call, not when the entry is evaluated. Jest evaluates the setup entry, and every module a test
// file loads, in a fresh module registry for every test file, so a spec file pays only for the matchers it calls:
// one that makes no placement assertion pays only for this file, one that calls toBeSchedulableOn does not load
// Karpenter's provisioner or the outage simulation.
import type { matchers as Matchers } from './index';

/** The matcher names, as matchers/index.ts exports them (a test checks the two lists are the same). */
export const MATCHER_NAMES = [
  'toTolerate', 'toBeSchedulableOn', 'toBeSchedulableOnAnyOf', 'toBeSchedulableOnAllOf', 'toBeEvictedFrom', 'toPrefer',
  'toBeProvisionableBy', 'toBeProvisionableByAnyOf', 'toSurvive', 'toKeepAtLeast', 'toHaveAllReplicasScheduled',
  'toSpreadReplicasAcross', 'toShareNodesWith', 'toBeKeptApartFrom', 'toDrain',
  'toPreempt',
] as const;

type MatcherTable = typeof Matchers;
export type MatcherName = (typeof MATCHER_NAMES)[number];
type Matcher = (...args: unknown[]) => unknown;

/**
 * Matchers that each call `load(name)` once, on their first assertion, and forward `this` (the runner's context) and
 * the arguments. `load` gives the matcher (each is matchers/<name>.ts).
 */
export function lazyMatchers(load: (name: MatcherName) => unknown): MatcherTable {
  const out: Record<string, unknown> = {};
  for (const name of MATCHER_NAMES) {
    let matcher: Matcher | undefined;
    out[name] = function (this: unknown, ...args: unknown[]) {
      matcher ??= load(name) as Matcher;
      return matcher.apply(this, args);
    };
  }
  return out as MatcherTable;
}

const BRAND = Symbol.for('jest-k8s-placement.PlacementMatrix');

type Serializer = { serialize(value: never, config?: unknown, indentation?: string): string };

/** The placement matrix's snapshot serializer; it formats (loading the report module) only when a snapshot holds a matrix. */
export function lazyMatrixSerializer(load: () => Serializer) {
  return {
    test: (value: unknown) => typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true,
    serialize: (value: never, config?: unknown, indentation?: string) => load().serialize(value, config, indentation),
  };
}

/** A runner's `expect`, as each entry finds it (Jest's globals, @jest/globals, vitest). */
export interface Runner {
  expect: { extend(matchers: object): void; addSnapshotSerializer(serializer: object): void };
}

/**
 * What every runner entry does: register the lazy matchers and the matrix serializer on the runner's `expect` (the
 * entry also scopes `configure` with the runner's hooks: core/settings-scope.ts). `load` gives a matcher and the
 * serializer, called on that matcher's first assertion and the first snapshot of a matrix.
 */
export function registerLazily(runner: Runner, load: { matcher(name: MatcherName): unknown; matrixSerializer(): Serializer }): void {
  runner.expect.extend(lazyMatchers(load.matcher));
  runner.expect.addSnapshotSerializer(lazyMatrixSerializer(load.matrixSerializer));
}
