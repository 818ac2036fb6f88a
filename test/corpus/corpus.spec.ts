// Real public manifests (../shared/corpus, never copied here): every file loads or fails naming the file,
// and the placement facts SOURCES.md states about them hold.
import { globSync } from 'glob';
import { chooseNodePool, isNodePool, nodesFromNodePool } from '../../src/karpenter';
import { loadManifests, ManifestError, type Manifests, type NodePool } from '../../src/loader';
import { taint } from '../../src/k8s/kubectl-taint';
import { validate } from '../../src/engine/validate';
import { withConfiguration } from '../../src/core/config';
import type { Node } from '../../src/core/types';

const corpus = process.env.K8S_CORPUS;
if (!corpus) throw new Error('set K8S_CORPUS (use: npm run test:corpus -- <dir>)');
const load = (file: string, options = {}): Manifests => loadManifests(file, { cwd: corpus, ...options });
const node = (name: string, taints: object[] = [], labels: Record<string, string> = {}, conditions?: object[]): Node =>
  ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', ...labels } }, spec: { taints }, status: conditions ? { conditions } : undefined }) as Node;
const kubeadmControlPlane = node('cp-1', [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }], { 'node-role.kubernetes.io/control-plane': '' });
const notReady = node('down', [], {}, [{ type: 'Ready', status: 'False' }]);

const files = globSync('**/*', { cwd: corpus, nodir: true }).filter((f) => f !== 'SOURCES.md').sort();

describe('every file loads, or fails with an error naming the file', () => {
  test.each(files)('%s', (file) => {
    try {
      expect(load(file).length).toBeGreaterThan(0);
    } catch (e) {
      expect(e).toBeInstanceOf(ManifestError);
      expect((e as Error).message).toContain(`${file}:`);
    }
  });
});

describe('taints and tolerations', () => {
  test('calico-node tolerates every NoSchedule and NoExecute taint; calico-kube-controllers the empty-value control-plane taint only', () => {
    const m = load('calico/calico.yaml');
    const ds = m.get('daemonset/calico-node');
    expect(ds).toTolerate('anything=at-all:NoSchedule');
    expect(ds).toTolerate('CriticalAddonsOnly=true:NoExecute');
    expect(ds).toBeSchedulableOn(kubeadmControlPlane);
    const kc = m.get('deployment/calico-kube-controllers');
    expect(kc).toTolerate('node-role.kubernetes.io/control-plane:NoSchedule');
    expect(kc).not.toTolerate('node-role.kubernetes.io/control-plane=true:NoSchedule');
  });
  test('tigera-operator is a Deployment that tolerates all NoExecute and NoSchedule taints', () => {
    const op = load('calico/tigera-operator.yaml').get('deployment/tigera-operator');
    expect(op).toTolerate('x=y:NoExecute');
    expect(op).not.toBeEvictedFrom(notReady);
  });
  test('flannel tolerates NoSchedule only: kept off a node with a custom NoExecute taint', () => {
    const flannel = load('flannel/kube-flannel.yml').workloads()[0];
    expect(flannel).toBeSchedulableOn(kubeadmControlPlane);
    expect(flannel).not.toBeSchedulableOn(node('x', [{ key: 'X', effect: 'NoExecute' }]));
    expect(flannel).not.toBeEvictedFrom(notReady); // the DaemonSet controller adds not-ready/unreachable NoExecute
  });
  test('the NVIDIA device plugin tolerates nvidia.com/gpu but not the control-plane taint', () => {
    const plugin = load('nvidia-device-plugin/nvidia-device-plugin.yml').workloads()[0];
    expect(plugin).toTolerate('nvidia.com/gpu=present:NoSchedule');
    expect(plugin).not.toBeSchedulableOn(kubeadmControlPlane);
  });
  test('ingress-nginx (Equal, no value) and fluentd (no operator) tolerate the empty-value control-plane taint', () => {
    expect(load('ingress-nginx/kind/deploy.yaml').get('deployment/ingress-nginx-controller')).toTolerate('node-role.kubernetes.io/control-plane:NoSchedule');
    expect(load('fluentd-kubernetes-daemonset/fluentd-daemonset-elasticsearch-rbac.yaml').workloads()[0]).toBeSchedulableOn(kubeadmControlPlane);
  });
  test('tolerate everything: node-exporter, aws-node, ebs-csi-node, the GKE driver installer', () => {
    for (const file of ['kube-prometheus/nodeExporter-daemonset.yaml', 'amazon-vpc-cni-k8s/aws-k8s-cni.yaml', 'aws-ebs-csi-driver/node.yaml', 'gke-accelerators/daemonset-preloaded.yaml']) {
      expect(load(file).workloads()[0]).toTolerate('any=thing:NoExecute');
    }
  });
  test('node-problem-detector tolerates NoSchedule and NoExecute but not PreferNoSchedule', () => {
    const npd = load('node-problem-detector/node-problem-detector.yaml').workloads()[0];
    expect(npd).toTolerate('a:NoExecute');
    expect(npd).not.toTolerate('a:PreferNoSchedule');
  });
  test('cluster-autoscaler (Equal "true", role label) does not match a kubeadm control plane', () => {
    const ca = load('cluster-autoscaler/cluster-autoscaler-run-on-control-plane.yaml').workloads()[0];
    expect(ca).not.toTolerate('node-role.kubernetes.io/control-plane:NoSchedule');
    expect(ca).not.toBeSchedulableOn(kubeadmControlPlane);
    expect(ca).toBeSchedulableOn(node('cp', [{ key: 'node-role.kubernetes.io/control-plane', value: 'true', effect: 'NoSchedule' }], { 'kubernetes.io/role': 'control-plane' }));
  });
  test('the karpenter-blueprints workload tolerates the od-spot NodePool taint; kwok pod tolerates the kwok node', () => {
    expect(load('karpenter-blueprints/workload.yaml').workloads()[0]).toTolerate('intent=workload-split:NoSchedule');
    const kwokPod = load('kwok/pod.yaml').workloads()[0];
    const kwokNode = load('kwok/virtual-gpu-node.yaml').nodes()[0];
    expect(kwokPod).toTolerate(kwokNode.spec!.taints![0]);
    // the pod also requires region In [us-west-2]; the kwok node has no region label
    expect(kwokPod).not.toBeSchedulableOn(kwokNode);
  });
  test('ebs-csi-controller tolerates any NoExecute taint for 300 s', () => {
    const c = load('aws-ebs-csi-driver/controller.yaml').workloads()[0];
    expect(c).toBeEvictedFrom(taint(node('n'), 'maintenance:NoExecute')).after(300);
    expect(c).toBeEvictedFrom(notReady).after(300);
  });
  test('a DaemonSet without tolerations still tolerates not-ready forever (controller tolerations)', () => {
    expect(load('karpenter-blueprints/daemonset.yaml').workloads()[0]).not.toBeEvictedFrom(notReady);
  });
});

