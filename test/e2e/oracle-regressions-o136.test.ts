// Regression cases from the 1.36 oracle (oracle/k8s-1.36, k8s.io/kubernetes v1.36.3) beside the same cases at 1.35
// (oracle/k8s-1.35, v1.35.4) and 1.37 (oracle/k8s-1.37, v1.37.2). The answers of the three binaries are frozen
// verbatim in test/fixtures/oracle-regressions-o136.json and compared as the oracle run compares them
// (test/oracle/create.ts, compare.ts), so `npm test` keeps them without Go.
// - create: StrictIPCIDRValidation (#137053; alpha and off at 1.35, beta and on from 1.36): a Node's spec.podCIDR(s)
//   (pkg/apis/core/validation/validation.go ValidateNode) and a pod's spec.hostAliases[].ip (ValidateHostAliases),
//   through k8s.io/apimachinery pkg/util/validation/ip.go IsValidCIDRForLegacyField / IsValidIPForLegacyField. The
//   library validated neither field before; the create generator now writes both.
// - scheduling: NodeResourcesBalancedAllocation's change-in-balance formula from v1.36 (#135573,
//   noderesources/balanced_allocation.go balancedResourceScorer), and spec.nodeName filtered per node at 1.36 as at
//   1.35 (NodeName's PreFilter is new in v1.37).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { SchedulingOutput } from '../oracle/adapter';
import { librarySchedule } from '../oracle/adapter';
import { compareScheduling } from '../oracle/compare';
import { compareCreate, libraryCreate, type UpstreamCreate } from '../oracle/create';
import type { CreateInput } from '../oracle/generators-create';
import type { SchedulingInput } from '../oracle/generators';
import { excusedBy, KNOWN } from '../oracle/known';
import { withConfiguration, type KubernetesVersion } from '../oracle/lib';

type Release = '1.35' | '1.36' | '1.37';
const RELEASES: Release[] = ['1.35', '1.36', '1.37'];
interface Frozen {
  create: Record<string, { input: CreateInput; upstream: Record<Release, UpstreamCreate> }>;
  scheduling: Record<string, { input: SchedulingInput; upstream: Record<Release, SchedulingOutput> }>;
}
const frozen: Frozen = JSON.parse(readFileSync(path.join(__dirname, '../fixtures/oracle-regressions-o136.json'), 'utf8'));

const bodies = (u: UpstreamCreate) => (u.errors ?? []).map((e) => `${e.field}: ${e.body}`);

describe.each(RELEASES)('create path as kube-apiserver %s answers it (o136)', (release) => {
  it.each(Object.entries(frozen.create))('%s', (_name, c) => {
    expect(compareCreate(libraryCreate(c.input, release), c.upstream[release])).toEqual([]);
  });
});

describe('StrictIPCIDRValidation by release (the frozen answers themselves)', () => {
  it('1.35 accepts what 1.36 and 1.37 refuse with the strict checks', () => {
    const strict = frozen.create['podCIDRs: bits beyond the prefix'].upstream;
    expect(bodies(strict['1.35'])).toEqual([]);
    expect(bodies(strict['1.36'])).toEqual(['spec.podCIDRs[0]: Invalid value: "10.244.1.5/24": must not have bits set beyond the prefix length']);
    expect(bodies(strict['1.37'])).toEqual(bodies(strict['1.36']));
    const alias = frozen.create['hostAliases: an IPv4-mapped IPv6 address'].upstream;
    expect(bodies(alias['1.35'])).toEqual([]);
    expect(bodies(alias['1.36'])).toEqual(['spec.hostAliases[0].ip: Invalid value: "::ffff:10.0.0.1": must not be an IPv4-mapped IPv6 address']);
  });

  it('a value the sloppy parser refuses is refused at every release, with the same errors', () => {
    for (const name of ['podCIDRs: a value that does not parse, in a pair', 'podCIDRs: two IPv4 subnets', 'hostAliases: a CIDR, and a bad hostname']) {
      const u = frozen.create[name].upstream;
      expect(bodies(u['1.35']).length).toBeGreaterThan(0);
      expect(bodies(u['1.36'])).toEqual(bodies(u['1.35']));
      expect(bodies(u['1.37'])).toEqual(bodies(u['1.35']));
    }
  });
});

/** The library under `version` against the frozen answer; the only differences allowed are a known deviation's. */
function differences(version: KubernetesVersion & Release, key: string) {
  const { input, upstream } = frozen.scheduling[key];
  const diffs = compareScheduling(withConfiguration({ kubernetesVersion: version }, () => librarySchedule(input)), upstream[version]);
  const known = excusedBy(KNOWN.filter((k) => k.domain === 'scheduling' && (!k.releases || k.releases.includes(version))), input, diffs)?.[0];
  return diffs.length && known ? `known: ${known.id}` : diffs;
}

describe('scheduling at 1.36 beside 1.35 and 1.37 (o136)', () => {
  it('NodeResourcesBalancedAllocation: the change in balance from 1.36 (#135573), as at 1.37', () => {
    for (const v of RELEASES) expect(differences(v, 'balanced')).toEqual([]);
    const balanced = (v: Release) => frozen.scheduling.balanced.upstream[v].scores?.map((s) => s.plugins.NodeResourcesBalancedAllocation);
    expect(balanced('1.35')).toEqual([68, 81]);
    expect(balanced('1.36')).toEqual([71, 78]);
    expect(balanced('1.37')).toEqual([71, 78]);
  });

  it('spec.nodeName: every node filtered at 1.36, as at 1.35 (the NodeName PreFilter is 1.37\'s)', () => {
    expect(differences('1.35', 'nodename')).toEqual([]);
    expect(differences('1.36', 'nodename')).toEqual([]);
    expect(differences('1.37', 'nodename')).toBe('known: prefilter-narrowed-plugin-name');
    expect(frozen.scheduling.nodename.upstream['1.36'].nodes).toEqual(frozen.scheduling.nodename.upstream['1.35'].nodes);
  });
});
