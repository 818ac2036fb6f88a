// Asks each release's oracle (oracle/k8s-*/bin/oracle, built by scripts/oracle.mjs) the update of itself of stored
// Nodes and Pods (the updateSelf question, oracle/shared/update_self.go: what `kubectl get nodes -o yaml` and
// `kubectl get pods -A -o yaml` dumps hold) and writes test/e2e/oracle-regressions-updates.json:
// `npx ts-node --transpile-only test/oracle/freeze-node-pod-updates.ts`.
import { freezeUpdateSelf, type UpdateCase } from './freeze-update-self';

const FILE = 'test/e2e/oracle-regressions-updates.json';
const READ = { uid: '00000000-0000-4000-8000-000000000001', resourceVersion: '12345' };
const node = (metadata: Record<string, unknown>, spec: Record<string, unknown>, status?: Record<string, unknown>) =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', ...metadata, ...READ }, spec, ...(status ? { status } : {}) });
const pod = (metadata: Record<string, unknown>, spec: Record<string, unknown>) =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', ...metadata, ...READ }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } });
// a third element: the releases left out (at 1.33 a pointer-holding bad value prints in Go syntax, with its addresses:
// the known go-syntax-bad-values-1.33-on-update; 1.33 has no restartPolicyRules: unknown-fields-not-refused-on-update)
export const CASES: UpdateCase[] = [
  ['a stored Node with taints, capacity and a podCIDR (accepted)', node({ labels: { 'kubernetes.io/hostname': 'node-1' } },
    { podCIDR: '10.244.1.0/24', podCIDRs: ['10.244.1.0/24'], taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] },
    { capacity: { cpu: '4', memory: '16Gi', pods: '110' }, allocatable: { cpu: '3900m', memory: '15Gi', pods: '110' } })],
  ['a stored Node with a taint of empty key (ValidateNode and ValidateNodeUpdate both check the taints)', node({}, { taints: [{ key: '', effect: 'NoSchedule' }] })],
  ['a stored Node with a bad taint effect and a bad taint value', node({}, { taints: [{ key: 'a', effect: 'NoSchedul' }, { key: 'b', value: 'bad value', effect: 'NoSchedule' }] })],
  ['a stored Node with a bad label (validateCommonFields, ValidateNode, ValidateNodeUpdate)', node({ labels: { app: '-x' } }, {})],
  ['a stored Node with a bad capacity name and a negative allocatable', node({}, {}, { capacity: { 'bad name': '1' }, allocatable: { cpu: '-1' } })],
  ['a stored Node named Bad_Name', { ...node({}, {}), metadata: { name: 'Bad_Name', ...READ } }],
  ['a stored Pod (accepted)', pod({ labels: { app: 'web' } }, { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }], nodeSelector: { disk: 'ssd' } })],
  ['a stored Pod with a bad label (validateCommonFields twice, ValidateObjectMetaUpdate, ValidateObjectMeta)', pod({ labels: { app: '-x' } }, {})],
  ['a stored Pod in namespace Bad_NS (validateCommonFields and ValidateObjectMeta)', pod({ namespace: 'Bad_NS' }, {})],
  ['a stored Pod with an empty image and a padded one (ValidateContainerUpdates checks them again)', pod({}, { containers: [{ name: 'c', image: '' }, { name: 'd', image: ' nginx ' }] })],
  ['a stored Pod with a toleration of empty key and operator (validateOnlyAddedTolerations validates them again)', pod({}, { tolerations: [{ effect: 'NoSchedule' }] })],
  ['a stored Pod with a negative activeDeadlineSeconds (ValidatePodUpdate stops there: its tolerations are checked once)', pod({}, { activeDeadlineSeconds: -5, tolerations: [{ effect: 'NoSchedule' }] })],
  ['a stored Pod with a bad AppArmor annotation (ValidatePodSpecificAnnotations twice)', pod({ annotations: { 'container.apparmor.security.beta.kubernetes.io/c': 'bogus' } }, {})],
  ['a stored Pod whose topology spread selector has operator Gt (AllowInvalidTopologySpreadConstraintLabelSelector)', pod({}, { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchExpressions: [{ key: 'app', operator: 'Gt', values: ['1'] }] } }] })],
  ['a stored Pod whose required node affinity holds an invalid label value (AllowInvalidLabelValueInRequiredNodeAffinity)', pod({}, { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['bad value'] }] }] } } } })],
  ['a stored Pod whose pod anti-affinity selector holds an invalid label value (AllowInvalidLabelValueInSelector)', pod({}, { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['-x'] }] } }] } } })],
  ['a stored Pod whose pod affinity selector has a bad key and an invalid value (only the key is an error)', pod({}, { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { '-bad': '-x' } } }] } } })],
  ['a stored Pod with an indivisible hugepages amount (AllowIndivisibleHugePagesValues)', pod({}, { containers: [{ name: 'c', image: 'nginx', resources: { limits: { 'hugepages-2Mi': '100m', memory: '1Gi' } } }] })],
  ['a stored hostNetwork Pod with a net sysctl (AllowNamespacedSysctlsForHostNetAndHostIPC)', pod({}, { hostNetwork: true, securityContext: { sysctls: [{ name: 'net.core.somaxconn', value: '1024' }] } })],
  ['a stored Pod adding CAP_SYS_ADMIN without privilege escalation (allowed on update from 1.37)', pod({}, { containers: [{ name: 'c', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['CAP_SYS_ADMIN'] } } }] }), ['1.33']],
  ['a stored Pod whose matchLabelKeys the merge rule refuses (validated by the legacy rule from 1.34)', pod({}, { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'kubernetes.io/hostname', whenUnsatisfiable: 'DoNotSchedule', matchLabelKeys: ['bad key!'] }] })],
  ['a stored Pod with Lt and Gt tolerations of empty, padded and out-of-range values (allowed operators, as the pod holds them)', pod({}, { tolerations: [{ key: 'a', operator: 'Lt', value: '' }, { key: 'b', operator: 'Gt', value: '+5' }, { key: 'c', operator: 'Gt', value: '99999999999999999999' }, { key: 'd', operator: 'Lt', value: '10', effect: 'NoSchedule' }] })],
  ['a stored Pod whose projected token path leaves the volume (AllowNonLocalProjectedTokenPath)', pod({}, { serviceAccountName: 'default', volumes: [{ name: 'token', projected: { sources: [{ serviceAccountToken: { path: '../token' } }] } }], containers: [{ name: 'c', image: 'nginx', volumeMounts: [{ name: 'token', mountPath: '/var/run/token' }] }] })],
  // image volumes kept on update (dropImageVolumes keeps what the old pod uses): at 1.33 and 1.34 undefaulted (the
  // pullPolicy Required, the volume left out of the mounts' map), at 1.37 an empty reference allowed
  ['a stored Pod with an image volume without a pull policy, mounted (ImageVolume off: not defaulted, the mount not found)', pod({}, { volumes: [{ name: 'data', image: { reference: 'quay.io/my/artifact:v1' } }], containers: [{ name: 'c', image: 'nginx', volumeMounts: [{ name: 'data', mountPath: '/mnt/data' }] }] })],
  ['a stored Pod with an image volume of a bad pull policy', pod({}, { volumes: [{ name: 'data', image: { reference: 'quay.io/my/artifact:v1', pullPolicy: 'always' } }] })],
  ['a stored Pod with an image volume of an empty reference, mounted (AllowEmptyImageVolumeReference from 1.37)', pod({}, { volumes: [{ name: 'data', image: { reference: '', pullPolicy: 'IfNotPresent' } }], containers: [{ name: 'c', image: 'nginx', volumeMounts: [{ name: 'data', mountPath: '/mnt/data', readOnly: true }] }] })],
  // container restart policies the pod holds: kept and validated at 1.34 (containerRestartRulesInUse)
  ['a stored Pod with container restart policies, one bad (ContainerRestartRules in use)', pod({}, { containers: [{ name: 'c', image: 'nginx', restartPolicy: 'Never' }, { name: 'd', image: 'nginx', restartPolicy: 'always' }], initContainers: [{ name: 'init', image: 'nginx', restartPolicy: 'OnFailure', restartPolicyRules: [{ action: 'Restart', exitCodes: { operator: 'In', values: [42] } }] }] }), ['1.33']],
  // pod-level resources: `{}` dropped at 1.33 (then refused as a change); not defaulted on update at 1.37
  ['a stored Pod with resources: {} (dropped with PodLevelResources off: the spec changed)', pod({}, { resources: {} })],
  ['a stored Pod with empty pod-level requests and limits and a scheduling gate (the diff\'s context)', pod({}, { resources: { requests: {}, limits: {} }, schedulingGates: [{ name: 'example.com/gate' }] })],
  ['a stored Pod with a pod-level hugepages limit alone (not defaulted on update from 1.37)', pod({}, { containers: [{ name: 'c', image: 'nginx', resources: { limits: { memory: '128Mi' } } }], resources: { limits: { 'hugepages-2Mi': '2Mi' } } })],
  ['a stored Pod with a pod-level cpu limit under its init container\'s (not defaulted on update from 1.37)', pod({}, { containers: [{ name: 'c', image: 'nginx' }], resources: { limits: { cpu: '100m' } }, initContainers: [{ name: 'side', image: 'nginx', resources: { limits: { cpu: '0.5' } } }] })],
];

freezeUpdateSelf(FILE, CASES);
