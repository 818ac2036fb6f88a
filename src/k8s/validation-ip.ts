// IP and CIDR values in legacy API fields, as the API server validates them (k8s.io/apimachinery pkg/util/validation/ip.go
// IsValidIPForLegacyField, IsValidCIDRForLegacyField, through pkg/apis/core/validation/validation.go's wrappers that
// read the StrictIPCIDRValidation gate): a Node's spec.podCIDRs (ValidateNode) and a pod's hostAliases[].ip
// (ValidateHostAliases; pod status IPs are reset on create, dnsConfig is not modelled). The sloppy parser is k8s.io/utils' fork
// of Go's old net.ParseCIDR (internal/third_party/forked/golang/net/ip.go), which accepts leading zeros; the strict
// checks are what netip.ParsePrefix adds. StrictIPCIDRValidation (#137053) is alpha and off in 1.33–1.35, beta and on
// from 1.36 (pkg/features/kube_features.go at v1.36.3 and v1.37.2).
import type { FieldError } from '../core/types';
import { settings } from '../core/config';
import { gateDefault, type KubernetesVersion } from '../core/releases';
import { isDNS1123Subdomain } from './names';
import { index, invalid } from './validation-field';

/** StrictIPCIDRValidation's default at the release. */
export const strictIPCIDRValidation = (version: KubernetesVersion = settings().kubernetesVersion) => gateDefault('StrictIPCIDRValidation', version);

/** dtoi/xtoi of the fork: the digits at the start of s (at least one), below 0xFFFFFF. */
function leadingNumber(s: string, hex: boolean): { n: number; len: number } | undefined {
  const m = (hex ? /^[0-9a-fA-F]+/ : /^[0-9]+/).exec(s);
  if (!m) return undefined;
  const n = parseInt(m[0], hex ? 16 : 10);
  return n >= 0xffffff ? undefined : { n, len: m[0].length };
}

/** The fork's parseIPv4: four decimal octets, leading zeros allowed. */
function parseIPv4(s: string): number[] | undefined {
  const octets = s.split('.');
  if (octets.length !== 4) return undefined;
  const bytes = octets.map((o) => (/^[0-9]+$/.test(o) ? leadingNumber(o, false)?.n : undefined));
  return bytes.every((b) => b !== undefined && b <= 0xff) ? (bytes as number[]) : undefined;
}

/** The fork's parseIPv6: hex groups, one `::`, an IPv4 tail in the last 4 bytes. */
function parseIPv6(s: string): number[] | undefined {
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const bytesOf = (gs: string[]): number[] | undefined => {
    const out: number[] = [];
    for (const [i, g] of gs.entries()) {
      if (i === gs.length - 1 && g.includes('.')) {
        const v4 = parseIPv4(g);
        if (!v4) return undefined;
        out.push(...v4);
      } else {
        const x = leadingNumber(g, true);
        if (!x || x.len !== g.length || x.n > 0xffff) return undefined;
        out.push(x.n >> 8, x.n & 0xff);
      }
    }
    return out;
  };
  const head = bytesOf(groups(halves[0]));
  // Stryker disable next-line ArrayDeclaration: without a `::` the tail is only checked for being there (line below)
  const tail = halves.length === 2 ? bytesOf(groups(halves[1])) : [];
  if (!head || !tail) return undefined;
  // an IPv4 tail only at the end of the address
  if (halves.length === 2 && halves[0].includes('.')) return undefined;
  if (halves.length === 1) return head.length === 16 ? head : undefined;
  return head.length + tail.length <= 14 ? [...head, ...Array(16 - head.length - tail.length).fill(0), ...tail] : undefined;
}

interface SloppyCIDR {
  /** the address bytes as written (4 or 16) */
  ip: number[];
  bits: number;
  /** the network's IP (the address masked), 4 bytes for the IPv4 path */
  network: number[];
}

// a byte keeps its first k bits, k = the prefix bits that fall in it (0 to 8)
const masked = (ip: number[], bits: number) => ip.map((b, i) => b & (0xff00 >> Math.min(8, Math.max(0, bits - i * 8))) & 0xff);

/** netutils.ParseCIDRSloppy: undefined where it returns `invalid CIDR address`. */
export function parseCIDRSloppy(s: string): SloppyCIDR | undefined {
  const slash = s.indexOf('/');
  if (slash < 0) return undefined;
  const addr = s.slice(0, slash);
  const mask = s.slice(slash + 1);
  const ip = parseIPv4(addr) ?? parseIPv6(addr);
  const n = leadingNumber(mask, false);
  if (!ip || !n || n.len !== mask.length || n.n > 8 * ip.length) return undefined;
  return { ip, bits: n.n, network: masked(ip, n.n) };
}

// (a 4-byte address has no ip[10])
const is4In6 = (ip: number[]) => ip.slice(0, 10).every((b) => b === 0) && ip[10] === 0xff && ip[11] === 0xff;

/**
 * What netip.ParsePrefix refuses of a value the sloppy parser took: a leading zero in an IPv4 octet or in the
 * length, or an IPv6 group of more than 4 hex digits (the fork only bounds its value).
 */
