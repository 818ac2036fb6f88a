// Objects read from a cluster (issue 31 finding 5): node and pod dumps are validated as the API server validates an
// update of the stored object, not as a create, and are not refused for fields placement never reads.
// - A Node's spec.podCIDR(s): support bundles redact them (`***HIDDEN***/25`, as troubleshoot writes them); a legacy
//   value with leading zeros (`10.0.010.0/24`) is refused on create from 1.36 (StrictIPCIDRValidation, beta). Upstream
//   still re-validates podCIDRs on a spec update (pkg/apis/core/validation/validation.go ValidateNode passes no old
//   values at v1.36.3 and v1.37.2), but the kubelet's status updates skip it (pkg/registry/core/node/strategy.go
//   nodeStatusStrategy.ValidateUpdate): the node exists, runs pods, and placement never reads the field.
// - A pod's hostAliases (a legacy IP field, StrictIPCIDRValidation too), likewise never read by placement.
// - A stored Pod already has its matchLabelKeys merged into its selectors (PrepareForCreate); PrepareForUpdate does not
//   merge again, and ValidatePodCreate's checks (ephemeral containers, `kubectl debug`) do not run on update.
// - Lt/Gt tolerations already stored stay allowed without the gate (pkg/api/pod/util.go
//   allowTaintTolerationComparisonOperators, GetValidationOptionsFromPodSpecAndMeta).
// Manifests the user writes are still validated as creates. Every release of the table is checked.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { KUBERNETES_VERSIONS, releaseAtLeast, withConfiguration, type KubernetesVersion } from '../core/config';
import { readFromCluster, validate, validateInput } from '.';
import { program } from '../cli';
import type { Node, Pod } from '../core/types';
import { failure } from '../../test/fixtures';

const REDACTED = '***HIDDEN***/25';
const LEGACY = '10.0.010.0/24';

/** A node as `kubectl get node -o yaml` prints it on EKS, its kubelet at the release. */
function nodeDump(name: string, podCIDR: string, release: KubernetesVersion, taints?: Array<{ key: string; value: string; effect: string }>): Node {
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: {
      name, uid: `uid-${name}`, resourceVersion: '918273', creationTimestamp: '2025-03-01T10:00:00Z',
      labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'topology.kubernetes.io/zone': 'us-east-1a', 'node.kubernetes.io/instance-type': 'm5.xlarge' },
      annotations: { 'alpha.kubernetes.io/provided-node-ip': '***HIDDEN***', 'node.alpha.kubernetes.io/ttl': '0' },
    },
    spec: { providerID: `aws:///us-east-1a/i-${name}`, podCIDR, podCIDRs: [podCIDR], ...(taints ? { taints } : {}) },
    status: {
      capacity: { cpu: '4', memory: '16069936Ki', pods: '58' }, allocatable: { cpu: '3920m', memory: '15053104Ki', pods: '58' },
      addresses: [{ type: 'InternalIP', address: '***HIDDEN***' }, { type: 'Hostname', address: name }],
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady' }],
      nodeInfo: { kubeletVersion: `v${release}.2` },
    },
  } as unknown as Node;
}

/** A Deployment's pod as `kubectl get pod -o yaml` prints it after `kubectl debug`, its selectors merged at create. */
function podDump(release: KubernetesVersion, nodeName?: string): Pod {
  const hash = '5d8f7c9b6';
  // matchLabelKeys merged into the selector by the create path: pod affinity at every release, topology spread from
  // 1.34 (MatchLabelKeysInPodTopologySpreadSelectorMerge); before, kube-scheduler merges it and the selector has no such key
  const merged = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'pod-template-hash', operator: 'In', values: [hash] }] };
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: `web-${hash}-x7k2p`, namespace: 'shop', uid: 'uid-web', resourceVersion: '918300', creationTimestamp: '2025-03-01T10:05:00Z',
      labels: { app: 'web', 'pod-template-hash': hash },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `web-${hash}`, uid: 'uid-rs', controller: true, blockOwnerDeletion: true }],
    },
    spec: {
      ...(nodeName ? { nodeName } : {}),
      containers: [{ name: 'web', image: 'registry.example/web:1', resources: { requests: { cpu: '500m', memory: '256Mi' } } }],
      ephemeralContainers: [{ name: 'debugger-8xq2d', image: 'busybox:1.36', targetContainerName: 'web' }],
      hostAliases: [{ ip: '010.0.0.1', hostnames: ['legacy.internal'] }],
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      ],
      affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', matchLabelKeys: ['pod-template-hash'], labelSelector: merged } }] } },
      topologySpreadConstraints: [{
        maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway', matchLabelKeys: ['pod-template-hash'],
        labelSelector: releaseAtLeast('1.34', release) ? merged : { matchLabels: { app: 'web' } },
      }],
    },
    status: { phase: 'Running', podIP: '***HIDDEN***', podIPs: [{ ip: '***HIDDEN***' }], hostIP: '***HIDDEN***', qosClass: 'Burstable' },
  } as unknown as Pod;
}


