// Issue 8 ("what a platform team hit in a first week") and the matcher-level points of issue 7, through the public
// package only, in each runner variant (scripts/package-test.mjs). Fixture files are in first-week/; paths are
// relative to the project root, as a user's would be. Tests named "FAIL …" must fail, with the stack at this file's line.
import { loadManifests, parseManifests, settings, withConfiguration, type Node, type Taint, type Workload } from 'jest-k8s-placement';

const node = (name: string, extra: { taints?: Taint[]; allocatable?: Record<string, string> } = {}): Node => ({
  apiVersion: 'v1', kind: 'Node', metadata: { name },
  spec: { taints: extra.taints ?? [] },
  ...(extra.allocatable ? { status: { allocatable: extra.allocatable } } : {}),
});
const workload = (kind: string, name: string, podSpec: object = {}) => ({
  apiVersion: 'apps/v1', kind, metadata: { name, namespace: 'prod' },
  spec: {
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'nginx' }], ...podSpec } },
  },
});
const deployment = (name: string, podSpec: object = {}) => workload('Deployment', name, podSpec);
const hostPortPod = (name: string, nodeName: string | undefined, port: number) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ingress' },
  spec: { ...(nodeName ? { nodeName } : {}), containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: port, hostPort: port }] }] },
});
/**
 * The message of a failing assertion (fails the test if the assertion passes), without colours: Vitest colours the
 * matcher hint whenever FORCE_COLOR is set, even to 0 (tinyrainbow tests `'FORCE_COLOR' in env`).
 */
