// scheduleMatrix gives, for every (workload, node) pair, the plugin scheduleOn reports first (the encoding of
// ../shared/perf), with node shapes on and off, and any pair's full verdict on request.
// Imported module by module (not through ../src): this file is also in the mutation test set (test/mutation/vitest.config.mts).
import { PLUGIN_CODES, scheduleMatrix } from './matrix';
import { scheduleOn } from '../engine';
import { configure, resetConfiguration } from '../core/config';
import type { KubeObject, Node, Pod, Taint } from '../core/types';

afterEach(() => resetConfiguration());

const containers = (requests?: Record<string, string>, ports?: number[]) => [{
  name: 'c', image: 'nginx',
  ...(requests ? { resources: { requests } } : {}),
  ...(ports ? { ports: ports.map((p) => ({ containerPort: p, hostPort: p })) } : {}),
}];

function makeNode(name: string, o: { labels?: Record<string, string>; taints?: Taint[]; cordoned?: boolean; ready?: string; allocatable?: Record<string, string> } = {}): Node {
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...o.labels } },
    spec: { taints: o.taints, ...(o.cordoned ? { unschedulable: true } : {}) },
    status: {
      ...(o.allocatable ? { allocatable: o.allocatable } : {}),
      conditions: [{ type: 'Ready', status: o.ready ?? 'True' }],
    },
  };
}

// Pools of identical nodes (apart from names), in several zones, so that shapes are shared.
const nodes: Node[] = [];
const pools: Array<[string, Parameters<typeof makeNode>[1]]> = [
  ['general', { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } }],
  ['gpu', { taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }], allocatable: { cpu: '8', memory: '64Gi', pods: '110', 'nvidia.com/gpu': '2' } }],
  ['spot', { taints: [{ key: 'spot', effect: 'PreferNoSchedule' }, { key: 'dedicated', value: 'batch', effect: 'NoExecute' }], allocatable: { cpu: '2', memory: '8Gi', pods: '3' } }],
  ['tiny', { allocatable: { cpu: '500m', memory: '512Mi', pods: '110' } }],
  ['huge', { allocatable: { cpu: '64', memory: '9007199254740992', pods: '110' } }], // 2^53 bytes: numbers beyond it are not exact
  ['bare', {}], // no allocatable: unconstrained
];
for (const [pool, o] of pools) {
  for (let i = 0; i < 6; i++) {
    nodes.push(makeNode(`${pool}-${i}`, {
      ...o,
      labels: { pool, 'topology.kubernetes.io/zone': `z${i % 3}`, ...(i === 5 ? { 'example.com/gen': '3' } : {}) },
      cordoned: i === 4 && pool === 'general',
      ready: i === 3 && pool === 'gpu' ? 'False' : 'True',
    }));
  }
}

const existingPods: Pod[] = [
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p1' }, spec: { nodeName: 'general-0', containers: containers({ cpu: '3500m' }, [8080]) } },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p2' }, spec: { nodeName: 'spot-1', containers: containers() } },
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p3' }, spec: { nodeName: 'spot-1', containers: containers() } },
  // app=web: two in z0, one in z1, none in z2 (what spread constraints and pod affinity count)
  ...[['web-1', 'general-3'], ['web-2', 'bare-0'], ['web-3', 'tiny-1']].map(([name, nodeName]): Pod => (
    { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app: 'web' } }, spec: { nodeName, containers: containers() } })),
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-done', labels: { app: 'web' } }, spec: { nodeName: 'bare-2', containers: containers() }, status: { phase: 'Succeeded' } },
];
/** Pods with required anti-affinity against app=intruder: zone z1 (bare-1), and the node huge-2 alone (hostname). */
const guards: Pod[] = [['guard-zone', 'bare-1', 'topology.kubernetes.io/zone'], ['guard-host', 'huge-2', 'kubernetes.io/hostname']].map(([name, nodeName, topologyKey]) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { app: 'guard' } },
  spec: {
    nodeName, containers: containers(),
    affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey, labelSelector: { matchLabels: { app: 'intruder' } } }] } },
  },
}));

const tmpl = (name: string, spec: Record<string, unknown>, kind = 'Deployment', app = name): KubeObject => ({
  apiVersion: 'apps/v1', kind, metadata: { name, namespace: 'default' },
  spec: { selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec: { containers: containers(), ...spec } } },
} as KubeObject);
const term = (...matchExpressions: unknown[]) => ({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions }] } } } });

