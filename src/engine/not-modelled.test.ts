// "not modelled for this pod": pods that use what the library does not model (DRA claims, DeviceClass-backed
// extended resources, volumes whose topology decides placement) never get "schedulable". A node a modelled filter
// rejects is certainly rejected (the default profile's Filter plugins are ANDed: framework/runtime/framework.go
// RunFilterPlugins stops at the first failure); where every modelled filter passes, the matcher fails both ways.
// Every answer that depends on the release pins it.
import { configure, resetConfiguration, withConfiguration } from '../core/config';
import { scheduleOn } from './objects';
import type { Node, Pod } from '../core/types';
import { node as fixtureNode } from '../../test/fixtures';

const withNode = (n: Node, allocatable: Record<string, string> = { cpu: '4', memory: '8Gi', pods: '110' }): Node => ({ ...n, status: { allocatable } });
const general = withNode(fixtureNode('general'));
const tainted = withNode(fixtureNode('gpu', [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }]));

const pod = (spec: Record<string, unknown>): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }], ...spec } as Pod['spec'],
});
const claims = pod({ resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 'one-gpu' }] });
const pvc = pod({ volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] });
const ephemeral = pod({ volumes: [{ name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } } }] });
const deviceClass = pod({ containers: [{ name: 'c', image: 'registry.example/app:1', resources: { requests: { 'deviceclass.resource.kubernetes.io/gpu': '1' }, limits: { 'deviceclass.resource.kubernetes.io/gpu': '1' } } }] });
const plain = pod({});

const message = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the assertion passed');
};

beforeAll(() => configure({ kubernetesVersion: '1.37' }));
afterAll(() => resetConfiguration());

describe.each([
  ['spec.resourceClaims (DynamicResources)', claims, /DynamicResources: spec\.resourceClaims\[0\] \(gpu\): a DRA ResourceClaim/],
  ['a persistentVolumeClaim volume', pvc, /VolumeBinding, VolumeZone, NodeVolumeLimits, VolumeRestrictions: spec\.volumes\[0\] \(data, persistentVolumeClaim\)/],
  ['an ephemeral volume', ephemeral, /spec\.volumes\[0\] \(scratch, ephemeral\)/],
  ['a DeviceClass-backed extended resource (1.36+)', deviceClass, /DynamicResources: spec\.containers\[0\] requests deviceclass\.resource\.kubernetes\.io\/gpu/],
])('%s', (_name, p, detail) => {
  test('toBeSchedulableOn fails where every modelled filter passes, and so does .not', () => {
    const target = p === deviceClass ? withNode(fixtureNode('dra'), { cpu: '4', memory: '8Gi', pods: '110', 'deviceclass.resource.kubernetes.io/gpu': '1' }) : general;
    expect(message(() => expect(p).toBeSchedulableOn(target))).toMatch(/but the verdict is unknown: every filter the library models passes .*, and not modelled for this pod:\n/);
    expect(message(() => expect(p).toBeSchedulableOn(target))).toMatch(detail);
    expect(message(() => expect(p).not.toBeSchedulableOn(target))).toMatch(/not to be schedulable on Node \S+, but that cannot be proved/);
  });
  test('a node a modelled filter rejects is certainly rejected: .not passes, and the message still names what is not modelled', () => {
    expect(p).not.toBeSchedulableOn(tainted);
    const m = message(() => expect(p).toBeSchedulableOn(tainted));
    expect(m).toMatch(/TaintToleration: node\(s\) had untolerated taint\(s\)/);
    expect(m).toMatch(/The rejection stands whatever these decide; not modelled for this pod:/);
  });
  test('toBeSchedulableOnAnyOf: unknown while a node passes the modelled filters; certain when none does', () => {
    expect(message(() => expect(p).toBeSchedulableOnAnyOf([general, tainted]))).toMatch(/but the verdict is unknown: 1 node\(s\) pass/);
    expect(message(() => expect(p).not.toBeSchedulableOnAnyOf([general, tainted]))).toMatch(/but that cannot be proved/);
    expect(p).not.toBeSchedulableOnAnyOf([tainted]);
    expect(message(() => expect(p).toBeSchedulableOnAnyOf([tainted]))).toMatch(/0\/1 nodes are available: 1 node\(s\) had untolerated taint\(s\)\. preemption: 0\/1 nodes are available: 1 Preemption is not helpful for scheduling\.\n/);
  });
  test('toBeSchedulableOnAllOf: certain when a node is rejected, unknown when none is', () => {
    expect(p).not.toBeSchedulableOnAllOf([general, tainted]);
    expect(message(() => expect(p).toBeSchedulableOnAllOf([general]))).toMatch(/no node is certainly rejected/);
    expect(message(() => expect(p).not.toBeSchedulableOnAllOf([general]))).toMatch(/but that cannot be proved/);
  });
  test('scheduleOn carries notModelled; feasible are the nodes the modelled filters pass', () => {
    const r = scheduleOn(p, [general, tainted]);
    expect(r.notModelled!.map((n) => `${n.what}: ${n.detail}`).join('\n')).toMatch(detail);
    expect(r.rejected.map((v) => v.node)).toEqual(p === deviceClass ? ['general', 'gpu'] : ['gpu']);
  });
});

describe('DeviceClass-backed extended resources', () => {
  test('NodeResourcesFit\'s shortfall of one is not certain: DynamicResources may allocate it', () => {
    const m = message(() => expect(deviceClass).not.toBeSchedulableOn(general));
    expect(m).toMatch(/NodeResourcesFit's shortfall is of a DeviceClass-backed resource, which DynamicResources may allocate instead:\n {2}NodeResourcesFit: Insufficient deviceclass\.resource\.kubernetes\.io\/gpu/);
    expect(message(() => expect(deviceClass).toBeSchedulableOnAnyOf([general]))).toMatch(/but the verdict is unknown: 1 node\(s\) pass every filter the library models or are rejected only for a DeviceClass-backed resource: general/);
  });
  test('1.35: DRAExtendedResource is alpha and off, the name is an ordinary extended resource (answers unchanged)', () =>
    withConfiguration({ kubernetesVersion: '1.35' }, () => {
      expect(deviceClass).not.toBeSchedulableOn(general);
      expect(scheduleOn(deviceClass, [general]).notModelled).toBeUndefined();
    }));
});

describe('pods that use none of these keep their answers', () => {
  test('no notModelled field, plain verdicts both ways', () => {
    expect(scheduleOn(plain, [general])).not.toHaveProperty('notModelled');
    expect(plain).toBeSchedulableOn(general);
    expect(plain).not.toBeSchedulableOn(tainted);
  });
  test('emptyDir, configMap and secret volumes are modelled (no scheduler plugin reads them)', () => {
    const p = pod({ volumes: [{ name: 'a', emptyDir: {} }, { name: 'b', configMap: { name: 'c' } }, { name: 's', secret: { secretName: 's' } }] });
    expect(p).toBeSchedulableOn(general);
  });
  test('a StatefulSet\'s volumeClaimTemplates without a StorageClass given are not modelled, the fix named', () => {
    const sts = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default' },
      spec: { serviceName: 'db', selector: { matchLabels: { app: 'db' } }, template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'registry.example/db:1' }] } },
        volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }] } };
    expect(message(() => expect(sts).toBeSchedulableOn(general))).toMatch(/spec\.volumeClaimTemplates\[0\] \(data\): PersistentVolumeClaim default\/data-db-0 has no storageClassName and no StorageClass given is the default .*: pass the StorageClasses in `storage`/);
  });
});
