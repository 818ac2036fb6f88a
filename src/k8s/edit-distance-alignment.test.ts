// editDistance against the textbook definitions (Levenshtein 1966; optimal string alignment, the "restricted"
// Damerau-Levenshtein distance, where a swap of two neighbours is one edit but a substring is edited at most once).
// Expected values worked out by hand from those definitions.
import { describe, expect, test } from '@jest/globals';
import { editDistance } from './edit-distance';

describe('editDistance', () => {
  test.each([
    ['', 'abc', 3], // only insertions: the first row of the table is 0..|b|
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['ab', 'ba', 2], // without swaps a transposition is two substitutions
    ['Deploymnet', 'Deployment', 2],
  ])('Levenshtein %j → %j is %i', (a, b, want) => {
    expect(editDistance(a, b)).toBe(want);
  });

  test.each([
    ['ab', 'ba', 1],
    ['Deploymnet', 'Deployment', 1],
    ['ab', 'ca', 2], // a[1] = b[0] holds but a[0] ≠ b[1]: no swap, two edits
    ['ab', 'bc', 2], // a[0] = b[1] holds but a[1] ≠ b[0]: no swap, two edits
    ['a', 'b', 1],
    ['ca', 'abc', 3], // OSA edits no substring twice (unrestricted Damerau-Levenshtein would say 2)
    ['', 'ab', 2],
  ])('with swaps %j → %j is %i', (a, b, want) => {
    expect(editDistance(a, b, { swaps: true })).toBe(want);
  });
});