const workloads: KubeObject[] = [
  tmpl('plain', {}),
  tmpl('small', { containers: containers({ cpu: '250m', memory: '256Mi' }) }),
  tmpl('big-cpu', { containers: containers({ cpu: '3' }) }),
  tmpl('huge-memory', { containers: containers({ memory: '9007199254740992' }) }),
  tmpl('huge-memory-plus-one', { containers: containers({ memory: '9007199254740993' }) }), // a number reads 2^53
  tmpl('gpu', { containers: containers({ 'nvidia.com/gpu': '1' }), tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] }),
  tmpl('batch', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'batch' }] }),
  tmpl('selector', { nodeSelector: { pool: 'tiny' } }),
  tmpl('zone', term({ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z0', 'z2'] })),
  tmpl('not-zone', term({ key: 'topology.kubernetes.io/zone', operator: 'NotIn', values: ['z1'] }, { key: 'pool', operator: 'Exists' })),
  tmpl('gen', term({ key: 'example.com/gen', operator: 'Gt', values: ['2'] })),
  tmpl('no-gen', term({ key: 'example.com/gen', operator: 'DoesNotExist' })),
  tmpl('fields', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['tiny-2'] }] }] } } } }),
  tmpl('fields-not', { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['tiny-2'] }] }] } } } }),
  tmpl('bound', { nodeName: 'gpu-1' }),
  tmpl('ports', { containers: containers(undefined, [8080]) }),
  tmpl('gated', { schedulingGates: [{ name: 'wait' }] }),
  tmpl('cordon-tolerant', { tolerations: [{ key: 'node.kubernetes.io/unschedulable', operator: 'Exists' }] }),
  tmpl('agent', { tolerations: [{ operator: 'Exists' }] }, 'DaemonSet'),
  // reads other nodes and their pods: evaluated as scheduleOn does, not by shape
  tmpl('spread', {
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'spread' } } }],
    affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'spread' } } }] } },
  }),
  { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'bare-pod' }, spec: { containers: containers({ cpu: '100m' }), nodeSelector: { pool: 'general' } } } as KubeObject,
  // cluster plugins: spread constraints (zone, hostname, a key only some nodes have), required pod (anti-)affinity
  ...['topology.kubernetes.io/zone', 'kubernetes.io/hostname', 'example.com/gen'].map((topologyKey) => tmpl(`spread-${topologyKey.split('/')[1]}`, {
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey, whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } } }],
  }, 'Deployment', 'web')),
  tmpl('spread-anyway', { topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'topology.kubernetes.io/zone', whenUnsatisfiable: 'ScheduleAnyway', labelSelector: { matchLabels: { app: 'web' } } }] }),
  tmpl('with-web', { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'topology.kubernetes.io/zone', labelSelector: { matchLabels: { app: 'web' } } }] } } }),
  tmpl('with-web-host', { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } } }] } } }),
  tmpl('with-nobody', { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'topology.kubernetes.io/zone', labelSelector: { matchLabels: { app: 'nobody' } } }] } } }),
  tmpl('away-from-web', { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'topology.kubernetes.io/zone', labelSelector: { matchLabels: { app: 'web' } } }] } } }),
  tmpl('away-from-web-host', { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } } }] } } }),
  tmpl('intruder', {}),
];


