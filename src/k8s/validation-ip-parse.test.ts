// The legacy IP and CIDR parsers value by value: k8s.io/utils net.ParseIPSloppy / ParseCIDRSloppy (the fork of Go's old
// net parser, internal/third_party/forked/golang/net/ip.go) and k8s.io/apimachinery pkg/util/validation/ip.go
// IsValidIPForLegacyField / IsValidCIDRForLegacyField with strict validation off and on. The expected details are
// what those functions return (apimachinery v0.37.2, k8s.io/utils v0.0.0-20260626114624, run offline over these values).
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';
import { parseCIDRSloppy, validateCIDRForLegacyField, validateHostAliases, validateIPForLegacyField, validatePodCIDRs } from './validation-ip';

type Detail = string | null;
/** "must be a valid IP address" / "must be a valid CIDR value": the sloppy parser refuses it. */
const BAD = 'BAD';
const IP_BAD = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const CIDR_BAD = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';
const errors = (value: string, detail: Detail, bad: string) =>
  detail === null ? [] : [{ field: 'f', message: `Invalid value: ${JSON.stringify(value)}: ${detail === BAD ? bad : detail}` }];

const IPS: Array<[string, Detail, Detail]> = [
  // dtoi stops at 0xFFFFFF
  ["99999999.1.2.3", BAD, BAD],
  ["1.2.3.1a", BAD, BAD],
  ["::g", BAD, BAD],
  ["1.2.3.4/8", BAD, BAD],
  ["1.2.3.4", null, null],
  ["1.2.3", BAD, BAD],
  ["1.2.3.4.5", BAD, BAD],
  ["1.2.3.255", null, null],
  ["1.2.3.256", BAD, BAD],
  ["1.2.3.x", BAD, BAD],
  ["1.2.3.", BAD, BAD],
  ["01.2.3.4", null, 'must not have leading 0s'],
  ["0.0.0.0", null, null],
  ["10.0.0.10", null, null],
  ["0000000001.2.3.4", null, 'must not have leading 0s'],
  ["1.2.3.4:80", BAD, BAD],
  ["localhost", BAD, BAD],
  ["abcd", BAD, BAD],
  ["", BAD, BAD],
  ["::", null, null],
  ["::1", null, null],
  ["1::", null, null],
  ["1:2:3:4:5:6:7:8", null, null],
  ["1:2:3:4:5:6:7", BAD, BAD],
  ["1:2:3:4:5:6:7:8:9", BAD, BAD],
  ["1:2:3:4:5:6:7::", null, null],
  ["1:2:3:4:5:6:7:8::", BAD, BAD],
  ["1::2:3:4:5:6:7:8", BAD, BAD],
  ["::2:3:4:5:6:7:8", null, null],
  ["1:::2", BAD, BAD],
  ["1::2::3", BAD, BAD],
  ["::ffff:1.2.3.4", null, 'must not be an IPv4-mapped IPv6 address'],
  ["::fffe:1.2.3.4", null, null],
  ["::feff:1.2.3.4", null, null],
  ["1::ffff:1.2.3.4", null, null],
  ["::ffff:0102:0304", null, 'must not be an IPv4-mapped IPv6 address'],
  ["::1.2.3.4", null, null],
  ["1.2.3.4::", BAD, BAD],
  ["1:2:3:4:5:6:1.2.3.4", null, null],
  ["1:2:3:4:5:1.2.3.4", BAD, BAD],
  ["::1.2.3.4:5", BAD, BAD],
  ["::1.2.3", BAD, BAD],
  ["1:10000::", BAD, BAD],
  ["1:ffff::", null, null],
  ["1:g::", BAD, BAD],
  ["::01", null, null],
  ["::0a", null, null],
  ["::00001", null, 'must not have leading 0s'],
  ["2001:db8::ffff", null, null],
  ["1:2:3:4:5:6:7:1.2.3.4", BAD, BAD],
  ["::ffff:010.2.3.4", null, 'must not have leading 0s'],
  [":1", BAD, BAD],
  ["1:", BAD, BAD],
  ["1:2:3:4:5:6::1.2.3.4", BAD, BAD],
  ["1:2:3:4:5:6:7:g", BAD, BAD],
  ["1:2:3:4:5:6:7:1.2.3", BAD, BAD],
  ["1:2:3:4:5:6:1.2.3", BAD, BAD],
  ["1::ffff", null, null],
  ["::ffff:1.2.3.4.5", BAD, BAD],
];
const CIDRS: Array<[string, Detail, Detail]> = [
  ["10.0.0.0/1a", BAD, BAD],
  ["12345", BAD, BAD],
  ["/8", BAD, BAD],
  ["10.0.0.0/8", null, null],
  ["10.0.0.0/0", null, 'must not have bits set beyond the prefix length'],
  ["10.0.0.0/32", null, null],
  ["10.0.0.0/33", BAD, BAD],
  ["10.0.0.0/08", null, 'must not have leading 0s in IP or prefix length'],
  ["10.0.0.0/x1", BAD, BAD],
  ["10.0.0.0/1x", BAD, BAD],
  ["10.0.0.0/", BAD, BAD],
  ["10.0.0.0", BAD, BAD],
  ["10.244.1.0/23", null, 'must not have bits set beyond the prefix length'],
  ["10.244.2.0/23", null, null],
  ["10.64.0.0/9", null, 'must not have bits set beyond the prefix length'],
  ["10.128.0.0/9", null, null],
  ["10.0.0.1/31", null, 'must not have bits set beyond the prefix length'],
  ["10.0.0.2/31", null, null],
  ["10.0.0.1/32", null, null],
  ["10.0.1.0/24", null, null],
  ["1.2.3.4::/64", BAD, BAD],
  ["::/0", null, null],
  ["::/128", null, null],
  ["::/129", BAD, BAD],
  ["2001:db8::/32", null, null],
  ["2001:db8::1/127", null, 'must not have bits set beyond the prefix length'],
  ["2001:db8::/31", null, null],
  ["::01/128", null, null],
  ["::0a/128", null, null],
  ["00fd0::/16", null, 'must not have leading 0s in IP or prefix length'],
  ["::ffff:10.244.1.0/120", null, 'must not have an IPv4-mapped IPv6 address'],
  ["::fffe:10.244.1.0/120", null, null],
  ["::ffff:0:0/96", null, 'must not have an IPv4-mapped IPv6 address'],
  ["::ffff:010.2.3.0/120", null, 'must not have leading 0s in IP or prefix length'],
  ["1::2::3/64", BAD, BAD],
  ["1:2:3:4:5:6:7/64", BAD, BAD],
  ["010.0.0.0/8", null, 'must not have leading 0s in IP or prefix length'],
  ["10.00.0.0/16", null, 'must not have leading 0s in IP or prefix length'],
  ["0.0.0.0/0", null, null],
  ["10.0.0.0/8/8", BAD, BAD],
  ["::ffff:1.2.3.0/119", null, 'must not have an IPv4-mapped IPv6 address'],
  ["10.0.0.0/009", null, 'must not have leading 0s in IP or prefix length'],
];

