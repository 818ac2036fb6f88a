// fast-check generators for the create-path oracle: objects of every kind the library validates (Pod, Deployment,
// ReplicaSet, StatefulSet, DaemonSet, Job, CronJob, Node, Namespace; claims in generators-claims.ts, PriorityClasses and
// PodDisruptionBudgets in generators-policy.ts), each field drawn from a small vocabulary where
// most values are valid and some are the mistakes people make (bad label keys and values, toleration operators and
// effects, quantities, affinity operators, spread fields, ports, names, namespaces), plus rarer wrong JSON types and
// unknown fields. Most cases are valid or carry one or two errors, so that each error class is seen alone often.
import fc from 'fast-check';
import { mostly, rarely, half, compact } from './draw';
import { claimArb, storageClassesArb } from './generators-claims';
import { containerFieldsArb, podFieldsArb, specAnnotationsArb } from './generators-podfields';
import { policyObjectInputArb } from './generators-policy';
import { persistentVolumeInputArb } from './generators-pv';
import { storageObjectInputArb } from './generators-storage-objects';

export interface CreateInput {
  object: Record<string, any>;
  /** The ExtendedResourceToleration admission plugin (off upstream; on in the eks preset). */
  extendedResourceToleration: boolean;
  /** The cluster's StorageClasses, for DefaultStorageClass admission (a PersistentVolumeClaim's create). */
  storageClasses?: Array<Record<string, any>>;
  /** The namespaces' LimitRanges, for LimitRanger admission (a Pod's create). */
  limitRanges?: Array<Record<string, any>>;
  /** The namespaces' ResourceQuotas, for ResourceQuota admission (a Pod's create). */
  resourceQuotas?: Array<Record<string, any>>;
  /** The cluster's PriorityClasses, for the Priority admission plugin (a PriorityClass's create: one globalDefault). */
  priorityClasses?: Array<Record<string, any>>;
}


const LONG = 'x'.repeat(64);
const labelKey = mostly(['app', 'tier', 'example.com/team', 'topology.kubernetes.io/zone'], ['-bad', 'a/b/c', LONG, 'Example.com/x', 'UPPER', 'a_b', 'bad key', '', 'example.com/']);
const labelValue = mostly(['web', 'db', '', 'v1.2', 'ok_1'], ['-x', LONG, 'a b', 'a/b', 'x-']);
const labels = fc.dictionary(labelKey, labelValue, { maxKeys: 2 });

const TOLERATION_KEYS = ['', 'dedicated', 'node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable', 'example.com/gpu'];
const toleration = fc.record({
  key: half(mostly(TOLERATION_KEYS, ['bad key', '-x', 'a/b/c'])),
  operator: half(mostly(['Equal', 'Exists', 'Exists'], ['Lt', 'Gt', 'exists', 'In', ''])),
  value: half(mostly(['', 'a', 'gpu'], ['5', 'bad value', LONG])),
  effect: half(mostly(['NoSchedule', 'PreferNoSchedule', 'NoExecute', 'NoExecute'], ['', 'noschedule', 'NoSchedul', 'Evict'])),
  tolerationSeconds: rarely(mostly([0, 300, 3600], [-1, 9_223_372_036_854]), 3),
}, { requiredKeys: [] }).map(compact);

const RESOURCE_NAMES = ['cpu', 'memory', 'ephemeral-storage', 'example.com/gpu', 'nvidia.com/gpu', 'hugepages-2Mi'];
const resourceName = mostly(RESOURCE_NAMES, ['storage', 'pods', 'bad name', 'kubernetes.io/foo', 'requests.cpu', 'example.com/', 'requests.example.com/x']);
// (`1500u`: finer than a milli-unit, rounded up to 2m as the API server decodes it, SetDefaults_ResourceList)
const quantity = mostly(['100m', '1', '1Gi', '2', '0', '500Mi', '0.5', '1e3', '1500u'], ['-1', '1.5', 'abc', '1K', '']);
const resourceList = fc.dictionary(resourceName, quantity, { maxKeys: 2 });
const resources = fc.record({ requests: half(resourceList), limits: half(resourceList) }, { requiredKeys: [] }).map(compact);

// pod-level resources (PodLevelResources, beta on from 1.34) as users write them: cpu, memory and hugepages in
// amounts of their own kind (rarely another name or a bad amount), against containers, init containers and sidecars
// that request and limit the same, so the pod's requests fall below the containers' aggregate, a container's limit
// rises above the pod's, or the hugepages the containers limit exceed the pod's (validatePodResourceConsistency)
const podLevelAmount = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constant('cpu'), fc.constantFrom('100m', '250m', '500m', '1', '1500m', '2', '4')) },
  { weight: 4, arbitrary: fc.tuple(fc.constant('memory'), fc.constantFrom('128Mi', '256Mi', '512Mi', '1Gi', '2Gi', '1G')) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('hugepages-2Mi', 'hugepages-1Gi'), fc.constantFrom('2Mi', '4Mi', '10Mi', '1Gi', '2Gi')) },
  { weight: 1, arbitrary: fc.tuple(resourceName, quantity) },
  // amounts finer than a milli-unit, which the API server rounds up before it compares them (0.5m + 0.5m is 2m)
  { weight: 1, arbitrary: fc.tuple(fc.constant('cpu'), fc.constantFrom('0.5m', '1500u', '1.5m', '2500u', '1m', '999u', '1001u')) },
);
const podLevelList = fc.array(podLevelAmount, { minLength: 1, maxLength: 3 }).map((entries) => Object.fromEntries(entries));
const podLevelResources = fc.record({ requests: half(podLevelList), limits: half(podLevelList) }, { requiredKeys: [] }).map(compact);
const podLevelCase = fc.record({
  pod: podLevelResources,
  // the first container's resources replaced, so both sides name the same resources
  own: half(podLevelResources),
  // an init container or a sidecar (restartPolicy Always) of its own
  extra: rarely(fc.record({ name: fc.constant('side'), image: fc.constant('registry.example/app:1'), restartPolicy: half(fc.constant('Always')), resources: podLevelResources }, { requiredKeys: ['name', 'image', 'resources'] }).map(compact), 2),
}, { requiredKeys: ['pod'] });

const port = fc.record({
  containerPort: mostly([80, 8080, 443], [0, 65536, -1]),
  hostPort: rarely(mostly([80, 8080], [0, 70000, -5]), 4),
  protocol: half(mostly(['TCP', 'UDP', 'SCTP'], ['tcp', 'HTTP', ''])),
  name: half(mostly(['http', 'metrics'], ['HTTP', 'a-very-long-port-name', '1234', 'web-', 'a--b'])),
}, { requiredKeys: ['containerPort'] }).map(compact);

const container = (name: string) =>
  fc.record({
    name: mostly([name], ['C_bad', '', 'a.b']),
    image: mostly(['registry.example/app:1'], ['', ' registry.example/app:1'], 20),
    restartPolicy: rarely(mostly(['Always'], ['Never', 'always']), 10),
    resources: half(resources),
    ports: rarely(fc.array(port, { minLength: 1, maxLength: 2 }), 4),
    volumeMounts: half(fc.array(mountArb, { minLength: 1, maxLength: 3 })),
    volumeDevices: rarely(fc.array(deviceArb, { minLength: 1, maxLength: 2 }), 25),
    env: rarely(fc.array(envVarArb, { minLength: 1, maxLength: 3 }), 6),
    envFrom: rarely(fc.array(envFromArb, { minLength: 1, maxLength: 2 }), 12),
    // securityContext, resizePolicy, a preStop sleep (generators-podfields.ts)
    fields: containerFieldsArb,
  }, { requiredKeys: ['name', 'image'] }).map(({ fields, ...c }) => compact({ ...c, ...fields }));

