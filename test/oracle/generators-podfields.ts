// fast-check generators for the pod fields placement does not read but the API server validates (src/k8s/
// validation-security.ts, validation-pod-fields.ts, validation-handlers.ts' sleep action, validation-pod.ts'
// ephemeral containers): the values people write, mostly valid, with the mistakes they make (a typo'd seccomp or
// AppArmor type, Localhost without a localhostProfile, dnsPolicy None without a dnsConfig, too many nameservers or
// searches, a resizePolicy with a bad resource or policy, a sleep longer than the grace period). Shared by the create
// and e2e generators, each field drawn rarely so that the run's other coverage is not diluted.
import fc from 'fast-check';

const mostly = <T>(good: readonly T[], bad: readonly T[], valid = 4) =>
  fc.oneof({ weight: valid, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });
const rarely = <T>(arb: fc.Arbitrary<T>, n: number) => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const compact = <T extends Record<string, unknown>>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const seccompProfileArb = mostly<Record<string, unknown>>(
  [{ type: 'RuntimeDefault' }, { type: 'RuntimeDefault' }, { type: 'Localhost', localhostProfile: 'profiles/audit.json' }, { type: 'Unconfined' }],
  [{ type: 'runtime/default' }, { type: 'RuntimeDefualt' }, { type: 'Localhost' }, { type: 'RuntimeDefault', localhostProfile: 'profiles/audit.json' },
    { type: 'Localhost', localhostProfile: '/var/lib/kubelet/seccomp/audit.json' }, { type: 'Localhost', localhostProfile: '../audit.json' }, {}],
);
export const appArmorProfileArb = mostly<Record<string, unknown>>(
  [{ type: 'RuntimeDefault' }, { type: 'Localhost', localhostProfile: 'k8s-apparmor-example-deny-write' }, { type: 'Unconfined' }],
  [{ type: 'localhost' }, { type: 'Localhost' }, { type: 'Localhost', localhostProfile: ' k8s-deny-write ' }, { type: 'Localhost', localhostProfile: '' },
    { type: 'Unconfined', localhostProfile: 'k8s-deny-write' }, {}],
);
const id = mostly<number>([1000, 0, 65534], [-1]);

export const podSecurityContextArb = fc.record({
  runAsUser: rarely(id, 2),
  runAsGroup: rarely(id, 3),
  runAsNonRoot: rarely(fc.boolean(), 3),
  fsGroup: rarely(mostly([2000], [-1]), 3),
  fsGroupChangePolicy: rarely(mostly(['OnRootMismatch', 'Always'], ['onRootMismatch', 'Never']), 5),
  supplementalGroups: rarely(mostly([[3000], [4000, 5000]], [[-1]]), 5),
  supplementalGroupsPolicy: rarely(mostly(['Merge', 'Strict'], ['merge']), 8),
  sysctls: rarely(mostly(
    [[{ name: 'net.core.somaxconn', value: '1024' }], [{ name: 'kernel.shm_rmid_forced', value: '0' }], [{ name: 'net/ipv4/ip_local_port_range', value: '1024 65535' }]],
    [[{ name: 'Net.Core.Somaxconn', value: '1' }], [{ name: '', value: '1' }], [{ name: 'net.core.somaxconn', value: '1' }, { name: 'net.core.somaxconn', value: '2' }]]), 6),
  seccompProfile: rarely(seccompProfileArb, 2),
  appArmorProfile: rarely(appArmorProfileArb, 4),
  seLinuxChangePolicy: rarely(mostly(['Recursive'], ['MountOption', 'recursive'], 2), 8),
  // a HostProcess pod (validateWindowsHostProcessPod: every container one, and hostNetwork)
  windowsOptions: rarely(fc.constantFrom({ hostProcess: true, runAsUserName: 'NT AUTHORITY\\SYSTEM' }, { hostProcess: false }), 12),
}, { requiredKeys: [] }).map(compact);