describe('scheduleMatrix', () => {
  test.each([
    [true, 'existing pods', existingPods], [false, 'existing pods', existingPods],
    [true, 'existing pods with required anti-affinity', [...existingPods, ...guards]], [false, 'existing pods with required anti-affinity', [...existingPods, ...guards]],
  ])('with shapes %s and %s, every pair has the plugin scheduleOn reports first', (shapes, _, existingPods) => {
    const m = scheduleMatrix(workloads, nodes, { existingPods, shapes });
    expect(m.codes.length).toBe(workloads.length * nodes.length);
    const seen = new Set<string>();
    workloads.forEach((w, i) => {
      const r = scheduleOn(w, nodes, { existingPods });
      const byNode = new Map([...r.feasible, ...r.rejected].map((v) => [v.node, v.status?.plugin ?? 'Feasible']));
      nodes.forEach((n, j) => {
        const want = byNode.get(n.metadata!.name!);
        expect([w.metadata?.name, n.metadata?.name, m.plugins[m.code(i, j)]]).toEqual([w.metadata?.name, n.metadata?.name, want]);
        seen.add(want!);
      });
      expect(m.fitError(i)).toBe(r.fitError);
    });
    // the fixture reaches every plugin of the perf encoding, and the cluster plugins
    for (const plugin of Object.keys(PLUGIN_CODES)) expect(seen).toContain(plugin);
    expect(seen).toContain('Feasible');
    expect(seen).toContain('PodTopologySpread');
    expect(seen).toContain('InterPodAffinity');
  });

  test('pods read by the cluster plugins are evaluated by node shape too (the PreFilter state decides, not the node)', () => {
    const pods = [...existingPods, guards[0]]; // guards[1]'s hostname term would make every node its own group
    const w = (name: string) => workloads.find((x) => x.metadata!.name === name)!;
    for (const name of ['spread-zone', 'with-web', 'away-from-web', 'intruder']) {
      const m = scheduleMatrix([w(name)], nodes, { existingPods: pods });
      const every = scheduleMatrix([w(name)], nodes, { existingPods: pods, shapes: false });
      expect([name, Buffer.from(m.codes).equals(Buffer.from(every.codes))]).toEqual([name, true]);
      expect([name, m.evaluations < nodes.length]).toEqual([name, true]);
    }
    // zone z0 holds two app=web pods, z1 one, z2 none: a spread pod (maxSkew 1) fits only z2
    const spread = scheduleMatrix([w('spread-zone')], nodes, { existingPods });
    const zone = (j: number) => nodes[j].metadata!.labels!['topology.kubernetes.io/zone'];
    nodes.forEach((n, j) => {
      const plugin = spread.plugins[spread.code(0, j)];
      if (zone(j) !== 'z2') expect([n.metadata!.name, plugin]).not.toEqual([n.metadata!.name, 'Feasible']);
      if (plugin !== 'PodTopologySpread') return;
      expect(zone(j)).not.toBe('z2');
      expect(spread.verdict(0, j).status?.reasons).toEqual(["node(s) didn't match pod topology spread constraints"]);
    });
    expect(nodes.some((_, j) => spread.plugins[spread.code(0, j)] === 'PodTopologySpread')).toBe(true);
  });

  test("an existing pod's required anti-affinity reaches pods without affinity of their own (InterPodAffinity)", () => {
    const pool = ['a', 'b', 'c'].map((n) => makeNode(n, { allocatable: { cpu: '4', memory: '16Gi', pods: '110' } }));
    const loner: Pod = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'loner', namespace: 'default' },
      spec: {
        nodeName: 'a', containers: containers(),
        affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }] } },
      },
    };
    const web = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } }, spec: { containers: containers() } };
    const m = scheduleMatrix([web], pool, { existingPods: [loner] });
    expect([0, 1, 2].map((j) => m.plugins[m.code(0, j)])).toEqual(['InterPodAffinity', 'Feasible', 'Feasible']);
    expect(m.verdict(0, 0).status?.reasons).toEqual(["node(s) didn't satisfy existing pods anti-affinity rules"]);
  });
  test('node shapes: fewer evaluations than pairs, the same bytes', () => {
    const shaped = scheduleMatrix(workloads, nodes, { existingPods });
    const every = scheduleMatrix(workloads, nodes, { existingPods, shapes: false });
    expect(Buffer.from(shaped.codes).equals(Buffer.from(every.codes))).toBe(true);
    expect(scheduleMatrix([workloads.find((w) => w.metadata!.name === 'gated')!], nodes, { existingPods }).evaluations).toBe(0);
    expect(shaped.evaluations).toBeLessThan(every.evaluations / 2);
  });

  test('the memory beyond 2^53 is compared exactly', () => {
    const m = scheduleMatrix(workloads, nodes);
    const huge = nodes.findIndex((n) => n.metadata!.name === 'huge-0');
    const w = (name: string) => workloads.findIndex((x) => x.metadata!.name === name);
    expect(m.code(w('huge-memory'), huge)).toBe(0);
    expect(m.code(w('huge-memory-plus-one'), huge)).toBe(PLUGIN_CODES.NodeResourcesFit);
    expect(m.verdict(w('huge-memory-plus-one'), huge).status?.details).toEqual([
      'Insufficient memory: requested 9007199254740993, allocatable 8388608Gi, already requested by 0 pod(s) 0, free 8388608Gi',
    ]);
  });

  test('any pair\'s verdict has the reasons and details scheduleOn gives', () => {
    const m = scheduleMatrix(workloads, nodes, { existingPods });
    workloads.forEach((w, i) => {
      const r = scheduleOn(w, nodes, { existingPods });
      for (const v of r.rejected) {
        const j = nodes.findIndex((n) => n.metadata!.name === v.node);
        const got = m.verdict(i, j);
        expect({ plugin: got.status?.plugin, reasons: got.status?.reasons, details: got.status?.details })
          .toEqual({ plugin: v.status?.plugin, reasons: v.status?.reasons, details: v.status?.details });
      }
    });
  });

  // schedule() leaves the pod itself out of its cluster, and a DaemonSet's pods that its rollout replaces (snapshot.ts
  // withoutSubject): a dump of `kubectl get pods -A` holds both. The matrix row, verdict and FitError do the same.
  test("a workload's own pods among the existing ones are left out of its row, as scheduleOn leaves them out", () => {
    const two = [makeNode('a', { allocatable: { cpu: '1', pods: '110' } }), makeNode('b', { allocatable: { cpu: '1', pods: '110' } })];
    const spec = { containers: containers({ cpu: '800m' }, [9100]) };
    const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'exporter', namespace: 'mon', uid: 'u1' }, spec };
    const ds = {
      apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'agent', namespace: 'mon' },
      spec: { selector: { matchLabels: { app: 'agent' } }, template: { metadata: { labels: { app: 'agent' } }, spec } },
    };
    const surging = { ...ds, spec: { ...ds.spec, updateStrategy: { rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } } } };
    const bound = (metadata: Pod['metadata'], node: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata, spec: { ...spec, nodeName: node } });
    const owner = [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: 'd1', controller: true }];
    const existingPods = [
      bound({ name: 'exporter', namespace: 'mon', uid: 'u1' }, 'a'),
      bound({ name: 'agent-x', namespace: 'mon', ownerReferences: owner }, 'b'),
    ];
    const workloads: KubeObject[] = [pod, ds, surging, { ...pod, metadata: { name: 'other', namespace: 'mon' } }];
    for (const shapes of [true, false]) {
      const m = scheduleMatrix(workloads, two, { existingPods, shapes });
      const row = (w: number) => [0, 1].map((n) => m.plugins[m.code(w, n)]);
      // the Pod meets the DaemonSet's pod on b; the DaemonSet (no maxSurge) meets the Pod on a; the surging one and
      // another Pod meet both
      expect([0, 1, 2, 3].map(row)).toEqual([['Feasible', 'NodePorts'], ['NodePorts', 'Feasible'], ['NodePorts', 'NodePorts'], ['NodePorts', 'NodePorts']]);
      workloads.forEach((w, i) => {
        const r = scheduleOn(w, two, { existingPods });
        expect([0, 1].map((n) => m.verdict(i, n).feasible)).toEqual(two.map((n) => r.feasible.some((v) => v.node === n.metadata!.name)));
        expect(m.fitError(i)).toBe(r.fitError);
      });
    }
  });

  test('plugin names by code, and the settings apply (no DefaultTolerationSeconds: Ready=False nodes reject everything)', () => {
    configure({ admission: { defaultTolerationSeconds: false } });
    const m = scheduleMatrix([workloads[0]], nodes);
    expect(m.plugins.slice(0, 8)).toEqual(['Feasible', 'NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodeAffinity', 'NodeResourcesFit', 'NodePorts', 'SchedulingGates']);
    const notReady = nodes.findIndex((n) => n.metadata!.name === 'gpu-3');
    expect(m.plugins[m.code(0, notReady)]).toBe('TaintToleration');
  });

  test("a StatefulSet's claims are modelled when a pod that reads the cluster has volumes, and only then needed", () => {
    // WaitForFirstConsumer, provisioned in zone z1 only: VolumeBinding keeps the set's pod to z1 when it sees the
    // claim the controller makes (storage-model.ts); without the model the claim would be missing everywhere
    const zonal = {
      apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'zonal' }, provisioner: 'pd.csi.storage.gke.io',
      volumeBindingMode: 'WaitForFirstConsumer', allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: ['z1'] }] }],
    } as KubeObject;
    const db = {
      apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default' },
      spec: {
        serviceName: 'db', selector: { matchLabels: { app: 'db' } },
        template: { metadata: { labels: { app: 'db' } }, spec: { containers: containers() } },
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName: 'zonal', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
      },
    } as KubeObject;
    const spread = workloads.find((w) => w.metadata!.name === 'spread-zone')!;
    const rowOf = (w: KubeObject) => nodes.map((n) => {
      const r = scheduleOn(w, nodes, { storage: [zonal] });
      const v = r.rejected.find((x) => x.node === n.metadata!.name);
      return v ? v.status!.plugin : 'Feasible';
    });
    // the set reads the cluster (its volumes, with storage given): its row needs the model
    const both = scheduleMatrix([spread, db], nodes, { storage: [zonal] });
    const plugins = (m: typeof both, w: number) => nodes.map((_, j) => m.plugins[m.code(w, j)]);
    expect(plugins(both, 1)).toEqual(rowOf(db));
    expect(plugins(both, 1)).toContain('VolumeBinding');
    expect(plugins(both, 1).filter((p, j) => p === 'Feasible' && nodes[j].metadata!.labels!['topology.kubernetes.io/zone'] !== 'z1')).toEqual([]);
    // the spread pod alone reads the cluster without volumes: the same row either way
    expect(plugins(scheduleMatrix([spread], nodes, { storage: [zonal] }), 0)).toEqual(plugins(both, 0));
    expect(plugins(both, 0)).toEqual(rowOf(spread));
  });

  test('refuses what is not a workload or a Node', () => {
    expect(() => scheduleMatrix([{ kind: 'ConfigMap' } as KubeObject], nodes)).toThrow(/expected a Pod or a workload/);
    expect(() => scheduleMatrix(workloads, [workloads[0] as unknown as Node])).toThrow(/nodes\[0\]/);
  });
});
