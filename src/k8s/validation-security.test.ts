// A pod's and its containers' securityContext (validation-security.ts), cases after validation_test.go
// TestValidateSecurityContext, TestValidateLinuxPodSecurityContext, TestValidateSysctls, TestValidateSELinuxChangePolicy
// and TestValidatePodTemplateSpecSeccomp, with the exact lists the API server returns (v1.33.13 … v1.37.2 alike but where
// a release is named). Reached by the create and e2e oracles through test/oracle/generators-podfields.ts.
import { withConfiguration, type KubernetesVersion } from '../core/config';
import { validatePodSpec } from './validation-pod';
import { validateAppArmorProfile, validateContainerSecurityContext, validatePodSecurityContext, validateSeccompProfile } from './validation-security';

const lines = (errs: Array<{ field: string; message: string }>) => errs.map((e) => `${e.field}: ${e.message}`);
const at = <T>(version: KubernetesVersion, f: () => T) => withConfiguration({ kubernetesVersion: version }, f);
const P = 'sc.seccompProfile';
const A = 'sc.appArmorProfile';

describe('validateSeccompProfileField', () => {
  test.each<[string, object, string[]]>([
    ['RuntimeDefault', { type: 'RuntimeDefault' }, []],
    ['Localhost with a relative profile', { type: 'Localhost', localhostProfile: 'profiles/audit.json' }, []],
    ['no type', {}, [`${P}.type: Required value: type is required when seccompProfile is set`]],
    ['a typo', { type: 'RuntimeDefualt' }, [`${P}.type: Unsupported value: "RuntimeDefualt": supported values: "Localhost", "RuntimeDefault", "Unconfined"`]],
    ['Localhost without a profile', { type: 'Localhost' }, [`${P}.localhostProfile: Required value: must be set when seccomp type is Localhost`]],
    // validateLocalDescendingPath
    ['Localhost with an absolute profile', { type: 'Localhost', localhostProfile: '/a.json' }, [`${P}.localhostProfile: Invalid value: "/a.json": must be a relative path`]],
    ['Localhost with a backstep', { type: 'Localhost', localhostProfile: '../a.json' }, [`${P}.localhostProfile: Invalid value: "../a.json": must not contain '..'`]],
    // the bad value is the whole core.SeccompProfile, JSON with Go's field names
    ['a profile with another type', { type: 'RuntimeDefault', localhostProfile: 'a.json' },
      [`${P}.localhostProfile: Invalid value: {"Type":"RuntimeDefault","LocalhostProfile":"a.json"}: can only be set when seccomp type is Localhost`]],
  ])('%s', (_n, profile, expected) => expect(lines(validateSeccompProfile(profile, P))).toEqual(expected));
});

describe('ValidateAppArmorProfileField', () => {
  test.each<[string, object, string[]]>([
    ['RuntimeDefault', { type: 'RuntimeDefault' }, []],
    ['Localhost with a profile', { type: 'Localhost', localhostProfile: 'k8s-deny-write' }, []],
    ['no type', {}, [`${A}.type: Required value: type is required when appArmorProfile is set`]],
    ['a lower-case type', { type: 'localhost' }, [`${A}.type: Unsupported value: "localhost": supported values: "Localhost", "RuntimeDefault", "Unconfined"`]],
    ['Localhost without a profile', { type: 'Localhost' }, [`${A}.localhostProfile: Required value: must be set when AppArmor type is Localhost`]],
    ['Localhost with an empty profile', { type: 'Localhost', localhostProfile: '' }, [`${A}.localhostProfile: Required value: must be set when AppArmor type is Localhost`]],
    ['Localhost with a padded profile', { type: 'Localhost', localhostProfile: ' p ' }, [`${A}.localhostProfile: Invalid value: " p ": must not be padded with whitespace`]],
    ['Localhost with a too long profile', { type: 'Localhost', localhostProfile: 'p'.repeat(4096) }, [`${A}.localhostProfile: Too long: may not be more than 4095 bytes`]],
    ['a profile with Unconfined', { type: 'Unconfined', localhostProfile: 'p' }, [`${A}.localhostProfile: Invalid value: "p": can only be set when AppArmor type is Localhost`]],
  ])('%s', (_n, profile, expected) => expect(lines(validateAppArmorProfile(profile, A))).toEqual(expected));
});

