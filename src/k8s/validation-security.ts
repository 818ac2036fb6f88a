// A pod's and its containers' securityContext as kube-apiserver validates them on create
// (pkg/apis/core/validation/validation.go validatePodSpecSecurityContext, ValidateSecurityContext,
// validateSeccompProfileField, validateSeccompProfileType, ValidateAppArmorProfileField, ValidateProcMountType,
// validateFSGroupChangePolicy, validateSupplementalGroupsPolicy, validateSELinuxChangePolicy, validateSysctls; the same
// code at v1.33.13 … v1.37.2 but for what the comments say). Placement reads none of these fields; an error here is the
// API server's refusal all the same; validateLinux and validateWindows (spec.os) and validateWindowsSecurityContextOptions
// too, validateHostUsers and validateWindowsHostProcessPod. The annotations compared with these fields are
// validation-annotations.ts's.
import type { FieldError } from '../core/types';
import { gateEnabled, releaseAtLeast } from '../core/config';
import { child, duplicate, forbidden, goJson, index, invalid, named, notSupported, Raw, required } from './validation-field';
import type * as VolumeValidation from './validation-volumes';
import { isDNS1123Subdomain } from './names';

// (validateLocalDescendingPath, for a Localhost seccomp profile: volume validation is read only where needed)
const volumeValidation = (): typeof VolumeValidation => require('./validation-volumes');

type Obj = Record<string, any>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

const MAX_ID = 2147483647;
/** validation.IsValidUserID / IsValidGroupID: InclusiveRangeError(0, math.MaxInt32). */
const ID_RANGE = `must be between 0 and ${MAX_ID}, inclusive`;
const idErrors = (v: unknown, path: string): FieldError[] => (isInt(v) && (v < 0 || v > MAX_ID) ? [invalid(path, v, ID_RANGE)] : []);

const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];
/** @upstream pkg/apis/core/validation/validation.go */
const SECCOMP_TYPE_REQUIRED = 'type is required when seccompProfile is set';
/** @upstream pkg/apis/core/validation/validation.go */
const SECCOMP_LOCALHOST_REQUIRED = 'must be set when seccomp type is Localhost';
/** @upstream pkg/apis/core/validation/validation.go */
const SECCOMP_LOCALHOST_ONLY = 'can only be set when seccomp type is Localhost';
/** @upstream pkg/apis/core/validation/validation.go */
const APPARMOR_TYPE_REQUIRED = 'type is required when appArmorProfile is set';
/** @upstream pkg/apis/core/validation/validation.go */
const APPARMOR_LOCALHOST_REQUIRED = 'must be set when AppArmor type is Localhost';
/** @upstream pkg/apis/core/validation/validation.go */
const APPARMOR_LOCALHOST_ONLY = 'can only be set when AppArmor type is Localhost';
/** @upstream pkg/apis/core/validation/validation.go */
const APPARMOR_PADDED = 'must not be padded with whitespace';
/** @upstream pkg/apis/core/validation/validation.go */
const NO_ESCALATION_PRIVILEGED = 'cannot set `allowPrivilegeEscalation` to false and `privileged` to true';
/** @upstream pkg/apis/core/validation/validation.go */
const NO_ESCALATION_SYS_ADMIN = 'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN';
/** @upstream pkg/apis/core/validation/validation.go */
const UNMASKED_HOST_USERS = '`hostUsers` must be false to use `Unmasked`';
/** @upstream pkg/apis/core/validation/validation.go */
const WITH_USER_NAMESPACES = 'when `hostUsers` is false';
// (v1.33.13's words for the same)
const WITH_USER_NAMESPACES_133 = 'when `pod.Spec.HostUsers` is false';