const values = fc.constantFrom([], ['a'], ['1'], ['a', 'b'], ['bad value'], ['-1', '2']);
const requirement = fc.record({
  key: mostly(['disk', 'topology.kubernetes.io/zone', 'example.com/pool'], ['bad key', '', '-x']),
  operator: mostly(['In', 'NotIn', 'Exists', 'DoesNotExist'], ['Gt', 'Lt', 'in', 'Equals']),
  values,
}).map((r) => (r.values.length ? r : { key: r.key, operator: r.operator }));
const fieldRequirement = fc.record({
  key: mostly(['metadata.name'], ['metadata.labels', 'spec.nodeName']),
  operator: mostly(['In', 'NotIn'], ['Exists', 'Gt']),
  values: mostly([['n1'], ['n1', 'n2']], [[], ['Bad_Name']]),
});
const term = fc.record({
  matchExpressions: half(fc.array(requirement, { maxLength: 2 })),
  matchFields: rarely(fc.array(fieldRequirement, { minLength: 1, maxLength: 1 }), 4),
}, { requiredKeys: [] }).map(compact);
const labelSelector = fc.oneof(
  { weight: 4, arbitrary: fc.record({ matchLabels: fc.constant({ app: 'web' }) }) },
  { weight: 1, arbitrary: fc.record({ matchLabels: labels }) },
  { weight: 1, arbitrary: fc.record({ matchExpressions: fc.array(fc.record({ key: labelKey, operator: mostly(['In', 'NotIn', 'Exists'], ['Gt', 'exists']), values }), { maxLength: 2 }) }) },
);
const TOPOLOGY_KEYS = ['kubernetes.io/hostname', 'topology.kubernetes.io/zone'];
const podAffinityTerm = fc.record({
  labelSelector: half(labelSelector),
  topologyKey: mostly(TOPOLOGY_KEYS, ['', 'bad key']),
  namespaces: rarely(fc.constantFrom(['team'], ['Bad_NS']), 5),
  namespaceSelector: rarely(labelSelector, 6),
  matchLabelKeys: rarely(fc.constantFrom(['pod-template-hash'], ['app'], ['bad key!']), 4),
  mismatchLabelKeys: rarely(fc.constantFrom(['tier'], ['app']), 6),
}, { requiredKeys: ['topologyKey'] }).map(compact);
const weight = mostly([1, 50, 100], [0, 101, -1]);
const podAffinity = fc.record({
  requiredDuringSchedulingIgnoredDuringExecution: half(fc.array(podAffinityTerm, { minLength: 1, maxLength: 1 })),
  preferredDuringSchedulingIgnoredDuringExecution: rarely(fc.array(fc.record({ weight, podAffinityTerm }), { minLength: 1, maxLength: 1 }), 3),
}, { requiredKeys: [] }).map(compact);
const affinity = fc.record({
  nodeAffinity: half(fc.record({
    requiredDuringSchedulingIgnoredDuringExecution: half(fc.record({ nodeSelectorTerms: fc.array(term, { maxLength: 2 }) })),
    preferredDuringSchedulingIgnoredDuringExecution: half(fc.array(fc.record({ weight, preference: term }), { minLength: 1, maxLength: 2 })),
  }, { requiredKeys: [] }).map(compact)),
  podAffinity: rarely(podAffinity, 3),
  podAntiAffinity: rarely(podAffinity, 3),
}, { requiredKeys: [] }).map(compact);

const spread = fc.record({
  maxSkew: mostly([1, 2], [0, -1]),
  topologyKey: mostly(TOPOLOGY_KEYS, ['', 'bad key!']),
  whenUnsatisfiable: mostly(['DoNotSchedule', 'ScheduleAnyway'], ['Bad', '']),
  labelSelector: half(labelSelector),
  minDomains: rarely(mostly([1, 2], [0, -1]), 4),
  nodeAffinityPolicy: rarely(mostly(['Honor', 'Ignore'], ['bad']), 4),
  nodeTaintsPolicy: rarely(mostly(['Honor', 'Ignore'], ['honor']), 4),
  matchLabelKeys: rarely(fc.constantFrom(['pod-template-hash'], ['app'], ['app', 'app'], ['bad key!']), 4),
}, { requiredKeys: ['maxSkew', 'topologyKey', 'whenUnsatisfiable'] }).map(compact);

// spec.hostAliases[].ip: valid addresses, values no release parses, and values only StrictIPCIDRValidation (on from
// 1.36, #137053) refuses (leading zeros, an IPv4-mapped IPv6 address)
const hostAlias = fc.record({
  ip: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('10.0.0.1', 'fd00::1', '127.0.0.1', '2001:DB8::1') },
    { weight: 1, arbitrary: fc.constantFrom('foo', '10.0.0.256', '', '10.0.0.1/24', 'fe80::1%eth0') },
    { weight: 2, arbitrary: fc.constantFrom('010.000.000.001', '::ffff:10.0.0.1', '::ffff:010.0.0.1', '00fd0::1') },
  ),
  hostnames: half(mostly([['db.local'], ['a', 'b.example']], [['Bad_Host'], ['-x']])),
}, { requiredKeys: ['ip'] }).map(compact);

