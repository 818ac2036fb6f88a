// The one create path on what its other tests leave out: the workload's controller's own fields on manifests that
// leave parts out (GetPodFromTemplate, pkg/controller/controller_utils.go; the StatefulSet controller's initIdentity
// and updateStorage, stateful_set_utils.go; the DaemonSet controller's ReplaceDaemonSetPodNodeNameNodeAffinity,
// daemon/util/daemonset_util.go; the Job registry's generateSelector, pkg/registry/batch/job/strategy.go), the
// RuntimeClass plugin on the Pods a controller creates (plugin/pkg/admission/runtimeclass/admission.go), and the Pod
// as stored (SetDefaults_Pod: hostNetwork's hostPort = containerPort).
import type { KubeObject, Pod } from '../core/types';
import { resetConfiguration, withConfiguration } from '../core/config';
import { toSubject } from '../k8s/subject';
import { ApiServerRefusal } from '../k8s/decode';
import { EVERYTHING, POD_TEMPLATE_HASH, selectorMatches, THIS_REVISION, withLabelKeys } from '../k8s/label-selector';
import { createdLabels, createdPod, createdSpec, podFromTemplate, storedPod } from './create';

afterEach(resetConfiguration);

const container = { name: 'c', image: 'x' };
const template = (spec: Record<string, unknown> = {}) => ({ metadata: { labels: { app: 'w' } }, spec: { containers: [container], ...spec } });
const workload = (kind: string, spec: Record<string, unknown> = {}, metadata: Record<string, unknown> = { name: 'w', namespace: 'team' }): KubeObject =>
  ({ apiVersion: kind === 'Job' ? 'batch/v1' : 'apps/v1', kind, metadata, spec: { selector: { matchLabels: { app: 'w' } }, template: template(), ...spec } } as KubeObject);

describe('manifests that leave parts out', () => {
  it('a StatefulSet without a spec: its pod still gets its identity (hostname, pod-name and pod-index labels)', () => {
    const pod = podFromTemplate({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 's' } } as KubeObject, 's-0');
    expect(pod.apiVersion).toBe('v1');
    expect(pod.metadata?.labels).toEqual({ 'statefulset.kubernetes.io/pod-name': 's-0', 'apps.kubernetes.io/pod-index': '0' });
    expect(pod.spec?.hostname).toBe('s-0');
    expect(pod.spec).not.toHaveProperty('subdomain');
  });
  it('a Job without a spec or a name: generateSelector\'s labels with the empty name', () => {
    const pod = podFromTemplate({ apiVersion: 'batch/v1', kind: 'Job', metadata: {} } as KubeObject, 'j-0');
    expect(pod.metadata?.labels).toEqual({ 'job-name': '', 'batch.kubernetes.io/job-name': '' });
  });
  it('a ReplicaSet without metadata: the controller ref without a name or uid, the default namespace', () => {
    const pod = podFromTemplate({ apiVersion: 'apps/v1', kind: 'ReplicaSet', spec: { template: template() } } as KubeObject, 'r-0');
    expect(pod.metadata?.namespace).toBe('default');
    expect(pod.metadata?.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: undefined, controller: true, blockOwnerDeletion: true }]);
  });
  it('a Deployment without a spec or metadata: pod-template-hash stands for its revision', () => {
    const pod = podFromTemplate({ apiVersion: 'apps/v1', kind: 'Deployment' } as KubeObject, 'd-0');
    expect(pod.metadata?.labels).toEqual({ [POD_TEMPLATE_HASH]: THIS_REVISION });
  });
  it('a Deployment whose selector does not parse (the API server refuses it): its pod\'s labels all the same', () => {
    const bad = workload('Deployment', { selector: { matchExpressions: [{ key: 'app', operator: 'Near', values: ['w'] }] } });
    expect(podFromTemplate(bad, 'w-0').metadata?.labels).toEqual({ app: 'w', [POD_TEMPLATE_HASH]: THIS_REVISION });
  });
  it('a Pod without a spec is stored as it is', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } } as Pod;
    expect(storedPod(pod)).toBe(pod);
  });
});

describe("a Deployment's pods: pod-template-hash stands for the revision of that Deployment, in its namespace", () => {
  // matchLabelKeys [pod-template-hash] (PodTopologySpread, pod affinity): the pods of this revision only
  const sameRevision = (d: KubeObject, namespace: string) => {
    const labels = podFromTemplate(d, 'w-0').metadata!.labels!;
    return selectorMatches(withLabelKeys(EVERYTHING, labels, [POD_TEMPLATE_HASH]), labels, namespace);
  };
  it('in the Deployment\'s namespace, or default without one', () => {
    expect(sameRevision(workload('Deployment'), 'team')).toBe(true);
    expect(sameRevision(workload('Deployment'), 'default')).toBe(false);
    expect(sameRevision(workload('Deployment', {}, { name: 'w' }), 'default')).toBe(true);
  });
});