/** validateSeccompProfileField. The bad value of a localhostProfile set with another type is the whole profile (JSON of core.SeccompProfile). */
export function validateSeccompProfile(sp: unknown, path: string): FieldError[] {
  const p = obj(sp);
  if (!p) return [];
  const errs: FieldError[] = [];
  const type = String(p.type ?? '');
  if (!type) errs.push(required(child(path, 'type'), SECCOMP_TYPE_REQUIRED));
  else if (!PROFILE_TYPES.includes(type)) errs.push(notSupported(child(path, 'type'), named(String(type)), PROFILE_TYPES));
  const local = p.localhostProfile;
  if (type === 'Localhost') {
    if (local == null) errs.push(required(child(path, 'localhostProfile'), SECCOMP_LOCALHOST_REQUIRED));
    else errs.push(...volumeValidation().validateLocalDescendingPath(String(local), child(path, 'localhostProfile')));
  } else if (local != null) {
    // internal core.SeccompProfile has no json tags: Go's field names
    errs.push(invalid(child(path, 'localhostProfile'), new Raw(goJson({ Type: type, LocalhostProfile: local })), SECCOMP_LOCALHOST_ONLY));
  }
  return errs;
}

/** ValidateAppArmorProfileField. */
export function validateAppArmorProfile(ap: unknown, path: string): FieldError[] {
  const p = obj(ap);
  if (!p) return [];
  const type = String(p.type ?? '');
  const local = p.localhostProfile as string | null | undefined;
  const lp = child(path, 'localhostProfile');
  switch (type) {
    case 'Localhost': {
      if (local == null) return [required(lp, APPARMOR_LOCALHOST_REQUIRED)];
      const errs: FieldError[] = [];
      const trimmed = String(local).trim();
      if (trimmed !== local) errs.push(invalid(lp, local, APPARMOR_PADDED));
      else if (!trimmed) errs.push(required(lp, APPARMOR_LOCALHOST_REQUIRED));
      // field.TooLong(path, "", 4095): `Too long: may not be more than 4095 bytes`
      if (Buffer.byteLength(String(local)) > 4095) errs.push({ field: lp, message: 'Too long: may not be more than 4095 bytes' });
      return errs;
    }
    case 'RuntimeDefault':
    case 'Unconfined':
      // the bad value is the *string: json.Marshal quotes it
      return local != null ? [invalid(lp, new Raw(goJson(local)), APPARMOR_LOCALHOST_ONLY)] : [];
    case '':
      return [required(child(path, 'type'), APPARMOR_TYPE_REQUIRED)];
    default:
      return [notSupported(child(path, 'type'), named(String(type)), PROFILE_TYPES)];
  }
}

const FS_GROUP_CHANGE_POLICIES = ['Always', 'OnRootMismatch'];
const SUPPLEMENTAL_GROUPS_POLICIES = ['Merge', 'Strict'];
const SELINUX_CHANGE_POLICIES = ['MountOption', 'Recursive'];

