// Why the per-node filters let a pod through, for `.not` failures ("every filter passes" alone does not say which
// toleration tolerated the GPU taint, or which label satisfied the nodeSelector). One fact a line, plugin first, in
// the profile's Filter order; each plugin's lines are its own (FilterPlugin.explainPass, in its folder). The
// resources and cluster plugins add their own notes.
import type { NodeInfo, PodInfo } from './framework';
import { profile } from './profile';

export function explainNodePass(pod: PodInfo, node: NodeInfo): string[] {
  return profile().filter.flatMap((plugin) => (plugin.explainPass?.(pod, node) ?? []).map((line) => `${plugin.name}: ${line}`));
}
