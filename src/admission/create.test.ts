// The one create path (create.ts): each case names the upstream code or test it follows.
import type { KubeObject, Node, Pod, PodSpec } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { defaultPodSpec, nodeAllocatable } from '../k8s/defaults';
import { ApiServerRefusal } from '../k8s/decode';
import { createdPod, podFromTemplate, storedPod } from './create';
import { admitPod } from '.';

afterEach(() => resetConfiguration());

const NAME = 'metadata.name';
const pin = (node: string) => ({ nodeSelectorTerms: [{ matchFields: [{ key: NAME, operator: 'In', values: [node] }] }] });
const workload = (kind: string, spec: PodSpec, meta: object = { labels: { app: 'w' } }, extra: object = {}): KubeObject =>
  ({ apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1', kind, metadata: { name: 'w', namespace: 'ns' }, spec: { ...extra, template: { metadata: meta, spec } } }) as KubeObject;
const plain: PodSpec = { containers: [{ name: 'c', image: 'i' }] };
const hostNetwork: PodSpec = {
  hostNetwork: true,
  containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 9100 }, { containerPort: 8080, hostPort: 8080 }] }],
  initContainers: [{ name: 'i', image: 'i', ports: [{ containerPort: 9000 }] }],
};

// pkg/apis/core/v1/defaults_test.go TestSetDefaultPodSpecHostNetwork
describe('SetDefaults_Pod defaultHostNetworkPorts (TestSetDefaultPodSpecHostNetwork)', () => {
  test('hostPort defaults to containerPort in containers and init containers', () => {
    const spec = defaultPodSpec(hostNetwork);
    expect(spec.containers[0].ports).toEqual([{ containerPort: 9100, hostPort: 9100 }, { containerPort: 8080, hostPort: 8080 }]);
    expect(spec.initContainers![0].ports).toEqual([{ containerPort: 9000, hostPort: 9000 }]);
    expect(hostNetwork.containers[0].ports![0].hostPort).toBeUndefined(); // the manifest is left as written
  });
  test('without hostNetwork, or with every hostPort set, the spec itself (no copy); defaulting twice changes nothing', () => {
    expect(defaultPodSpec(plain)).toBe(plain);
    const once = defaultPodSpec(hostNetwork);
    expect(defaultPodSpec(once)).toBe(once);
    const noInit: PodSpec = { hostNetwork: true, containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 53 }] }] };
    expect(Object.keys(defaultPodSpec(noInit))).not.toContain('initContainers');
  });
  test('a pod template is not defaulted: a workload’s pods get hostPort when the controller creates them', () => {
    const ds = workload('DaemonSet', hostNetwork);
    expect(toSubject(ds).spec.containers[0].ports![0].hostPort).toBeUndefined();
    expect(createdPod(toSubject(ds)).spec!.containers[0].ports![0].hostPort).toBe(9100);
  });
});

// pkg/apis/core/v1/defaults_test.go TestSetDefaultNodeStatusAllocatable
describe('SetDefaults_NodeStatus (TestSetDefaultNodeStatusAllocatable)', () => {
  const capacity = { cpu: '1000m', memory: '10G' };
  const allocatable = { cpu: '500m', memory: '5G' };
  const node = (status: object): Node => ({ kind: 'Node', metadata: { name: 'n' }, status });
  test.each([
    ['everything set, no defaulting', { capacity, allocatable }, allocatable],
    ['allocatable set, no defaulting', { allocatable }, allocatable],
    ['capacity set, allocatable defaults to capacity', { capacity }, capacity],
    ['nothing set, allocatable "defaults" to capacity', {}, undefined],
  ])('%s', (_name, status, expected) => expect(nodeAllocatable(node(status))).toEqual(expected));
  test('Go tests for a nil map: an empty allocatable stays empty, a null one takes the capacity', () => {
    expect(nodeAllocatable(node({ capacity, allocatable: {} }))).toEqual({});
    expect(nodeAllocatable(node({ capacity, allocatable: null }))).toEqual(capacity);
  });
});

