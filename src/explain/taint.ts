// Taint answers in words: the toleration that came closest, the toleration to add as YAML the user can paste, and
// for eviction each NoExecute taint with the toleration that decides it. The wording is shared with the scheduler's
// TaintToleration details (scheduler/plugins/tainttoleration/details.ts).
import type { EvictionAnswer, ToleranceAnswer } from '../engine';
import { formatTaint, formatToleration } from '../engine';
import { addTolerationLines, closestLines } from '../scheduler/plugins/tainttoleration/details';
import { indent } from './schedule';

export { addTolerationLines, closestLines };

/** How long a NoExecute toleration keeps the pod: taint_eviction.go getMinTolerationTime reads ≤ 0 as "at once". */
export const toleratedFor = (s: number | null | undefined) =>
  s == null ? 'forever (no tolerationSeconds)' : s <= 0 ? `for 0s (tolerationSeconds ${s})` : `for ${s}s`;

export const describeTime = (after: number | null) =>
  after === null ? 'never evicted' : after === 0 ? 'evicted at once' : `evicted after ${after}s`;

/** toTolerate: which toleration tolerates the taint (for `.not`), or the closest one and the fix. `taint` is printed by the runner. */
export function explainToleration(a: ToleranceAnswer, taint: string): string {
  if (a.tolerated) {
    const t = a.tolerations[a.index];
    const source = a.sources?.[a.index];
    const from = source && source !== 'pod spec' ? ` (added by ${source})` : '';
    const seconds = a.taint.effect === 'NoExecute' && t.tolerationSeconds != null ? ` ${toleratedFor(t.tolerationSeconds)}` : '';
    const who = a.sources ? `tolerations[${a.index}]${from}` : 'the toleration';
    return `Expected ${a.label} not to tolerate taint ${taint}, but it does.\nTolerated${seconds} by ${who}:\n  ${formatToleration(t)}`;
  }
  const why = a.direct && !a.tolerations.length ? ['No tolerations were given.'] : closestLines(a.tolerations, a.sources, a.taint, a.comparisonOperators);
  const lines = [...why, ...addTolerationLines([a.taint], a.tolerationsPath)];
  lines[0] = lines[0][0].toUpperCase() + lines[0].slice(1);
  return `Expected ${a.label} to tolerate taint ${taint}, but no toleration matches it.\n${lines.join('\n')}`;
}

/** After the toleration YAML: the eviction time with it added, and whether that is the time asked for. */
function afterTolerating(fix: NonNullable<EvictionAnswer['fix']>, want: number | undefined): string {
  const it = fix.taints.length > 1 ? 'them' : 'it';
  if (want !== undefined && fix.after !== want) return `Adding ${it} is not enough: the pod would then be ${describeTime(fix.after)}, not ${describeTime(want)}.`;
  return `With ${it} added, the pod is ${describeTime(fix.after)}.`;
}

/** Each NoExecute taint and the toleration used for it; for untolerated ones the closest toleration and the fix. */
export function explainEviction(a: EvictionAnswer, want?: number): string {
  if (a.taints.length === 0) return `${a.node} has no NoExecute taints, so the taint-eviction controller never evicts.`;
  const lines = a.taints.flatMap(({ taint, tolerationIndex, toleration }, i) => {
    const head = `${formatTaint(taint)}${a.origins[i]}`;
    if (!toleration) {
      return [head, '  not tolerated → evicted at once', ...closestLines(a.tolerations, a.sources, taint, a.comparisonOperators).map((l) => `  ${l}`)];
    }
    const source = a.sources[tolerationIndex];
    const from = source === 'pod spec' ? '' : ` (added by ${source})`;
    return [head, `  tolerated ${toleratedFor(toleration.tolerationSeconds)} by the first matching toleration, tolerations[${tolerationIndex}]${from}:`, `    ${formatToleration(toleration)}`];
  });
  if (a.fix) {
    lines.push(...addTolerationLines(a.fix.taints, a.tolerationsPath, a.fix.seconds));
    lines.push(afterTolerating(a.fix, want));
  }
  return `NoExecute taints on ${a.node} and the toleration used for each:\n${indent(lines, '  ')}`;
}
