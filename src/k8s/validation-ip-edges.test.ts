// Edges of the legacy IP/CIDR fields (src/k8s/validation-ip.ts) beyond validation-ip.test.ts: the sloppy parser's
// refusals (k8s.io/utils internal/third_party/forked/golang/net/ip.go parseIPv4/parseIPv6/ParseCIDR and its
// ip_test.go parseIPTests/parseCIDRTests), the strict checks (k8s.io/apimachinery pkg/util/validation/ip.go and
// ip_test.go TestIsValidIP/TestIsValidCIDR, v0.37.2), and ValidateNode's spec.podCIDRs family check
// (pkg/apis/core/validation/validation.go at v1.37.2, netutils.IsDualStackCIDRStrings).
import { describe, expect, it } from '@jest/globals';
import { validateCIDRForLegacyField, validateHostAliases, validateIPForLegacyField, validatePodCIDRs } from './validation-ip';

const INVALID_CIDR = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)';
const INVALID_IP = 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)';
const err = (value: string, detail: string, field = 'f') => [{ field, message: `Invalid value: ${JSON.stringify(value)}: ${detail}` }];

describe('the sloppy CIDR parser (ParseCIDRSloppy) refuses at every release', () => {
  it.each([
    ['three octets', '10.0.0/24'],
    ['five octets', '10.0.0.0.0/32'],
    ['an octet above 255 (parseIPTests 127.0.0.256)', '10.0.0.256/24'],
    ['an octet of many digits (dtoi stops at 0xFFFFFF)', '10.0.0.99999999/32'],
    ['a letter in an octet', '10.0.0.x/24'],
    ['two ellipses', '1::2::3/64'],
    ['an IPv4 part before the end', '::1.2.3.4:1/64'],
    ['an IPv4 part before an ellipsis', '1.2.3.4::/64'],
    ['a bad IPv4 tail', '::ffff:1.2.3/96'],
    ['a group above 0xFFFF (TestIsValidIP "2001:db8::10005")', '1ffff::/16'],
    ['a group that is not hex', '1:zz::/64'],
    ['too few groups without an ellipsis', 'fd00:1:2/48'],
    ['eight groups and an ellipsis (it must stand for a 0 group)', '1:2:3:4:5:6:7:8::/64'],
    ['seven groups after an ellipsis and one before', '1::2:3:4:5:6:7:8/64'],
    ['nine groups', '1:2:3:4:5:6:7:8:9/64'],
    ['an IPv4 length above 32 (parseCIDRTests 192.168.1.1/35)', '10.0.0.0/33'],
    ['an IPv6 length above 128', 'fd00::/129'],
    ['a length with a trailing letter', '10.0.0.0/24x'],
    ['no length', '10.0.0.0'],
    ['a mask in dotted form (parseCIDRTests)', '192.168.1.1/255.255.255.0'],
  ])('%s: %s', (_what, cidr) => {
    expect(validateCIDRForLegacyField('f', cidr, false)).toEqual(err(cidr, INVALID_CIDR));
    expect(validateCIDRForLegacyField('f', cidr, true)).toEqual(err(cidr, INVALID_CIDR));
  });
});

