// The CLI in process (scripts/report-test.mjs runs it from the packed tarball as a subprocess).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { program } from './cli';
import { resetConfiguration } from './core/config';

function run(...args: string[]): { out: string; error?: Error } {
  let out = '';
  const cli = program((s) => (out += s));
  cli.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: () => undefined });
  try {
    cli.parse(['node', 'jest-k8s-placement', ...args]);
  } catch (error) {
    return { out, error: error as Error };
  }
  return { out };
}

const dir = mkdtempSync(path.join(tmpdir(), 'jkp-cli-'));
const file = (name: string, text: string) => {
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
};

test('explain reads the Namespace objects of the manifests for namespaceSelector', () => {
  const manifests = file('app.yaml', `apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {team: payments}}
---
apiVersion: v1
kind: Pod
metadata: {name: cache, namespace: shop, labels: {app: cache}}
spec: {nodeName: a, containers: [{name: c, image: redis}]}
---
apiVersion: v1
kind: Pod
metadata: {name: api, namespace: web}
spec:
  containers: [{name: c, image: api}]
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - {labelSelector: {matchLabels: {app: cache}}, namespaceSelector: {matchLabels: {team: payments}}, topologyKey: kubernetes.io/hostname}
`);
  const nodes = file('nodes.yaml', ['a', 'b'].map((n) => `apiVersion: v1\nkind: Node\nmetadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}\n`).join('---\n'));
  const pods = file('pods.yaml', `apiVersion: v1
kind: Pod
metadata: {name: cache, namespace: shop, labels: {app: cache}}
spec: {nodeName: a, containers: [{name: c, image: redis}]}
`);
  const { out, error } = run('explain', manifests, '--nodes', nodes, '--existing', pods, '--namespace', 'web');
  expect(error).toBeUndefined();
  // only node a holds a pod of a namespace labelled team=payments matching app=cache
  expect(out).toContain('schedulable on 1 of 2 node(s): a');
  expect(out).toContain("node(s) didn't match pod affinity rules");
});

test('explain reads the RuntimeClass objects of the manifests (RuntimeClass admission: overhead, node selector, not found)', () => {
  const pod = (rc: string) => `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  runtimeClassName: ${rc}
  containers: [{name: c, image: nginx, resources: {requests: {cpu: 1900m}}}]
`;
  const gvisor = `apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
overhead: {podFixed: {cpu: 250m}}
---
`;
  const nodes = file('rc-nodes.yaml', 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}\n');
  try {
    // 1.9 cpu and the class's 250m of overhead do not fit 2 cpu
    expect(run('explain', file('rc-pod.yaml', gvisor + pod('gvisor')), '--nodes', nodes).out).toContain('Insufficient cpu');
    expect(run('explain', file('rc-missing.yaml', pod('kata')), '--nodes', nodes).error?.message)
      .toMatch(/^Pod default\/web \(.*rc-missing.yaml:1\) would be rejected by the API server:\n  pods "web" is forbidden: pod rejected: RuntimeClass "kata" not found$/);
  } finally {
    resetConfiguration();
  }
});

