// Regression cases the oracle found once bound pods mid-resize were generated (status.containerStatuses[].resources
// and allocatedResources, PodResizePending Infeasible), frozen with every release's answer verbatim in
// test/fixtures/oracle-regressions-resize.json (oracle/k8s-1.33 … k8s-1.37 binaries), compared as the oracle run
// compares them, so `npm test` keeps them without Go. What each found:
// - the NonZeroRequested defaults (100m / 200Mi) go to what a container's *effective* requests lack
//   (helpers.go applyNonMissing after determineEffectiveRequests), not to its spec first;
// - pod-level cpu/memory requests default to the containers' spec aggregate whenever pod-level limits are set
//   (pkg/apis/core/v1/defaults.go defaultPodRequests), which only a resize in flight makes visible; at 1.37
//   PrepareForCreate does it (PodLevelResourcesFixDefaulting), which the 1.37 oracle's admit path now runs too;
// - at 1.37 the pod counts at the max of its spec, actuated and allocated aggregates (AggregateContainerRequests).
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
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-resize.json'), 'utf8'));

describe.each(RELEASES)('a bound pod mid-resize, as kube-scheduler %s scores it', (release) => {
  it.each(Object.entries(frozen.scheduling))('%s', (_name, c) => {
    const ours = withConfiguration({ kubernetesVersion: release }, () => librarySchedule(c.input));
    expect(compareScheduling(ours, c.upstream[release])).toEqual([]);
  });
});

it('the frozen answers differ where the rules do: 1.33 drops pod-level resources, 1.37 takes the aggregates', () => {
  const fit = (name: string, r: string) => frozen.scheduling[name].upstream[r].scores?.map((s) => s.plugins.NodeResourcesFit);
  const podLevel = 'pod-level memory, a container resizing (pod-level cpu defaulted from the containers spec)';
  expect(fit(podLevel, '1.33')).not.toEqual(fit(podLevel, '1.34'));
  const beside = 'a container resizing beside a spec without memory (NonZero defaults after)';
  expect(fit(beside, '1.36')).not.toEqual(fit(beside, '1.37'));
});