describe('node selection', () => {
  test('gpu-feature-discovery: three ORed nodeSelectorTerms', () => {
    const gfd = load('nvidia-device-plugin/gpu-feature-discovery-daemonset-with-mig-mixed.yaml').workloads()[0];
    expect(gfd).toBeSchedulableOn(node('g', [], { 'nvidia.com/gpu.present': 'true' }));
    expect(gfd).not.toBeSchedulableOn(node('c'));
  });
  test('aws-node: compute-type NotIn fargate/hybrid/auto matches a node without the label', () => {
    const awsNode = load('amazon-vpc-cni-k8s/aws-k8s-cni.yaml').workloads()[0];
    expect(awsNode).toBeSchedulableOn(node('ec2'));
    expect(awsNode).not.toBeSchedulableOn(node('fargate', [], { 'eks.amazonaws.com/compute-type': 'fargate' }));
  });
  test('the GKE driver installer: gke-accelerator Exists and two DoesNotExist keys', () => {
    const d = load('gke-accelerators/daemonset-preloaded.yaml').workloads()[0];
    expect(d).toBeSchedulableOn(node('gpu', [], { 'cloud.google.com/gke-accelerator': 'nvidia-l4' }));
    expect(d).not.toBeSchedulableOn(node('cpu'));
  });
  test('prefer-arm prefers arm64 (weight 50) over amd64 (weight 1)', () => {
    const d = load('karpenter-provider-aws/prefer-arm.yaml').workloads()[0];
    expect(d).toPrefer(node('arm', [], { 'kubernetes.io/arch': 'arm64' })).over(node('amd'));
  });
  test('gpu-nvidia: a GPU only in limits is requested; cpu "1" and memory 256M', () => {
    const d = load('karpenter-provider-aws/gpu-nvidia.yaml').workloads()[0];
    const withAlloc = (alloc: object) => ({ ...node('n'), status: { allocatable: alloc } }) as Node;
    expect(d).not.toBeSchedulableOn(withAlloc({ cpu: '4', memory: '16Gi', pods: '110' }));
    expect(d).toBeSchedulableOn(withAlloc({ cpu: '4', memory: '16Gi', pods: '110', 'nvidia.com/gpu': '1' }));
    expect(d).not.toBeSchedulableOn(withAlloc({ cpu: '4', memory: '255M', pods: '110', 'nvidia.com/gpu': '1' }));
  });
  test('kwok/node.yaml: bare YAML integers are quantities', () => {
    const n = load('kwok/node.yaml').nodes()[0];
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'busybox', resources: { requests: { cpu: '32' } } }] } };
    expect(pod).toBeSchedulableOn(n);
    expect({ ...pod, spec: { containers: [{ name: 'c', image: 'busybox', resources: { requests: { cpu: '33' } } }] } }).not.toBeSchedulableOn(n);
  });
});