// pkg/controller/controller_utils.go GetPodFromTemplate
describe('GetPodFromTemplate', () => {
  test('the template’s labels, annotations, finalizers and spec, in the workload’s namespace, owned by it', () => {
    const rs = workload('ReplicaSet', plain, { labels: { app: 'w' }, annotations: { a: 'b' }, finalizers: ['f'] });
    (rs.metadata as { uid?: string }).uid = 'u-1';
    const pod = podFromTemplate(rs, 'w-0');
    expect(pod.metadata).toEqual({
      name: 'w-0', namespace: 'ns', labels: { app: 'w' }, annotations: { a: 'b' }, finalizers: ['f'],
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'w', uid: 'u-1', controller: true, blockOwnerDeletion: true }],
    });
    // and the Priority admission plugin's fields (plugin/pkg/admission/priority/admission.go getDefaultPriority)
    expect(pod.spec).toEqual({ ...plain, priority: 0, preemptionPolicy: 'PreemptLowerPriority' });
    pod.metadata!.labels!.extra = 'x'; // copies, as getPodsLabelSet makes
    expect((rs as { spec: { template: { metadata: { labels: object } } } }).spec.template.metadata.labels).toEqual({ app: 'w' });
  });
  test('a Deployment’s and a CronJob’s pods belong to a ReplicaSet and a Job whose names are not known: no owner', () => {
    expect(podFromTemplate(workload('Deployment', plain), 'w-0').metadata).not.toHaveProperty('ownerReferences');
    const cron = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'c' }, spec: { jobTemplate: { spec: { template: { metadata: { labels: { app: 'c' } }, spec: plain } } } } };
    expect(podFromTemplate(cron, 'c-0').metadata).toEqual({ name: 'c-0', namespace: 'default', labels: { app: 'c' } });
  });
});

// pkg/controller/statefulset/stateful_set_utils.go newStatefulSetPod → initIdentity, updateIdentity (v1.33.13–v1.37.2)
describe('StatefulSet pods', () => {
  test('the pod-name and pod-index labels (over the template’s), hostname and subdomain', () => {
    const sts = workload('StatefulSet', plain, { labels: { app: 'db', 'statefulset.kubernetes.io/pod-name': 'mine' } }, { serviceName: 'db-headless' });
    const pod = podFromTemplate(sts, 'w-2', { ordinal: 2 });
    expect(pod.metadata!.labels).toEqual({ app: 'db', 'statefulset.kubernetes.io/pod-name': 'w-2', 'apps.kubernetes.io/pod-index': '2' });
    expect(pod.spec).toMatchObject({ hostname: 'w-2', subdomain: 'db-headless' });
  });
  test('the subject stands for ordinal 0', () => {
    expect(createdPod(toSubject(workload('StatefulSet', plain))).metadata!.labels).toMatchObject({ 'apps.kubernetes.io/pod-index': '0', 'statefulset.kubernetes.io/pod-name': 'w-0' });
  });
});

// pkg/registry/batch/job/strategy.go generateSelector (v1.33.13–v1.37.2)
describe('Job pods', () => {
  test('job-name and batch.kubernetes.io/job-name; controller-uid only with a known uid', () => {
    expect(podFromTemplate(workload('Job', plain), 'w-0').metadata!.labels).toEqual({ 'job-name': 'w', 'batch.kubernetes.io/job-name': 'w', app: 'w' });
    const dumped = workload('Job', plain);
    (dumped.metadata as { uid?: string }).uid = 'u-2';
    expect(podFromTemplate(dumped, 'w-0').metadata!.labels).toMatchObject({ 'controller-uid': 'u-2', 'batch.kubernetes.io/controller-uid': 'u-2' });
  });
  test('a label the template sets is kept; manualSelector adds none', () => {
    expect(podFromTemplate(workload('Job', plain, { labels: { 'job-name': 'own' } }), 'w-0').metadata!.labels!['job-name']).toBe('own');
    expect(podFromTemplate(workload('Job', plain, undefined, { manualSelector: true }), 'w-0').metadata!.labels).toEqual({ app: 'w' });
  });
});