describe('validatePodSpecSecurityContext', () => {
  const run = (sc: object, spec: object = {}, update = false) => lines(validatePodSecurityContext({ ...spec, securityContext: sc }, 'spec', update));
  test('IDs: 0 … 2147483647', () => {
    expect(run({ runAsUser: -1, runAsGroup: 2147483648, fsGroup: 0, supplementalGroups: [1, -2] })).toEqual([
      'spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive',
      'spec.securityContext.runAsGroup: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive',
      'spec.securityContext.supplementalGroups[1]: Invalid value: -2: must be between 0 and 2147483647, inclusive',
    ]);
  });
  test('policies', () => {
    expect(run({ fsGroupChangePolicy: 'onRootMismatch', supplementalGroupsPolicy: 'merge' })).toEqual([
      'spec.securityContext.fsGroupChangePolicy: Unsupported value: "onRootMismatch": supported values: "Always", "OnRootMismatch"',
      'spec.securityContext.supplementalGroupsPolicy: Unsupported value: "merge": supported values: "Merge", "Strict"',
    ]);
  });
  // TestValidateSysctls: names, duplicates, and a namespaced sysctl in a namespace shared with the host
  test('sysctls', () => {
    expect(run({ sysctls: [{ name: 'Net.Core' }, { name: '' }, { name: 'kernel.msgmax' }, { name: 'kernel.msgmax' }] })).toEqual([
      'spec.securityContext.sysctls[0].name: Invalid value: "Net.Core": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$',
      'spec.securityContext.sysctls[1].name: Required value',
      'spec.securityContext.sysctls[3].name: Duplicate value: "kernel.msgmax"',
    ]);
    expect(run({ sysctls: [{ name: 'net.core.somaxconn' }, { name: 'kernel.shm_rmid_forced' }, { name: 'net/ipv4/ip_forward' }] }, { hostNetwork: true, hostIPC: true })).toEqual([
      'spec.securityContext.sysctls[0].name: Invalid value: "net.core.somaxconn": may not be specified when \'hostNetwork\' is true',
      'spec.securityContext.sysctls[1].name: Invalid value: "kernel.shm_rmid_forced": may not be specified when \'hostIPC\' is true',
      'spec.securityContext.sysctls[2].name: Invalid value: "net/ipv4/ip_forward": may not be specified when \'hostNetwork\' is true',
    ]);
  });
  // TestValidateSELinuxChangePolicy: without SELinuxMount only Recursive (unless the pod has a policy already)
  test.each<[KubernetesVersion, string[]]>([
    ['1.33', ['spec.securityContext.seLinuxChangePolicy: Unsupported value: "MountOption": supported values: "Recursive"']],
    ['1.36', ['spec.securityContext.seLinuxChangePolicy: Unsupported value: "MountOption": supported values: "Recursive"']],
    ['1.37', []],
  ])('seLinuxChangePolicy MountOption at %s', (version, expected) => {
    expect(at(version, () => run({ seLinuxChangePolicy: 'MountOption' }))).toEqual(expected);
    expect(at(version, () => run({ seLinuxChangePolicy: 'MountOption' }, {}, true))).toEqual([]);
    expect(at(version, () => run({ seLinuxChangePolicy: 'recursive' }, {}, true))).toEqual(['spec.securityContext.seLinuxChangePolicy: Unsupported value: "recursive": supported values: "MountOption", "Recursive"']);
  });
});

describe('ValidateSecurityContext', () => {
  const run = (sc: object, hostUsers = true) => lines(validateContainerSecurityContext({ securityContext: sc }, 'c', hostUsers));
  test('procMount: a known type, Unmasked only without the host user namespace', () => {
    expect(run({ procMount: 'unmasked' })).toEqual(['c.securityContext.procMount: Unsupported value: "unmasked": supported values: "Default", "Unmasked"']);
    expect(run({ procMount: 'Unmasked' })).toEqual(['c.securityContext.procMount: Invalid value: "Unmasked": `hostUsers` must be false to use `Unmasked`']);
    expect(run({ procMount: 'Unmasked' }, false)).toEqual([]);
  });
  // "sys admin without privilege escalation" and the privileged pair: the bad value is the whole SecurityContext
  test('allowPrivilegeEscalation false with privileged or CAP_SYS_ADMIN', () => {
    expect(run({ allowPrivilegeEscalation: false, privileged: true })).toEqual([
      'c.securityContext: Invalid value: {"Capabilities":null,"Privileged":true,"SELinuxOptions":null,"WindowsOptions":null,"RunAsUser":null,"RunAsGroup":null,"RunAsNonRoot":null,' +
      '"ReadOnlyRootFilesystem":null,"AllowPrivilegeEscalation":false,"ProcMount":null,"SeccompProfile":null,"AppArmorProfile":null}: cannot set `allowPrivilegeEscalation` to false and `privileged` to true',
    ]);
    expect(run({ allowPrivilegeEscalation: false, capabilities: { add: ['CAP_SYS_ADMIN'] } })).toEqual([
      'c.securityContext: Invalid value: {"Capabilities":{"Add":["CAP_SYS_ADMIN"],"Drop":null},"Privileged":null,"SELinuxOptions":null,"WindowsOptions":null,"RunAsUser":null,"RunAsGroup":null,' +
      '"RunAsNonRoot":null,"ReadOnlyRootFilesystem":null,"AllowPrivilegeEscalation":false,"ProcMount":null,"SeccompProfile":null,"AppArmorProfile":null}: cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN',
    ]);
    expect(run({ allowPrivilegeEscalation: true, privileged: true, capabilities: { add: ['CAP_SYS_ADMIN'] } })).toEqual([]);
  });
  test('runAsUser and the profiles', () => {
    expect(run({ runAsUser: -1, seccompProfile: { type: 'Localhost' }, appArmorProfile: {} })).toEqual([
      'c.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive',
      'c.securityContext.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost',
      'c.securityContext.appArmorProfile.type: Required value: type is required when appArmorProfile is set',
    ]);
  });
});

