// Pod fields placement does not read, as kube-apiserver validates them on create (pkg/apis/core/validation/
// validation.go validatePodDNSConfig, validateResizePolicy and validateInitContainers' resizePolicy rules,
// validateReadinessGates). An error here refuses the object all the same: a matcher must not answer "schedulable" for
// a manifest kubectl would refuse. Found by the corpus pass (kubernetes/api's placeholder DaemonSet).
import type { FieldError } from '../core/types';
import { releaseAtLeast } from '../core/config';
import { isDNS1123SubdomainWithUnderscore, isQualifiedName } from './names';
import { validateIPForLegacyField } from './validation-ip';
import { child, duplicate, index, invalid, notSupported, Raw, required } from './validation-field';

type Obj = Record<string, any>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown) => (v == null ? '' : String(v));

// validation.go MaxDNSNameservers, MaxDNSSearchPaths, MaxDNSSearchListChars
const MAX_NAMESERVERS = 3;
const MAX_SEARCHES = 32;
const MAX_SEARCH_CHARS = 2048;

/**
 * validatePodDNSConfig: dnsPolicy None needs a dnsConfig with a nameserver (and nothing else is checked then when
 * either is missing); at most 3 nameservers, each an IP; at most 32 searches of at most 2048 characters in all, each a
 * DNS subdomain that may hold `_` (a trailing `.` dropped, `.` alone allowed: RelaxedDNSSearchValidation, beta and on
 * at 1.33, GA from 1.34); every option named. The bad value of a too-long list is the list (JSON).
 */
export function validatePodDNSConfig(spec: Obj, path: string): FieldError[] {
  const p = child(path, 'dnsConfig');
  const config = obj(spec.dnsConfig);
  if (spec.dnsPolicy === 'None') {
    if (!config) return [required(p, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (!list(config.nameservers).length) return [required(child(p, 'nameservers'), 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!config) return [];
  const errs: FieldError[] = [];
  const nameservers = list(config.nameservers).map(str);
  if (nameservers.length > MAX_NAMESERVERS) errs.push(invalid(child(p, 'nameservers'), nameservers, `must not have more than ${MAX_NAMESERVERS} nameservers`));
  nameservers.forEach((ns, i) => errs.push(...validateIPForLegacyField(index(child(p, 'nameservers'), i), ns)));
  const searches = list(config.searches).map(str);
  if (searches.length > MAX_SEARCHES) errs.push(invalid(child(p, 'searches'), searches, `must not have more than ${MAX_SEARCHES} search paths`));
  if (Buffer.byteLength(searches.join(' ')) > MAX_SEARCH_CHARS) {
    errs.push(invalid(child(p, 'searches'), searches, `must not have more than ${MAX_SEARCH_CHARS} characters (including spaces) in the search list`));
  }
  searches.forEach((s, i) => {
    if (s === '.') return;
    const trimmed = s.endsWith('.') ? s.slice(0, -1) : s;
    errs.push(...isDNS1123SubdomainWithUnderscore(trimmed).map((m) => invalid(index(child(p, 'searches'), i), trimmed, m)));
  });
  list(config.options).forEach((o, i) => {
    if (!str(obj(o)?.name)) errs.push(required(index(child(p, 'options'), i), 'must not be empty'));
  });
  return errs;
}

const RESIZE_RESOURCES = ['cpu', 'memory'];
const RESIZE_POLICIES = ['NotRequired', 'RestartContainer'];

/**
 * validateResizePolicy (InPlacePodVerticalScaling: beta and on at 1.33, GA from 1.35; never dropped). A resource name
 * prints unquoted before 1.34 (core.ResourceName is a Stringer, as in validation-pod.ts); the message of a pod with
 * restartPolicy Never says "pod `restartPolicy`" from 1.36.
 */
export function validateResizePolicy(container: object, path: string, podRestartPolicy: string): FieldError[] {
  const errs: FieldError[] = [];
  const p = child(path, 'resizePolicy');
  const name = (n: string) => (releaseAtLeast('1.34') ? n : new Raw(n));
  const seen = new Set<string>();
  list((container as Obj).resizePolicy).forEach((item, i) => {
    const resource = str(obj(item)?.resourceName);
    const policy = str(obj(item)?.restartPolicy);
    if (seen.has(resource)) errs.push(duplicate(index(p, i), name(resource)));
    seen.add(resource);
    if (!resource) errs.push(required(p));
    else if (!RESIZE_RESOURCES.includes(resource)) errs.push(notSupported(p, name(resource), RESIZE_RESOURCES));
    if (!policy) errs.push(required(p));
    else if (!RESIZE_POLICIES.includes(policy)) errs.push(notSupported(p, policy, RESIZE_POLICIES));
    if (podRestartPolicy === 'Never' && policy !== 'NotRequired') {
      errs.push(invalid(p, policy, `must be 'NotRequired' when ${releaseAtLeast('1.36') ? 'pod ' : ''}\`restartPolicy\` is 'Never'`));
    }
  });
  return errs;
}

/**
 * validateInitContainers' rule for a classic init container (not restartPolicy Always): no RestartContainer resize
 * policy, from 1.36 (#134345 in v1.36.0; AllowExistingRestartContainerForNonSidecarInitContainer only on update).
 */
export function validateInitResizePolicy(container: object, path: string, update = false): FieldError[] {
  const c = container as Obj;
  if (!releaseAtLeast('1.36') || c.restartPolicy === 'Always' || update) return [];
  return list(c.resizePolicy).flatMap((item, j) =>
    str(obj(item)?.restartPolicy) === 'RestartContainer'
      ? [invalid(child(index(child(path, 'resizePolicy'), j), 'restartPolicy'), 'RestartContainer', "must not be set to 'RestartContainer' for non-sidecar initContainers")]
      : []);
}

/** validateReadinessGates: each conditionType a qualified name. */
export function validateReadinessGates(spec: Obj, path: string): FieldError[] {
  return list(spec.readinessGates).flatMap((g, i) => {
    const type = str(obj(g)?.conditionType);
    return isQualifiedName(type).map((m) => invalid(child(index(child(path, 'readinessGates'), i), 'conditionType'), type, m));
  });
}