export const containerSecurityContextArb = fc.record({
  runAsUser: rarely(id, 3),
  runAsNonRoot: rarely(fc.constant(true), 3),
  readOnlyRootFilesystem: rarely(fc.boolean(), 3),
  allowPrivilegeEscalation: rarely(fc.boolean(), 2),
  privileged: rarely(fc.boolean(), 5),
  capabilities: rarely(mostly<Record<string, string[]>>([{ drop: ['ALL'] }, { add: ['NET_ADMIN'], drop: ['ALL'] }], [{ add: ['CAP_SYS_ADMIN'] }]), 4),
  procMount: rarely(mostly(['Default'], ['Unmasked', 'unmasked'], 2), 10),
  seccompProfile: rarely(seccompProfileArb, 3),
  appArmorProfile: rarely(appArmorProfileArb, 5),
  // a Windows container's options (refused on a linux pod, spec.os)
  windowsOptions: rarely(mostly<Record<string, string | boolean>>([{ runAsUserName: 'ContainerUser' }, { gmsaCredentialSpecName: 'webapp1-gmsa' }, { hostProcess: true, runAsUserName: 'NT AUTHORITY\\SYSTEM' }],
    [{ runAsUserName: '' }, { gmsaCredentialSpecName: 'WebApp1' }, { runAsUserName: 'DOMAIN\\user\\x' }, { hostProcess: false }]), 12),
}, { requiredKeys: [] }).map(compact);

/** dnsPolicy and dnsConfig together (None needs a config with a nameserver). */
export const dnsArb = fc.record({
  dnsPolicy: fc.constantFrom(undefined, 'None', 'None', 'ClusterFirst', 'Default', 'ClusterFirstWithHostNet'),
  dnsConfig: fc.option(fc.record({
    nameservers: fc.option(mostly<string[]>([['1.1.1.1'], ['8.8.8.8', '2001:4860:4860::8888'], []], [['1.1.1.1', '8.8.8.8', '9.9.9.9', '1.0.0.1'], ['dns.example.com'], ['010.0.0.1']]), { nil: undefined }),
    searches: fc.option(mostly<string[]>([['ns1.svc.cluster.local', 'my.dns.search.suffix'], ['_srv.example.com'], ['example.com.'], ['.']],
      [Array.from({ length: 33 }, (_, i) => `s${i}.example.com`), ['Example.COM'], ['bad search'], [`${'a'.repeat(63)}.`.repeat(33)]]), { nil: undefined }),
    options: fc.option(mostly<Array<Record<string, string>>>([[{ name: 'ndots', value: '2' }], [{ name: 'edns0' }]], [[{ value: '2' }]]), { nil: undefined }),
  }, { requiredKeys: [] }).map(compact), { nil: undefined, freq: 3 }),
}).map(compact);

export const resizePolicyArb = mostly<Array<Record<string, string>>>(
  [[{ resourceName: 'cpu', restartPolicy: 'NotRequired' }], [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'memory', restartPolicy: 'RestartContainer' }]],
  [[{ resourceName: 'gpu', restartPolicy: 'NotRequired' }], [{ resourceName: 'cpu', restartPolicy: 'Restart' }], [{ resourceName: 'cpu', restartPolicy: 'NotRequired' }, { resourceName: 'cpu', restartPolicy: 'NotRequired' }],
    [{ resourceName: 'memory' }], [{ restartPolicy: 'NotRequired' }]],
);

/** A preStop hook: a sleep (seconds against terminationGracePeriodSeconds), or an exec. */
export const lifecycleArb = fc.oneof(
  { weight: 3, arbitrary: mostly([5, 10, 0], [-1, 45, 3600]).map((seconds) => ({ preStop: { sleep: { seconds } } })) },
  { weight: 1, arbitrary: fc.constant({ preStop: { exec: { command: ['/bin/sh', '-c', 'sleep 5'] } } }) },
);

export const gracePeriodArb = mostly([30, 60, 5], [0]);
export const readinessGatesArb = mostly([[{ conditionType: 'example.com/feature-1' }]], [[{ conditionType: 'bad gate' }]]);

