// One constraint's counts as AddPod/RemovePod leave them (state.ts DomainCounts.plus): filtering.go updateWithPod's
// `s.TpValueToMatchNum[i][v] += delta` over PreFilter's TpValueToMatchNum[i] (a Go map: a missing key reads 0, `+=`
// adds the key), and the minimum the Filter then reads (minMatchNum, from the updated criticalPaths).
import { DomainCounts, type Counts } from './state';

/** PreFilter's counts: every domain eligible, each with this many matching pods. */
function counts(spec: Record<string, number>): DomainCounts {
  const out = new DomainCounts(new Map(Object.keys(spec).map((d) => [d, 0])));
  for (const [domain, n] of Object.entries(spec)) for (let k = 0; k < n; k++) out.add(domain);
  return out;
}
const read = (c: Counts) => Object.fromEntries(c);

describe('has and get after AddPod/RemovePod', () => {
  test('a changed domain, an unchanged one, one PreFilter did not hold, and one AddPod added', () => {
    const added = counts({ a: 2, b: 0 }).plus('a', 1);
    expect([added.has('a'), added.has('b'), added.has('z')]).toEqual([true, true, false]);
    expect([added.get('a'), added.get('b'), added.get('z')]).toEqual([3, 0, undefined]);
    expect(counts({ a: 2, b: 0 }).plus('a', -1).get('a')).toBe(1);
    // `+=` on a key PreFilter did not hold adds it (a node outside the eligible domains)
    const joined = counts({ a: 2, b: 0 }).plus('z', 1);
    expect([joined.has('z'), joined.get('z'), joined.get('a'), joined.size]).toEqual([true, 1, 2, 3]);
    expect(read(joined)).toEqual({ a: 2, b: 0, z: 1 });
  });
});

describe('the minimum after AddPod/RemovePod (one domain changed, as on one node)', () => {
  test('PreFilter\'s own minimum: 0 while a domain has no matching pod, else the smallest count', () => {
    expect([counts({ a: 3, b: 0 }).min(), counts({ a: 3, b: 2, c: 4 }).min(), counts({}).min()]).toEqual([0, 2, Infinity]);
  });

  test.each([
    // [PreFilter's counts, domain, delta, counts after, minimum]
    ['the unique smallest domain grows past the next one', { a: 1, b: 2, c: 3 }, 'a', 5, 2],
    ['two domains share the smallest: growing one leaves the other', { a: 1, b: 1, c: 3 }, 'a', 1, 1],
    ['the one empty domain gets a pod: the smallest matched one is next', { a: 0, b: 2, c: 3 }, 'a', 1, 1],
    ['two empty domains: growing one leaves the other at 0', { a: 0, b: 0, c: 2 }, 'a', 1, 0],
    ['every domain matched: growing a larger one keeps the minimum', { a: 1, b: 2 }, 'b', 1, 1],
    ['every domain matched: the smallest one grows', { a: 1, b: 2 }, 'a', 3, 2],
    ['a pod removed from the smallest domain', { a: 1, b: 2 }, 'a', -1, 0],
    ['a domain PreFilter did not hold joins at 1: an empty domain stays the minimum', { a: 0, b: 2 }, 'z', 1, 0],
    ['a domain PreFilter did not hold joins at -1 (RemovePod of a pod PreFilter did not count)', { a: 1, b: 2 }, 'z', -1, -1],
    ['a domain PreFilter did not hold joins at 5: the held ones keep the minimum', { a: 1, b: 2 }, 'z', 5, 1],
  ] as Array<[string, Record<string, number>, string, number, number]>)('%s', (_name, spec, domain, delta, min) => {
    const changed = counts(spec).plus(domain, delta);
    const want = { ...spec, [domain]: (spec[domain] ?? 0) + delta };
    expect(read(changed)).toEqual(want);
    expect(changed.min()).toBe(min);
    expect(min).toBe(Math.min(...Object.values(want)));
  });

  test('two domains changed (the counts allow it, though one node changes one domain): the minimum over all', () => {
    const changed = counts({ a: 1, b: 2, c: 3 }).plus('a', 1).plus('b', -1);
    expect(read(changed)).toEqual({ a: 2, b: 1, c: 3 });
    expect(changed.min()).toBe(1);
    const both = counts({ a: 1, b: 1, c: 3 }).plus('a', 2).plus('b', 3);
    expect([read(both), both.min()]).toEqual([{ a: 3, b: 4, c: 3 }, 3]);
  });
});
