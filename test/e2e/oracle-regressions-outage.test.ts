// Frozen answers of the outage oracle (oracle/shared/outage_test.go, bin/oracle-outage: upstream's
// NodeLifecycleController and taint eviction Controller run unmodified in virtual time, testing/synctest), so that
// `npm test` keeps them without Go (the 1.35 and 1.37 binaries' answers). Compared as the oracle run compares them (test/oracle/outage.ts compareOutage):
// NoSchedule per node, NoExecute per zone as sorted seconds, deletions as the delay after the node's taint, each
// instant within [L - 0.001, L + 0.1] of the library's L.
// - the secondary eviction rate: flowcontrol.NewTokenBucketRateLimiter takes the flag as a float32, a little below
//   0.01, and the tainting pass looks for a token every 100 ms, so a PartialDisruption zone of more than 50 nodes loses
//   one node every 100.1 s, not 100 s (src/controllers/node-lifecycle.ts tokenInterval). With the library's 100 s the
//   fourth node's taint is 0.4 s early, outside the window.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareOutage, libraryOutage, type OutageInput, type OutageOutput } from '../oracle/outage';
import { withConfiguration, type KubernetesVersion } from '../oracle/lib';

type Frozen = Array<{ name: string; input: OutageInput; upstream: OutageOutput }>;
const frozen: Record<string, Frozen> = JSON.parse(readFileSync(path.join(__dirname, 'oracle-regressions-outage.json'), 'utf8'));

describe.each(Object.keys(frozen))('the outage timeline as kube-controller-manager %s plays it', (release) => {
  test.each(frozen[release].map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const ours = withConfiguration({ kubernetesVersion: release as KubernetesVersion }, () => libraryOutage(c.input));
    expect(compareOutage(c.input, ours, c.upstream)).toEqual([]);
  });
});