describe('the controllers\' own fields', () => {
  it('a DaemonSet pod pinned to its node keeps the rest of its affinity', () => {
    const antiAffinity = { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'w' } } }] };
    const ds = workload('DaemonSet', { template: template({ affinity: { podAntiAffinity: antiAffinity } }) });
    expect(podFromTemplate(ds, 'w-n1', { node: 'n1' }).spec?.affinity).toEqual({
      podAntiAffinity: antiAffinity,
      nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n1'] }] }] } },
    });
  });
  it('a StatefulSet pod: the claim volumes first, then the template\'s own (updateStorage)', () => {
    const claims = [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }];
    const config = { name: 'config', configMap: { name: 'w' } };
    const withOwn = workload('StatefulSet', { serviceName: 'w', volumeClaimTemplates: claims, template: template({ volumes: [config] }) });
    expect(podFromTemplate(withOwn, 'w-1', { ordinal: 1 }).spec?.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'data-w-1', readOnly: false } }, config]);
    const without = workload('StatefulSet', { serviceName: 'w', volumeClaimTemplates: claims });
    expect(podFromTemplate(without, 'w-0').spec?.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'data-w-0', readOnly: false } }]);
  });
});

describe('the RuntimeClass plugin on the Pods a controller creates', () => {
  const gvisor = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', overhead: { podFixed: { cpu: '250m' } },
    scheduling: { nodeSelector: { pool: 'sandboxed' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] } } as KubeObject;
  const deployment = (spec: Record<string, unknown>) => workload('Deployment', { template: template(spec) });

  it('the stored pod has the class\'s overhead, node selector and tolerations (setOverhead, setScheduling)', () => {
    const spec = withConfiguration({ runtimeClasses: [gvisor] }, () => podFromTemplate(deployment({ runtimeClassName: 'gvisor' }), 'w-0').spec);
    expect(spec).toMatchObject({ overhead: { cpu: '250m' }, nodeSelector: { pool: 'sandboxed' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }] });
    expect(spec?.tolerations).toHaveLength(1);
  });
  // a Deployment's pod is created with generateName `<replicaset>-` (controller_utils.go CreatePods); the API server names
  // it so in the mutating phase, by the generated name in the validating one (admission/errors.go extractResourceName)
  it('a class the cluster does not have: the pod\'s create is refused', () => {
    expect(() => withConfiguration({ runtimeClasses: [] }, () => podFromTemplate(deployment({ runtimeClassName: 'gvisor' }), 'w-0')))
      .toThrow(new ApiServerRefusal('pods "w-<pod-template-hash>-" is forbidden: pod rejected: RuntimeClass "gvisor" not found'));
  });
  it('an overhead without a class (validateOverhead): refused', () => {
    expect(() => podFromTemplate(deployment({ overhead: { cpu: '100m' } }), 'w-0'))
      .toThrow(new ApiServerRefusal('pods "w-<pod-template-hash>-<random suffix>" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead'));
  });
  it('with the plugin off, the class is not looked up', () => {
    const spec = withConfiguration({ admission: { runtimeClass: false } }, () => podFromTemplate(deployment({ runtimeClassName: 'gvisor' }), 'w-0').spec);
    expect(spec?.runtimeClassName).toBe('gvisor');
    expect(spec).not.toHaveProperty('overhead');
  });
});

describe('the Pod a Pod subject stands for', () => {
  it('as stored: defaulted (hostNetwork: hostPort = containerPort), the rest of the Pod as written', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', labels: { a: 'b' } },
      spec: { hostNetwork: true, containers: [{ ...container, ports: [{ containerPort: 8080 }] }] } } as KubeObject;
    const created = createdPod(toSubject(pod));
    expect(created.metadata).toEqual({ name: 'p', labels: { a: 'b' } });
    expect(created.spec?.containers[0]?.ports).toEqual([{ containerPort: 8080, hostPort: 8080 }]);
    expect(created.spec).toBe(createdSpec(toSubject(pod)));
  });
  it('a Pod without metadata has no labels', () => {
    expect(createdLabels(toSubject({ apiVersion: 'v1', kind: 'Pod', spec: { containers: [container] } }))).toEqual({});
  });
});
