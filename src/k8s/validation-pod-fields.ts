// Pod fields placement does not read, as kube-apiserver validates them on create (pkg/apis/core/validation/
// validation.go validatePodDNSConfig, validateResizePolicy and validateInitContainers' resizePolicy rules,
// validateReadinessGates). An error here refuses the object all the same: a matcher must not answer "schedulable" for
// a manifest kubectl would refuse. Found by the corpus pass (kubernetes/api's placeholder DaemonSet).
import type { FieldError } from '../core/types';
import { gateEnabled, releaseAtLeast } from '../core/config';
import { isDNS1123Label, isDNS1123Subdomain, isDNS1123SubdomainWithUnderscore, isQualifiedName, nameIsDNSSubdomain } from './names';
import { validateIPForLegacyField } from './validation-ip';
import { child, duplicate, forbidden, goValue, index, invalid, named, notSupported, Raw, required } from './validation-field';

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
    else if (!RESIZE_POLICIES.includes(policy)) errs.push(notSupported(p, named(policy), RESIZE_POLICIES));
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

const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];

/**
 * ValidatePodSpec's checks of fields named by other objects: serviceAccountName (SetDefaults_PodSpec takes the
 * deprecated serviceAccount when it is unset, and keeps the two equal) and runtimeClassName are DNS subdomains;
 * preemptionPolicy is one of two; shareProcessNamespace and hostPID exclude each other (validateShareProcessNamespace
 * from 1.37; up to 1.36 validatePodSpecSecurityContext checked it on the internal pod securityContext, which holds the
 * host fields there, so the path is `securityContext.shareProcessNamespace`).
 */
export function validateNamedFields(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const account = str(spec.serviceAccountName) || str(spec.serviceAccount);
  if (account) errs.push(...nameIsDNSSubdomain(account, false).map((m) => invalid(child(path, 'serviceAccountName'), account, m)));
  if (spec.runtimeClassName != null) {
    const name = str(spec.runtimeClassName);
    errs.push(...nameIsDNSSubdomain(name, false).map((m) => invalid(child(path, 'runtimeClassName'), name, m)));
  }
  if (spec.preemptionPolicy != null) {
    const policy = str(spec.preemptionPolicy);
    if (!policy) errs.push(required(child(path, 'preemptionPolicy')));
    else if (!PREEMPTION_POLICIES.includes(policy)) errs.push(notSupported(child(path, 'preemptionPolicy'), named(String(policy)), PREEMPTION_POLICIES));
  }
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    const where = releaseAtLeast('1.37') ? path : child(path, 'securityContext');
    errs.push(invalid(child(where, 'shareProcessNamespace'), true, 'ShareProcessNamespace and HostPID cannot both be enabled'));
  }
  return errs;
}

/**
 * validatePodHostName: a hostnameOverride is a DNS subdomain of at most 64 bytes, not with setHostnameAsFQDN or
 * hostNetwork. HostnameOverride is alpha and off at 1.34, where the create path drops the field (pkg/api/pod/util.go
 * dropDisabledFields) and an update of a spec that holds it keeps it (setHostnameOverrideInUse), beta and on from
 * 1.35; 1.33 has no such field.
 */
export function validatePodHostName(spec: Obj, path: string, update = false): FieldError[] {
  if (spec.hostnameOverride == null || !(releaseAtLeast('1.35') || (update && releaseAtLeast('1.34')))) return [];
  const p = child(path, 'hostnameOverride');
  const name = str(spec.hostnameOverride);
  const errs: FieldError[] = [];
  if (spec.setHostnameAsFQDN === true) errs.push(forbidden(p, 'may not be specified when setHostnameAsFQDN is true'));
  if (spec.hostNetwork === true) errs.push(forbidden(p, 'may not be specified when hostNetwork is true'));
  if (Buffer.byteLength(name) > 64) errs.push({ field: p, message: 'Too long: may not be more than 64 bytes' });
  errs.push(...isDNS1123Subdomain(name).map((m) => invalid(p, name, m)));
  return errs;
}