describe('dumps from real clusters', () => {
  test('the support bundle: the two Pending pods get the scheduler message their status shows', () => {
    const pods = load('troubleshoot/real-support-bundle/cluster-resources/pods');
    const nodes = load('troubleshoot/real-support-bundle/cluster-resources/nodes.json').nodes();
    const running = pods.workloads().filter((p) => (p as { status?: { phase?: string } }).status?.phase !== 'Pending') as never[];
    const pending = pods.workloads().filter((p) => (p as { status?: { phase?: string } }).status?.phase === 'Pending');
    expect(pending).toHaveLength(2);
    for (const p of pending) {
      expect(p).not.toBeSchedulableOnAnyOf(nodes, { existingPods: running });
      expect(() => expect(p).toBeSchedulableOnAnyOf(nodes, { existingPods: running })).toThrow('0/1 nodes are available: 1 Insufficient cpu.');
    }
  });
  test('headerless OpenShift dumps need { kind }', () => {
    expect(() => load('insights-operator/master-0.imeixner20210707.lab.upshift.rdu2.redhat.com.json')).toThrow('has no apiVersion or kind');
    const master = load('insights-operator/master-0.imeixner20210707.lab.upshift.rdu2.redhat.com.json', { kind: 'Node' }).nodes()[0];
    const alertmanager = load('insights-operator/alertmanager-main-0.json', { kind: 'Pod' }).workloads()[0];
    expect(alertmanager).not.toBeSchedulableOn(master); // master NoSchedule, no toleration
    expect(alertmanager).toBeEvictedFrom(notReady).after(300);
  });
  test('raw API NodeList items without kind; DaemonSet pods pinned by matchFields', () => {
    const nodes = load('honeycomb-kubernetes-agent/nodes.json').nodes();
    expect(nodes.map((n) => n.metadata?.name)).toEqual(['duckboat-01', 'duckboat-02']);
    const pods = load('honeycomb-kubernetes-agent/pods.json').workloads();
    const pinned = pods.filter((p) => JSON.stringify(p).includes('"matchFields"'));
    expect(pinned.length).toBeGreaterThan(0);
    for (const p of pinned) {
      const target = JSON.stringify(p).match(/"metadata\.name","operator":"In","values":\["([^"]+)"\]/)![1];
      const [home, neighbour] = target === 'duckboat-01' ? nodes : [...nodes].reverse();
      expect(p).not.toBeSchedulableOn(neighbour);
      // a bound pod from the dump keeps its spec.nodeName: from 1.37 NodeName's PreFilter narrows to that node too
      const bound = Boolean((p as Node & { spec?: { nodeName?: string } }).spec?.nodeName);
      expect(() => expect(p).toBeSchedulableOn(neighbour)).toThrow(`node(s) didn't satisfy plugin(s) [NodeAffinity${bound ? ' NodeName' : ''}]`);
      withConfiguration({ kubernetesVersion: '1.36' }, () => expect(() => expect(p).toBeSchedulableOn(neighbour)).toThrow("node(s) didn't satisfy plugin(s) [NodeAffinity]\n"));
      void home;
    }
  });
  test('troubleshoot/nodes.json: seven Ready nodes and no taints', () => {
    const nodes = load('troubleshoot/nodes.json').nodes();
    expect(nodes).toHaveLength(7);
    expect(nodes.every((n) => !n.spec?.taints?.length)).toBe(true);
  });
  test('kubernetes/api testdata placeholders are refused with field paths', () => {
    const n = load('kubernetes-api/core.v1.Node.yaml').nodes()[0];
    expect(() => expect({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [] } }).toBeSchedulableOn(n)).toThrow(
      // upstream's ValidateNode reports spec.taints under the path "metadata" (validation.go: fldPath :=
      // field.NewPath("metadata"); validateNodeTaints(node.Spec.Taints, fldPath.Child("taints"))), as the oracle shows
      'metadata.taints[0].effect: Unsupported value: "effectValue"',
    );
    const ds = load('kubernetes-api/apps.v1.DaemonSet.json').workloads()[0];
    // about 60 field errors: the matcher lists 10 and says how many more; validate() returns them all, no Go pointer
    expect(() => expect(ds).toTolerate('a:NoSchedule')).toThrow(/\n {2}… and \d+ more$/);
    const all = validate(ds).map((e) => `${e.field}: ${e.message}`);
    expect(all).toContain('spec.template.spec.tolerations[0].operator: Unsupported value: "operatorValue": supported values: "Equal", "Exists"');
    expect(all.join('\n')).not.toMatch(/0xc0/);
  });
});

