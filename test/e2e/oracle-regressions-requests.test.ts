// Regression cases the oracle found when PodInfo's requests got a plain-number path (standardPodRequests,
// k8s/resources.ts): a container or init container without `resources` after one with them was counted with the
// earlier container's amounts (the per-container scratch was not cleared), so "Insufficient memory" or
// "Insufficient cpu" was reported where upstream's PodRequests (component-helpers resource/helpers.go) sums 0 for
// it. Frozen with every release's answer verbatim in test/fixtures/oracle-regressions-requests.json (oracle/k8s-1.33
// … k8s-1.37 binaries, seed 37994's shrunk inputs), compared as the oracle run compares them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { SchedulingOutput } from '../oracle/adapter';
import { librarySchedule } from '../oracle/adapter';
import { compareScheduling } from '../oracle/compare';
import type { SchedulingInput } from '../oracle/generators';
import { KUBERNETES_VERSIONS, withConfiguration, type KubernetesVersion } from '../oracle/lib';

// every release in the table: a new row fails here until its oracle's answers are frozen too
const RELEASES: readonly KubernetesVersion[] = KUBERNETES_VERSIONS;
const frozen: { scheduling: Record<string, { input: SchedulingInput; upstream: Record<string, SchedulingOutput> }> } =
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-requests.json'), 'utf8'));

describe.each(RELEASES)('a container without resources beside one with them, as kube-scheduler %s filters and scores it', (release) => {
  it.each(Object.entries(frozen.scheduling))('%s', (_name, c) => {
    const ours = withConfiguration({ kubernetesVersion: release }, () => librarySchedule(c.input));
    expect(compareScheduling(ours, c.upstream[release])).toEqual([]);
  });
});