// spec.volumes and the containers' volumeMounts as charts write them (issue podvol): mostly a valid source of the
// kinds users write, named from a small vocabulary (so that two volumes sometimes share a name); sometimes no source
// (defaulted to emptyDir), two sources, a null entry, a bad name, a source missing its required field, bad paths
/** Mostly valid: a volume has many fields, each wrong once in 16. */
const vmostly = <T>(good: readonly T[], bad: readonly T[]) => mostly(good, bad, 15);
const VOLUME_NAMES = vmostly(['data', 'config', 'cache', 'tmp', 'token'], ['Data', 'data_1', '', LONG]);
const keyToPath = fc.record({ key: vmostly(['app.conf', 'ca.crt'], ['']), path: vmostly(['app.conf', 'conf/app.conf', 'ca.crt'], ['', '/etc/app.conf', '../app.conf', 'a/../b', '..conf']) });
const items = rarely(fc.array(keyToPath, { minLength: 1, maxLength: 2 }), 3);
const fileMode = rarely(vmostly([420, 256, 0o755], [512, -1, 0o1000]), 5);
const fieldRef = fc.record({
  fieldPath: vmostly(['metadata.namespace', 'metadata.name', 'metadata.labels', "metadata.annotations['example.com/x']", "metadata.labels['app']"],
    ['status.podIP', 'spec.nodeName', 'spec.foo', '', "metadata.labels['bad key']", "spec.nodeName['x']", "metadata.name['x']"]),
  apiVersion: rarely(vmostly(['v1'], ['v2']), 8),
}, { requiredKeys: ['fieldPath'] }).map(compact);
// a divisor rarely: the ones each resource allows (in canonical form or not: 1000m is 1), zero (as unset), and others
const divisor = rarely(mostly<string | number>(['1m', '1', '1Mi', '1Ki', '1000m', '0', 1, '1G'], ['2', '1024', '1e3', '-1', '3Mi', '0.5'], 3), 2);
const resourceFieldRef = fc.record({
  containerName: vmostly(['c'], ['']),
  resource: vmostly(['limits.cpu', 'requests.memory', 'limits.hugepages-2Mi', 'requests.ephemeral-storage'], ['', 'cpu', 'limits.gpu']),
  divisor,
}, { requiredKeys: ['containerName', 'resource'] }).map(compact);
// a container's env and envFrom (ValidateEnv, ValidateEnvFrom): names valid under the relaxed rules (on by default at
// every release) or not at all, one valueFrom source of each kind (fieldRef paths env supports and others, a
// resourceFieldRef with the divisors above, key selectors with bad names and keys, a fileKeyRef: a field from 1.34, behind
// EnvFiles, naming a pod volume or not), none or two; rarely a value of another JSON type or a divisor that does not decode
const ENV_NAMES = vmostly(['FOO', 'APP_MODE', 'my.env-name', 'POD_NAME', '1ST', 'with space', '..'], ['', 'a=b', 'naïve', 'tab\tx', '\u007f']);
const keyName = vmostly(['app-config', 'tls', 'cfg-'], ['', 'Bad_Name', 'a..b']);
const configKey = vmostly(['app.conf', 'KEY_NAME', 'key-name'], ['', 'bad key', '..', '.', '..x', `${'k'.repeat(254)}`]);
const envFieldRef = fc.record({
  fieldPath: vmostly(['metadata.name', 'metadata.namespace', 'metadata.uid', 'status.podIP', 'spec.nodeName', 'status.hostIPs', 'spec.serviceAccountName', "metadata.labels['app']", "metadata.annotations['Example.com/X']", 'spec.host'],
    ['metadata.labels', 'metadata.annotations', 'spec.restartPolicy', 'status.phase', 'spec.foo', '', "metadata.labels['bad key']", "spec.nodeName['x']", "metadata.labels['']"]),
  apiVersion: rarely(vmostly(['v1', ''], ['v2']), 6),
}, { requiredKeys: ['fieldPath'] }).map(compact);
const envResourceFieldRef = fc.record({
  containerName: rarely(fc.constantFrom('c', 'missing', ''), 3),
  resource: vmostly(['limits.cpu', 'requests.memory', 'limits.hugepages-2Mi', 'requests.ephemeral-storage', 'limits.memory', 'requests.cpu'], ['', 'cpu', 'limits.gpu', 'requests.hugepages']),
  divisor,
}, { requiredKeys: ['resource'] }).map(compact);
const keyRef = fc.record({ name: keyName, key: configKey, optional: rarely(fc.boolean(), 4) }, { requiredKeys: ['key'] }).map(compact);
const fileKeyRef = fc.record({
  volumeName: vmostly(['cache', 'tmp', 'data', 'config'], ['', 'Bad_Vol', 'missing']),
  path: vmostly(['env.txt', 'sub/env'], ['', '../env', 'a/../b']),
  key: vmostly(['FOO', '1X', 'a b'], ['', 'a=b']),
  optional: rarely(fc.boolean(), 4),
}, { requiredKeys: ['volumeName', 'path', 'key'] }).map(compact);
const valueFrom = fc.oneof(
  { weight: 5, arbitrary: envFieldRef.map((f) => ({ fieldRef: f })) },
  { weight: 3, arbitrary: envResourceFieldRef.map((r) => ({ resourceFieldRef: r })) },
  { weight: 3, arbitrary: keyRef.map((k) => ({ configMapKeyRef: k })) },
  { weight: 3, arbitrary: keyRef.map((k) => ({ secretKeyRef: k })) },
  { weight: 2, arbitrary: fileKeyRef.map((f) => ({ fileKeyRef: f })) },
  { weight: 1, arbitrary: fc.constantFrom({}, { fieldRef: { fieldPath: 'metadata.name' }, secretKeyRef: { name: 's', key: 'k' } }, { configMapKeyRef: { name: 'a', key: 'k' }, fileKeyRef: { volumeName: 'cache', path: 'p', key: 'K' } }) },
);
const envVarArb = fc.oneof(
  { weight: 40, arbitrary: fc.record({ name: ENV_NAMES, value: half(fc.constantFrom('x', '$(FOO)', '')), valueFrom: half(valueFrom) }, { requiredKeys: ['name'] }).map(compact) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, any> | null>(null, { name: 'FOO', valueFrom: null }) },
  // a field of another JSON type, a divisor the quantity decoder refuses: the decoder's refusals
  { weight: 1, arbitrary: fc.constantFrom<Record<string, any>>({ name: 1 }, { name: 'FOO', value: true }, { name: 'FOO', valueFrom: { secretKeyRef: { name: 's', key: 'k', optional: 'yes' } } },
    { name: 'FOO', valueFrom: { resourceFieldRef: { resource: 'limits.memory', divisor: '1K' } } }, { name: 'FOO', valueFrom: { fieldRef: { fieldPath: ['metadata.name'] } } }) },
);
const envFromArb = fc.oneof(
  { weight: 20, arbitrary: fc.record({
    prefix: rarely(vmostly(['APP_', 'my.', '1_'], ['a=b', 'ü_']), 3),
    ref: fc.oneof({ weight: 6, arbitrary: keyName.map((name) => ({ configMapRef: { name } })) }, { weight: 4, arbitrary: keyName.map((name) => ({ secretRef: { name, optional: true } })) },
      { weight: 1, arbitrary: fc.constantFrom({}, { configMapRef: { name: 'a' }, secretRef: { name: 'b' } }, { configMapRef: {} })}),
  }, { requiredKeys: ['ref'] }).map(({ prefix, ref }) => compact({ prefix, ...ref })) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, any> | null>(null, { prefix: 7, configMapRef: { name: 'a' } }, { secretRef: 'tls' }) },
);
const downwardFile = fc.record({
  path: vmostly(['labels', 'namespace', 'pod/name'], ['', '/abs', '..x', 'a/../b']),
  ref: fc.oneof({ weight: 8, arbitrary: fieldRef.map((f) => ({ fieldRef: f })) }, { weight: 3, arbitrary: resourceFieldRef.map((r) => ({ resourceFieldRef: r })) },
    { weight: 1, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.record({ fieldRef, resourceFieldRef }) }),
  mode: rarely(vmostly([420], [1000]), 6),
}).map(({ path, ref, mode }) => compact({ path, ...ref, mode }));
const downwardItems = fc.array(downwardFile, { minLength: 1, maxLength: 2 });
const projectedSource = fc.oneof(
  { weight: 3, arbitrary: fc.record({ path: vmostly(['token'], ['', '/token', '../token']), expirationSeconds: rarely(vmostly([3600, 7200], [60, 2 ** 33]), 3), audience: rarely(fc.constant('vault'), 3) }, { requiredKeys: ['path'] }).map((t) => ({ serviceAccountToken: compact(t) })) },
  { weight: 3, arbitrary: fc.record({ name: vmostly(['kube-root-ca.crt'], ['']), items }, { requiredKeys: ['name'] }).map((c) => ({ configMap: compact(c) })) },
  { weight: 1, arbitrary: fc.record({ name: vmostly(['tls'], ['']), items }, { requiredKeys: ['name'] }).map((c) => ({ secret: compact(c) })) },
  { weight: 2, arbitrary: downwardItems.map((i) => ({ downwardAPI: { items: i } })) },
  { weight: 1, arbitrary: fc.constant({ configMap: { name: 'a' }, secret: { name: 'b' } }) },
);
const volumeSource = fc.oneof(
  { weight: 6, arbitrary: fc.record({ medium: rarely(fc.constantFrom('Memory', ''), 3), sizeLimit: rarely(vmostly(['1Gi', '500Mi', '0'], ['-1Gi']), 3) }, { requiredKeys: [] }).map((e) => ({ emptyDir: compact(e) })) },
  { weight: 5, arbitrary: fc.record({ name: vmostly(['app-config'], ['']), items, defaultMode: fileMode, optional: rarely(fc.boolean(), 4) }, { requiredKeys: ['name'] }).map((c) => ({ configMap: compact(c) })) },
  { weight: 4, arbitrary: fc.record({ secretName: vmostly(['tls'], ['']), items, defaultMode: fileMode }, { requiredKeys: ['secretName'] }).map((c) => ({ secret: compact(c) })) },
  { weight: 4, arbitrary: fc.record({ claimName: vmostly(['data-claim', 'web-data'], ['']), readOnly: rarely(fc.boolean(), 3) }, { requiredKeys: ['claimName'] }).map((c) => ({ persistentVolumeClaim: compact(c) })) },
  { weight: 3, arbitrary: fc.record({ path: vmostly(['/var/log', '/run/containerd/containerd.sock', '/data'], ['', '/a/../b', 'relative/..']), type: rarely(vmostly(['Directory', 'DirectoryOrCreate', 'Socket', ''], ['dir', 'Dir']), 3) }, { requiredKeys: ['path'] }).map((h) => ({ hostPath: compact(h) })) },
  { weight: 3, arbitrary: fc.record({ sources: fc.array(projectedSource, { maxLength: 3 }), defaultMode: fileMode }, { requiredKeys: ['sources'] }).map((p) => ({ projected: compact(p) })) },
  { weight: 2, arbitrary: fc.record({ items: downwardItems, defaultMode: fileMode }, { requiredKeys: ['items'] }).map((d) => ({ downwardAPI: compact(d) })) },
  { weight: 2, arbitrary: fc.record({ driver: vmostly(['secrets-store.csi.k8s.io', 'ebs.csi.aws.com'], ['', 'Bad_Driver', `${'d'.repeat(60)}.com`]), readOnly: rarely(fc.constant(true), 2), nodePublishSecretRef: rarely(vmostly([{ name: 'creds' }], [{ name: '' }, { name: 'Bad_Name' }]), 3), volumeAttributes: rarely(fc.constant({ secretProviderClass: 'app' }), 2) }, { requiredKeys: ['driver'] }).map((c) => ({ csi: compact(c) })) },
  { weight: 2, arbitrary: fc.record({ server: vmostly(['nfs.example.com', '10.0.0.5'], ['']), path: vmostly(['/exports/data', '/'], ['', 'exports']) }).map((n) => ({ nfs: n })) },
  { weight: 2, arbitrary: fc.oneof(
    { weight: 4, arbitrary: fc.record({ metadata: rarely(fc.record({ labels }), 3), spec: fc.record({ accessModes: vmostly([['ReadWriteOnce']], [[], ['ReadWriteOnce', 'ReadWriteOncePod']]), storageClassName: rarely(fc.constant('fast'), 2), resources: vmostly([{ requests: { storage: '1Gi' } }], [{}, { requests: { storage: '0' } }]) }, { requiredKeys: ['accessModes', 'resources'] }).map(compact) }, { requiredKeys: ['spec'] }).map((t) => ({ ephemeral: { volumeClaimTemplate: compact(t) } })) },
    { weight: 1, arbitrary: fc.constant({ ephemeral: {} }) },
  ) },
  { weight: 1, arbitrary: fc.constant({ awsElasticBlockStore: { volumeID: 'vol-0123', fsType: 'ext4' } }) },
  // an image volume (ImageVolume: off at 1.33 and 1.34, where the create path drops it and its mounts); the policy is
  // defaulted when empty
  { weight: 1, arbitrary: fc.record({ reference: mostly(['quay.io/my/artifact:v1', 'busybox'], [''], 4), pullPolicy: rarely(mostly(['Always', 'IfNotPresent', 'Never'], ['always', 'wrong', '']), 2) }, { requiredKeys: ['reference'] }).map((i) => ({ image: compact(i) })) },
  // no source: SetDefaults_Volume makes it an emptyDir; two sources; a null source
  { weight: 1, arbitrary: fc.constantFrom({}, { emptyDir: null }, { emptyDir: {}, configMap: { name: 'a' } }, { secret: { secretName: 's' }, persistentVolumeClaim: { claimName: 'c' }, downwardAPI: { items: [] } }) },
  // a field of another JSON type: the decoder refuses the object (the loader's type check, typecheck.ts)
  { weight: 1, arbitrary: fc.constantFrom(
    { persistentVolumeClaim: { claimName: 'c', readOnly: 'true' } }, { configMap: { name: 'a', defaultMode: '0644' } }, { emptyDir: { sizeLimit: true } },
    { csi: { driver: 7 } }, { secret: { secretName: 's', items: [{ key: 'k', path: 'p', mode: '0400' }] } }, { hostPath: { path: ['/a'] } },
  ) },
  // a downwardAPI or projected mode that is no int32 (1.5, "0644"), an image reference of another type, a divisor the
  // quantity decoder refuses: the decoder's refusals
  { weight: 1, arbitrary: fc.constantFrom(
    { downwardAPI: { items: [{ path: 'a', fieldRef: { fieldPath: 'metadata.name' }, mode: 1.5 }] } }, { downwardAPI: { defaultMode: '0644', items: [] } },
    { projected: { defaultMode: 1.5, sources: [] } }, { projected: { sources: [{ downwardAPI: { items: [{ path: 'a', fieldRef: { fieldPath: 'metadata.name' }, mode: '0644' }] } }] } },
    { projected: { sources: [{ serviceAccountToken: { path: 't', expirationSeconds: '3600' } }] } }, { image: { reference: 7 } },
    { downwardAPI: { items: [{ path: 'a', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu', divisor: '1K' } }] } },
  ) },
);
const volumeArb = fc.oneof(
  { weight: 30, arbitrary: fc.record({ name: VOLUME_NAMES, source: volumeSource }).map(({ name, source }) => ({ name, ...source })) },
  { weight: 1, arbitrary: fc.constant(null) },
);
/** A mount names a volume of the pod by its position (resolved in podSpecArb), or a volume it does not have. */
const mountArb = fc.oneof({ weight: 40, arbitrary: fc.record({
  name: fc.oneof({ weight: 30, arbitrary: fc.nat({ max: 5 }) }, { weight: 1, arbitrary: fc.constantFrom('missing', '') }),
  // undefined: the volume's own path (resolveMounts), else a path two mounts may share, or a bad one
  mountPath: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constantFrom('/data', '/etc/config') }, { weight: 1, arbitrary: fc.constantFrom('', 'relative/path') }),
  readOnly: rarely(fc.boolean(), 3),
  subPath: rarely(vmostly(['sub', 'a/b', 'app.conf'], ['/abs', '../up', 'a/../b', '..x']), 5),
  subPathExpr: rarely(vmostly(['$(POD_NAME)'], ['/$(POD_NAME)', '../$(POD_NAME)']), 12),
  mountPropagation: rarely(vmostly(['None', 'HostToContainer'], ['Bidirectional', 'bad']), 10),
  recursiveReadOnly: rarely(vmostly(['Disabled', 'IfPossible', 'Enabled'], ['enabled']), 10),
}, { requiredKeys: ['name'] }).map(compact) }, { weight: 1, arbitrary: fc.constant(null) },
// a field of another JSON type (the decoder's refusal)
{ weight: 1, arbitrary: fc.constantFrom({ name: 0, readOnly: 'yes' }, { name: 0, mountPath: 8080 }) });
const deviceArb = fc.record({ name: fc.oneof({ weight: 6, arbitrary: fc.nat({ max: 5 }) }, { weight: 1, arbitrary: fc.constant('missing') }), devicePath: mostly(['/dev/xvda', '/dev/block'], ['', '/dev/../x', '/data']) });

type Spec = Record<string, any>;
/**
 * The mounts' and devices' positions as the names of the pod's volumes (a mount without volumes is dropped), a mount
 * without a path at /mnt/<volume>; two volumes of one name are renamed apart unless the case keeps them.
 */
function resolveMounts(spec: Spec, keepDuplicates: boolean): Spec {
  const seen = new Set<string>();
  if (!keepDuplicates && spec.volumes) {
    spec.volumes = spec.volumes.map((v: Spec | null, i: number) => {
      if (!v || !seen.has(v.name)) return v && (seen.add(v.name), v);
      return { ...v, name: `${v.name}-${i}` };
    });
  }
  const names = ((spec.volumes ?? []) as Array<{ name?: string } | null>).map((v) => v?.name ?? '');
  const resolve = (list: Array<Record<string, unknown> | null> | undefined, pathKey: string) => {
    const out = (list ?? []).filter((m) => m === null || typeof m.name === 'string' || names.length > 0).map((m, j) => {
      if (!m) return m;
      const name = typeof m.name === 'number' ? names[m.name % names.length] : m.name;
      return { ...m, name, [pathKey]: m[pathKey] ?? `/mnt/${name}${j ? `-${j}` : ''}` };
    });
    return out.length ? out : undefined;
  };
  for (const key of ['containers', 'initContainers']) {
    if (!spec[key]) continue;
    spec[key] = spec[key].map((c: Spec) => compact({ ...c, volumeMounts: resolve(c.volumeMounts, 'mountPath'), volumeDevices: resolve(c.volumeDevices, 'devicePath') }));
  }
  return spec;
}

export const podSpecArb = (restartPolicies: readonly (string | undefined)[]) => fc.record({
  volumes: half(fc.array(volumeArb, { maxLength: 3 })),
  keepDuplicates: rarely(fc.constant(true), 6),
  containers: fc.oneof({ weight: 8, arbitrary: fc.tuple(container('c')) }, { weight: 1, arbitrary: fc.tuple(container('c'), container('d')) }, { weight: 1, arbitrary: fc.tuple(container('c'), container('c')) }),
  initContainers: rarely(fc.tuple(container('init')), 6),
  restartPolicy: fc.constantFrom(...restartPolicies),
  tolerations: half(fc.array(toleration, { minLength: 1, maxLength: 3 })),
  nodeSelector: half(labels),
  affinity: half(affinity),
  topologySpreadConstraints: rarely(fc.array(spread, { minLength: 1, maxLength: 2 }), 3),
  nodeName: rarely(mostly(['n1'], ['Bad_Node', 'n1.']), 8),
  schedulingGates: rarely(fc.constantFrom([{ name: 'example.com/gate' }], [{ name: 'a' }, { name: 'a' }], [{ name: 'bad gate' }]), 8),
  priorityClassName: rarely(mostly(['high'], ['High_Priority']), 8),
  hostNetwork: rarely(fc.constant(true), 8),
  dnsPolicy: rarely(mostly(['ClusterFirst', 'Default', 'ClusterFirstWithHostNet'], ['clusterfirst', 'ClusterFirstWithHostNetwork']), 10),
  hostname: rarely(mostly(['web-0'], ['Web', 'a.b']), 12),
  subdomain: rarely(mostly(['svc'], ['Svc_1']), 12),
  activeDeadlineSeconds: rarely(mostly([60], [0, -5]), 12),
  // pod-level resources: any names and amounts rarely, as users write them (podLevelCase) one pod in eight
  resources: rarely(resources, 40),
  podLevel: rarely(podLevelCase, 8),
  overhead: rarely(resourceList, 16),
  os: rarely(fc.constantFrom({ name: 'linux' }, { name: 'windows' }, { name: 'Linux' }, { name: '' }), 12),
  ephemeralContainers: rarely(mostly<Array<Record<string, unknown>>>([[{ name: 'debug', image: 'busybox' }], [{ name: 'debug', image: 'busybox', targetContainerName: 'c', securityContext: { capabilities: { add: ['SYS_PTRACE'] } } }]],
    [[{ name: 'c', image: 'busybox' }], [{ name: 'debug', image: 'busybox', targetContainerName: 'missing' }], [{ name: 'debug', image: 'busybox', ports: [{ containerPort: 80 }] }],
      [{ name: 'debug', image: 'busybox', resources: { limits: { cpu: '1' } } }], [{ name: 'debug', image: 'busybox', volumeMounts: [{ name: 'v', mountPath: '/v', subPath: 'x' }] }]]), 20),
  hostAliases: rarely(fc.array(hostAlias, { minLength: 1, maxLength: 2 }), 10),
  // securityContext, dnsPolicy with dnsConfig, terminationGracePeriodSeconds, readinessGates (generators-podfields.ts)
  fields: podFieldsArb,
}, { requiredKeys: ['containers'] }).map(({ keepDuplicates, fields, podLevel, ...spec }) => resolveMounts(compact({ ...spec, ...fields, ...withPodLevel(spec, podLevel) }), keepDuplicates === true));

/** The spec's fields a podLevelCase sets: spec.resources, the first container's resources, an init container or sidecar. */
function withPodLevel(spec: { containers: Array<Record<string, unknown>>; initContainers?: Array<Record<string, unknown>> }, c: { pod: object; own?: object; extra?: Record<string, unknown> } | undefined) {
  if (!c) return {};
  const [first, ...rest] = spec.containers;
  return {
    resources: c.pod,
    ...(c.own ? { containers: [{ ...first, resources: c.own }, ...rest] } : {}),
    ...(c.extra ? { initContainers: [...(spec.initContainers ?? []), c.extra] } : {}),
  };
}

const NAMES = ['web', 'web-1', 'a.b'];
const BAD_NAMES = ['Web', LONG, '', 'web_1', '-web'];
const metadata = (namespaced: boolean) => fc.record({
  name: mostly(NAMES, BAD_NAMES, 10),
  namespace: namespaced ? half(mostly(['default', 'team'], ['Bad_NS', LONG])) : rarely(fc.constant('default'), 10),
  labels: half(labels),
  annotations: rarely(fc.dictionary(mostly(['note', 'example.com/x'], ['bad key', '-a']), fc.constant('v'), { maxKeys: 1 }), 6),
  // the annotations checked against a pod's spec (generators-podfields.ts), for a Pod
  specAnnotations: rarely(specAnnotationsArb, 10),
}, { requiredKeys: ['name'] }).map(({ specAnnotations, ...m }) => compact({ ...m, ...(specAnnotations ? { annotations: { ...m.annotations, ...specAnnotations } } : {}) }));

const template = (restartPolicies: readonly (string | undefined)[]) =>
  fc.record({
    // rarely other labels than the selector's: at 1.33 the mismatch prints the map in Go syntax (known go-syntax-bad-values-1.33)
    labels: fc.oneof({ weight: 20, arbitrary: fc.constant({ app: 'web' }) }, { weight: 1, arbitrary: labels }),
    spec: podSpecArb(restartPolicies),
    annotations: rarely(specAnnotationsArb, 10),
  }).map(({ labels: l, spec, annotations }) => ({ metadata: { labels: l, ...(annotations ? { annotations } : {}) }, spec }));

const ALWAYS = [undefined, undefined, 'Always', 'Always', 'Never', 'OnFailure', 'never'];
const JOB_POLICIES = ['Never', 'OnFailure', 'OnFailure', 'Never', undefined, 'Always'];
// an empty or missing selector rarely (at 1.33 its error prints the selector in Go syntax: known go-syntax-bad-values-1.33)
const selector = fc.oneof(
  { weight: 90, arbitrary: fc.constant({ matchLabels: { app: 'web' } }) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: labelSelector },
);
const count = (good: number[]) => rarely(mostly(good, [-1]), 3);

const workload = (kind: string, apiVersion: string, extra: fc.Arbitrary<Record<string, unknown>>) =>
  fc.record({ metadata: metadata(true), selector, template: template(ALWAYS), replicas: count([0, 1, 3]), minReadySeconds: count([0, 10]), extra })
    .map(({ metadata: m, selector: s, template: t, replicas, minReadySeconds, extra: e }) =>
      ({ apiVersion, kind, metadata: m, spec: compact({ replicas, minReadySeconds, selector: s, template: t, ...e }) }));

const intOrPercent = mostly<number | string>([1, '25%', 0, '50%'], ['150%', '1.5%', 'x', -1]);
const deployment = workload('Deployment', 'apps/v1', fc.record({
  strategy: rarely(fc.oneof(
    fc.record({ type: fc.constant('RollingUpdate'), rollingUpdate: fc.record({ maxUnavailable: intOrPercent, maxSurge: intOrPercent }, { requiredKeys: [] }).map(compact) }),
    fc.constantFrom({ type: 'Recreate' }, { type: 'recreate' }, { type: 'Recreate', rollingUpdate: { maxSurge: 1 } }),
  ), 3),
  progressDeadlineSeconds: rarely(mostly([600], [0, 5]), 4),
  revisionHistoryLimit: count([10]),
}, { requiredKeys: [] }).map(compact));
const replicaSet = workload('ReplicaSet', 'apps/v1', fc.constant({}));
const statefulSet = workload('StatefulSet', 'apps/v1', fc.record({
  // a serviceName must be a DNS label on create; the first Pod's hostname is <name>-<ordinals.start>
  serviceName: half(mostly(['web'], ['Web', 'web_1', 'w'.repeat(64)])),
  ordinals: rarely(fc.constantFrom({}, { start: 2 }, { start: -1 }), 6),
  podManagementPolicy: rarely(mostly(['OrderedReady', 'Parallel'], ['parallel']), 4),
  updateStrategy: rarely(fc.constantFrom({ type: 'OnDelete' }, { type: 'RollingUpdate', rollingUpdate: { partition: -1 } }, { type: 'Bad' }, { type: 'OnDelete', rollingUpdate: { partition: 1 } },
    // maxUnavailable (MaxUnavailableStatefulSet, on from 1.37; dropped before): as written, and 0 or past 100%
    { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } }, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', partition: 1 } },
    { rollingUpdate: { maxUnavailable: 0 } }, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '150%' } }), 4),
  // the claims kept or deleted with the set and on scale-down, as bitnami charts write it (and a misspelt value)
  persistentVolumeClaimRetentionPolicy: rarely(mostly<Record<string, string>>([{ whenDeleted: 'Retain', whenScaled: 'Delete' }, { whenDeleted: 'Delete' }], [{ whenScaled: 'Keep' }, { whenDeleted: 'delete' }]), 6),
  // one claim template (with several, upstream's volume order is a Go map's), which the first container mounts; rarely
  // with labels, annotations or a namespace (the set's create validates the spec alone: apps validateVolumeClaimTemplates)
  volumeClaimTemplates: half(fc.record({
    name: fc.constantFrom('data', 'cache', 'Data'),
    labels: rarely(labels, 4),
    annotations: rarely(fc.dictionary(mostly(['note', 'example.com/x'], ['bad key', '-a']), fc.constant('v'), { maxKeys: 1 }), 6),
    namespace: rarely(mostly(['default'], ['other', 'Bad_NS']), 8),
  }, { requiredKeys: ['name'] }).map((m) => [{ metadata: compact(m), spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }])),
}, { requiredKeys: [] }).map(compact)).map((set: Spec) => {
  const claim = set.spec.volumeClaimTemplates?.[0]?.metadata.name;
  const c = set.spec.template.spec.containers[0];
  if (claim && !(c.volumeMounts ?? []).some((m: Spec | null) => m?.name === claim)) c.volumeMounts = [...(c.volumeMounts ?? []), { name: claim, mountPath: '/var/lib/claim' }];
  return set;
});
const daemonSet = fc.record({ metadata: metadata(true), selector, template: template(ALWAYS), minReadySeconds: count([0]), updateStrategy: rarely(fc.oneof(
  fc.constantFrom({ type: 'OnDelete' }, { type: 'bad' }),
  fc.record({ type: fc.constant('RollingUpdate'), rollingUpdate: fc.record({ maxUnavailable: intOrPercent, maxSurge: intOrPercent }, { requiredKeys: [] }).map(compact) }),
), 3) }).map(({ metadata: m, selector: s, template: t, minReadySeconds, updateStrategy }) =>
  ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: m, spec: compact({ selector: s, template: t, minReadySeconds, updateStrategy }) }));