describe('IsValidIPForLegacyField', () => {
  it.each(IPS)('%j: lax %s, strict %s', (value, lax, strict) => {
    expect(validateIPForLegacyField('f', value, false)).toEqual(errors(value, lax, IP_BAD));
    expect(validateIPForLegacyField('f', value, true)).toEqual(errors(value, strict, IP_BAD));
  });
});

describe('IsValidCIDRForLegacyField', () => {
  it.each(CIDRS)('%j: lax %s, strict %s', (value, lax, strict) => {
    expect(validateCIDRForLegacyField('f', value, false)).toEqual(errors(value, lax, CIDR_BAD));
    expect(validateCIDRForLegacyField('f', value, true)).toEqual(errors(value, strict, CIDR_BAD));
  });

  it('ParseCIDRSloppy: the address as written and its network (IPNet.IP)', () => {
    expect(parseCIDRSloppy('10.244.1.7/23')).toEqual({ ip: [10, 244, 1, 7], bits: 23, network: [10, 244, 0, 0] });
    expect(parseCIDRSloppy('10.0.0.1/0')).toEqual({ ip: [10, 0, 0, 1], bits: 0, network: [0, 0, 0, 0] });
    expect(parseCIDRSloppy('10.255.0.1/9')?.network).toEqual([10, 128, 0, 0]);
    expect(parseCIDRSloppy('2001:db8:ffff::1/36')?.network).toEqual([0x20, 0x01, 0x0d, 0xb8, 0xf0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe("ValidateNode's spec.podCIDRs (pkg/apis/core/validation/validation.go)", () => {
  const node = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, spec });
  const FAMILY = 'may specify no more than one CIDR for each IP family';

  it('podCIDR equal to podCIDRs[0] keeps the whole list (pkg/apis/core/v1/conversion.go)', () => {
    expect(validatePodCIDRs({ podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24', 'fd00:10:244:1::/64'] })).toEqual([]);
    expect(validatePodCIDRs({ podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24', '10.0.0.0/16'] })).toEqual([
      { field: 'spec.podCIDRs', message: `Invalid value: ["10.244.1.0/24","10.0.0.0/16"]: ${FAMILY}` },
    ]);
    expect(validatePodCIDRs({})).toEqual([]);
    expect(validatePodCIDRs(undefined)).toEqual([]);
  });

  it('three CIDRs, even of both families, are too many', () => {
    const cidrs = ['10.244.1.0/24', 'fd00:10:244:1::/64', '10.0.0.0/16'];
    expect(validatePodCIDRs({ podCIDRs: cidrs })).toEqual([{ field: 'spec.podCIDRs', message: `Invalid value: ${JSON.stringify(cidrs)}: ${FAMILY}` }]);
  });

  it('a first CIDR that does not parse: its own error, the dual-stack check\'s internal error, the family error', () => {
    expect(withConfiguration({ kubernetesVersion: '1.35' }, () => validatePodCIDRs({ podCIDRs: ['foo', 'fd00::/64'] }))).toEqual([
      { field: 'spec.podCIDRs[0]', message: `Invalid value: "foo": ${CIDR_BAD}` },
      { field: 'spec.podCIDRs', message: 'Internal error: invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR[0]: <nil> (invalid CIDR address: foo)' },
      { field: 'spec.podCIDRs', message: `Invalid value: ["foo","fd00::/64"]: ${FAMILY}` },
    ]);
  });

  it('an IPv4-mapped IPv6 network counts as IPv4 (IPFamilyOfCIDR), so with an IPv4 one it is not dual-stack', () => {
    expect(withConfiguration({ kubernetesVersion: '1.35' }, () => validate(node({ podCIDRs: ['::ffff:10.244.1.0/120', 'fd00::/64'] }) as never))).toEqual([]);
    expect(withConfiguration({ kubernetesVersion: '1.35' }, () => validate(node({ podCIDRs: ['::ffff:10.244.1.0/120', '10.0.0.0/16'] }) as never))).toEqual([
      { field: 'spec.podCIDRs', message: `Invalid value: ["::ffff:10.244.1.0/120","10.0.0.0/16"]: ${FAMILY}` },
    ]);
  });
});

describe('ValidateHostAliases', () => {
  it('an alias without an ip is an empty, invalid one; hostnames are DNS subdomains', () => {
    expect(validateHostAliases([{ hostnames: ['db.local', 'Bad_Host'] }, { ip: '10.0.0.1' }], 'spec.hostAliases')).toEqual([
      { field: 'spec.hostAliases[0].ip', message: `Invalid value: "": ${IP_BAD}` },
      { field: 'spec.hostAliases[0].hostnames[1]', message: expect.stringMatching(/^Invalid value: "Bad_Host": a lowercase RFC 1123 subdomain/) },
    ]);
    expect(validateHostAliases(undefined, 'spec.hostAliases')).toEqual([]);
  });
});