test('explain reads the PriorityClass objects of the manifests (Priority admission: a class not found is refused)', () => {
  const deployment = (pc: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {priorityClassName: ${pc}, containers: [{name: c, image: nginx}]}
---
`;
  const high = 'apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000000\n';
  const nodes = file('pc-nodes.yaml', 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}\n');
  try {
    expect(run('explain', file('pc-ok.yaml', deployment('high') + high), '--nodes', nodes).error).toBeUndefined();
    // with classes among the manifests, a class they lack is missing; without any, it is one the library cannot see
    expect(run('explain', file('pc-unseen.yaml', deployment('low')), '--nodes', nodes).error).toBeUndefined();
    expect(run('explain', file('pc-missing.yaml', deployment('low') + high), '--nodes', nodes).error?.message)
      .toMatch(/^Deployment default\/web \(.*pc-missing.yaml:1\): the API server refuses every Pod it creates:\n  pods "web-<pod-template-hash>-" is forbidden: no PriorityClass with name low was found$/);
  } finally {
    resetConfiguration();
  }
});

test('report refuses a placement-report.json whose records are malformed, naming the file and the record', () => {
  const bad = file('bad.json', JSON.stringify({ version: 1, records: [null] }));
  expect(run('report', bad, '--out', dir).error?.message).toBe(`${bad}: records[0]: expected a record (an object), got null`);
  const partial = file('partial.json', JSON.stringify({ version: 1, records: [{ id: '1' }] }));
  expect(run('report', partial, '--out', dir).error?.message).toContain('records[0]: missing or mistyped file, test, matcher');
});

describe('loading options, evict --node-name, explain --replicas', () => {
  const sub = path.join(dir, 'opts');
  require('node:fs').mkdirSync(path.join(sub, 'rendered'), { recursive: true });
  const inSub = (name: string, text: string) => {
    writeFileSync(path.join(sub, name), text);
    return path.join(sub, name);
  };
  const deployment = (name: string, replicas: number, extra = '') => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}, namespace: shop}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers: [{name: c, image: nginx, resources: {requests: {cpu: 600m}}}]${extra}
`;
  inSub('rendered/web.yaml', deployment('web', 3));
  inSub('rendered/values.yaml', 'replicas: 3\nimage: nginx\n'); // not a manifest: the loader refuses it
  const nodeDump = inSub('nodes.yaml', `apiVersion: v1
kind: List
items:
${['general-a1', 'general-b1'].map((n) => `- apiVersion: v1
  kind: Node
  metadata: {name: ${n}, labels: {kubernetes.io/hostname: ${n}}}
  status: {allocatable: {cpu: "1", memory: 4Gi, pods: "110"}}`).join('\n')}
`);

  test('--ignore leaves files out, as loadManifests\' ignore', () => {
    expect(run('explain', path.join(sub, 'rendered'), '--nodes', nodeDump).error?.message).toContain('values.yaml');
    const { out, error } = run('explain', path.join(sub, 'rendered'), '--nodes', nodeDump, '--ignore', '**/values*.yaml');
    expect(error).toBeUndefined();
    expect(out).toContain('Deployment shop/web');
  });

  test('--kind gives headerless documents their kind (a bare Node JSON)', () => {
    const bare = inSub('bare-node.json', JSON.stringify({ metadata: { name: 'bare', labels: { 'kubernetes.io/hostname': 'bare' } } }));
    expect(run('evict', path.join(sub, 'rendered/web.yaml'), '--node', bare).error?.message).toContain('the object has no apiVersion or kind');
    const { out, error } = run('evict', path.join(sub, 'rendered/web.yaml'), '--node', bare, '--kind', 'Node', '--taint', 'maintenance:NoExecute');
    expect(error).toBeUndefined();
    expect(out).toMatch(/^Deployment shop\/web \(.*web\.yaml:1\): evicted at once/);
  });

  test('evict --node-name picks one node of a kubectl get nodes dump', () => {
    const web = path.join(sub, 'rendered/web.yaml');
    expect(run('evict', web, '--node', nodeDump).error?.message).toBe(`--node ${nodeDump}: expected one Node, found 2 (general-a1, general-b1); pick one with --node-name`);
    expect(run('evict', web, '--node', nodeDump, '--node-name', 'general-c1').error?.message).toBe(`--node-name general-c1: no such Node in ${nodeDump} (found general-a1, general-b1)`);
    const { out, error } = run('evict', web, '--node', nodeDump, '--node-name', 'general-b1', '--taint', 'node.kubernetes.io/unreachable:NoExecute');
    expect(error).toBeUndefined();
    expect(out).toMatch(/^Deployment shop\/web \(.*web\.yaml:1\): evicted after 300s/);
  });

  test('explain --replicas says where every replica lands, and why the rest stay Pending', () => {
    const { out, error } = run('explain', path.join(sub, 'rendered/web.yaml'), '--nodes', nodeDump, '--replicas');
    expect(error).toBeUndefined();
    // 600m each on two 1-cpu nodes: one replica per node, the third Pending
    expect(out).toMatch(/^Deployment shop\/web \(.*web\.yaml:1\): 2\/3 pod\(s\) scheduled\n/);
    expect(out).toMatch(/web-0 → general-a1\n {2}web-1 → general-b1\n {2}web-2 Pending: 0\/2 nodes are available: 2 Insufficient cpu\./);
  });
});

// --chart and --kustomize (issue 22): the real helm and kustomize (npm run tools), on the examples' chart and overlays.
describe('--chart and --kustomize', () => {
  const { eachBinary, helms, kustomizes } = require('../test/render/binaries') as typeof import('../test/render/binaries');
  const chart = 'examples/charts/storefront';
  const nodes = ['--nodes', 'examples/platform/nodes/cluster-nodes.yaml'];
  const cache = mkdtempSync(path.join(tmpdir(), 'jkp-cli-cache-'));
  const withEnv = (env: Record<string, string>) => {
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    beforeEach(() => Object.assign(process.env, env));
    afterEach(() => {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    });
  };

  eachBinary(helms, 'helm', ({ path: helm }) => {
    withEnv({ HELM: helm, JEST_K8S_PLACEMENT_CACHE: cache });

    test('explain --chart -f -f --release --namespace: answers name the template file and the values set', () => {
      const { out, error } = run('explain', '--chart', chart, '-f', `${chart}/values-prod.yaml`, '-f', `${chart}/values-gpu.yaml`, '--release', 'shop', '--namespace', 'shop', ...nodes);
      expect(error).toBeUndefined();
      expect(out).toContain(`Deployment shop/shop-recommender (${chart}/templates/recommender.yaml:2, values: values-prod.yaml + values-gpu.yaml)`);
      expect(out).toContain(`Deployment shop/shop-web (${chart}/templates/web.yaml:1, values: values-prod.yaml + values-gpu.yaml)`);
    });

    test('matrix --chart --set: the values reach helm (staging renders no ingress DaemonSet, the set adds the recommender)', () => {
      const staging = run('matrix', '--chart', chart, '-f', `${chart}/values-staging.yaml`, '--release', 'shop', ...nodes, '--format', 'json');
      expect(staging.error).toBeUndefined();
      const names = (out: string) => (JSON.parse(out) as { rows: Array<{ workload: string }> }).rows.map((r) => r.workload);
      expect(names(staging.out).join('\n')).not.toMatch(/shop-ingress|shop-recommender/);
      const gpu = run('matrix', '--chart', chart, '-f', `${chart}/values-staging.yaml`, '--set', 'recommender.enabled=true', '--release', 'shop', ...nodes, '--format', 'json');
      expect(names(gpu.out).join('\n')).toMatch(/shop-recommender/);
    });

    test('a template error is bad input at the template file and line helm names, without a stack', () => {
      const broken = path.join(mkdtempSync(path.join(tmpdir(), 'jkp-cli-chart-')), 'broken');
      require('node:fs').cpSync(chart, broken, { recursive: true });
      writeFileSync(path.join(broken, 'templates/oops.yaml'), 'kind: ConfigMap\n{{ .Values.missing.deep }}\n');
      const { error } = run('explain', '--chart', broken, ...nodes);
      expect(error?.constructor.name).toBe('InputError');
      expect(error?.message).toContain(`${path.relative(process.cwd(), broken)}/templates/oops.yaml:2:`);
      expect(error?.message).toContain('nil pointer evaluating interface {}.deep');
    });

    test('a values file that does not exist is named', () => {
      const { error } = run('explain', '--chart', chart, '-f', `${chart}/values-prd.yaml`, ...nodes);
      expect(error?.message).toContain(`${chart}/values-prd.yaml: values file not found`);
    });

    // issue 32 point 3: helm read a release name like this as its --post-renderer flag and ran the script
    test('--release=--post-renderer=… is a usage error naming --release, and never runs the script', () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'jkp-cli-evil-'));
      const evil = path.join(dir, 'evil.sh');
      writeFileSync(evil, `#!/bin/sh\ntouch "${dir}/ran"\ncat\n`, { mode: 0o755 });
      for (const release of [[`--release=--post-renderer=${evil}`], ['--release', `--post-renderer=${evil}`]]) {
        const { error } = run('explain', '--chart', chart, ...release, ...nodes);
        expect(error?.message).toBe(`error: --release "--post-renderer=${evil}": invalid release name, must match regex ^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$ and the length must not be longer than 53 (helm's rule for release names)`);
        expect((error as { exitCode?: number }).exitCode).toBe(1);
      }
      expect(require('node:fs').existsSync(path.join(dir, 'ran'))).toBe(false);
    });

    // issue 31 finding 6: helm built from source renders for v1.20, which a cert-manager-like constraint refuses
    test('--chart renders for the --kubernetes-version release (its modelled patch), or for --kube-version', () => {
      const capable = path.join(mkdtempSync(path.join(tmpdir(), 'jkp-cli-chart-')), 'capable');
      require('node:fs').mkdirSync(path.join(capable, 'templates'), { recursive: true });
      writeFileSync(path.join(capable, 'Chart.yaml'), 'apiVersion: v2\nname: capable\nversion: 0.1.0\nkubeVersion: ">= 1.22.0-0"\n');
      writeFileSync(path.join(capable, 'templates/web.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web-{{ .Capabilities.KubeVersion.Minor }}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: web}]}\n');
      const at = (...args: string[]) => {
        const { out, error } = run('explain', '--chart', capable, ...args, ...nodes);
        expect(error).toBeUndefined();
        return /Deployment default\/(web-\d+)/.exec(out)?.[1];
      };
      expect(at()).toBe('web-37');
      expect(at('--kubernetes-version', '1.34')).toBe('web-34');
      expect(at('--kube-version', 'v1.31.0')).toBe('web-31');
      expect(run('explain', '--kube-version', 'v1.31.0', 'x.yaml', ...nodes).error?.message).toBe('error: --kube-version goes with --chart');
    });
  });

  eachBinary(kustomizes, 'kustomize', ({ path: kustomize }) => {
    withEnv({ KUSTOMIZE: kustomize });

    test('matrix --kustomize: the overlay is built and its objects name the base file', () => {
      const { out, error } = run('matrix', '--kustomize', 'examples/kustomize/overlays/prod', ...nodes, '--group-by', 'pool');
      expect(error).toBeUndefined();
      expect(out).toContain('Deployment reports/reports');
      const explained = run('explain', '--kustomize', 'examples/kustomize/overlays/spot', ...nodes);
      expect(explained.out).toContain('Deployment reports/reports-batch (examples/kustomize/base/deployment.yaml:1, overlay: examples/kustomize/overlays/spot)');
    });
  });

  test('--values without --chart, and no manifests at all, are usage errors', () => {
    expect(run('explain', '-f', 'values.yaml', 'x.yaml', ...nodes).error?.message).toContain('--values, --set and --release go with --chart');
    expect(run('matrix', ...nodes).error?.message).toContain("missing required argument 'manifests' (or --chart <dir>, --kustomize <dir>)");
  });
});

