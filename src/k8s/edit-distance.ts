// One edit distance for every "did you mean" (taint effects, kinds, object names): Levenshtein, or with `swaps`
// the optimal string alignment distance, where swapping two neighbours counts as one edit (`Deploymnet`).
export function editDistance(a: string, b: string, options: { swaps?: boolean } = {}): number {
  // Stryker disable next-line ArrayDeclaration: every cell past column 0 is written before it is read, so the row's initial length does not matter
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (options.swaps && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
