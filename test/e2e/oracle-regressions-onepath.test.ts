// Issue 31's findings, frozen from the oracle of every release (oracle/k8s-1.33 … k8s-1.37, whose scheduling domain
// runs the pods through SetObjectDefaults_Pod, oracle/k8s-*/admit.go): a hostNetwork pod's containerPort is a host
// port (pkg/apis/core/v1/defaults.go defaultHostNetworkPorts; a sidecar's counts, a plain init container's does not,
// pkg/scheduler/util GetHostPorts), and each container's amounts are rounded up to milli-units before PodRequests
// sums them (SetDefaults_ResourceList). The answers are kept verbatim in test/fixtures/oracle-regressions-onepath.json
// and compared as the oracle run compares them, so `npm test` keeps them without Go.
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
  JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-onepath.json'), 'utf8'));

describe.each(RELEASES)('the pod as the API server stores it, as kube-scheduler %s filters and scores it', (release) => {
  it.each(Object.entries(frozen.scheduling))('%s', (_name, c) => {
    const ours = withConfiguration({ kubernetesVersion: release }, () => librarySchedule(c.input));
    expect(compareScheduling(ours, c.upstream[release])).toEqual([]);
  });
});