describe('explain a StatefulSet with volumeClaimTemplates (issue 34)', () => {
  afterEach(() => resetConfiguration());
  const sts = () => file('sts.yaml', `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: pg, namespace: db}
spec:
  serviceName: pg
  selector: {matchLabels: {app: pg}}
  template:
    metadata: {labels: {app: pg}}
    spec: {containers: [{name: c, image: postgres}]}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 8Gi}}}
`);
  const nodes = () => file('sts-nodes.yaml', `apiVersion: v1\nkind: Node\nmetadata: {name: a, labels: {kubernetes.io/hostname: a}}\n`);
  const classes = () => file('sc.yaml', `apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: gp3, annotations: {storageclass.kubernetes.io/is-default-class: "true"}}
provisioner: ebs.csi.aws.com
volumeBindingMode: WaitForFirstConsumer
`);
  test('without a StorageClass: not modelled, the fix named; with the class among the manifests, --cluster aks or --storage-assumption: a verdict', () => {
    const unknown = run('explain', sts(), '--nodes', nodes());
    expect(unknown.out).toContain('data-pg-0 has no storageClassName and no StorageClass given is the default');
    for (const args of [[classes()], ['--cluster', 'aks'], ['--storage-assumption', 'dynamic-wait-for-first-consumer']]) {
      const known = run('explain', sts(), ...args.filter((a) => a.endsWith('.yaml')), '--nodes', nodes(), ...args.filter((a) => !a.endsWith('.yaml')));
      expect(known.error).toBeUndefined();
      expect(known.out).toContain('schedulable on 1 of 1 node(s): a');
      expect(known.out).not.toContain('not modelled');
      resetConfiguration();
    }
  });
});