/**
 * A probe as charts write them (validation-handlers.ts): an httpGet on a path and a numbered or named port, a tcpSocket,
 * an exec, a grpc, with the timings; and what people get wrong: a liveness or startup successThreshold other than 1, a
 * readiness probe with terminationGracePeriodSeconds, two handlers or none, a port out of range or a bad port name,
 * `http` for the scheme, a header name with an underscore, an empty command, a negative period.
 */
const handlerArb = mostly<Record<string, unknown>>(
  [{ httpGet: { path: '/healthz', port: 8080 } }, { httpGet: { path: '/ready', port: 'http', scheme: 'HTTPS' } }, { tcpSocket: { port: 5432 } },
    { exec: { command: ['pg_isready', '-U', 'postgres'] } }, { grpc: { port: 9090, service: 'liveness' } },
    { httpGet: { path: '/healthz', port: 8080, httpHeaders: [{ name: 'X-Probe', value: 'kubelet' }] } }],
  [{ httpGet: { path: '/healthz', port: 8080 }, tcpSocket: { port: 8080 } }, {}, { httpGet: { path: '/healthz', port: 0 } },
    { httpGet: { path: '/healthz', port: 'HTTP' } }, { tcpSocket: { port: 'metrics-port-name' } }, { httpGet: { port: 8080, scheme: 'http' } },
    { httpGet: { port: 8080, httpHeaders: [{ name: 'X_Probe', value: '1' }] } }, { exec: { command: [] } }, { grpc: { port: 70000 } }]);
const timingsArb = fc.record({
  initialDelaySeconds: rarely(mostly([5, 10, 30], [-1]), 2),
  periodSeconds: rarely(mostly([10, 5, 20], [-5]), 2),
  timeoutSeconds: rarely(fc.constantFrom(1, 3, 5), 3),
  failureThreshold: rarely(fc.constantFrom(3, 30), 3),
  successThreshold: rarely(mostly([1], [2, 3]), 4),
  terminationGracePeriodSeconds: rarely(mostly([10, 60], [0, -1]), 12),
}, { requiredKeys: [] }).map(compact);
export const probeArb = fc.tuple(handlerArb, timingsArb).map(([h, t]) => ({ ...h, ...t }));

/** What a container may carry of these (merged into a generated container). */
export const containerFieldsArb = fc.record({
  securityContext: rarely(containerSecurityContextArb, 8),
  resizePolicy: rarely(resizePolicyArb, 12),
  lifecycle: rarely(lifecycleArb, 12),
  livenessProbe: rarely(probeArb, 8),
  readinessProbe: rarely(probeArb, 8),
  startupProbe: rarely(probeArb, 16),
}, { requiredKeys: [] }).map(compact);

/** What a pod spec may carry of these (merged into a generated spec). */
export const podFieldsArb = fc.record({
  securityContext: rarely(podSecurityContextArb, 6),
  dns: rarely(dnsArb, 12),
  terminationGracePeriodSeconds: rarely(gracePeriodArb, 8),
  readinessGates: rarely(readinessGatesArb, 25),
  // a user namespace, and the host namespaces it may not share (validateHostUsers: hostNetwork comes with the create generator)
  hostUsers: rarely(fc.constant(false), 10),
  hostPID: rarely(fc.constant(true), 16),
  hostIPC: rarely(fc.constant(true), 16),
}, { requiredKeys: [] }).map(({ dns, ...rest }) => compact({ ...rest, ...(dns ?? {}) }));

/**
 * Annotations the API server checks against the pod's spec (src/k8s/validation-annotations.ts): the deprecated seccomp
 * and AppArmor ones old charts still write (for the generators' containers `c` and `init`, or one the pod lacks), the
 * pod deletion cost, the mirror pod annotation, the tolerations annotation; mostly valid, with the values people get wrong. Merged into a Pod's or
 * a template's annotations, one or two at a time.
 */
