// Tolerations the DaemonSet controller puts on every daemon pod
// (pkg/controller/daemon/util/daemonset_util.go AddOrUpdateDaemonPodTolerations).
import type { Toleration } from '../core/types';
import { NOT_READY, UNREACHABLE } from './default-toleration-seconds';

const sameToleration = (a: Toleration, b: Toleration) =>
  (a.key ?? '') === (b.key ?? '') && (a.effect ?? '') === (b.effect ?? '') &&
  (a.operator ?? '') === (b.operator ?? '') && (a.value ?? '') === (b.value ?? '');

/** v1helper.AddOrUpdateTolerationInPodSpec: replace a toleration equal in key/operator/value/effect in place, else append. */
export function addOrUpdateToleration(tolerations: readonly Toleration[], toleration: Toleration): Toleration[] {
  let updated = false;
  const out = tolerations.map((t) => {
    if (!sameToleration(t, toleration)) return t;
    updated = true;
    return toleration;
  });
  if (!updated) out.push(toleration);
  return out;
}

export function addDaemonSetTolerations(tolerations: readonly Toleration[], hostNetwork: boolean): Toleration[] {
  const added: Toleration[] = [
    { key: NOT_READY, operator: 'Exists', effect: 'NoExecute' },
    { key: UNREACHABLE, operator: 'Exists', effect: 'NoExecute' },
    { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
    { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
  ];
  if (hostNetwork) added.push({ key: 'node.kubernetes.io/network-unavailable', operator: 'Exists', effect: 'NoSchedule' });
  return added.reduce(addOrUpdateToleration, [...tolerations]);
}