function strictRefuses(s: string): boolean {
  const [addr, mask] = [s.slice(0, s.lastIndexOf('/')), s.slice(s.lastIndexOf('/') + 1)];
  const v4 = addr.slice(addr.lastIndexOf(':') + 1);
  // Stryker disable next-line ArrayDeclaration: no octets and one that does not start with 0 refuse the same
  const octets = v4.includes('.') ? v4.split('.') : [];
  // an IPv4 address is one dotted word, which the filter drops
  const groups = addr.split(':').filter((g) => !g.includes('.'));
  return (mask.length > 1 && mask[0] === '0') || octets.some((o) => o.length > 1 && o[0] === '0') || groups.some((g) => g.length > 4);
}

/** IsValidCIDRForLegacyField(fldPath, value, strict, nil). */
export function validateCIDRForLegacyField(path: string, value: string, strict = strictIPCIDRValidation()): FieldError[] {
  const cidr = parseCIDRSloppy(value);
  if (!cidr) return [invalid(path, value, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)')];
  if (!strict) return [];
  if (strictRefuses(value)) return [invalid(path, value, 'must not have leading 0s in IP or prefix length')];
  if (is4In6(cidr.ip)) return [invalid(path, value, 'must not have an IPv4-mapped IPv6 address')];
  if (cidr.network.some((b, i) => b !== cidr.ip[i])) return [invalid(path, value, 'must not have bits set beyond the prefix length')];
  return [];
}

/** netutils.IPFamilyOfCIDR: the masked IP's To4() decides (an IPv4-mapped IPv6 network counts as IPv4). */
const familyOf = (c: SloppyCIDR) => (c.network.length === 4 || is4In6(c.network) ? 4 : 6);

/**
 * ValidateNode's spec.podCIDRs checks. The internal object has only podCIDRs: the v1 conversion
 * (pkg/apis/core/v1/conversion.go Convert_v1_NodeSpec_To_core_NodeSpec) makes it [podCIDR] when podCIDRs is empty
 * or when podCIDR differs from podCIDRs[0] (podCIDR is authoritative for older clients).
 */
export function validatePodCIDRs(spec: { podCIDR?: unknown; podCIDRs?: unknown } | undefined): FieldError[] {
  const single = typeof spec?.podCIDR === 'string' ? spec.podCIDR : '';
  const list = Array.isArray(spec?.podCIDRs) ? (spec.podCIDRs as string[]) : [];
  const cidrs = single && (!list.length || list[0] !== single) ? [single] : list;
  const path = 'spec.podCIDRs';
  const errs = cidrs.flatMap((c, i) => validateCIDRForLegacyField(index(path, i), c));
  if (cidrs.length > 1) {
    // netutils.IsDualStackCIDRStrings → ParseCIDRs: the first value that does not parse is an internal error
    const bad = cidrs.findIndex((c) => !parseCIDRSloppy(c));
    if (bad >= 0) {
      errs.push({ field: path, message: `Internal error: invalid PodCIDRs. failed to check with dual stack with error:invalid CIDR[${bad}]: <nil> (invalid CIDR address: ${cidrs[bad]})` });
    }
    // Stryker disable next-line ArrayDeclaration: with a bad value, no families and one made-up family both make the error below
    const families = new Set(bad >= 0 ? [] : cidrs.map((c) => familyOf(parseCIDRSloppy(c)!)));
    if (families.size !== 2 || cidrs.length > 2) errs.push(invalid(path, cidrs, 'may specify no more than one CIDR for each IP family'));
  }
  return errs;
}

/** netutils.ParseIPSloppy: the fork's ParseIP picks the family by the first `.` or `:`. */
function parseIPSloppy(s: string): number[] | undefined {
  // a value with neither has no IPv6 groups either
  return /[.:]/.exec(s)?.[0] === '.' ? parseIPv4(s) : parseIPv6(s);
}

/** IsValidIPForLegacyField(fldPath, value, strict, nil): both strict errors can apply to one value. */
export function validateIPForLegacyField(path: string, value: string, strict = strictIPCIDRValidation()): FieldError[] {
  const ip = parseIPSloppy(value);
  if (!ip) return [invalid(path, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
  if (!strict) return [];
  // netip.ParseAddr refuses what strictRefuses finds; a refused value is not IPv4-mapped (its Addr is the zero value)
  if (strictRefuses(`${value}/0`)) return [invalid(path, value, 'must not have leading 0s')];
  return is4In6(ip) ? [invalid(path, value, 'must not be an IPv4-mapped IPv6 address')] : [];
}

/** ValidateHostAliases: each ip (a legacy IP field) and each hostname (a DNS-1123 subdomain). */
export function validateHostAliases(aliases: Array<{ ip?: string; hostnames?: string[] }> | undefined, path: string): FieldError[] {
  return (aliases ?? []).flatMap((a, i) => [
    ...validateIPForLegacyField(`${index(path, i)}.ip`, a.ip ?? ''),
    ...(a.hostnames ?? []).flatMap((h, j) => isDNS1123Subdomain(h).map((m) => invalid(index(`${index(path, i)}.hostnames`, j), h, m))),
  ]);
}
