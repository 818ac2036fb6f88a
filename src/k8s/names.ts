// Name and label-value rules from k8s.io/apimachinery/pkg/util/validation/validation.go,
// with upstream's message texts (they end up in validation errors and kubectl messages).
import { releaseAtLeast } from '../core/config';

const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QUALIFIED_NAME_RE = new RegExp(`^${QUALIFIED_NAME_FMT}$`);
const QUALIFIED_NAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`;
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`;
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`);
const DNS1123_SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}
const maxLenError = (n: number) => `must be no more than ${n} characters`;
// 1.35 moved label keys and values to apimachinery api/validate/content (kube.go, dns.go), whose MaxLenError says
// "bytes" and counts them (len of the UTF-8 string); the rest of util/validation still says "characters".
// Found by the oracle (kubectlTaint domain).
// v1.34.4 and v1.33.13 (util/validation's own IsQualifiedName and IsValidLabelValue) still say "characters"; Go's
// len() counts bytes at every release. Found by the 1.34 oracle (kubectlTaint, labelSelector).
const maxBytesError = (n: number) => (releaseAtLeast('1.35') ? `must be no more than ${n} bytes` : maxLenError(n));
const utf8 = new TextEncoder();
const byteLength = (value: string) => utf8.encode(value).length;

/** `IsQualifiedName` (1.35: content.IsLabelKey): label keys, taint and toleration keys. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0];
  else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...contentDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    // 1.35 (apimachinery api/validate/content/kube.go IsLabelKey, which IsQualifiedName now is) says "a valid label
    // key"; 1.34 and before said "a qualified name". Found by the oracle (kubectlTaint domain, spec "a/b/c").
    return [
      `${releaseAtLeast('1.35') ? 'a valid label key' : 'a qualified name'} ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (byteLength(name) > 63) errs.push(`name part ${maxBytesError(63)}`);
  if (!QUALIFIED_NAME_RE.test(name)) errs.push(`name part ${regexError(QUALIFIED_NAME_MSG, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** content.IsDNS1123Subdomain (what IsLabelKey checks a prefix with): the same rule, its length in bytes. */
function contentDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 253) errs.push(maxBytesError(253));
  if (!DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

export function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLenError(253));
  if (!DNS1123_SUBDOMAIN_RE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_MSG, DNS1123_SUBDOMAIN_FMT, 'example.com'));
  return errs;
}

const DNS1123_LABEL_FMT_UNDERSCORE = '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN_FMT_UNDERSCORE = `${DNS1123_LABEL_FMT_UNDERSCORE}(\\.${DNS1123_LABEL_FMT_UNDERSCORE})*`;
const DNS1123_SUBDOMAIN_RE_UNDERSCORE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT_UNDERSCORE}$`);
const DNS1123_SUBDOMAIN_MSG_UNDERSCORE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character";

/**
 * `IsDNS1123SubdomainWithUnderscore` (a dnsConfig search). v0.33.13's message quotes the regex without the underscore
 * (dns1123SubdomainFmt) though it tests the one with it; fixed in v0.34.
 */
export function isDNS1123SubdomainWithUnderscore(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLenError(253));
  const fmt = releaseAtLeast('1.34') ? DNS1123_SUBDOMAIN_FMT_UNDERSCORE : DNS1123_SUBDOMAIN_FMT;
  if (!DNS1123_SUBDOMAIN_RE_UNDERSCORE.test(value)) errs.push(regexError(DNS1123_SUBDOMAIN_MSG_UNDERSCORE, fmt, 'example.com'));
  return errs;
}

/** `IsValidLabelValue`: taint values, Equal toleration values, selector values. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > 63) errs.push(maxBytesError(63));
  if (!LABEL_VALUE_RE.test(value)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}

const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`);
const DNS1123_LABEL_MSG = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";

/** `IsDNS1123Label`: container names, namespaces, StatefulSet names. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenError(63));
  // since v1.27 a valid subdomain that is not a label is told it has dots
  if (!DNS1123_LABEL_RE.test(value)) {
    errs.push(DNS1123_SUBDOMAIN_RE.test(value) ? 'must not contain dots' : regexError(DNS1123_LABEL_MSG, DNS1123_LABEL_FMT, 'my-name', '123-abc'));
  }
  return errs;
}

// apimachinery/pkg/api/validation/generic.go: with prefix (generateName) a trailing '-' is allowed.
const maskTrailingDash = (name: string) => (name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name);

/** `NameIsDNSSubdomain`: Pods, Deployments, DaemonSets, ReplicaSets, Jobs, CronJobs, Nodes. */
export const nameIsDNSSubdomain = (name: string, prefix: boolean) => isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name);
/** `NameIsDNSLabel`: StatefulSets, namespaces. */
export const nameIsDNSLabel = (name: string, prefix: boolean) => isDNS1123Label(prefix ? maskTrailingDash(name) : name);

/**
 * The name check every create runs after the strategy's (apiserver pkg/registry/rest/create.go validatePathSegment,
 * apimachinery api/validate/content IsPathSegmentName and IsPathSegmentPrefix): a name that can be a URL path segment,
 * so not `.` or `..` and without `/` or `%`; no length limit, an empty name is left to the name-or-generateName rule.
 */
export function nameIsPathSegment(name: string, prefix: boolean): string[] {
  if (!prefix && (name === '.' || name === '..')) return [`may not be '${name}'`];
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`);
}

/** `IsValidPortName` (an IANA_SVC_NAME): container port names. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = [];
  if (port.length > 15) errs.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errs.push('must not contain consecutive hyphens');
  if (port.startsWith('-') || port.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}
