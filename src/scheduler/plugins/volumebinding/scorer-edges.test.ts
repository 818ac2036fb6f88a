// scorer.go buildScorerFunction and helper/shape_score.go BuildBrokenLinearFunction (kubernetes@v1.33.13 … v1.37.2)
// at their edges: a shape whose last point is below 100 % (past it, the last point's score) and a class with no
// capacity (scored as fully used, maxUtilization).
import { brokenLinear, buildScorerFunction, DEFAULT_SHAPE } from './index';

const classes = (...pairs: Array<[number, number]>) => new Map(pairs.map(([requested, capacity], i) => [`class-${i}`, { requested: BigInt(requested), capacity: BigInt(capacity) }]));

test('past the last point of the shape: its score', () => {
  const shape = [{ utilization: 0, score: 20 }, { utilization: 50, score: 60 }];
  expect([0n, 25n, 50n, 80n, 100n].map(brokenLinear(shape))).toEqual([20n, 40n, 60n, 60n, 60n]);
  expect(buildScorerFunction(shape)(classes([80, 100]))).toBe(60);
});

test('a class with capacity 0 counts as fully used, whatever it requests', () => {
  const f = buildScorerFunction(DEFAULT_SHAPE);
  expect([f(classes([0, 0])), f(classes([10, 0])), f(classes([0, 100], [0, 0]))]).toEqual([0, 0, 50]);
});