// sysctl names (validation.go SysctlContainSlashFmt, SysctlMaxLength)
const SYSCTL_SEGMENT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const SYSCTL_FMT = `^(${SYSCTL_SEGMENT}[\\./])*${SYSCTL_SEGMENT}$`;
const SYSCTL_NAME = new RegExp(SYSCTL_FMT);
const SYSCTL_MESSAGE = `must have at most 253 characters and match regex ${SYSCTL_FMT}`;
/** component-helpers/node/util/sysctl GetNamespace: the namespace a sysctl (with `/` or `.`) belongs to. */
function sysctlNamespace(name: string): 'ipc' | 'net' | undefined {
  const n = name.replace(/\//g, '.');
  if (n === 'kernel.sem' || n.startsWith('kernel.shm') || n.startsWith('kernel.msg') || n.startsWith('fs.mqueue.')) return 'ipc';
  if (n.startsWith('net.')) return 'net';
  return undefined;
}

function validateSysctls(sysctls: unknown[], spec: Obj, path: string, update: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  sysctls.forEach((s, i) => {
    const name = String(obj(s)?.name ?? '');
    const p = child(index(path, i), 'name');
    if (!name) errs.push(required(p));
    else if (name.length > 253 || !SYSCTL_NAME.test(name)) errs.push(invalid(p, name, SYSCTL_MESSAGE));
    else if (names.has(name)) errs.push(duplicate(p, name));
    // ValidateHostSysctl (AllowNamespacedSysctlsForHostNetAndHostIPC is false on create; on an update of itself it is
    // true whenever one of these errors would be found: GetValidationOptionsFromPodSpecAndMeta's ValidateHostSysctl of the old pod)
    const ns = update ? undefined : sysctlNamespace(name);
    if (spec.hostNetwork && ns === 'net') errs.push(invalid(p, name, "may not be specified when 'hostNetwork' is true"));
    else if (spec.hostIPC && ns === 'ipc') errs.push(invalid(p, name, "may not be specified when 'hostIPC' is true"));
    names.add(name);
  });
  return errs;
}

// validateWindowsSecurityContextOptions (maxGMSACredentialSpecLength, maxRunAsUserNameDomainLength, …)
const NETBIOS = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/;
const DNS_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const WINDOWS_DOMAIN_DNS = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`);
const BAD_USER_CHARS = /["/\\:;|=,+*?<>@[\]]/;
const DOTS_SPACES = /^[. ]+$/;
// Go's [[:cntrl:]]: ASCII control characters
const CONTROL = /[\x00-\x1f\x7f]/;

/** The checks of runAsUserName, one message each, in upstream's order. */
function runAsUserNameErrors(name: string): string[] {
  if (!name.length) return ['runAsUserName cannot be an empty string'];
  if (CONTROL.test(name)) return ['runAsUserName cannot contain control characters'];
  const parts = name.split('\\');
  if (parts.length > 2) return ['runAsUserName cannot contain more than one backslash'];
  const [domain, user] = parts.length === 1 ? ['', parts[0]] : parts;
  const out: string[] = [];
  if (Buffer.byteLength(domain) >= 256) out.push("runAsUserName's Domain length must be under 256 characters");
  if (parts.length === 2 && !(NETBIOS.test(domain) || WINDOWS_DOMAIN_DNS.test(domain))) out.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format");
  const userLength = Buffer.byteLength(user);
  if (!userLength) out.push("runAsUserName's User cannot be empty");
  else if (userLength > 104) out.push("runAsUserName's User length must not be longer than 104 characters");
  if (DOTS_SPACES.test(user)) out.push("runAsUserName's User cannot contain only periods or spaces");
  if (BAD_USER_CHARS.test(user)) out.push('runAsUserName\'s User cannot contain the following characters: "/\\:;|=,+*?<>@[]');
  return out;
}

/** validateWindowsSecurityContextOptions: the bad values are *string, printed quoted. */
export function validateWindowsOptions(options: unknown, path: string): FieldError[] {
  const w = obj(options);
  if (!w) return [];
  const errs: FieldError[] = [];
  if (w.gmsaCredentialSpecName != null) {
    const name = String(w.gmsaCredentialSpecName);
    errs.push(...isDNS1123Subdomain(name).map((m) => invalid(child(path, 'gmsaCredentialSpecName'), name, m)));
  }
  if (w.gmsaCredentialSpec != null) {
    const spec = String(w.gmsaCredentialSpec);
    if (!spec.length) errs.push(invalid(child(path, 'gmsaCredentialSpec'), spec, 'gmsaCredentialSpec cannot be an empty string'));
    else if (Buffer.byteLength(spec) > 64 * 1024) errs.push(invalid(child(path, 'gmsaCredentialSpec'), spec, 'gmsaCredentialSpec size must be under 64 KiB'));
  }
  if (w.runAsUserName != null) {
    const name = String(w.runAsUserName);
    errs.push(...runAsUserNameErrors(name).map((m) => invalid(child(path, 'runAsUserName'), name, m)));
  }
  return errs;
}

/**
 * validatePodSpecSecurityContext. seLinuxChangePolicy: without SELinuxMount (beta and off up to 1.36, GA and on at
 * 1.37) only Recursive is allowed, unless the pod already has a policy (an update of itself).
 */
/**
 * validateHostUsers: a pod in a user namespace (spec.hostUsers false) may not share the host's PID or IPC namespace,
 * nor its network (AllowUserNamespacesHostNetworkSupport: the UserNamespacesHostNetworkSupport gate, alpha and off from
 * 1.35, or an existing pod that has both), nor, from 1.34, have volumeDevices in any container (unless an existing pod
 * has them: AllowUserNamespacesWithVolumeDevices). `update`: an object validated as an update of itself. The field
 * names as upstream writes them (`HostPID`, `HostIPC`).
 */
export function validateHostUsers(spec: Obj, path: string, update = false): FieldError[] {
  if (spec.hostUsers !== false) return [];
  const since134 = releaseAtLeast('1.34');
  const detail = since134 ? WITH_USER_NAMESPACES : WITH_USER_NAMESPACES_133;
  const errs: FieldError[] = [];
  // (the gate is alpha and off at 1.35-1.37, and not settable here: only an existing pod keeps both)
  const allowNetwork = releaseAtLeast('1.35') && update;
  if (spec.hostNetwork === true && !allowNetwork) errs.push(forbidden(child(path, 'hostNetwork'), detail));
  if (spec.hostPID === true) errs.push(forbidden(child(path, 'HostPID'), detail));
  if (spec.hostIPC === true) errs.push(forbidden(child(path, 'HostIPC'), detail));
  if (since134 && !update) {
    visitContainers(spec, path, (c, p) => {
      if (Array.isArray(c.volumeDevices) && c.volumeDevices.length) errs.push(forbidden(child(p, 'volumeDevices'), detail));
    });
  }
  return errs;
}

/** @upstream pkg/apis/core/validation/validation.go */
const ALL_HOST_PROCESS = 'If pod contains any hostProcess containers then all containers must be HostProcess containers';
/** @upstream pkg/apis/core/validation/validation.go */
const HOST_PROCESS_NETWORK = 'hostNetwork must be true if pod contains any hostProcess containers';

/**
 * validateWindowsHostProcessPod (any pod: a pod without spec.os may set windowsOptions): a container's hostProcess the
 * pod's when both are set; with any HostProcess container (its own or the pod's true), every container one, and
 * hostNetwork. (Its `disallowed by cluster policy` needs kube-apiserver --allow-privileged=false, which kubeadm and the
 * managed clusters do not run, as for a privileged container.)
 */
export function validateWindowsHostProcessPod(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const hostProcessOf = (sc: unknown) => obj(obj(sc)?.windowsOptions)?.hostProcess as boolean | undefined;
  const pod = hostProcessOf(spec.securityContext);
  let count = 0;
  let hostProcess = 0;
  visitContainers(spec, path, (c, p) => {
    count++;
    const own = hostProcessOf(c.securityContext);
    if (pod != null && own != null && pod !== own) {
      errs.push(invalid(`${p}.securityContext.windowsOptions.hostProcess`, own, `pod hostProcess value must be identical if both are specified, was ${pod}`));
    }
    if (own === true || (own == null && pod === true)) hostProcess++;
  });
  if (hostProcess === 0) return errs;
  if (hostProcess !== count) errs.push(invalid(path, '', ALL_HOST_PROCESS));
  if (spec.hostNetwork !== true) errs.push(invalid(child(path, 'hostNetwork'), false, HOST_PROCESS_NETWORK));
  return errs;
}

export function validatePodSecurityContext(spec: Obj, path: string, update = false): FieldError[] {
  const sc = obj(spec.securityContext);
  if (!sc) return [];
  const p = child(path, 'securityContext');
  const errs = [...idErrors(sc.fsGroup, child(p, 'fsGroup')), ...idErrors(sc.runAsUser, child(p, 'runAsUser')), ...idErrors(sc.runAsGroup, child(p, 'runAsGroup'))];
  (Array.isArray(sc.supplementalGroups) ? sc.supplementalGroups : []).forEach((g: unknown, i: number) => errs.push(...idErrors(g, index(child(p, 'supplementalGroups'), i))));
  if (Array.isArray(sc.sysctls) && sc.sysctls.length) errs.push(...validateSysctls(sc.sysctls, spec, child(p, 'sysctls'), update));
  if (sc.fsGroupChangePolicy != null && !FS_GROUP_CHANGE_POLICIES.includes(sc.fsGroupChangePolicy)) {
    errs.push(notSupported(child(p, 'fsGroupChangePolicy'), named(String(sc.fsGroupChangePolicy)), FS_GROUP_CHANGE_POLICIES));
  }
  errs.push(...validateSeccompProfile(sc.seccompProfile, child(p, 'seccompProfile')));
  errs.push(...validateWindowsOptions(sc.windowsOptions, child(p, 'windowsOptions')));
  errs.push(...validateAppArmorProfile(sc.appArmorProfile, child(p, 'appArmorProfile')));
  if (sc.supplementalGroupsPolicy != null && !SUPPLEMENTAL_GROUPS_POLICIES.includes(sc.supplementalGroupsPolicy)) {
    errs.push(notSupported(child(p, 'supplementalGroupsPolicy'), named(String(sc.supplementalGroupsPolicy)), SUPPLEMENTAL_GROUPS_POLICIES));
  }
  if (sc.seLinuxChangePolicy != null) {
    const allowed = gateEnabled('SELinuxMount') || update ? SELINUX_CHANGE_POLICIES : ['Recursive'];
    if (!allowed.includes(sc.seLinuxChangePolicy)) errs.push(notSupported(child(p, 'seLinuxChangePolicy'), named(String(sc.seLinuxChangePolicy)), allowed));
  }
  return errs;
}

/** ValidateSecurityContext of one container (hostUsers: spec.hostUsers unset or true). */
/**
 * `allowSysAdmin`: AllowSysAdminWhenPrivilegeEscalationFalse (1.37), set on an update of a pod that already holds such a
 * container (useAllowSysAdminWhenPrivilegeEscalationFalse): with the pod its own old one, always.
 */
export function validateContainerSecurityContext(container: object, path: string, hostUsers: boolean, allowSysAdmin = false): FieldError[] {
  const sc = obj((container as Obj).securityContext);
  if (!sc) return [];
  const p = child(path, 'securityContext');
  const errs = [...idErrors(sc.runAsUser, child(p, 'runAsUser')), ...idErrors(sc.runAsGroup, child(p, 'runAsGroup'))];
  if (sc.procMount != null) {
    if (sc.procMount !== 'Default' && sc.procMount !== 'Unmasked') errs.push(notSupported(child(p, 'procMount'), named(String(sc.procMount)), ['Default', 'Unmasked']));
    if (hostUsers && sc.procMount === 'Unmasked') errs.push(invalid(child(p, 'procMount'), sc.procMount, UNMASKED_HOST_USERS));
  }
  errs.push(...validateSeccompProfile(sc.seccompProfile, child(p, 'seccompProfile')));
  if (sc.allowPrivilegeEscalation === false) {
    // the bad value is the whole core.SecurityContext; printed as JSON from 1.34 (its Go field names, nulls included)
    const whole = () => new Raw(goJson(goSecurityContext(sc)));
    if (sc.privileged === true) errs.push(invalid(p, whole(), NO_ESCALATION_PRIVILEGED));
    for (const cap of Array.isArray(obj(sc.capabilities)?.add) ? sc.capabilities.add : []) {
      if (cap === 'CAP_SYS_ADMIN' && !allowSysAdmin) errs.push(invalid(p, whole(), NO_ESCALATION_SYS_ADMIN));
    }
  }
  errs.push(...validateWindowsOptions(sc.windowsOptions, child(p, 'windowsOptions')));
  errs.push(...validateAppArmorProfile(sc.appArmorProfile, child(p, 'appArmorProfile')));
  return errs;
}

/** json.Marshal of the internal core.SecurityContext (no json tags: Go's field names, in its field order). */
function goSecurityContext(sc: Obj): Obj {
  const caps = obj(sc.capabilities);
  const seLinux = obj(sc.seLinuxOptions);
  const windows = obj(sc.windowsOptions);
  const seccomp = obj(sc.seccompProfile);
  const apparmor = obj(sc.appArmorProfile);
  return {
    Capabilities: caps ? { Add: caps.add ?? null, Drop: caps.drop ?? null } : null,
    Privileged: sc.privileged ?? null,
    SELinuxOptions: seLinux ? { User: seLinux.user ?? '', Role: seLinux.role ?? '', Type: seLinux.type ?? '', Level: seLinux.level ?? '' } : null,
    WindowsOptions: windows
      ? { GMSACredentialSpecName: windows.gmsaCredentialSpecName ?? null, GMSACredentialSpec: windows.gmsaCredentialSpec ?? null, RunAsUserName: windows.runAsUserName ?? null, HostProcess: windows.hostProcess ?? null }
      : null,
    RunAsUser: sc.runAsUser ?? null,
    RunAsGroup: sc.runAsGroup ?? null,
    RunAsNonRoot: sc.runAsNonRoot ?? null,
    ReadOnlyRootFilesystem: sc.readOnlyRootFilesystem ?? null,
    AllowPrivilegeEscalation: sc.allowPrivilegeEscalation ?? null,
    ProcMount: sc.procMount ?? null,
    SeccompProfile: seccomp ? { Type: seccomp.type ?? '', LocalhostProfile: seccomp.localhostProfile ?? null } : null,
    AppArmorProfile: apparmor ? { Type: apparmor.type ?? '', LocalhostProfile: apparmor.localhostProfile ?? null } : null,
  };
}

/** @upstream pkg/apis/core/validation/validation.go */
const NOT_FOR_WINDOWS = 'cannot be set for a windows pod';
/** @upstream pkg/apis/core/validation/validation.go */
const NOT_FOR_LINUX = 'windows options cannot be set for a linux pod';
/** validateWindows' pod securityContext fields, in its order. */
const WINDOWS_POD_FORBIDDEN = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'fsGroup', 'fsGroupChangePolicy', 'sysctls', 'runAsUser', 'runAsGroup',
  'supplementalGroups', 'supplementalGroupsPolicy', 'seLinuxChangePolicy'];
/** validateWindows' container securityContext fields, in its order. */
const WINDOWS_CONTAINER_FORBIDDEN = ['appArmorProfile', 'seLinuxOptions', 'seccompProfile', 'capabilities', 'readOnlyRootFilesystem', 'privileged', 'allowPrivilegeEscalation',
  'procMount', 'runAsUser', 'runAsGroup'];

/** podshelper.VisitContainersWithPath: init containers, containers, ephemeral containers, each with its path. */
export function visitContainers(spec: Obj, path: string, f: (c: Obj, p: string) => void): void {
  for (const key of ['initContainers', 'containers', 'ephemeralContainers']) {
    (Array.isArray(spec[key]) ? spec[key] : []).forEach((c: unknown, i: number) => {
      const o = obj(c);
      if (o) f(o, index(child(path, key), i));
    });
  }
}

/**
 * validateLinux and validateWindows, run when spec.os names a valid OS: a linux pod has no windowsOptions; a windows
 * pod none of the Linux security fields, hostUsers, hostPID, hostIPC or shareProcessNamespace (v1.33.13 reads the
 * last four from the internal pod securityContext, which conversion always makes: the same errors).
 */
export function validateOSSecurity(spec: Obj, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const sc = obj(spec.securityContext);
  const scPath = child(path, 'securityContext');
  if (spec.os?.name === 'linux') {
    if (sc?.windowsOptions != null) errs.push(forbidden(child(scPath, 'windowsOptions'), NOT_FOR_LINUX));
    visitContainers(spec, path, (c, p) => {
      if (obj(c.securityContext)?.windowsOptions != null) errs.push(forbidden(child(child(p, 'securityContext'), 'windowsOptions'), NOT_FOR_LINUX));
    });
    return errs;
  }
  if (spec.os?.name !== 'windows') return errs;
  for (const f of WINDOWS_POD_FORBIDDEN) if (sc?.[f] != null) errs.push(forbidden(child(scPath, f), NOT_FOR_WINDOWS));
  if (spec.hostUsers != null) errs.push(forbidden(child(path, 'hostUsers'), NOT_FOR_WINDOWS));
  if (spec.hostPID === true) errs.push(forbidden(child(path, 'hostPID'), NOT_FOR_WINDOWS));
  if (spec.hostIPC === true) errs.push(forbidden(child(path, 'hostIPC'), NOT_FOR_WINDOWS));
  if (spec.shareProcessNamespace != null) errs.push(forbidden(child(path, 'shareProcessNamespace'), NOT_FOR_WINDOWS));
  visitContainers(spec, path, (c, p) => {
    const csc = obj(c.securityContext);
    for (const f of WINDOWS_CONTAINER_FORBIDDEN) if (csc?.[f] != null) errs.push(forbidden(child(child(p, 'securityContext'), f), NOT_FOR_WINDOWS));
  });
  return errs;
}