// pkg/controller/daemon/util/daemonset_util_test.go TestReplaceDaemonSetPodNodeNameNodeAffinity; daemonset_util.go
// AddOrUpdateDaemonPodTolerations
describe('DaemonSet pods', () => {
  const affinityOf = (affinity: PodSpec['affinity']) => podFromTemplate(workload('DaemonSet', { ...plain, affinity }), 'w-host_1', { node: 'host_1' }).spec!.affinity;
  test.each([
    ['no affinity', undefined, { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('host_1') } }],
    ['required matchExpressions replaced', { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['host_1'] }] }] } } },
      { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('host_1') } }],
    ['preferred terms kept', { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['host_1'] }] } }] } },
      { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['host_1'] }] } }], requiredDuringSchedulingIgnoredDuringExecution: pin('host_1') } }],
    ['a pin to two nodes narrowed to one', { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: NAME, operator: 'In', values: ['host_1', 'host_2'] }] }] } } },
      { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('host_1') } }],
    ['NotIn replaced', { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: NAME, operator: 'NotIn', values: ['host_2'] }] }] } } },
      { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('host_1') } }],
  ])('ReplaceDaemonSetPodNodeNameNodeAffinity: %s', (_name, affinity, expected) => expect(affinityOf(affinity as PodSpec['affinity'])).toEqual(expected));
  test('the controller’s tolerations (network-unavailable with hostNetwork); none with daemonSetTolerations off', () => {
    const keys = (spec: PodSpec) => (podFromTemplate(workload('DaemonSet', spec), 'w-n').spec!.tolerations ?? []).map((t) => t.key);
    expect(keys(hostNetwork)).toContain('node.kubernetes.io/network-unavailable');
    expect(keys(plain)).toHaveLength(6);
    configure({ admission: { daemonSetTolerations: false } });
    expect(keys(plain)).toEqual([]);
  });
  test('without a node the template’s own node affinity stands (the question of whether the controller runs a pod there)', () => {
    const affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'a', operator: 'Exists' }] }] } } };
    expect(createdPod(toSubject(workload('DaemonSet', { ...plain, affinity }))).spec!.affinity).toEqual(affinity);
  });
});

describe('the Pod a subject stands for, and admission on it', () => {
  test('a Pod that needs no default is itself; one that does is a defaulted copy', () => {
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: plain };
    expect(createdPod(toSubject(pod))).toBe(pod);
    expect(storedPod(pod)).toBe(pod);
    const host: Pod = { ...pod, spec: hostNetwork };
    const once = storedPod(host);
    expect(once.spec!.containers[0].ports![0].hostPort).toBe(9100);
    expect(storedPod(once)).toBe(once); // a dumped pod, already defaulted, is not copied again
  });
  test('admitPod attributes the DaemonSet controller’s tolerations from the created pod, the rest to admission', () => {
    const { spec, sources } = admitPod(toSubject(workload('DaemonSet', { ...plain, tolerations: [{ key: 'own', operator: 'Exists' }] })));
    expect(sources[0]).toBe('pod spec');
    expect(new Set(sources.slice(1))).toEqual(new Set(['DaemonSet controller']));
    expect(spec.tolerations).toHaveLength(7);
  });
  // apiserver pkg/endpoints/handlers/rest.go transformDecodeError; apimachinery resource.ErrSuffix, ErrFormatWrong
  test.each([
    ['5K', "unable to parse quantity's suffix"],
    ['2 cores', "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
    ['abc', "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
  ])('cpu: %s is refused with the decoder’s text, never read as 0', (cpu, error) => {
    const d = workload('Deployment', { containers: [{ name: 'c', image: 'i', resources: { requests: { cpu } } }] });
    expect(() => createdPod(toSubject(d))).toThrow(ApiServerRefusal);
    expect(() => admitPod(toSubject(d))).toThrow(`Deployment ns/w is refused by the API server: Deployment in version "v1" cannot be handled as a Deployment: ${error}\n` +
      `  spec.template.spec.containers[0].resources.requests.cpu: Invalid value: "${cpu}": ${error}`);
    expect(() => podFromTemplate(d, 'w-0')).toThrow(ApiServerRefusal);
  });
});