const message = failure;
const noExecute = [{ key: 'maintenance', value: 'kernel', effect: 'NoExecute' }];
const noSchedule = [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }];

describe.each(KUBERNETES_VERSIONS.map((v) => [v]))('at %s', (release) => {
  const inRelease = (f: () => void) => () => withConfiguration({ kubernetesVersion: release }, f);

  test.each([['redacted', REDACTED], ['legacy', LEGACY]])('a node dump with a %s podCIDR and a pod dump are accepted by toBeSchedulableOn and .not', (_what, cidr) =>
    inRelease(() => {
      const node = nodeDump('ip-10-0-1-23.ec2.internal', cidr, release);
      const pod = podDump(release);
      expect(pod).toBeSchedulableOn(node);
      expect(pod).toBeSchedulableOn(node, { existingPods: [podDump(release, node.metadata!.name)] });
      expect(pod).not.toBeSchedulableOn(nodeDump('ip-10-0-2-7.ec2.internal', cidr, release, noSchedule));
      expect(pod).toBeSchedulableOnAnyOf([node, nodeDump('ip-10-0-2-7.ec2.internal', cidr, release, noSchedule)]);
    })());

  test.each([['redacted', REDACTED], ['legacy', LEGACY]])('toBeEvictedFrom a node dump with a %s podCIDR', (_what, cidr) =>
    inRelease(() => {
      expect(podDump(release)).toBeEvictedFrom(nodeDump('ip-10-0-1-23.ec2.internal', cidr, release, noExecute));
      expect(podDump(release)).not.toBeEvictedFrom(nodeDump('ip-10-0-1-23.ec2.internal', cidr, release));
    })());

  test('the answer says what was not checked, and why', inRelease(() => {
    const m = message(() => expect(podDump(release)).not.toBeSchedulableOn(nodeDump('ip-10-0-1-23.ec2.internal', REDACTED, release)));
    expect(m).toContain('Not checked (read from a cluster; placement never reads these fields, which the API server would refuse in a create):\n' +
      '  Pod shop/web-5d8f7c9b6-x7k2p: spec.hostAliases[0].ip: Invalid value: "010.0.0.1": must not have leading 0s'.repeat(releaseAtLeast('1.36') ? 1 : 0));
    expect(m).toContain('  Node ip-10-0-1-23.ec2.internal: spec.podCIDRs[0]: Invalid value: "***HIDDEN***/25": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)');
    // a legacy value is only refused (so only unchecked) where the strict rules apply
    const legacy = validateInput(nodeDump('n', LEGACY, release));
    expect(legacy.errors).toEqual([]);
    expect(legacy.unchecked.map((e) => e.field)).toEqual(releaseAtLeast('1.36') ? ['spec.podCIDRs[0]'] : []);
  }));

  test('the CLI explains and evicts them, with the note on stderr', inRelease(() => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jkp-read-'));
    const write = (name: string, objects: object[]) => {
      writeFileSync(path.join(dir, name), JSON.stringify({ apiVersion: 'v1', kind: 'List', items: objects }));
      return path.join(dir, name);
    };
    const nodes = write('nodes.json', [nodeDump('ip-10-0-1-23.ec2.internal', REDACTED, release), nodeDump('ip-10-0-2-7.ec2.internal', LEGACY, release, noExecute)]);
    const pods = write('pods.json', [podDump(release)]);
    const run = (...args: string[]) => {
      let out = '';
      let err = '';
      const cli = program((s) => (out += s), (s) => (err += s));
      cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (err += s) });
      cli.parse(['node', 'jest-k8s-placement', ...args, '--kubernetes-version', release]);
      return { out, err };
    };
    const explained = run('explain', pods, '--nodes', nodes, '--existing', pods);
    expect(explained.out).toContain('schedulable on 1 of 2 node(s): ip-10-0-1-23.ec2.internal');
    expect(explained.err).toContain('note: Not checked (read from a cluster;');
    expect(explained.err).toContain('Node ip-10-0-1-23.ec2.internal: spec.podCIDRs[0]: Invalid value: "***HIDDEN***/25"');
    const evicted = run('evict', pods, '--node', nodes, '--node-name', 'ip-10-0-2-7.ec2.internal');
    expect(evicted.out).toMatch(/evicted at once|evicted after/i);
  }));
});