const failure = (assertion: () => unknown): string => {
  try {
    assertion();
  } catch (e) {
    return (e as Error).message.replace(/\u001b\[\d+m/g, '');
  }
  throw new Error('expected the assertion to fail');
};
const dir = 'first-week';

test('every file starts from the default settings', () => {
  expect(settings()).toMatchObject({ validate: true, requireAllocatable: false, admission: { defaultTolerationSeconds: { notReady: 300, unreachable: 300 } } });
});

// The scheduler cache adds a pod to the NodeInfo of its spec.nodeName only (kubernetes/kubernetes
// pkg/scheduler/backend/cache/cache.go addPod), so a pod bound to another node never conflicts.
describe('existingPods in the single-node form are the pods on that node', () => {
  const edge = workload('DaemonSet', 'edge-proxy', { containers: [{ name: 'edge', image: 'envoy', ports: [{ containerPort: 80, hostPort: 80 }] }] });

  test('a hostPort-80 pod bound to another node does not block this one', () => {
    const ingress = hostPortPod('ingress-0', 'duckboat-01', 80);
    expect(edge).toBeSchedulableOn(node('duckboat-02'), { existingPods: [ingress] });
    expect(edge).not.toBeSchedulableOn(node('duckboat-01'), { existingPods: [ingress] });
  });

  test('the message says what was counted and what ignored', () => {
    const pods = [hostPortPod('here', 'node-b', 80), hostPortPod('fixture', undefined, 81), hostPortPod('x', 'node-a', 80), hostPortPod('y', 'node-a', 82), hostPortPod('z', 'node-c', 83)];
    const msg = failure(() => expect(edge).toBeSchedulableOn(node('node-b'), { existingPods: pods }));
    expect(msg).toContain("NodePorts: node(s) didn't have free ports for the requested pod ports");
    expect(msg).toContain('existingPods: counted 1 on node-b; ignored 1 without spec.nodeName (Pending, on no node yet; kube-scheduler counts only pods bound to a node), 3 bound to other nodes');
    expect(failure(() => expect(edge).not.toBeSchedulableOn(node('node-d'), { existingPods: pods.slice(2) })))
      .toContain('existingPods: counted 0 on node-d; ignored 3 bound to other nodes');
  });
});

describe('a node without status.allocatable', () => {
  const gpuHog = deployment('train', { containers: [{ name: 'train', image: 'trainer', resources: { limits: { 'nvidia.com/gpu': '1000' } } }] });
  const bare = node('bare-1');

  test('passes, and the pass message (what .not reports) says resources were not checked', () => {
    expect(gpuHog).toBeSchedulableOn(bare);
    const msg = failure(() => expect(gpuHog).not.toBeSchedulableOn(bare));
    expect(msg).toContain('resources not checked: Node bare-1 declares no status.allocatable');
    expect(gpuHog).not.toBeSchedulableOn(node('sized-1', { allocatable: { cpu: '4', memory: '8Gi', pods: '110', 'nvidia.com/gpu': '8' } }));
  });

  test('requireAllocatable makes it an error, with and without .not', () => {
    withConfiguration({ requireAllocatable: true }, () => {
      for (const assertion of [() => expect(gpuHog).toBeSchedulableOn(bare), () => expect(gpuHog).not.toBeSchedulableOn(bare)]) {
        const msg = failure(assertion);
        expect(msg).toContain('Node bare-1 declares no status.allocatable');
        expect(msg).toContain('configure({ requireAllocatable: true })');
      }
    });
    expect(gpuHog).toBeSchedulableOn(bare);
  });

  test('FAIL requireAllocatable: the error is reported at the test’s line', () => {
    withConfiguration({ requireAllocatable: true }, () => expect(gpuHog).not.toBeSchedulableOn(bare));
  });
});

describe('the loader', () => {
  test('get() is typed from the kind; nodes() are Nodes', () => {
    const m = loadManifests(`${dir}/web.yaml`);
    const web = m.get('deploy/web');
    const replicas: number | undefined = web.spec?.replicas; // a Deployment's fields are typed
    expect(replicas).toBe(3);
    expect(String(web)).toBe('Deployment prod/web (first-week/web.yaml:2)');
    const nodes: Node[] = m.nodes();
    const workloads: Workload[] = m.workloads();
    expect(workloads[0]).toBeSchedulableOn(nodes[0]);
    expect(workloads[0]).toBeSchedulableOnAllOf(nodes);
  });

  test('duplicate keys are refused, naming both lines', () => {
    expect(() => loadManifests(`${dir}/duplicate-keys.yaml`)).toThrow(
      'first-week/duplicate-keys.yaml:16: spec.template.spec.tolerations: mapping key "tolerations" already defined at line 12',
    );
  });

  test('an unrendered Helm template is refused with file and line, even when quoted', () => {
    expect(() => loadManifests(`${dir}/unrendered.yaml`)).toThrow(/first-week\/unrendered\.yaml:13: .*unrendered Helm template: render it with helm template first/);
  });

  test('a chart folder is refused', () => {
    expect(() => loadManifests(`${dir}/chart/web`)).toThrow('first-week/chart/web is a Helm chart (Chart.yaml): render it with renderChart(');
    expect(() => loadManifests(`${dir}/**/*.yaml`, { ignore: [`${dir}/*.yaml`] })).toThrow('is a Helm chart (Chart.yaml)');
  });

  test('nodes() on a file of NodePools names the kinds found', () => {
    const m = loadManifests(`${dir}/nodepools.yaml`);
    expect(() => m.nodes()).toThrow('no Node objects among 3 loaded objects (found NodePool ×2, EC2NodeClass); Karpenter NodePools are read with nodePools()');
    expect(m.nodePools().map((p) => p.metadata?.name)).toEqual(['general-od', 'spot']);
  });

  test('FAIL a duplicate key is reported at the test’s line, not inside the loader', () => {
    loadManifests(`${dir}/duplicate-keys.yaml`);
  });

  test('FAIL nodes() with no Node is reported at the test’s line', () => {
    loadManifests(`${dir}/nodepools.yaml`).nodes();
  });
});

test('a loaded object the API server would refuse fails with file:line: field', () => {
  const api = loadManifests(`${dir}/invalid.yaml`).get('deploy/api');
  for (const assertion of [() => expect(api).toBeSchedulableOn(node('n')), () => expect(api).not.toBeSchedulableOn(node('n'))]) {
    const msg = failure(assertion);
    expect(msg).toContain('Deployment prod/api (first-week/invalid.yaml:1) would be rejected by the API server');
    expect(msg).toContain('first-week/invalid.yaml:13: spec.template.spec.nodeSelector: Invalid value: "gpu pool": a valid label must be');
  }
});

describe('issue 7: bad input gets the cluster’s answer', () => {
  const sized = (cpu: string) => node('n', { allocatable: { cpu, pods: '110' } });
  const requesting = (cpu: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu } } }] } });

  test('a Pod without metadata.name is refused, with and without .not', () => {
    const unnamed = { apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    for (const assertion of [() => expect(unnamed).toBeSchedulableOn(node('n')), () => expect(unnamed).not.toBeSchedulableOn(node('n'))]) {
      expect(failure(assertion)).toContain('metadata.name: Required value: name or generateName is required');
    }
  });

  test('loaded YAML: a quoted quantity with spaces is a quantity; an integer beyond int64 is refused', () => {
    const m = parseManifests('apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - {name: c, image: nginx, resources: {requests: {cpu: "1 "}}}\n', 'spaces.yaml');
    expect(m.get('pod/p')).toBeSchedulableOn(sized('1'));
    expect(m.get('pod/p')).not.toBeSchedulableOn(sized('500m'));
    expect(() => parseManifests('apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: nginx}]\n  tolerations:\n  - {key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 99999999999999999999}\n', 'big.yaml'))
      .toThrow('big.yaml:7: spec.tolerations[0].tolerationSeconds');
  });

  test('validate: false switches off the taint argument check too, but never turns an undecodable quantity into a verdict', () => {
    const lt = { key: 'sla', operator: 'Lt', value: '100', effect: 'NoSchedule' };
    withConfiguration({ featureGates: { TaintTolerationComparisonOperators: true } }, () => {
      expect(failure(() => expect(lt).toTolerate('sla=-50:NoSchedule'))).toContain('invalid taint spec: sla=-50:NoSchedule');
      withConfiguration({ validate: false }, () => expect(lt).toTolerate('sla=-50:NoSchedule'));
    });
    withConfiguration({ validate: false }, () => {
      for (const assertion of [() => expect(requesting('2')).toBeSchedulableOn(sized('1K')), () => expect(requesting('2')).not.toBeSchedulableOn(sized('1K'))]) {
        expect(failure(assertion)).toContain(`status.allocatable.cpu: Invalid value: "1K": unable to parse quantity's suffix`);
      }
    });
  });
});