const CONTAINER_RESTART_POLICIES = ['Always', 'Never', 'OnFailure'];
const EXIT_CODE_OPERATORS = ['In', 'NotIn'];
/** @upstream pkg/apis/core/validation/validation.go */
const POLICY_FOR_RULES = 'must specify restartPolicy when restart rules are used';
/** @upstream pkg/apis/core/validation/validation.go */
const NO_RULES_FOR_SIDECARS = 'restartPolicyRules are not allowed for init containers with restart policy Always';

/** 1.35 reports a list too long with TooLong (bytes), 1.36 with TooMany (#134xxx: the count). */
const tooMany = (path: string, count: number, max: number): FieldError =>
  releaseAtLeast('1.36') ? { field: path, message: `Too many: ${count}: must have at most ${max} items` } : { field: path, message: `Too long: may not be more than ${max} bytes` };

/**
 * validateContainerRestartPolicy (ContainerRestartRules, beta and on from 1.35): the policy one of three (Required when
 * rules are given without it), at most 20 rules, each with a known action (RestartAllContainers too with
 * RestartAllContainersOnContainerExits, on from 1.36) and exitCodes with a known operator and at most 255 values.
 */
export function validateContainerRestartRules(container: object, path: string): FieldError[] {
  const c = container as Obj;
  const rules = list(c.restartPolicyRules);
  const errs: FieldError[] = [];
  if (c.restartPolicy == null) {
    if (!rules.length) return errs;
    errs.push(required(child(path, 'restartPolicy'), POLICY_FOR_RULES));
  } else if (!CONTAINER_RESTART_POLICIES.includes(str(c.restartPolicy))) {
    errs.push(notSupported(child(path, 'restartPolicy'), named(str(c.restartPolicy)), CONTAINER_RESTART_POLICIES));
  }
  const rp = child(path, 'restartPolicyRules');
  if (rules.length > 20) errs.push(tooMany(rp, rules.length, 20));
  const actions = gateEnabled('RestartAllContainersOnContainerExits') ? ['Restart', 'RestartAllContainers'] : ['Restart'];
  rules.forEach((r, i) => {
    const rule = obj(r) ?? {};
    const p = index(rp, i);
    if (!actions.includes(str(rule.action))) errs.push(notSupported(child(p, 'action'), named(str(rule.action)), actions));
    const exit = obj(rule.exitCodes);
    if (!exit) {
      errs.push(required(child(p, 'exitCodes'), 'must be specified'));
      return;
    }
    if (!EXIT_CODE_OPERATORS.includes(str(exit.operator))) errs.push(notSupported(child(child(p, 'exitCodes'), 'operator'), named(str(exit.operator)), EXIT_CODE_OPERATORS));
    const values = list(exit.values);
    if (values.length > 255) errs.push(tooMany(child(child(p, 'exitCodes'), 'values'), values.length, 255));
  });
  return errs;
}

/**
 * validateInitContainerRestartPolicy with ContainerRestartRules on: rules need a policy; a sidecar (Always) may have
 * rules only with RestartAllContainersOnContainerExits; any other policy is validateContainerRestartPolicy's.
 */
export function validateInitRestartRules(container: object, path: string): FieldError[] {
  const c = container as Obj;
  const rules = list(c.restartPolicyRules);
  if (c.restartPolicy == null) return rules.length ? [required(child(path, 'restartPolicy'), POLICY_FOR_RULES)] : [];
  if (c.restartPolicy !== 'Always') return validateContainerRestartRules(c, path);
  if (gateEnabled('RestartAllContainersOnContainerExits')) return validateContainerRestartRules(c, path);
  return rules.length ? [forbidden(child(path, 'restartPolicyRules'), NO_RULES_FOR_SIDECARS)] : [];
}

/** @upstream pkg/apis/core/validation/validation.go */
const AT_MOST_ONE_CLAIM_SOURCE = 'at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified';
/** @upstream pkg/apis/core/validation/validation.go */
const ONE_CLAIM_SOURCE = 'must specify one of: `resourceClaimName`, `resourceClaimTemplateName`';

