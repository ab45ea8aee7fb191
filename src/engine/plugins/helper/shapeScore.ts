// upstream: pkg/scheduler/framework/plugins/helper/shape_score.go

/** One point of a broken-linear function: the value `score` at `utilization`. */
export interface FunctionShapePoint {
  utilization: number;
  score: number;
}

/**
 * upstream: BuildBrokenLinearFunction — shape[0].score left of the first point, the last score
 * right of the last point, straight segments in between. Integer arithmetic as in Go: the
 * interpolated part truncates toward zero. Points must be sorted by utilization (args validation).
 */
export function buildBrokenLinearFunction(shape: readonly FunctionShapePoint[]): (p: number) => number {
  return (p) => {
    for (let i = 0; i < shape.length; i++) {
      const point = shape[i]!;
      if (p > point.utilization) continue;
      if (i === 0) return point.score;
      const prev = shape[i - 1]!;
      return prev.score + Math.trunc(((point.score - prev.score) * (p - prev.utilization)) / (point.utilization - prev.utilization));
    }
    return shape[shape.length - 1]?.score ?? 0;
  };
}