describe('hints', () => {
  const web = deployment('web', { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'cpu', effect: 'NoSchedule' }] });

  test('a misspelt effect: did you mean', () => {
    const spec: string = 'dedicated=gpu:NoSchedul'; // a string from elsewhere: a literal would not compile
    expect(failure(() => expect(web).toTolerate(spec))).toContain('invalid taint effect: NoSchedul, unsupported taint effect; did you mean NoSchedule?');
    const effect: string = 'NoSchedul';
    expect(failure(() => expect(web).toTolerate({ key: 'dedicated', value: 'gpu', effect }))).toContain('did you mean NoSchedule?');
  });

  test('a spec without an effect: missing ":Effect"', () => {
    const spec: string = 'dedicated=gpu';
    expect(failure(() => expect(web).toTolerate(spec))).toContain('"dedicated=gpu": missing ":Effect" (NoSchedule, PreferNoSchedule or NoExecute)');
  });

  test('no toleration has the taint’s key: the message says so, and the toleration to add is printed as YAML', () => {
    expect(failure(() => expect(web).toTolerate('spot=true:NoExecute'))).toBe(
      'expect(received).toTolerate(taint)\n\n' +
        'Expected Deployment prod/web to tolerate taint "spot=true:NoExecute", but no toleration matches it.\n' +
        'The pod has no toleration for key "spot" (its own are for "dedicated")\n' +
        'To tolerate it, add to spec.template.spec.tolerations:\n' +
        '  - key: spot\n' +
        '    operator: Equal\n' +
        '    value: "true"\n' +
        '    effect: NoExecute',
    );
  });

  test('toBeSchedulableOn prints the toleration to add under the scheduler’s reason', () => {
    const msg = failure(() => expect(web).toBeSchedulableOn(node('gpu-1', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] })));
    expect(msg).toContain(
      '  TaintToleration: node(s) had untolerated taint(s)\n' +
        '    taint dedicated=gpu:NoSchedule is not tolerated\n' +
        '    closest toleration: tolerations[0] {key: "dedicated", operator: Equal, value: "cpu", effect: NoSchedule}\n' +
        '      value "cpu" ≠ taint value "gpu" (operator Equal)\n' +
        '    To tolerate it, add to spec.template.spec.tolerations:\n' +
        '      - key: dedicated\n        operator: Equal\n        value: gpu\n        effect: NoSchedule',
    );
  });

  test('a Gt/Lt toleration with the gate off names the gate', () => {
    const sla = deployment('sla', { tolerations: [{ key: 'sla', operator: 'Gt', value: '950', effect: 'NoSchedule' }] });
    const msg = failure(() => expect(sla).toTolerate('sla=999:NoSchedule'));
    expect(msg).toContain('tolerations[0].operator: Unsupported value: "Gt": supported values: "Equal", "Exists"');
    expect(msg).toContain('configure({ featureGates: { TaintTolerationComparisonOperators: true } })');
    withConfiguration({ featureGates: { TaintTolerationComparisonOperators: true } }, () => expect(sla).toTolerate('sla=999:NoSchedule'));
  });

  test('identical per-node explanations are printed once, with the node count', () => {
    const pool = ['gpu-1', 'gpu-2', 'gpu-3', 'gpu-4', 'gpu-5'].map((n) => node(n, { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }));
    const msg = failure(() => expect(web).toBeSchedulableOnAnyOf(pool));
    expect(msg).toContain('  0/5 nodes are available: 5 node(s) had untolerated taint(s). preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.\n\n5 nodes (gpu-1, gpu-2, gpu-3 and 2 more):\n');
    expect(msg.match(/TaintToleration/g)).toHaveLength(1);
  });
});

