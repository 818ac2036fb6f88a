// DefaultTolerationSeconds admission plugin
// (plugin/pkg/admission/defaulttolerationseconds/admission.go).
import type { Toleration } from '../core/types';

export const NOT_READY = 'node.kubernetes.io/not-ready';
export const UNREACHABLE = 'node.kubernetes.io/unreachable';

/**
 * For not-ready and unreachable independently: unless some toleration already has that key
 * (or an empty key) with effect NoExecute (or empty), append `{key, Exists, NoExecute, seconds}`.
 * Operator, value and tolerationSeconds of the existing toleration are not looked at.
 */
export function addDefaultTolerationSeconds(tolerations: readonly Toleration[], notReady: number, unreachable: number): Toleration[] {
  const out = tolerations.slice();
  if (!covers(tolerations, NOT_READY)) out.push({ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: notReady });
  if (!covers(tolerations, UNREACHABLE)) out.push({ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: unreachable });
  return out;
}

// loops, not closures: admission runs for every workload a call reads
function covers(tolerations: readonly Toleration[], key: string): boolean {
  for (let i = 0; i < tolerations.length; i++) {
    const t = tolerations[i];
    if ((!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute')) return true;
  }
  return false;
}
