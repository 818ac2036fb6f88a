// The node dump's platform hint in words (the data: k8s/platform.ts).
import type { ClusterPreset } from '../core/presets';
import { PLATFORM_NAMES, type PlatformHint } from '../engine';

/**
 * `nodes carry EKS labels (eks.amazonaws.com/nodegroup); EKS runs ExtendedResourceToleration admission, off in these
 * settings: configure({ cluster: 'eks' })`. `fix` words the setting for the client (the CLI says `--cluster eks`). No
 * node is named, so that the run report, which prints each note once, says it once for every node set of the dump.
 */
export function platformHintText(h: PlatformHint, fix: (p: ClusterPreset) => string = (p) => `configure({ cluster: '${p}' })`): string {
  const name = PLATFORM_NAMES[h.platform];
  const steps = h.differs.map((d) => (d.platform
    ? `${name} runs ${d.step} admission, off in these settings`
    : `${name} is not documented to run ${d.step} admission, on in these settings`));
  return `nodes carry ${name} labels (${h.label}); ${steps.join('; ')}: ${fix(h.platform)}`;
}
