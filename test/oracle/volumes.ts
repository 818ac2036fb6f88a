// The volumes domain: the scheduling question (adapter.ts, compare.ts) with the storage objects the four volume
// plugins read (generators-volumes.ts), answered by the real scheduler with those objects in its informers
// (oracle/shared/storage.go).
import type { Domain } from './domains';
import { librarySchedule, type SchedulingOutput } from './adapter';
import { compareScheduling } from './compare';
import { volumesInputArb, type VolumesInput } from './generators-volumes';

const VOLUME_PLUGINS = ['VolumeRestrictions', 'NodeVolumeLimits', 'VolumeBinding', 'VolumeZone'];

/** What the run counts: which volume plugin refused some node, and whether VolumeBinding scored a node (1.37). */
export function volumesTally(upstream: SchedulingOutput | undefined): string[] {
  const out = new Set<string>();
  for (const n of upstream?.nodes ?? []) {
    if (!VOLUME_PLUGINS.includes(n.plugin)) continue;
    // each reason once, with the object names it quotes left out
    for (const r of n.reasons) out.add(`${n.plugin}: ${r.replace(/"[^"]*"/g, '"…"').replace(/^\S+ CSI driver/, '<driver> CSI driver')}`);
  }
  if (upstream?.scores?.some((s) => (s.plugins.VolumeBinding ?? 0) !== 0)) out.add('VolumeBinding scored');
  if (upstream?.panic) out.add('kube-scheduler panicked in Score');
  if (upstream && upstream.feasible.length > 0) out.add('feasible');
  return [...out];
}

export const volumes: Domain<VolumesInput, SchedulingOutput> = {
  name: 'volumes',
  arbitrary: volumesInputArb,
  ours: librarySchedule,
  compare: compareScheduling,
  tally: (_input, _ours, upstream) => volumesTally(upstream),
};