test('explain: a DaemonSet on nodes its controller makes no pod for says so, not what kube-scheduler would report', () => {
  const ds = file('ds.yaml', `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: ops}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      nodeSelector: {pool: gpu}
      containers: [{name: c, image: agent:1}]
`);
  const nodes = file('ds-nodes.yaml', 'apiVersion: v1\nkind: Node\nmetadata: {name: a, labels: {pool: general}}\nstatus: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}\n');
  const { out } = run('explain', ds, '--nodes', nodes);
  expect(out).toContain('  no pod: the DaemonSet controller makes no pod for 1 of 1 node(s) (NodeShouldRunDaemonPod)\n    Node a:\n' +
    "      node affinity/selector: the template's does not match the node\n        kube-scheduler's filters would reject its pod too: NodeAffinity: node(s) didn't match Pod's node affinity/selector\n");
  expect(out).not.toContain('kube-scheduler would report');
});

test('explain refuses a PersistentVolume of the manifests the API server refuses (a local volume without node affinity)', () => {
  const manifests = file('pv.yaml', `apiVersion: v1
kind: Pod
metadata: {name: db}
spec:
  containers: [{name: c, image: nginx}]
  volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: local-pv-1}
spec:
  capacity: {storage: 10Gi}
  accessModes: [ReadWriteOnce]
  storageClassName: local-storage
  local: {path: /mnt/disks/ssd1}
`);
  const nodes = file('pv-nodes.yaml', 'apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus: {allocatable: {cpu: "2", memory: 4Gi, pods: "110"}}\n');
  const error = run('explain', manifests, '--nodes', nodes).error?.message ?? '';
  expect(error).toContain('PersistentVolume local-pv-1');
  expect(error).toContain('spec.nodeAffinity: Required value: Local volume requires node affinity');
});