describe('through validatePodSpec', () => {
  test('every container kind, and the pod', () => {
    const spec = {
      hostUsers: false,
      securityContext: { seccompProfile: { type: 'runtime/default' } },
      containers: [{ name: 'c', image: 'i', securityContext: { procMount: 'Unmasked', appArmorProfile: { type: 'Localhost' } } }],
      initContainers: [{ name: 'i', image: 'i', securityContext: { runAsGroup: -5 } }],
    };
    expect(lines(validatePodSpec(spec as never, 'spec', { isPod: true, comparisonOperators: false }))).toEqual([
      'spec.containers[0].securityContext.appArmorProfile.localhostProfile: Required value: must be set when AppArmor type is Localhost',
      'spec.initContainers[0].securityContext.runAsGroup: Invalid value: -5: must be between 0 and 2147483647, inclusive',
      'spec.securityContext.seccompProfile.type: Unsupported value: "runtime/default": supported values: "Localhost", "RuntimeDefault", "Unconfined"',
    ]);
  });
});

// TestValidateWindowsPodSecurityContext, TestValidateLinuxPodSecurityContext, TestValidateWindowsSecurityContext
describe('validateWindows / validateLinux', () => {
  const run = (spec: object) => lines(validatePodSpec({ containers: [{ name: 'c', image: 'i' }], ...spec } as never, 'spec', { isPod: true, comparisonOperators: false }));
  test('a windows pod: no Linux security fields, host namespaces or user namespaces', () => {
    expect(run({
      os: { name: 'windows' }, hostPID: true, hostUsers: true, securityContext: { runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [{ name: 'c', image: 'i', securityContext: { privileged: false, capabilities: { drop: ['ALL'] } } }],
    })).toEqual([
      'spec.securityContext.seccompProfile: Forbidden: cannot be set for a windows pod',
      'spec.securityContext.runAsUser: Forbidden: cannot be set for a windows pod',
      'spec.hostUsers: Forbidden: cannot be set for a windows pod',
      'spec.hostPID: Forbidden: cannot be set for a windows pod',
      'spec.containers[0].securityContext.capabilities: Forbidden: cannot be set for a windows pod',
      'spec.containers[0].securityContext.privileged: Forbidden: cannot be set for a windows pod',
    ]);
  });
  test('a linux pod: no windowsOptions', () => {
    expect(run({ os: { name: 'linux' }, securityContext: { windowsOptions: { runAsUserName: 'u' } }, initContainers: [{ name: 'i', image: 'i', securityContext: { windowsOptions: {} } }] })).toEqual([
      'spec.securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod',
      'spec.initContainers[0].securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod',
    ]);
  });
  test('an OS upstream refuses: only that error', () => {
    expect(run({ os: { name: 'Windows' }, hostPID: true })).toEqual(['spec.os: Unsupported value: "Windows": supported values: "linux", "windows"']);
  });
});

// TestValidateWindowsSecurityContextOptions
describe('validateWindowsSecurityContextOptions', () => {
  const W = 'sc.windowsOptions';
  const run = (o: object) => lines(validatePodSecurityContext({ securityContext: { windowsOptions: o } }, 'spec')).map((l) => l.replace('spec.securityContext.', 'sc.'));
  test.each<[string, object, string[]]>([
    ['a valid gMSA name and user', { gmsaCredentialSpecName: 'webapp1-gmsa', runAsUserName: 'NT AUTHORITY\\NETWORK SERVICE' }, []],
    ['a bad gMSA name', { gmsaCredentialSpecName: 'Web_App' }, [`${W}.gmsaCredentialSpecName: Invalid value: "Web_App": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`]],
    ['an empty credential spec', { gmsaCredentialSpec: '' }, [`${W}.gmsaCredentialSpec: Invalid value: "": gmsaCredentialSpec cannot be an empty string`]],
    ['an empty user name', { runAsUserName: '' }, [`${W}.runAsUserName: Invalid value: "": runAsUserName cannot be an empty string`]],
    ['two backslashes', { runAsUserName: 'a\\b\\c' }, [`${W}.runAsUserName: Invalid value: "a\\\\b\\\\c": runAsUserName cannot contain more than one backslash`]],
    ['a bad domain and user', { runAsUserName: '.dom\\a@b' }, [
      `${W}.runAsUserName: Invalid value: ".dom\\\\a@b": runAsUserName's Domain doesn't match the NetBios nor the DNS format`,
      `${W}.runAsUserName: Invalid value: ".dom\\\\a@b": runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`,
    ]],
    ['only dots', { runAsUserName: '...' }, [`${W}.runAsUserName: Invalid value: "...": runAsUserName's User cannot contain only periods or spaces`]],
  ])('%s', (_n, o, expected) => expect(run(o)).toEqual(expected));
});