const APPARMOR = 'container.apparmor.security.beta.kubernetes.io/';
const SECCOMP = 'container.seccomp.security.alpha.kubernetes.io/';
/**
 * The `scheduler.alpha.kubernetes.io/tolerations` annotation old charts and operators still write (ValidateTolerationsInPodAnnotations):
 * mostly a valid JSON list, else what people get wrong (an Equals operator, a misspelt effect, a key with a space,
 * tolerationSeconds as a string or without NoExecute, a trailing comma, single quotes, an object instead of a list,
 * YAML's flow style), and now and then a text cut or changed at one byte, for Go's scanner's other words.
 */
const TOLERATIONS_GOOD = [
  '[{"key":"dedicated","operator":"Equal","value":"gpu","effect":"NoSchedule"}]',
  '[{"key":"node-role.kubernetes.io/master","operator":"Exists","effect":"NoSchedule"}]',
  '[{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}]',
  '[{"operator":"Exists"}]', '[]', 'null', '[{"Key":"CriticalAddonsOnly","Operator":"Exists"}]',
];
const TOLERATIONS_BAD = [
  '[{"key":"dedicated","operator":"Equals","value":"gpu","effect":"NoSchedule"}]',
  '[{"key":"dedicated","operator":"Exists","effect":"NoSchedul"}]',
  '[{"key":"dedicated key","operator":"Exists"}]',
  '[{"key":"dedicated","operator":"Exists","value":"gpu"}]',
  '[{"key":"app","operator":"Exists","effect":"NoExecute","tolerationSeconds":"300"}]',
  '[{"key":"app","operator":"Exists","effect":"NoSchedule","tolerationSeconds":300}]',
  '[{"key":"dedicated","operator":"Equal","value":"gpu",}]',
  "[{'key':'dedicated','operator':'Exists'}]",
  '{"key":"dedicated","operator":"Exists"}',
  '[{key: dedicated, operator: Exists}]',
  '[{"key":"dedicated","operator":"Exists"}',
  '[{"value":"gpu"}]', '[null]', '"dedicated"',
];
const tolerationsAnnotationArb = fc.oneof(
  { weight: 6, arbitrary: mostly(TOLERATIONS_GOOD, TOLERATIONS_BAD, 2) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...TOLERATIONS_GOOD.slice(0, 3)), fc.nat(), fc.constantFrom('del', 'cut', '{', '"', ',', ':', '1', '-', 'e', '.', 't', '\\', ' ', 'é', '\u00a0'))
    .map(([text, at, op]) => {
      const i = at % text.length;
      return op === 'del' ? text.slice(0, i) + text.slice(i + 1) : op === 'cut' ? text.slice(0, i) : text.slice(0, i) + op + text.slice(i + 1);
    }) },
);
const annotationArb = fc.oneof(
  fc.tuple(mostly([`${APPARMOR}c`, `${APPARMOR}init`], [`${APPARMOR}sidecar`]), mostly(['runtime/default', 'localhost/k8s-apparmor-example-deny-write', 'unconfined'], ['bogus', 'runtime/foo', 'localhost/', ''])),
  fc.tuple(mostly(['seccomp.security.alpha.kubernetes.io/pod', `${SECCOMP}c`], [`${SECCOMP}sidecar`]),
    mostly(['runtime/default', 'docker/default', 'unconfined', 'localhost/profiles/audit.json'], ['RuntimeDefault', 'localhost/../audit.json', 'localhost//audit.json', ''])),
  fc.tuple(fc.constant('controller.kubernetes.io/pod-deletion-cost'), mostly(['10', '-5', '0', '2147483647'], ['+1', '007', '2147483648', 'high', ''])),
  fc.tuple(fc.constant('kubernetes.io/config.mirror'), fc.constant('mirror')),
  fc.tuple(fc.constant('scheduler.alpha.kubernetes.io/tolerations'), tolerationsAnnotationArb),
);
export const specAnnotationsArb = fc.array(annotationArb, { minLength: 1, maxLength: 2 }).map((pairs) => Object.fromEntries(pairs) as Record<string, string>);
