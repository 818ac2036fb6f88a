// StrictIPCIDRValidation (kubernetes/kubernetes#137053: beta and on by default from v1.36; alpha and off in
// 1.33–1.35): the API server refuses IP and CIDR values in legacy fields that the old sloppy parser accepted, here
// a Node's spec.podCIDR(s) and a pod's spec.hostAliases[].ip on create. Upstream: pkg/apis/core/validation/
// validation.go ValidateNode (spec.podCIDRs, IsValidCIDRForLegacyField) and ValidateHostAliases
// (IsValidIPForLegacyField), k8s.io/apimachinery pkg/util/validation/ip.go parseCIDR/parseIP (the strict checks), at
// v1.35.4 and v1.36.3; the messages are the oracle's (oracle/k8s-1.36 create domain).
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';
import { KUBERNETES_VERSIONS, releasesBefore, releasesFrom, type KubernetesVersion } from '../core/releases';

const node = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, spec });
const at = (version: KubernetesVersion, object: object) => withConfiguration({ kubernetesVersion: version }, () => validate(object as never));
const bad = (value: string, detail: string, field = 'spec.podCIDRs[0]') => [{ field, message: `Invalid value: ${JSON.stringify(value)}: ${detail}` }];

describe('StrictIPCIDRValidation: spec.podCIDRs on create (1.35 accepts, 1.36 refuses)', () => {
  it.each([
    ['an interface address, bits beyond the prefix', '10.244.1.5/24', 'must not have bits set beyond the prefix length'],
    ['an IPv6 interface address', 'fd00:10:244:1::1/64', 'must not have bits set beyond the prefix length'],
    ['leading zeros in the octets', '010.244.001.000/24', 'must not have leading 0s in IP or prefix length'],
    ['a leading zero in the prefix length', '10.244.1.0/024', 'must not have leading 0s in IP or prefix length'],
    ['an IPv6 group of five hex digits', '00fd0::/16', 'must not have leading 0s in IP or prefix length'],
    ['an IPv4-mapped IPv6 network', '::ffff:10.244.1.0/120', 'must not have an IPv4-mapped IPv6 address'],
  ])('%s (%s)', (_what, cidr, detail) => {
    for (const v of releasesBefore('1.36')) expect(at(v, node({ podCIDRs: [cidr] }))).toEqual([]);
    for (const v of releasesFrom('1.36')) expect(at(v, node({ podCIDRs: [cidr] }))).toEqual(bad(cidr, detail));
    // the v1 spec.podCIDR alone becomes podCIDRs[0] (pkg/apis/core/v1/conversion.go)
    expect(at('1.36', node({ podCIDR: cidr }))).toEqual(bad(cidr, detail));
  });

  it('a CIDR no release parses is refused at every release', () => {
    for (const v of KUBERNETES_VERSIONS) {
      expect(at(v, node({ podCIDR: '10.244.1.0/33' }))).toEqual(bad('10.244.1.0/33', 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'));
    }
  });

  it('a subnet of each family is accepted at every release; two of one family are not', () => {
    for (const v of KUBERNETES_VERSIONS) {
      expect(at(v, node({ podCIDRs: ['10.244.1.0/24', 'fd00:10:244:1::/64'] }))).toEqual([]);
      expect(at(v, node({ podCIDRs: ['10.244.1.0/24', '10.0.0.0/16'] }))).toEqual([{
        field: 'spec.podCIDRs', message: 'Invalid value: ["10.244.1.0/24","10.0.0.0/16"]: may specify no more than one CIDR for each IP family',
      }]);
    }
  });

  it('podCIDR wins over a podCIDRs list that starts elsewhere (only podCIDR is validated)', () => {
    expect(at('1.36', node({ podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.5/24', 'foo'] }))).toEqual([]);
  });
});

describe('StrictIPCIDRValidation: spec.hostAliases[].ip on create (1.35 accepts, 1.36 refuses)', () => {
  const pod = (ip: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], hostAliases: [{ ip, hostnames: ['db.local'] }] } });
  it.each([
    ['leading zeros', '010.000.000.001', 'must not have leading 0s'],
    ['an IPv4-mapped IPv6 address', '::ffff:10.0.0.1', 'must not be an IPv4-mapped IPv6 address'],
  ])('%s (%s)', (_what, ip, detail) => {
    for (const v of releasesBefore('1.36')) expect(at(v, pod(ip))).toEqual([]);
    for (const v of releasesFrom('1.36')) expect(at(v, pod(ip))).toEqual(bad(ip, detail, 'spec.hostAliases[0].ip'));
  });

  it('a value no release parses is refused at every release', () => {
    for (const v of KUBERNETES_VERSIONS) {
      expect(at(v, pod('10.0.0.1/24'))).toEqual(bad('10.0.0.1/24', 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)', 'spec.hostAliases[0].ip'));
    }
  });
});