describe('loader shapes', () => {
  test('List wrappers, comment-only documents, CRLF, big bundles, non-pod objects kept', () => {
    expect(load('linkerd2/inject_emojivoto_list.golden.yml').workloads().map((w) => w.metadata?.name)).toEqual(['web', 'emoji']);
    const helm = load('linkerd2/install_helm_control_plane_output_ha.golden');
    expect(helm.workloads().filter((w) => w.kind === 'Deployment').map((w) => w.metadata?.name)).toEqual(expect.arrayContaining(['linkerd-identity', 'linkerd-destination', 'linkerd-proxy-injector']));
    expect(helm.all().some((o) => o.kind === 'ConfigMap')).toBe(true);
    expect(load('argo-cd/resource_customizations/healthy.yaml').workloads()).toHaveLength(0);
    expect(load('karpenter-provider-aws/multiple-arch.yaml').all().map((o) => o.kind)).toEqual(['NodePool', 'NodePool', 'EC2NodeClass']);
    expect(load('kube-prometheus/grafana-dashboardDefinitions.yaml').all()).toHaveLength(33);
    expect(load('kubectl/rc-service.yaml').workloads().map((w) => w.kind)).toEqual(['ReplicationController']);
    expect(load('argo-cd/ha/install.yaml').workloads().length).toBeGreaterThanOrEqual(8);
  });
});

describe('Karpenter NodePools (karpenter-blueprints, karpenter-provider-aws)', () => {
  // The loader's nodePools() is helper A's; filtering all() by kind keeps this independent of it.
  const pools = (file: string): NodePool[] => load(file).all().filter(isNodePool);
  test('od-spot: the workload-split Deployment (intent Equal workload-split, nodeSelector intent=apps) is provisionable by both pools', () => {
    const [od, spot] = pools('karpenter-blueprints/od-spot.yaml');
    const w = load('karpenter-blueprints/workload.yaml').workloads()[0];
    expect(w).toBeProvisionableBy(od);
    expect(w).toBeProvisionableBy(spot);
    // equal (absent) weights: the name that sorts last is tried first
    expect(chooseNodePool(w, [od, spot]).chosen?.pool).toBe('node-spot');
    // the pools' own nodes carry the shared taint and intent=apps; kube-scheduler agrees
    expect(w).toBeSchedulableOnAllOf([...nodesFromNodePool(od), ...nodesFromNodePool(spot)]);
  });
  test('od-spot: dummy-workload has no toleration for intent=workload-split, so Karpenter reports "did not tolerate taint"', () => {
    const d = load('karpenter-blueprints/dummy-workload.yaml').get('deployment/dummy-workload');
    const [od] = pools('karpenter-blueprints/od-spot.yaml');
    expect(() => expect(d).toBeProvisionableBy(od)).toThrow('did not tolerate taint');
  });
  test('multiple-arch: prefer-arm picks the arm64 pool (its heaviest preference counts first); amd64 takes it after relaxation', () => {
    const [amd64, arm64] = pools('karpenter-provider-aws/multiple-arch.yaml');
    const d = load('karpenter-provider-aws/prefer-arm.yaml').workloads()[0];
    expect(chooseNodePool(d, [amd64, arm64]).chosen?.pool).toBe('arm64');
    expect(d).toBeProvisionableBy(amd64);
  });
  test('multiple-arch: dummy-workload selects intent=apps, which neither pool defines', () => {
    const d = load('karpenter-blueprints/dummy-workload.yaml').get('deployment/dummy-workload');
    expect(() => expect(d).toBeProvisionableByAnyOf(pools('karpenter-provider-aws/multiple-arch.yaml'))).toThrow('incompatible requirements, label "intent" does not have known values');
  });
  test('the headroom-reserver DaemonSet (no tolerations) counts as overhead on multiple-arch pools but not on the tainted od-spot pools', () => {
    const ds = load('karpenter-blueprints/daemonset.yaml').workloads()[0];
    expect(ds).toBeProvisionableBy(pools('karpenter-provider-aws/multiple-arch.yaml')[0]);
    expect(ds).not.toBeProvisionableBy(pools('karpenter-blueprints/od-spot.yaml')[0]);
  });
});