// A training Job's failure and success policies (src/k8s/validation-job.ts) as the Kubernetes docs and ML platforms write
// them: ignore disruptions, fail the Job on an exit code, fail an index with backoffLimitPerIndex; and what people get
// wrong: exit code 0 with In, unsorted or repeated codes, a container the template lacks, FailIndex without
// backoffLimitPerIndex, a condition status `Yes`, both or neither of onExitCodes and onPodConditions.
// lists beyond validation.go's limits: 256 exit codes, 21 condition patterns, 21 rules (maxPodFailurePolicy*, maxSuccessPolicyRule)
const LONG_EXIT_CODES = Array.from({ length: 256 }, (_, i) => i + 1);
const LONG_CONDITIONS = Array.from({ length: 21 }, () => ({ type: 'DisruptionTarget' }));
const exitCodes = fc.record({
  containerName: rarely(mostly(['c'], ['main']), 2),
  operator: mostly(['In', 'NotIn'], ['in', undefined]),
  // (and rarely more than the 255 values allowed)
  values: mostly([[42], [1, 2, 3], [0]], [[0, 1], [3, 1], [1, 1], [], LONG_EXIT_CODES]),
}, { requiredKeys: ['values'] }).map(compact);
const podConditions = mostly<Array<Record<string, string>>>([[{ type: 'DisruptionTarget' }], [{ type: 'DisruptionTarget', status: 'True' }]], [[{ type: 'DisruptionTarget', status: 'Yes' }], [{ type: 'Disruption Target' }], LONG_CONDITIONS]);
const failureRule = fc.record({
  action: mostly(['FailJob', 'Ignore', 'Count', 'FailIndex'], ['Retry', undefined]),
  on: mostly<'exit' | 'conditions' | 'both' | 'none'>(['exit', 'conditions'], ['both', 'none']),
  onExitCodes: exitCodes,
  onPodConditions: podConditions,
}).map(({ on, onExitCodes, onPodConditions, action }) => compact({
  action, onExitCodes: on === 'exit' || on === 'both' ? onExitCodes : undefined, onPodConditions: on === 'conditions' || on === 'both' ? onPodConditions : undefined,
}));
const successPolicy = mostly<Record<string, unknown>>([{ rules: [{ succeededCount: 1 }] }, { rules: [{ succeededIndexes: '0,2-3' }] }, { rules: [{ succeededIndexes: '0-1', succeededCount: 2 }] }],
  [{ rules: [] }, { rules: [{}] }, { rules: [{ succeededCount: 9 }] }, { rules: Array.from({ length: 21 }, () => ({ succeededCount: 1 })) }, { rules: [{ succeededIndexes: '3-1' }] }, { rules: [{ succeededIndexes: '0-1', succeededCount: 3 }] }]);

