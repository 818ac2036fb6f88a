// Karpenter adds the DaemonSet pods a new node would run to the pod's requests before it checks the instance types
// (kubernetes-sigs/karpenter pkg/controllers/provisioning/scheduling/scheduler.go buildDaemonOverheadGroups,
// isDaemonPodCompatible; nodeclaim.go filterInstanceTypesByRequirements, InstanceTypeFilterError.resourcesString).
// The karpenterProvision oracle domain checks the same against Karpenter's own scheduler; these tests hold the
// matchers' input and wording.
import { chooseNodePool } from '.';
import type { NodePool } from '../loader';
import { parseManifests } from '../loader';
import { failure } from '../../test/fixtures';
import { withConfiguration } from '../core/config';

const pool = (name: string, spec: Record<string, unknown> = {}, weight?: number): NodePool => ({
  apiVersion: 'karpenter.sh/v1', kind: 'NodePool', metadata: { name },
  spec: { ...(weight !== undefined ? { weight } : {}), template: { spec: { requirements: [], nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' }, ...spec } } },
} as NodePool);
const pod = (cpu: string, tolerations?: unknown[]) => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu } } }], ...(tolerations ? { tolerations } : {}) },
});
const daemonSet = (name: string, cpu: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name, namespace: 'kube-system' },
  spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name, image: 'agent', resources: { requests: { cpu, memory: '128Mi' } } }], ...spec } } },
});
const type = (name: string, cpu: string, arch: string, price: number) =>
  ({ name, capacity: { cpu, memory: '8Gi', pods: '29' }, labels: { 'kubernetes.io/arch': arch }, offerings: [{ zone: 'eu-west-1a', capacityType: 'on-demand', price }] });

const types = [type('m5.large', '2', 'amd64', 0.096), type('m5.xlarge', '4', 'amd64', 0.192), type('c6g.large', '2', 'arm64', 0.068)];
const proxy = daemonSet('kube-proxy', '100m', { tolerations: [{ operator: 'Exists' }] });
const armAgent = daemonSet('arm-agent', '400m', { nodeSelector: { 'kubernetes.io/arch': 'arm64' } });

