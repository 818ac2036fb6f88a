// VolumeBinding's Score (pkg/scheduler/framework/plugins/volumebinding/scorer.go, the same at v1.33.13 … v1.37.2;
// volume_binding.go Score): per StorageClass the requested storage over the capacity it would come from, through the
// args' shape (helper.BuildBrokenLinearFunction), averaged over the classes.

/** A point of VolumeBindingArgs.shape, its score already scaled to 0..100 (× MaxNodeScore / MaxCustomPriorityScore). */
export interface ShapePoint {
  utilization: number;
  score: number;
}

/** SetDefaults_VolumeBindingArgs' shape (when StorageCapacityScoring is on): the emptiest pool wins. */
export const DEFAULT_SHAPE: readonly ShapePoint[] = [{ utilization: 0, score: 100 }, { utilization: 100, score: 0 }];

/** Go's int64 division: truncated toward zero. */
const div = (a: bigint, b: bigint) => a / b;

/** helper.BuildBrokenLinearFunction over int64. */
export function brokenLinear(shape: readonly ShapePoint[]): (p: bigint) => bigint {
  return (p) => {
    for (let i = 0; i < shape.length; i++) {
      // Stryker disable next-line EqualityOperator: at a point's utilization, the segment after it starts from its score too (and past the last point, its score)
      if (p <= BigInt(shape[i].utilization)) {
        if (i === 0) return BigInt(shape[0].score);
        const [a, b] = [shape[i - 1], shape[i]];
        return BigInt(a.score) + div(BigInt(b.score - a.score) * (p - BigInt(a.utilization)), BigInt(b.utilization - a.utilization));
      }
    }
    return BigInt(shape[shape.length - 1].score);
  };
}

/** Requested and capacity of one StorageClass on a node, in bytes. */
export interface StorageResource {
  requested: bigint;
  capacity: bigint;
}

/** scorer.go buildScorerFunction: per class f(requested, capacity), then math.Round of the mean (0 without classes). */
export function buildScorerFunction(shape: readonly ShapePoint[]): (classes: ReadonlyMap<string, StorageResource>) => number {
  const raw = brokenLinear(shape);
  const f = (r: StorageResource) => (r.capacity === 0n || r.requested > r.capacity ? raw(100n) : raw(div(r.requested * 100n, r.capacity)));
  return (classes) => {
    if (classes.size === 0) return 0;
    let sum = 0n;
    for (const r of classes.values()) sum += f(r);
    // math.Round(float64(sum) / float64(n)): half away from zero
    const mean = Number(sum) / classes.size;
    return Math.sign(mean) * Math.round(Math.abs(mean));
  };
}