const jobSpec = fc.record({
  template: template(JOB_POLICIES),
  parallelism: count([1, 2]),
  completions: count([1, 3]),
  backoffLimit: count([0, 6]),
  completionMode: rarely(mostly(['NonIndexed', 'Indexed'], ['indexed']), 4),
  activeDeadlineSeconds: rarely(mostly([100], [-1]), 6),
  ttlSecondsAfterFinished: rarely(mostly([100], [-1]), 6),
  podFailurePolicy: rarely(fc.oneof({ weight: 30, arbitrary: fc.array(failureRule, { minLength: 1, maxLength: 2 }) }, { weight: 1, arbitrary: fc.array(failureRule, { minLength: 21, maxLength: 21 }) })
    .map((rules) => ({ rules })), 5),
  backoffLimitPerIndex: rarely(mostly([1, 0], [-1]), 6),
  maxFailedIndexes: rarely(mostly([1, 2], [10, -1]), 8),
  successPolicy: rarely(successPolicy, 8),
  podReplacementPolicy: rarely(mostly(['Failed', 'TerminatingOrFailed'], ['Always']), 8),
}, { requiredKeys: ['template'] }).map(compact)
  // (an Indexed successPolicy without completions makes the API server dereference a nil pointer, as a CronJob's
  // jobTemplate or a Job with parallelism leaves it: not drawn)
  .map((j) => (j.successPolicy && j.completions === undefined ? { ...j, completions: 3 } : j));