describe('manifests the user writes are still validated as creates', () => {
  const manifest = (spec: Record<string, unknown>, meta: Record<string, unknown> = {}): Pod => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', ...meta },
    spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...spec },
  }) as unknown as Pod;

  test('kubectl create --dry-run output (creationTimestamp: null, status: {}) is a manifest', () => {
    const dryRun = { ...manifest({}, { creationTimestamp: null }), status: {} };
    expect(readFromCluster(dryRun)).toBe(false);
    expect(readFromCluster({ ...dryRun, metadata: { ...dryRun.metadata, resourceVersion: '1' } } as never)).toBe(true);
    expect(readFromCluster({ ...dryRun, status: { phase: 'Running' } } as never)).toBe(true);
  });

  test('ephemeral containers, a legacy hostAliases IP and a node\'s bad podCIDR are refused in a manifest', () =>
    withConfiguration({ kubernetesVersion: '1.36' }, () => {
      const written = manifest({ ephemeralContainers: [{ name: 'd', image: 'busybox' }], hostAliases: [{ ip: '010.0.0.1', hostnames: ['x'] }] });
      expect(validateInput(written).errors.map((e) => e.field)).toEqual(['spec.hostAliases[0].ip', 'spec.ephemeralContainers']);
      expect(message(() => expect(written).toBeSchedulableOn(nodeDump('n', '10.0.1.0/24', '1.36')))).toContain('would be rejected by the API server');
      const handWritten = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { podCIDR: LEGACY } } as Node;
      expect(message(() => expect(manifest({})).toBeSchedulableOn(handWritten))).toContain('spec.podCIDRs[0]: Invalid value: "10.0.010.0/24": must not have leading 0s');
      // validate() stays the create path (the oracle's create domain compares it)
      expect(validate(nodeDump('n', LEGACY, '1.36')).map((e) => e.field)).toEqual(['spec.podCIDRs[0]']);
    }));

  test('a matchLabelKeys key already in the selector is refused in a manifest, not in a stored pod', () => {
    const pod = podDump('1.37');
    const written = { ...pod, metadata: { name: pod.metadata!.name, namespace: 'shop', labels: pod.metadata!.labels }, status: undefined };
    expect(validateInput(written as never).errors.map((e) => e.message)).toContain('Invalid value: "pod-template-hash": exists in both matchLabelKeys and labelSelector');
    expect(validateInput(pod).errors).toEqual([]);
  });

  test('Lt/Gt tolerations already stored stay allowed without the gate (1.35+), as on upstream\'s update', () =>
    withConfiguration({ kubernetesVersion: '1.35' }, () => {
      const spec = { tolerations: [{ key: 'generation', operator: 'Gt', value: '3', effect: 'NoSchedule' }] };
      expect(validateInput(manifest(spec)).errors.map((e) => e.field)).toEqual(['spec.tolerations[0].operator']);
      expect(validateInput(manifest(spec, { uid: 'u1' })).errors).toEqual([]);
      // the value checks that come with the operators still apply, twice before 1.37 (validatePodMetadataAndSpec, then
      // ValidatePodUpdate's validateOnlyAddedTolerations: test/e2e/oracle-regressions-updates.json)
      const bad = { tolerations: [{ key: 'generation', operator: 'Gt', value: '03', effect: 'NoSchedule' }] };
      expect(validateInput(manifest(bad, { uid: 'u1' })).errors.map((e) => e.field)).toEqual(Array(2).fill('spec.tolerations[0].value'));
    }));
});

