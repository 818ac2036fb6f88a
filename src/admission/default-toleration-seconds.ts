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
  const out = [...tolerations];
  const covers = (key: string) =>
    tolerations.some((t) => (!t.key || t.key === key) && (!t.effect || t.effect === 'NoExecute'));
  const notReadyCovered = covers(NOT_READY);
  const unreachableCovered = covers(UNREACHABLE);
  if (!notReadyCovered) out.push({ key: NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: notReady });
  if (!unreachableCovered) out.push({ key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: unreachable });
  return out;
}