const jobArb = fc.record({ metadata: metadata(true), spec: jobSpec }).map((o) => ({ apiVersion: 'batch/v1', kind: 'Job', ...o }));
const cronJob = fc.record({
  metadata: metadata(true),
  spec: fc.record({
    schedule: mostly(['*/5 * * * *', '@hourly', '0 0 * * 1-5'], ['bad', '* * * *', '', '61 * * * *', 'TZ=UTC * * * * *']),
    timeZone: rarely(mostly(['Etc/UTC', 'Europe/Paris'], ['', 'Local', 'Not/AZone', 'us/eastern', 'europe/paris']), 5),
    concurrencyPolicy: rarely(mostly(['Allow', 'Forbid', 'Replace'], ['allow']), 4),
    startingDeadlineSeconds: rarely(mostly([100], [-1]), 6),
    successfulJobsHistoryLimit: count([3]),
    jobTemplate: jobSpec.map((spec) => ({ spec })),
  }, { requiredKeys: ['schedule', 'jobTemplate'] }).map(compact),
}).map((o) => ({ apiVersion: 'batch/v1', kind: 'CronJob', ...o }));

// A Pod without serviceAccountName is refused for a projected serviceAccountToken (validatePodMetadataAndSpec), but a
// cluster's ServiceAccount admission plugin (on by default, not in the oracle's preset) sets it to "default" first:
// such a Pod names it, as it reaches validation in a cluster
const tokenProjected = (spec: Spec) => ((spec.volumes ?? []) as Array<Spec | null>).some((v) => (v?.projected?.sources ?? []).some((s: Spec | null) => s?.serviceAccountToken));
const pod = fc.record({ metadata: metadata(true), spec: podSpecArb(ALWAYS) })
  .map((o) => ({ apiVersion: 'v1', kind: 'Pod', ...o, spec: tokenProjected(o.spec) ? { ...o.spec, serviceAccountName: 'default' } : o.spec }));