describe('a workload read from a cluster: its own update verdict, and its created Pods still a create', () => {
  const affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disk', operator: 'In', values: ['bad value'] }] }] } } };
  const deployment = (metadata: Record<string, unknown>) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', ...metadata },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }], affinity } } } });
  const POD_NOTE = /\(the API server accepts the Deployment but refuses every Pod it creates\)$/;
  test.each(KUBERNETES_VERSIONS)('at %s the stored template may keep a bad required-affinity label value; the Pods it creates are still refused for it', (release) =>
    withConfiguration({ kubernetesVersion: release }, () => {
      const field = 'spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]';
      // a manifest: the Deployment itself is refused (its template validated as a create)
      expect(validateInput(deployment({}) as never).errors.filter((e) => !POD_NOTE.test(e.message)).map((e) => e.field)).toEqual([field]);
      // a dump: the Deployment's update accepts it (GetValidationOptionsFromPodTemplate of the stored template), the created Pods' check stays
      const stored = validateInput(deployment({ uid: 'u1', resourceVersion: '1' }) as never).errors;
      expect(stored.filter((e) => !POD_NOTE.test(e.message))).toEqual([]);
      expect(stored.filter((e) => POD_NOTE.test(e.message)).map((e) => e.field)).toEqual([field]);
    }));
});

describe('a Job read from a cluster: upstream\'s update of itself (ValidateJob and ValidateJobUpdate before 1.37)', () => {
  const uid = '3f1b6c2e-8a7d-4e3b-9c51-0d2f4a6b8e71';
  const generated = { 'batch.kubernetes.io/controller-uid': uid, 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': uid, 'job-name': 'pi' };
  /** `kubectl get job pi -o yaml` (the Kubernetes docs' example Job), as a cluster stores it. */
  const dump = (podSpec: Record<string, unknown> = {}) => ({
    apiVersion: 'batch/v1', kind: 'Job',
    metadata: { name: 'pi', namespace: 'default', uid, resourceVersion: '4242', creationTimestamp: '2026-01-10T09:00:00Z', generation: 1, labels: generated },
    spec: {
      backoffLimit: 4, completionMode: 'NonIndexed', completions: 1, manualSelector: false, parallelism: 1, podReplacementPolicy: 'TerminatingOrFailed', suspend: false,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      template: { metadata: { labels: generated }, spec: { containers: [{ name: 'pi', image: 'perl:5.34.0', command: ['perl', '-Mbignum=bpi', '-wle', 'print bpi(2000)'] }], restartPolicy: 'Never', ...podSpec } },
    },
    status: { succeeded: 1, ready: 0, terminating: 0 },
  });
  test.each(KUBERNETES_VERSIONS)('at %s a dumped Job loads; a written one without its generated selector is told so', (release) =>
    withConfiguration({ kubernetesVersion: release }, () => {
      expect(validateInput(dump() as never).errors).toEqual([]);
      const { selector: _s, ...spec } = dump().spec;
      const written = { ...dump(), spec: { ...spec, template: { ...spec.template, metadata: { labels: { app: 'pi' } } } } };
      const twice = releaseAtLeast('1.37') ? 1 : 2;
      expect(validateInput(written as never).errors.map((e) => e.field).sort())
        .toEqual([...Array(twice).fill('spec.selector'), ...Array(twice).fill('spec.template.metadata.labels')]);
    }));
  test.each(KUBERNETES_VERSIONS)('at %s a template\'s `resources: {}` is refused as immutable at 1.33 only (PodLevelResources off drops it)', (release) =>
    withConfiguration({ kubernetesVersion: release }, () => {
      const errors = validateInput(dump({ resources: {} }) as never).errors;
      expect(errors.map((e) => `${e.field} ${e.message}`)).toEqual(releaseAtLeast('1.34') ? [] : ['spec.template Invalid value: core.PodTemplateSpec{…}: field is immutable']);
    }));
});

// 1.37's alpha fields a cluster stores only with their gate on: the create path drops them (a manifest's are never
// checked), an update of a spec that holds them keeps and validates them (pkg/api/pod/util.go dropDisabledPodFields:
// bindMountOptionsInUse, schedulingGroupInUse, dropDisabledEvictionResponders). Found by the oracle's corpus pass on
// kubernetes/api's placeholder DaemonSet once the e2e question asked a dumped workload's update (oracle/shared/e2e.go).
describe('1.37 alpha fields a dump holds are validated as its update keeps them', () => {
  const pod = (metadata: Record<string, unknown>, spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', ...metadata },
    spec: { containers: [{ name: 'c', image: 'nginx', volumeMounts: [{ name: 'v', mountPath: '/v', bindMountOptions: ['noexec', 'nosuid', 'noexec', 'rbind'] }] }], volumes: [{ name: 'v', emptyDir: {} }], ...spec } });
  const fields = (o: object) => validateInput(o as never).errors.map((e) => `${e.field}: ${e.message}`);
  test('bindMountOptions: each supported, none twice, on an update only', () =>
    withConfiguration({ kubernetesVersion: '1.37' }, () => {
      expect(fields(pod({}, {}))).toEqual([]);
      expect(fields(pod({ uid: 'u1' }, {}))).toEqual([
        'spec.containers[0].volumeMounts[0].bindMountOptions[2]: Duplicate value: "noexec"',
        'spec.containers[0].volumeMounts[0].bindMountOptions[3]: Unsupported value: "rbind": supported values: "nodev", "noexec", "nosuid"',
      ]);
    }));
  test('schedulingGroup: a podGroupName, a DNS subdomain, not beside evictionResponders', () =>
    withConfiguration({ kubernetesVersion: '1.37' }, () => {
      const plain = { containers: [{ name: 'c', image: 'nginx' }] };
      expect(fields(pod({}, { ...plain, schedulingGroup: {} }))).toEqual([]);
      expect(fields(pod({ uid: 'u1' }, { ...plain, schedulingGroup: {} }))).toEqual(['spec.schedulingGroup.podGroupName: Invalid value: null: must specify one of: `podGroupName`']);
      expect(fields(pod({ uid: 'u1' }, { ...plain, schedulingGroup: { podGroupName: 'Bad' }, evictionResponders: [{}] })).map((f) => f.split(':')[0]))
        .toEqual(['spec.schedulingGroup.podGroupName', 'spec.schedulingGroup']);
    }));
  test('before 1.37 the fields do not exist', () =>
    withConfiguration({ kubernetesVersion: '1.36' }, () => {
      expect(fields(pod({ uid: 'u1' }, {})).filter((f) => f.includes('bindMountOptions['))).toEqual([]);
    }));
});

