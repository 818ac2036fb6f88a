// Properties of the kubectl-taint helpers: parseTaint round-trips through kubectl's string forms, and
// taint(node, ...specs) never mutates (or shares objects with) the node it is given.
import fc from 'fast-check';
import { parseTaint, taint } from './kubectl-taint';
import { formatTaint } from './toleration';
import type { Node } from '../core/types';
import { deepFreeze, effect, labelValue, nodeArb, taintArb, taintKey } from '../../test/property/arbitraries';

describe('parseTaint round-trips through its string form', () => {
  test('key=value:Effect, key:Effect and key=:Effect', () => {
    fc.assert(
      fc.property(taintKey, labelValue, effect, (key, value, eff) => {
        const expected = { key, value, effect: eff };
        const canonical = value ? `${key}=${value}:${eff}` : `${key}:${eff}`;
        expect(parseTaint(canonical)).toEqual(expected);
        expect(formatTaint(parseTaint(canonical) as typeof expected)).toBe(canonical);
        expect(parseTaint(`${key}=${value}:${eff}`)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  test('formatTaint of a valid taint parses back to it (value defaulting to "")', () => {
    fc.assert(
      fc.property(taintArb, (t) => {
        expect(parseTaint(formatTaint(t))).toEqual({ key: t.key, value: t.value ?? '', effect: t.effect });
      }),
      { numRuns: 300 },
    );
  });

  test('removals: key:Effect- and key-', () => {
    fc.assert(
      fc.property(taintKey, effect, (key, eff) => {
        expect(parseTaint(`${key}:${eff}-`)).toEqual({ key, effect: eff, remove: true });
        expect(parseTaint(`${key}-`)).toEqual({ key, remove: true });
      }),
      { numRuns: 200 },
    );
  });
});

/** A taint() argument: an addition, a removal (with or without effect), valid or not for this node. */
const taintSpec = fc.oneof(
  taintArb.map((t) => formatTaint(t)),
  fc.tuple(taintKey, effect).map(([k, eff]) => `${k}:${eff}-`),
  taintKey.map((k) => `${k}-`),
);

describe('taint(node, ...specs)', () => {
  test('never mutates its input node, whether it succeeds or throws kubectl’s error', () => {
    fc.assert(
      fc.property(nodeArb(), fc.array(taintSpec, { minLength: 1, maxLength: 4 }), fc.constantFrom(undefined, true, false), (node, specs, overwrite) => {
        const before = structuredClone(node);
        deepFreeze(node);
        const args: Array<string | { overwrite?: boolean }> = overwrite === undefined ? specs : [...specs, { overwrite }];
        let result: Node | undefined;
        try {
          result = taint(node, ...args);
        } catch (error) {
          // kubectl's own errors (duplicates, conflicts, already present, not found) — plain Errors with a message
          expect(error).toBeInstanceOf(Error);
          expect((error as Error).message).not.toBe('');
        }
        expect(node).toEqual(before);
        if (result) {
          expect(result).not.toBe(node);
          expect(result.metadata).toEqual(before.metadata);
          expect(result.status).toEqual(before.status);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('the node it returns shares no object with its input (changing the copy leaves the input alone)', () => {
    fc.assert(
      fc.property(nodeArb(), taintArb, (node, t) => {
        const before = structuredClone(node);
        let result: Node;
        try {
          result = taint(node, formatTaint(t), { overwrite: true });
        } catch {
          return; // e.g. an invalid spec; not this property's concern
        }
        for (const x of result.spec?.taints ?? []) x.value = 'changed';
        if (result.metadata?.labels) result.metadata.labels.changed = 'yes';
        expect(node).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });
});