const taint = fc.record({
  key: mostly(['dedicated', 'example.com/gpu', 'spot'], ['', 'bad key', '-x']),
  value: half(mostly(['a', 'gpu', ''], ['bad value', LONG])),
  effect: mostly(['NoSchedule', 'PreferNoSchedule', 'NoExecute'], ['', 'noschedule', 'NoSchedul']),
}).map(compact);
const nodeQuantities = fc.dictionary(mostly(['cpu', 'memory', 'pods', 'example.com/gpu', 'hugepages-2Mi'], ['bad name', 'example.com/']), quantity, { maxKeys: 3 });
// spec.podCIDR(s): valid subnets of both families, values no release parses, and values only StrictIPCIDRValidation
// (beta and on from 1.36, #137053) refuses: bits beyond the prefix, leading zeros, an IPv4-mapped IPv6 network
const podCIDR = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('10.244.1.0/24', 'fd00:10:244:1::/64', '10.0.0.0/16', '0.0.0.0/0') },
  { weight: 1, arbitrary: fc.constantFrom('foo', '10.244.1.0/33', '10.244.1.0', '', 'fd00::/129', '10.244.1.0/+24') },
  { weight: 2, arbitrary: fc.constantFrom('10.244.1.5/24', '010.244.001.000/24', '10.244.1.0/024', '::ffff:10.244.1.0/120', 'fd00:10:244:1::1/64', '00fd0::/16') },
);
const nodeArb = fc.record({
  metadata: metadata(false),
  spec: fc.record({
    taints: half(fc.array(taint, { minLength: 1, maxLength: 3 })), unschedulable: rarely(fc.constant(true), 4),
    podCIDR: rarely(podCIDR, 5), podCIDRs: rarely(fc.array(podCIDR, { minLength: 1, maxLength: 3 }), 4),
  }, { requiredKeys: [] }).map(compact),
  status: half(fc.record({ capacity: half(nodeQuantities), allocatable: half(nodeQuantities) }, { requiredKeys: [] }).map(compact)),
}, { requiredKeys: ['metadata', 'spec'] }).map((o) => ({ apiVersion: 'v1', kind: 'Node', ...compact(o) }));
const namespaceArb = fc.record({ metadata: metadata(false) }).map((o) => ({ apiVersion: 'v1', kind: 'Namespace', ...o }));

/** Paths into an object where an adversarial change lands: wrong JSON types and unknown fields. */
const SPEC_PATHS: Record<string, string[]> = {
  Pod: ['spec'], Deployment: ['spec', 'template', 'spec'], ReplicaSet: ['spec', 'template', 'spec'], StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'], Job: ['spec', 'template', 'spec'], CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
};

type Mutation = (o: Record<string, any>) => void;
const at = (o: Record<string, any>, path: string[]) => path.reduce<any>((x, k) => x?.[k], o);

// Wrong JSON types in fields the library type-checks (src/loader/typecheck.ts SHAPES), and unknown fields.
const MUTATIONS: Mutation[] = [
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []); if (s?.tolerations?.[0]) s.tolerations[0].value = true; },
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []); if (s?.tolerations?.[0]) s.tolerations[0].tolerationSeconds = '300'; },
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []); if (s?.tolerations?.[0]) s.tolerations[0].tolerationSeconds = 1.5; },
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []); if (s?.containers?.[0]) s.containers[0].ports = [{ containerPort: '80' }]; },
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []); if (s?.containers?.[0]) s.containers[0].resources = { requests: { cpu: true } }; },
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []); if (s) s.nodeSelector = { disk: 1 }; },
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []); if (s) s.hostNetwork = 'yes'; },
  (o) => { if (['Deployment', 'ReplicaSet', 'StatefulSet'].includes(o.kind)) o.spec.replicas = '3'; },
  (o) => { o.metadata.labels = { app: 1 }; },
  (o) => { if (o.kind === 'Node') o.spec.taints = [{ key: 'a', effect: 'NoSchedule', value: false }]; },
];
// Unknown fields: refused under kubectl's default fieldValidation=Strict; rarer than the type errors (the library has
// no full schema: the known unknown-fields-not-refused, which compares the rest of the object)
const UNKNOWN_FIELDS: Mutation[] = [
  (o) => { const s = at(o, SPEC_PATHS[o.kind] ?? []) ?? o.metadata; s.tolerationz = []; },
  (o) => { o.spec = { ...(o.spec ?? {}), nodeSelectr: { a: 'b' } }; },
];
const mutationArb = fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...MUTATIONS) }, { weight: 1, arbitrary: fc.constantFrom(...UNKNOWN_FIELDS) });

// A namespace's LimitRange as platform teams write them: a Container item with some of min ≤ defaultRequest ≤ default ≤
// max per resource (drawn in order on one scale, so that the API server holds it) and a ratio, sometimes a Pod item.
const SCALES: Record<string, string[]> = { cpu: ['50m', '100m', '250m', '500m', '1', '2', '4'], memory: ['64Mi', '128Mi', '256Mi', '512Mi', '1Gi', '2Gi', '4Gi'] };
const FIELDS = ['min', 'defaultRequest', 'default', 'max'] as const;
const orderedAmounts = (resource: string) => fc.tuple(fc.array(fc.nat({ max: 6 }), { minLength: 4, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }))
  .map(([idx, present]) => {
    const sorted = [...idx].sort((a, b) => a - b);
    return Object.fromEntries(FIELDS.map((f, i) => [f, present[i] ? SCALES[resource][sorted[i]] : undefined]).filter(([, v]) => v !== undefined)) as Partial<Record<typeof FIELDS[number], string>>;
  });
const containerItem = fc.record({ cpu: orderedAmounts('cpu'), memory: half(orderedAmounts('memory')), ratio: rarely(fc.constantFrom('1', '1500m', '2', '4'), 4) })
  .map(({ cpu, memory, ratio }) => {
    const item: Record<string, any> = { type: 'Container' };
    for (const f of FIELDS) {
      const list = compact({ cpu: cpu[f], memory: memory?.[f] });
      if (Object.keys(list).length) item[f] = list;
    }
    if (ratio) item.maxLimitRequestRatio = { cpu: ratio };
    return item;
  });
const podItem = fc.record({ max: half(fc.constantFrom({ cpu: '2' }, { cpu: '4', memory: '4Gi' }, { memory: '1Gi' })), min: rarely(fc.constantFrom({ cpu: '100m' }, { memory: '128Mi' }), 3) })
  .map((o) => ({ type: 'Pod', ...compact(o) }));
const limitRangeArb = (namespace: string) => fc.record({ container: half(containerItem), pod: rarely(podItem, 3) }).map(({ container, pod: p }) =>
  ({ apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'limits', namespace }, spec: { limits: [container, p].filter((x) => x !== undefined) } }));

const kinds = fc.oneof(pod, pod, deployment, replicaSet, statefulSet, daemonSet, jobArb, cronJob, nodeArb, nodeArb, namespaceArb);