describe('DaemonSet overhead on a new node', () => {
  test('a pod that fits a type alone but not with the DaemonSet pods gets the bigger type', () => {
    expect(chooseNodePool(pod('1950m'), [pool('default')], { instanceTypes: types }).chosen?.instanceTypes?.launch).toBe('c6g.large');
    const r = chooseNodePool(pod('1950m'), [pool('default')], { instanceTypes: types, daemonSets: [proxy, armAgent] });
    expect(r.chosen?.instanceTypes?.launch).toBe('m5.xlarge');
    expect(r.chosen?.daemonOverhead).toEqual([{ instanceTypes: ['m5.xlarge'], daemonSets: ['kube-system/kube-proxy'], requests: { cpu: '100m', memory: '128Mi', pods: '1' } }]);
    expect(r.chosen?.instanceTypes?.rejected).toEqual([
      { name: 'm5.large', why: ['cpu: the pod requests 1950m and the DaemonSet pods on it 100m (kube-system/kube-proxy), 2050m in all; the type has 2'] },
      { name: 'c6g.large', why: ['cpu: the pod requests 1950m and the DaemonSet pods on it 500m (kube-system/kube-proxy, kube-system/arm-agent), 2450m in all; the type has 2'] },
    ]);
  });

  test('none fits: Karpenter\'s error prints the least and greatest overhead merged with the pod\'s requests', () => {
    const r = chooseNodePool(pod('3950m'), [pool('default')], { instanceTypes: types, daemonSets: [proxy, armAgent] });
    expect(r.error).toContain('no instance type has enough resources, requirements=');
    expect(r.error).toContain(', resources=min={"cpu":"4050m","memory":"128Mi","pods":"2"}, max={"cpu":"4450m","memory":"256Mi","pods":"3"}');
  });

  test('a pool taint the DaemonSet does not tolerate keeps it off; a PreferNoSchedule taint never does', () => {
    const tainted = pool('tainted', { taints: [{ key: 'team', value: 'ml', effect: 'NoSchedule' }] });
    const preferred = pool('preferred', { taints: [{ key: 'team', value: 'ml', effect: 'PreferNoSchedule' }] });
    const agent = daemonSet('log-agent', '200m');
    const ok = chooseNodePool(pod('1900m', [{ key: 'team', operator: 'Exists' }]), [tainted], { instanceTypes: [types[0]], daemonSets: [agent] });
    expect(ok.chosen?.pool).toBe('tainted');
    expect(ok.chosen?.daemonOverhead).toBeUndefined();
    const no = chooseNodePool(pod('1900m', [{ key: 'team', operator: 'Exists' }]), [preferred], { instanceTypes: [types[0]], daemonSets: [agent] });
    expect(no.chosen).toBeUndefined();
    expect(no.pools[0].details).toContain('m5.large: cpu: the pod requests 1900m and the DaemonSet pods on it 200m (kube-system/log-agent), 2100m in all; the type has 2');
  });

  test('a .not failure names the DaemonSet pods counted; a loaded collection is taken as is (its other objects left out)', () => {
    const cluster = parseManifests([proxy, armAgent, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kube-system' } }].map((o) => JSON.stringify(o)).join('\n---\n'));
    const message = failure(() => expect(pod('1')).not.toBeProvisionableByAnyOf([pool('default')], { instanceTypes: types, daemonSets: cluster }));
    expect(message).toContain('would pick NodePool default (weight 0); NodePools are tried by weight, then name descending.\n  instance type c6g.large');
    expect(message).toContain('\n  DaemonSet pods counted with the pod on m5.large, m5.xlarge: cpu 100m, memory 128Mi, pods 1 (kube-system/kube-proxy)\n' +
      '  DaemonSet pods counted with the pod on c6g.large: cpu 500m, memory 256Mi, pods 2 (kube-system/kube-proxy, kube-system/arm-agent)');
  });

  test('with instance types but no daemonSets, a yes says it assumes no DaemonSet pod on the new node; daemonSets: [] states none', () => {
    const assumed = 'assuming no DaemonSet pod runs on the new node (no daemonSets given: Karpenter adds their requests to the pod\'s before it checks each instance type)';
    expect(failure(() => expect(pod('1')).not.toBeProvisionableBy(pool('default'), { instanceTypes: types })))
      .toContain(`but Karpenter would launch a node from that pool for its pod, ${assumed}.\n  instance type c6g.large`);
    expect(failure(() => expect(pod('1')).not.toBeProvisionableByAnyOf([pool('default')], { instanceTypes: types })))
      .toContain(`would pick NodePool default (weight 0), ${assumed}; NodePools are tried by weight`);
    expect(failure(() => expect(pod('1')).not.toBeProvisionableBy(pool('default'), { instanceTypes: types, daemonSets: [] }))).not.toContain('assuming');
    // a no stands without them: DaemonSet pods only add requests
    expect(failure(() => expect(pod('9')).toBeProvisionableBy(pool('default'), { instanceTypes: types }))).not.toContain('assuming');
    // without instance types the resources are assumed anyway
    expect(failure(() => expect(pod('1')).not.toBeProvisionableBy(pool('default')))).not.toContain('DaemonSet');
  });

  test('without instance types, the pool\'s DaemonSet pods are named in its verdict', () => {
    const r = chooseNodePool(pod('1'), [pool('default')], { daemonSets: [proxy, armAgent] });
    expect(r.chosen?.details).toEqual(['DaemonSet pods on a new node of this pool: cpu 500m, memory 256Mi, pods 2 (kube-system/kube-proxy, kube-system/arm-agent)']);
  });

  test('configure({ daemonSets }) gives every question the cluster\'s DaemonSets; a question\'s own replace those of the same name; null forgets them', () => {
    withConfiguration({ daemonSets: [proxy, armAgent] }, () => {
      expect(chooseNodePool(pod('1950m'), [pool('default')], { instanceTypes: types }).chosen?.instanceTypes?.launch).toBe('m5.xlarge');
      const lighter = daemonSet('kube-proxy', '10m', { tolerations: [{ operator: 'Exists' }] });
      expect(chooseNodePool(pod('1950m'), [pool('default')], { instanceTypes: types, daemonSets: [lighter] }).chosen?.daemonOverhead)
        .toEqual([{ instanceTypes: ['m5.large', 'm5.xlarge'], daemonSets: ['kube-system/kube-proxy'], requests: { cpu: '10m', memory: '128Mi', pods: '1' } }]);
      const message = failure(() => expect(pod('1')).not.toBeProvisionableBy(pool('default'), { instanceTypes: types }));
      expect(message).not.toContain('assuming');
      expect(message).toContain('(settings: daemonSets kube-system/kube-proxy kube-system/arm-agent)');
      withConfiguration({ daemonSets: null }, () => {
        expect(chooseNodePool(pod('1950m'), [pool('default')], { instanceTypes: types }).chosen?.instanceTypes?.launch).toBe('c6g.large');
      });
    });
    expect(() => withConfiguration({ daemonSets: 3 as never }, () => undefined)).toThrow('configure: daemonSets must be an array (or iterable, e.g. a loadManifests collection) of DaemonSet objects');
  });

  test('a host port a DaemonSet on every node uses rules the pool out, with instance types or without (every type\'s group is skipped)', () => {
    const exporterPorts = { containers: [{ name: 'node-exporter', image: 'exporter', resources: { requests: { cpu: '50m' } }, ports: [{ containerPort: 9100, hostPort: 9100 }] }], tolerations: [{ operator: 'Exists' }] };
    const exporter = daemonSet('node-exporter', '50m', exporterPorts);
    const scraper = { ...pod('100m'), spec: { containers: [{ name: 'c', image: 'pause', resources: { requests: { cpu: '100m' } }, ports: [{ containerPort: 9100, hostPort: 9100, protocol: 'TCP' }] }] } };
    const typed = chooseNodePool(scraper, [pool('default')], { instanceTypes: types, daemonSets: [exporter] });
    const untyped = chooseNodePool(scraper, [pool('default')], { daemonSets: [exporter] });
    expect(typed.error).toMatch(/^Failed to schedule pod, no instance type met the scheduling requirements or had enough resources or had a required offering, requirements=.*, resources=\{"cpu":"100m","pods":"1"\}$/);
    expect(untyped.error).toBe(typed.error);
    expect(typed.pools[0].details[0]).toBe('m5.large: the pod\'s host port 9100/TCP (0.0.0.0) is taken by the pod of DaemonSet kube-system/node-exporter (0.0.0.0)');
    expect(untyped.pools[0].details).toEqual(['the pod\'s host port 9100/TCP (0.0.0.0) is taken by the pod of DaemonSet kube-system/node-exporter (0.0.0.0), and that DaemonSet runs on every instance type of the pool (no node selector or required affinity), so Karpenter skips them all']);
    // one that selects some types leaves the others, which instance types alone can tell
    const armOnly = daemonSet('node-exporter', '50m', { ...exporterPorts, nodeSelector: { 'kubernetes.io/arch': 'arm64' } });
    expect(chooseNodePool(scraper, [pool('default')], { daemonSets: [armOnly] }).chosen?.pool).toBe('default');
    expect(chooseNodePool(scraper, [pool('default')], { instanceTypes: types, daemonSets: [armOnly] }).chosen?.instanceTypes?.fit.map((t) => t.name)).toEqual(['m5.large', 'm5.xlarge']);
  });

  test('daemonSets must be iterable', () => {
    expect(() => chooseNodePool(pod('1'), [pool('default')], { daemonSets: proxy })).toThrow('expected options.daemonSets to be an array (or iterable) of DaemonSets, received');
    expect(failure(() => expect(pod('1')).toBeProvisionableBy(pool('default'), { daemonSets: 3 as never }))).toContain('expected options.daemonSets to be an array (or iterable) of DaemonSets');
  });

  test('a DaemonSet the API server refuses cannot be in the cluster: the matchers say so, naming its field, for .not too', () => {
    // apps/validation ValidateDaemonSetSpec: the selector must match the template's labels
    const mislabelled = { ...proxy, spec: { ...proxy.spec, selector: { matchLabels: { app: 'other' } } } };
    for (const assert of [
      () => expect(pod('1')).toBeProvisionableBy(pool('default'), { instanceTypes: types, daemonSets: [mislabelled] }),
      () => expect(pod('1')).not.toBeProvisionableByAnyOf([pool('default')], { instanceTypes: types, daemonSets: [mislabelled] }),
    ]) {
      const message = failure(assert);
      expect(message).toContain('DaemonSet kube-system/kube-proxy would be rejected by the API server');
      expect(message).toContain('spec.template.metadata.labels: Invalid value: {"app":"kube-proxy"}: `selector` does not match template `labels`');
    }
    expect(() => expect(pod('1')).toBeProvisionableBy(pool('default'), { instanceTypes: types, daemonSets: [proxy] })).not.toThrow();
  });
});
