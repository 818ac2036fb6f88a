// The node dump's release hint in words (the data: k8s/kubelet-version.ts).
import { KUBERNETES_VERSIONS, type KubernetesVersion } from '../core/config';
import type { KubeletHint } from '../engine';

/**
 * `nodes report kubelet v1.33.5; settings model 1.37: configure({ kubernetesVersion: '1.33' })`. `fix` words the
 * setting for the client (the CLI says `--kubernetes-version 1.33`).
 */
export function kubeletHintText(h: KubeletHint, fix: (v: KubernetesVersion) => string = (v) => `configure({ kubernetesVersion: '${v}' })`): string {
  const shown = h.reported.length > 3 ? [...h.reported.slice(0, 3), `… (${h.reported.length} versions)`] : h.reported;
  const head = `nodes report kubelet ${shown.join(', ')}; settings model ${h.configured}`;
  if (h.suggested) return `${head}: ${fix(h.suggested)}`;
  return `${head}, and no supported release (${KUBERNETES_VERSIONS.join(', ')}) fits these kubelets within the version skew policy`;
}