/**
 * DynamicResourceAllocation (beta and off at 1.33, where the create path drops spec.resourceClaims and every
 * resources.claims: dropDisabledDynamicResourceAllocationFields; on from 1.34): whether those fields are validated.
 */
export const claimsValidated = () => gateEnabled('DynamicResourceAllocation');
/** With the gate off, an update of a spec that holds resourceClaims keeps them and the containers' claims (dynamicResourceAllocationInUse). */
export const claimsKept = (spec: Obj, update: boolean | undefined): boolean => update === true && list(spec.resourceClaims).length > 0;

/** gatherPodResourceClaimNames: the pod's non-empty resourceClaims names. */
export const podClaimNames = (spec: Obj): Set<string> => new Set(list(spec.resourceClaims).map((c) => str(obj(c)?.name)).filter(Boolean));

/**
 * validatePodResourceClaims: each claim named (a DNS label, once) with exactly one of resourceClaimName and
 * resourceClaimTemplateName, each a DNS subdomain. The bad value of the source rules is the whole claim (JSON of the
 * internal core.PodResourceClaim).
 */
export function validatePodResourceClaims(spec: Obj, path: string, update = false): FieldError[] {
  if (!claimsValidated() && !claimsKept(spec, update)) return [];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list(spec.resourceClaims).forEach((item, i) => {
    const claim = obj(item) ?? {};
    const p = index(child(path, 'resourceClaims'), i);
    const name = str(claim.name);
    if (!name) errs.push(required(child(p, 'name')));
    else if (names.has(name)) errs.push(duplicate(child(p, 'name'), name));
    else {
      errs.push(...isDNS1123Label(name).map((m) => invalid(child(p, 'name'), name, m)));
      names.add(name);
    }
    const claimName = claim.resourceClaimName as string | null | undefined;
    const templateName = claim.resourceClaimTemplateName as string | null | undefined;
    const whole = () => new Raw(JSON.stringify({ Name: name, ResourceClaimName: claimName ?? null, ResourceClaimTemplateName: templateName ?? null }));
    if (claimName != null && templateName != null) errs.push(invalid(p, whole(), AT_MOST_ONE_CLAIM_SOURCE));
    if (claimName == null && templateName == null) errs.push(invalid(p, whole(), ONE_CLAIM_SOURCE));
    if (claimName != null) errs.push(...nameIsDNSSubdomain(str(claimName), false).map((m) => invalid(child(p, 'resourceClaimName'), str(claimName), m)));
    if (templateName != null) errs.push(...nameIsDNSSubdomain(str(templateName), false).map((m) => invalid(child(p, 'resourceClaimTemplateName'), str(templateName), m)));
  });
  return errs;
}

/**
 * validateResourceClaimNames: a container's (or the pod's) resources.claims name claims of spec.resourceClaims, each
 * at most once (or each of its requests once, a request a DNS label).
 */
export function validateResourceClaimNames(claims: unknown, names: Set<string>, path: string, kept = false): FieldError[] {
  if (!claimsValidated() && !kept) return [];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(claims).forEach((item, i) => {
    const claim = obj(item) ?? {};
    const p = index(path, i);
    const name = str(claim.name);
    if (!name) {
      errs.push(required(p));
      return;
    }
    if (seen.has(name)) errs.push(duplicate(p, name));
    else {
      const request = str(claim.request);
      let key = name;
      if (request) {
        errs.push(...isDNS1123Label(request).map((m) => invalid(child(p, 'request'), request, m)));
        key += `/${request}`;
      }
      if (seen.has(key)) errs.push(duplicate(p, key));
      else if (!request) for (const k of seen) if (k.includes('/') && k.slice(0, k.indexOf('/')) === name) errs.push(duplicate(p, name));
      seen.add(key);
    }
    if (!names.has(name)) {
      const known = [...names].sort();
      errs.push({ field: p, message: `Not found: ${goValue(name)}: must be one of the names in pod.spec.resourceClaims${known.length ? `: ${known.join(', ')}` : ' which is empty'}` });
    }
  });
  return errs;
}