describe('what the sloppy CIDR parser accepts, and the strict checks on it', () => {
  it.each([
    ['the widest IPv4 length', '10.0.0.1/32'],
    ['octet 255', '10.0.0.255/32'],
    ['a full eight-group address (parseIPTests 2001:4860:0000:…)', '2001:4860:0000:2001:0000:0000:0000:0068/128'],
    ['an ellipsis standing for one group', '1:2:3:4:5:6::7/128'],
    ['a group with leading zeros within 4 digits', 'fd00::0ff/128'],
    ['a partial byte, host bits clear (parseCIDRTests abcd:2344::/31)', 'abcd:2344::/31'],
    ['an IPv4 partial byte, host bits clear', '10.244.1.4/30'],
    ['0:1:… then ffff (not IPv4-mapped: byte 1 is set)', '1::ffff:0:0/96'],
    ['byte 10 not 0xff', '::ff:0:0/96'],
    ['byte 11 not 0xff', '::ff00:0:0/96'],
  ])('%s: %s is valid strictly too', (_what, cidr) => {
    expect(validateCIDRForLegacyField('f', cidr, false)).toEqual([]);
    expect(validateCIDRForLegacyField('f', cidr, true)).toEqual([]);
  });

  it.each([
    ['bits set in a partial IPv4 byte', '10.244.1.5/30', 'must not have bits set beyond the prefix length'],
    ['bits set in a partial IPv6 byte (parseCIDRTests abcd:2345::/31)', 'abcd:2345::/31', 'must not have bits set beyond the prefix length'],
    ['the IPv4-mapped network written in full', '0:0:0:0:0:ffff:10.244.1.0/120', 'must not have an IPv4-mapped IPv6 address'],
    ['the IPv4-mapped network in hex', '::ffff:0:0/96', 'must not have an IPv4-mapped IPv6 address'],
    ['a group of five hex digits (netip takes at most 4)', '00fd0::/16', 'must not have leading 0s in IP or prefix length'],
    ['a 0-led octet in an IPv6 tail', '::1.02.3.4/128', 'must not have leading 0s in IP or prefix length'],
  ])('%s: %s is refused only strictly', (_what, cidr, detail) => {
    expect(validateCIDRForLegacyField('f', cidr, false)).toEqual([]);
    expect(validateCIDRForLegacyField('f', cidr, true)).toEqual(err(cidr, detail));
  });
});

describe('legacy IP fields (IsValidIPForLegacyField, TestIsValidIP)', () => {
  it.each(['aaaaaaa', '', '1.2.3.400', '2001:db8::10005', '1.2.3.4:80'])('%j is not an IP at any strictness', (ip) => {
    expect(validateIPForLegacyField('f', ip, false)).toEqual(err(ip, INVALID_IP));
    expect(validateIPForLegacyField('f', ip, true)).toEqual(err(ip, INVALID_IP));
  });

  it.each(['1.2.3.4', '255.255.255.255', '1234::abcd', '::'])('%s is valid strictly too', (ip) => {
    expect(validateIPForLegacyField('f', ip, true)).toEqual([]);
  });

  it('a hostAlias without an ip has the empty value refused (ValidateHostAliases)', () => {
    expect(validateHostAliases([{ hostnames: ['db.local'] }], 'spec.hostAliases')).toEqual(err('', INVALID_IP, 'spec.hostAliases[0].ip'));
  });
});

describe('spec.podCIDRs: the dual-stack check (ValidateNode)', () => {
  const family = (cidrs: string[]) => ({ field: 'spec.podCIDRs', message: `Invalid value: ${JSON.stringify(cidrs)}: may specify no more than one CIDR for each IP family` });

  it('podCIDR equal to podCIDRs[0] leaves the whole list to be validated', () => {
    const podCIDRs = ['10.0.0.0/24', '10.1.0.0/16'];
    expect(validatePodCIDRs({ podCIDR: '10.0.0.0/24', podCIDRs })).toEqual([family(podCIDRs)]);
  });

  it('three CIDRs are too many even with both families', () => {
    const podCIDRs = ['10.0.0.0/24', 'fd00::/64', '10.1.0.0/24'];
    expect(validatePodCIDRs({ podCIDRs })).toEqual([family(podCIDRs)]);
  });

  it('a first value that does not parse is an internal error at index 0, then the family error', () => {
    const podCIDRs = ['foo', '10.0.0.0/24'];
    expect(validatePodCIDRs({ podCIDRs })).toEqual([
      ...err('foo', INVALID_CIDR, 'spec.podCIDRs[0]'),
      { field: 'spec.podCIDRs', message: 'Internal error: invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR[0]: <nil> (invalid CIDR address: foo)' },
      family(podCIDRs),
    ]);
  });

  it('no podCIDR and no podCIDRs: nothing to check', () => {
    expect(validatePodCIDRs({})).toEqual([]);
    expect(validatePodCIDRs(undefined)).toEqual([]);
  });
});
