// A release comparison for the plugins' `check`, which runs once per (pod, node shape): releaseAtLeast parses the
// version string on every call, so the answer is kept for the configured version it was worked out for.
import { releaseAtLeast, settings, type KubernetesVersion } from '../../core/config';

/** `() => releaseAtLeast(release)` for the configured release, worked out again only when that changes. */
export function configuredAtLeast(release: KubernetesVersion): () => boolean {
  let version: KubernetesVersion | undefined;
  let answer = false;
  return () => {
    const now = settings().kubernetesVersion;
    if (now !== version) {
      answer = releaseAtLeast(release, now);
      version = now;
    }
    return answer;
  };
}