describe('a pod held by scheduling gates', () => {
  const gated = deployment('web', { schedulingGates: [{ name: 'example.com/quota' }] });
  const nodes = [node('a'), node('b')];

  test('stays Pending with reason SchedulingGated, never a FitError', () => {
    for (const assertion of [() => expect(gated).toBeSchedulableOn(nodes[0]), () => expect(gated).toBeSchedulableOnAnyOf(nodes)]) {
      const msg = failure(assertion);
      expect(msg).toContain('Deployment prod/web stays Pending: PodScheduled=False, reason SchedulingGated (Scheduling is blocked due to non-empty scheduling gates)');
      expect(msg).toContain('spec.schedulingGates [example.com/quota]');
      expect(msg).not.toMatch(/0\/\d+ nodes are available/);
    }
    expect(gated).not.toBeSchedulableOnAnyOf(nodes);
  });

  test('FAIL a gated pod is reported at the test’s line', () => {
    expect(gated).toBeSchedulableOnAnyOf(nodes);
  });
});

describe('Karpenter', () => {
  const pools = loadManifests(`${dir}/nodepools.yaml`).nodePools();
  const [onDemand, spot] = pools;
  const reports = deployment('report-workers', {
    nodeSelector: { 'karpenter.sh/capacity-type': 'spot' },
    tolerations: [{ key: 'spot', operator: 'Equal', value: 'true', effect: 'NoSchedule' }],
  });

  test('toBeProvisionableBy a small NodePool', () => {
    expect(reports).toBeProvisionableBy(spot);
    expect(reports).not.toBeProvisionableBy(onDemand);
    expect(deployment('api')).toBeProvisionableBy(onDemand);
    expect(deployment('api')).not.toBeProvisionableBy(spot);
    expect(reports).toBeProvisionableByAnyOf(pools);
  });

  test('the failure quotes Karpenter', () => {
    expect(failure(() => expect(reports).toBeProvisionableBy(onDemand))).toContain(
      'incompatible requirements, key karpenter.sh/capacity-type, karpenter.sh/capacity-type In [spot] not in karpenter.sh/capacity-type In [on-demand]',
    );
    expect(failure(() => expect(deployment('api')).toBeProvisionableBy(spot))).toContain('did not tolerate taint');
  });
});

// Compile-time cases (type-checked in every variant against the published typings, never run).
export function typeErrors(): void {
  const m = loadManifests(`${dir}/web.yaml`);
  // @ts-expect-error get('deploy/web') is a Deployment, which has no spec.taints
  void m.get('deploy/web').spec?.taints;
  // @ts-expect-error a Deployment is not a Node
  const notANode: Node = m.get('deploy/web');
  // @ts-expect-error nodes() are Nodes, not workloads
  const notWorkloads: Workload[] = m.nodes();
  // @ts-expect-error the effect is not one of NoSchedule, PreferNoSchedule, NoExecute
  expect(m.get('deploy/web')).toTolerate({ key: 'dedicated', value: 'web', effect: 'NoSchedul' });
  // @ts-expect-error effects are case-sensitive
  expect(m.get('deploy/web')).not.toTolerate({ key: 'dedicated', effect: 'noexecute' });
  // @ts-expect-error a literal spec must end in :Effect
  expect(m.get('deploy/web')).toTolerate('dedicated=web');
  void [notANode, notWorkloads];
}