// Earlier releases' gated fields alike (the corpus pass on kubernetes/api's placeholder DaemonSet, at each release):
// 1.34's alpha hostnameOverride (setHostnameOverrideInUse), 1.33's resourceClaims with DynamicResourceAllocation off
// (dynamicResourceAllocationInUse), 1.36's schedulingGroup.
describe("gated fields a dump holds, at the releases whose create path drops them", () => {
  const pod = (metadata: Record<string, unknown>, spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', ...metadata }, spec });
  const fields = (o: object) => validateInput(o as never).errors.map((e) => e.field);
  test('1.34: hostnameOverride', () =>
    withConfiguration({ kubernetesVersion: '1.34' }, () => {
      const spec = { containers: [{ name: 'c', image: 'nginx' }], hostnameOverride: 'Bad_Name' };
      expect(fields(pod({}, spec))).toEqual([]);
      expect(fields(pod({ uid: 'u1' }, spec))).toEqual(['spec.hostnameOverride']);
    }));
  test('1.33: resourceClaims and the containers\' claims', () =>
    withConfiguration({ kubernetesVersion: '1.33' }, () => {
      const spec = { containers: [{ name: 'c', image: 'nginx', resources: { claims: [{ name: 'gpu', request: 'Bad_Request' }] } }], resourceClaims: [{ name: 'gpu', resourceClaimName: 'gpu-claim' }] };
      expect(fields(pod({}, spec))).toEqual([]);
      expect(fields(pod({ uid: 'u1' }, spec))).toEqual(['spec.containers[0].resources.claims[0].request']);
    }));
  test('1.36: schedulingGroup', () =>
    withConfiguration({ kubernetesVersion: '1.36' }, () => {
      const spec = { containers: [{ name: 'c', image: 'nginx' }], schedulingGroup: {} };
      expect(fields(pod({}, spec))).toEqual([]);
      expect(fields(pod({ uid: 'u1' }, spec))).toEqual(['spec.schedulingGroup.podGroupName']);
    }));
});