/** Inputs of these objects, one in twelve with a rare mistake of mutationArb's (a wrong JSON type, an unknown field). */
const mutatedInputArb = (objects: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<CreateInput> => fc.record({
  object: objects,
  mutation: rarely(mutationArb, 12),
  extendedResourceToleration: fc.boolean(),
}).map(({ object, mutation, extendedResourceToleration }) => {
  const copy = structuredClone(object) as Record<string, any>;
  if (mutation !== undefined) mutation(copy);
  return { object: copy, extendedResourceToleration };
});

const workloadInputArb = mutatedInputArb(kinds);

/**
 * The Pods and Nodes of workloadInputArb alone (with its rare wrong types and unknown fields): what node dumps and
 * `kubectl get pods -o yaml` hold, for the update-of-itself domain nodePodUpdates (update-self.ts).
 */
export const nodePodInputArb = mutatedInputArb(fc.oneof(pod, nodeArb));

/**
 * The apps workloads of workloadInputArb alone (Deployments, ReplicaSets, StatefulSets, DaemonSets, with its rare wrong
 * types and unknown fields): what `kubectl get deploy,sts,ds,rs -o yaml` holds, for the update-of-itself domain
 * workloadUpdates (update-self.ts).
 */
export const appsWorkloadInputArb = mutatedInputArb(fc.oneof(deployment, replicaSet, statefulSet, daemonSet, cronJob));

/** The Jobs of workloadInputArb alone (with its rare wrong types and unknown fields), for workloadUpdates (update-self.ts shapes them as a dump has them). */
export const jobInputArb = mutatedInputArb(jobArb);

/** A PersistentVolumeClaim as users write it, with the cluster's StorageClasses (generators-claims.ts). */
export const claimInputArb: fc.Arbitrary<CreateInput> = fc.record({ object: claimArb, storageClasses: storageClassesArb })
  .map(({ object, storageClasses }) => ({ object, storageClasses, extendedResourceToleration: false }));

// A valid Pod as charts write them (containers with no resources, requests only, limits only or both; sometimes an
// init container or a sidecar, pod-level resources) in a namespace with a LimitRange: LimitRanger's defaults and
// refusals, the pod's validation after them (a default limit below a stated request).
const CPU = ['50m', '100m', '250m', '500m', '1', '2', '3'];
const MEMORY = ['64Mi', '128Mi', '256Mi', '512Mi', '1Gi', '2Gi', '3Gi'];
const policyResources = fc.record({ cpu: half(fc.tuple(fc.nat({ max: 6 }), fc.nat({ max: 6 }))), memory: half(fc.tuple(fc.nat({ max: 6 }), fc.nat({ max: 6 }))), shape: fc.constantFrom('none', 'requests', 'limits', 'both', 'both') })
  .map(({ cpu, memory, shape }) => {
    if (shape === 'none') return undefined;
    const pick = (scale: string[], pair: [number, number] | undefined, which: 'requests' | 'limits') =>
      (pair === undefined ? undefined : scale[which === 'requests' ? Math.min(...pair) : Math.max(...pair)]);
    const list = (which: 'requests' | 'limits') => compact({ cpu: pick(CPU, cpu, which), memory: pick(MEMORY, memory, which) });
    return compact({ requests: shape === 'limits' ? undefined : list('requests'), limits: shape === 'requests' ? undefined : list('limits') });
  });
const policyContainer = (name: string, restartPolicy?: string) => policyResources.map((resources) => compact({ name, image: 'registry.example/app:1', resources, restartPolicy }));
const policyPod = fc.record({
  name: fc.constantFrom('web', 'api'),
  namespace: fc.constantFrom(undefined, 'team-a'),
  containers: fc.oneof({ weight: 3, arbitrary: fc.tuple(policyContainer('app')) }, { weight: 1, arbitrary: fc.tuple(policyContainer('app'), policyContainer('proxy')) }),
  init: rarely(fc.oneof(policyContainer('init'), policyContainer('sidecar', 'Always')), 4),
  // above any container's (pod-level resources below the containers' are refused by validation, not LimitRanger)
  podResources: rarely(fc.constantFrom({ requests: { cpu: '8' } }, { limits: { cpu: '8', memory: '8Gi' } }), 8),
}).map(({ name, namespace, containers, init, podResources }) => ({ apiVersion: 'v1', kind: 'Pod', metadata: compact({ name, namespace }),
  spec: compact({ containers, initContainers: init && [init], resources: podResources }) }));
// A namespace's ResourceQuota: a compute quota (requests.*, limits.*, cpu, memory, pods, count/pods), its status.used
// as `kubectl get` prints it (or none: an empty namespace), sometimes scoped.
const HARD: Record<string, string[]> = {
  pods: ['0', '1', '5'], 'count/pods': ['1', '10'], cpu: ['1', '4'], memory: ['1Gi', '4Gi'], 'requests.cpu': ['500m', '2', '4'],
  'requests.memory': ['512Mi', '2Gi'], 'limits.cpu': ['1', '4', '8'], 'limits.memory': ['1Gi', '4Gi'], 'requests.ephemeral-storage': ['1Gi'],
};
const USED: Record<string, string[]> = { pods: ['0', '1', '5'], 'count/pods': ['3'], cpu: ['0', '1500m', '4'], memory: ['0', '3Gi'], 'requests.cpu': ['0', '250m', '1500m', '4'],
  'requests.memory': ['0', '256Mi', '2Gi'], 'limits.cpu': ['0', '3', '8'], 'limits.memory': ['0', '1Gi'], 'requests.ephemeral-storage': ['0'] };
const SCOPES = fc.constantFrom(undefined, undefined, undefined, { scopes: ['BestEffort'] }, { scopes: ['NotBestEffort'] }, { scopes: ['NotTerminating'] },
  { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'DoesNotExist' }] } },
  { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } });
const quotaArb = (namespace: string) => fc.record({
  names: fc.subarray(Object.keys(HARD), { minLength: 1, maxLength: 3 }),
  pick: fc.array(fc.nat({ max: 9 }), { minLength: 9, maxLength: 9 }),
  withUsed: fc.nat({ max: 3 }),
  scope: SCOPES,
}).map(({ names, pick, withUsed, scope }) => {
  const hard = Object.fromEntries(names.map((n, i) => [n, HARD[n][pick[i] % HARD[n].length]]));
  // scoped quotas track what their scope allows: BestEffort ones count pods alone
  if (scope?.scopes?.[0] === 'BestEffort') for (const n of Object.keys(hard)) if (n !== 'pods' && n !== 'count/pods') delete hard[n];
  if (!Object.keys(hard).length) hard.pods = '2';
  const used = withUsed ? Object.fromEntries(Object.keys(hard).map((n, i) => [n, USED[n][pick[i + 3] % USED[n].length]])) : undefined;
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'compute', namespace }, spec: compact({ hard, ...scope }), ...(used ? { status: { hard, used } } : {}) };
});

export const limitRangeInputArb: fc.Arbitrary<CreateInput> = policyPod.chain((object) => {
  const namespace = (object.metadata as { namespace?: string }).namespace ?? 'default';
  // a LimitRange, a ResourceQuota, or both (LimitRanger's defaults then satisfy the quota's `must specify`)
  return fc.record({ lr: limitRangeArb(namespace), quota: quotaArb(namespace), which: fc.constantFrom('limitRange', 'quota', 'both') })
    .map(({ lr, quota, which }) => ({ object, extendedResourceToleration: false,
      ...(which !== 'quota' ? { limitRanges: [lr] } : {}), ...(which !== 'limitRange' ? { resourceQuotas: [quota] } : {}) }));
});

// one case in eleven: a claim (issue 34), two in eleven: a Pod under a LimitRange or a ResourceQuota (issue 36), one
// in eleven: a PriorityClass or a PodDisruptionBudget (generators-policy.ts), the rest as before; then one in thirteen
// of the whole a PersistentVolume (generators-pv.ts) and one in thirteen a StorageClass, CSINode, CSIDriver or
// RuntimeClass (generators-storage-objects.ts)
export const createInputArb: fc.Arbitrary<CreateInput> = fc.oneof({ weight: 7, arbitrary: workloadInputArb }, { weight: 1, arbitrary: claimInputArb }, { weight: 2, arbitrary: limitRangeInputArb }, { weight: 1, arbitrary: policyObjectInputArb }, { weight: 1, arbitrary: persistentVolumeInputArb }, { weight: 1, arbitrary: storageObjectInputArb });
