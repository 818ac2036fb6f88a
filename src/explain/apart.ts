// Separations in words: the constraints that forbid two workloads sharing a node, or that only a placement does
// (the rules are in engine/apart.ts).
import type { Separation } from '../engine';

/** The lines a message gives about a separation: the constraints that forbid sharing, or that only a placement does. */
export function describeSeparation(s: Separation, a: string, b: string): string {
  if (s.guaranteed) return `A constraint forbids sharing:\n${s.guarantees.map((g) => `  ${g}`).join('\n')}`;
  const why = s.open.length
    ? `on ${s.open.length > 5 ? `${s.open.slice(0, 5).join(', ')} and ${s.open.length - 5} more` : s.open.join(', ')} both may run`
    : 'no required anti-affinity, host port or node selection forbids it';
  return `No constraint forbids ${a} and ${b} sharing a node (${why})` +
    (s.limits.length ? `:\n${s.limits.map((l) => `  ${l}`).join('\n')}` : '.');
}
