// Issue 34, end to end through the matchers: a bitnami-style StatefulSet with volumeClaimTemplates (a fixture of our
// own, shaped like the data charts' primary: one `data` template without a class, an emptyDir) gets a verdict when its
// storage is known — a cluster preset's default StorageClass, StorageClasses given, or the stated assumption — and
// "not modelled" with the one-line fix when it is not. The StatefulSet controller's claims `data-<set>-<ordinal>`
// (stateful_set_utils.go getPersistentVolumeClaimName) go through DefaultStorageClass admission
// (setdefault/admission.go) and meet the volume plugins of the default profile.
import { configure, resetConfiguration } from '../core/config';
import type { KubeObject, Node, Pod } from '../core/types';
import { scheduleOn } from '../engine';
import { failure, node as fixtureNode } from '../../test/fixtures';
import { toBeSchedulableOn, toSpreadReplicasAcross } from '.';
import { toRecord } from './record';

const zoned = (name: string, zone: string): Node => ({
  ...fixtureNode(name),
  metadata: { name, labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': zone } },
  status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
});
const a1 = zoned('a1', 'zone-a');
const b1 = zoned('b1', 'zone-b');

const postgresql = (claimSpec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg', namespace: 'db' },
  spec: {
    serviceName: 'pg-hl', replicas: 2, selector: { matchLabels: { app: 'pg' } },
    template: {
      metadata: { labels: { app: 'pg' } },
      spec: {
        containers: [{ name: 'postgresql', image: 'registry.example/postgresql:17', resources: { requests: { cpu: '100m', memory: '256Mi' } }, volumeMounts: [{ name: 'data', mountPath: '/bitnami/postgresql' }, { name: 'dshm', mountPath: '/dev/shm' }] }],
        volumes: [{ name: 'dshm', emptyDir: { medium: 'Memory' } }],
      },
    },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '8Gi' } }, ...claimSpec } }],
  },
} as KubeObject);

const sc = (name: string, mode: string, extra: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: 'ebs.csi.aws.com', volumeBindingMode: mode, ...extra } as KubeObject);

const message = failure;

afterEach(() => resetConfiguration());

describe('a StatefulSet with volumeClaimTemplates', () => {
  test('without a StorageClass anywhere: not modelled, both ways, and the message names the fixes', () => {
    const m = message(() => expect(postgresql()).toBeSchedulableOn(a1));
    expect(m).toMatch(/but the verdict is unknown/);
    expect(m).toContain('spec.volumeClaimTemplates[0] (data): PersistentVolumeClaim db/data-pg-0 has no storageClassName and no StorageClass given is the default');
    expect(m).toContain("configure({ cluster: 'aks' })");
    expect(m).toContain("configure({ storageAssumption: 'dynamic-wait-for-first-consumer' })");
    expect(message(() => expect(postgresql()).not.toBeSchedulableOn(a1))).toMatch(/but that cannot be proved/);
    expect(message(() => expect(postgresql()).toHaveAllReplicasScheduled([a1, b1]))).toMatch(/not modelled/);
  });

  test("with the aks preset: its default class (disk.csi.azure.com, WaitForFirstConsumer) is DefaultStorageClass admission's, and the verdict is positive", () => {
    configure({ cluster: 'aks' });
    expect(postgresql()).toBeSchedulableOn(a1);
    expect(postgresql()).toBeSchedulableOnAllOf([a1, b1]);
    expect(postgresql()).toHaveAllReplicasScheduled([a1, b1]);
    expect(scheduleOn(postgresql(), [a1, b1])).not.toHaveProperty('notModelled');
    // the passing node is explained by VolumeBinding in its own words
    expect(message(() => expect(postgresql()).not.toBeSchedulableOn(a1))).toContain('VolumeBinding: PersistentVolumeClaim data-pg-0 would be provisioned for the node (StorageClass default)');
  });

  test('with the StorageClasses given: WaitForFirstConsumer is decided per node, allowedTopologies included', () => {
    const gp3 = sc('gp3', 'WaitForFirstConsumer', { allowedTopologies: [{ matchLabelExpressions: [{ key: 'topology.kubernetes.io/zone', values: ['zone-a'] }] }] });
    const sts = postgresql({ storageClassName: 'gp3' });
    expect(sts).toBeSchedulableOn(a1, { storage: [gp3] });
    expect(sts).not.toBeSchedulableOn(b1, { storage: [gp3] });
    // kube-scheduler's words (binder.go ErrReasonBindConflict), in the FitError
    expect(message(() => expect(sts).toBeSchedulableOnAnyOf([b1], { storage: [gp3] }))).toContain("0/1 nodes are available: 1 node(s) didn't find available persistent volumes to bind.");
  });

  test('a claim given without a class gets the default class given (assignDefaultStorageClass), as a StatefulSet template does', () => {
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as KubeObject;
    const standard = sc('standard', 'WaitForFirstConsumer', { metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } });
    const p: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'registry.example/web:1' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } };
    expect(p).toBeSchedulableOn(a1, { storage: [claim, standard] });
    expect(message(() => expect(p).toBeSchedulableOn(a1, { storage: [claim] }))).toContain('PersistentVolumeClaim default/data has no storageClassName and no StorageClass given is the default');
  });

  test('an Immediate class given is not modelled: the PV controller binds the claim before scheduling', () => {
    const sts = postgresql({ storageClassName: 'gp2' });
    const m = message(() => expect(sts).toBeSchedulableOn(a1, { storage: [sc('gp2', 'Immediate')] }));
    expect(m).toContain('StorageClass gp2 binds Immediately');
  });

  test('the stated assumption decides a claim whose class is not given, and every answer says so', () => {
    configure({ storageAssumption: 'dynamic-wait-for-first-consumer' });
    expect(postgresql({ storageClassName: 'fast' })).toBeSchedulableOn(a1);
    const answer = scheduleOn(postgresql(), [a1]);
    expect(answer).not.toHaveProperty('notModelled');
    const m = message(() => expect(postgresql()).not.toBeSchedulableOn(a1));
    expect(m).toContain("Assumed: storageAssumption 'dynamic-wait-for-first-consumer'");
  });
});

describe('the stated assumption as an assertion\'s own option', () => {
  test('toBeSchedulableOn and toHaveAllReplicasScheduled take storageAssumption, and say they used it', () => {
    const options = { storageAssumption: 'dynamic-wait-for-first-consumer' as const };
    expect(postgresql()).toBeSchedulableOn(a1, options);
    expect(message(() => expect(postgresql()).not.toBeSchedulableOn(a1, options))).toContain("Assumed: storageAssumption 'dynamic-wait-for-first-consumer'");
    expect(postgresql()).toHaveAllReplicasScheduled([a1, b1], options);
    expect(message(() => expect(postgresql()).not.toHaveAllReplicasScheduled([a1, b1], options))).toContain("Assumed: storageAssumption 'dynamic-wait-for-first-consumer'");
    // the settings are back afterwards: the claim is not modelled again
    expect(message(() => expect(postgresql()).toBeSchedulableOn(a1))).toMatch(/the verdict is unknown/);
  });
  test('toSpreadReplicasAcross and toShareNodesWith say it too, in their messages and their records', () => {
    const options = { storageAssumption: 'dynamic-wait-for-first-consumer' as const };
    const assumed = "Assumed: storageAssumption 'dynamic-wait-for-first-consumer'";
    expect(message(() => expect(postgresql()).not.toSpreadReplicasAcross('topology.kubernetes.io/zone', [a1, b1], options))).toContain(assumed);
    const other = { ...postgresql(), metadata: { name: 'pg2', namespace: 'db' } } as KubeObject;
    expect(message(() => expect(postgresql()).not.toShareNodesWith(other, [a1], options))).toContain(assumed);
    const ctx = { utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String }, isNot: false } as never;
    const spread = toSpreadReplicasAcross.call(ctx, postgresql(), 'topology.kubernetes.io/zone', [a1, b1], options);
    expect(spread.pass).toBe(true);
    expect(toRecord(ctx, spread, spread.placement!).notes).toEqual([expect.stringMatching(/^Assumed: storageAssumption 'dynamic-wait-for-first-consumer'/)]);
  });
  test('the run report notes the assumption an assertion used', () => {
    const ctx = { utils: { matcherHint: (m: string) => m, printReceived: String, printExpected: String }, isNot: false } as never;
    const result = toBeSchedulableOn.call(ctx, postgresql(), a1, { storageAssumption: 'dynamic-wait-for-first-consumer' });
    expect(result.pass).toBe(true);
    expect(toRecord(ctx, result, result.placement!).notes).toEqual([expect.stringMatching(/^Assumed: storageAssumption 'dynamic-wait-for-first-consumer'/)]);
    // without claim templates the `data` mount needs a volume of its own (the API server refuses a mount naming none)
    const pg = postgresql() as { spec: { template: { spec: { volumes: unknown[] } } } };
    const template = { ...pg.spec.template, spec: { ...pg.spec.template.spec, volumes: [...pg.spec.template.spec.volumes, { name: 'data', emptyDir: {} }] } };
    const without = toBeSchedulableOn.call(ctx, { ...postgresql(), spec: { ...pg.spec, template, volumeClaimTemplates: [] } }, a1);
    expect(toRecord(ctx, without, without.placement!)).not.toHaveProperty('notes');
  });
  test('an unknown assumption is a usage error naming the known ones', () => {
    expect(message(() => expect(postgresql()).toBeSchedulableOn(a1, { storageAssumption: 'static' as never }))).toContain("options.storageAssumption must be one of 'dynamic-wait-for-first-consumer', received \"static\"");
    expect(() => configure({ storageAssumption: 'static' as never })).toThrow("configure: storageAssumption must be one of 'dynamic-wait-for-first-consumer'");
  });
});

describe('volumes that never constrain placement, and claims that do', () => {
  const pod = (volumes: unknown[]): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'registry.example/web:1' }], volumes } as Pod['spec'] });

  test('a Secrets Store CSI volume is read by no volume plugin: the verdict is positive, with or without storage', () => {
    const secrets = pod([{ name: 'secrets', csi: { driver: 'secrets-store.csi.k8s.io', readOnly: true, volumeAttributes: { secretProviderClass: 'app' } } }]);
    expect(secrets).toBeSchedulableOn(a1);
    expect(scheduleOn(secrets, [a1])).not.toHaveProperty('notModelled');
  });

  test("a bound claim whose PersistentVolume is pinned to zone-a: other zones are certainly rejected in kube-scheduler's words", () => {
    const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { volumeName: 'pv-a', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as KubeObject;
    const pv = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-a' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'vol-1' }, nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['zone-a'] }] }] } } } } as KubeObject;
    const p = pod([{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }]);
    const storage = [claim, pv];
    expect(p).toBeSchedulableOn(a1, { storage });
    expect(p).not.toBeSchedulableOn(b1, { storage });
    expect(message(() => expect(p).toBeSchedulableOnAnyOf([b1], { storage }))).toContain("0/1 nodes are available: 1 node(s) didn't match PersistentVolume's node affinity.");
    // without the PersistentVolume the claim is not modelled, and the fix is named
    expect(message(() => expect(p).toBeSchedulableOn(b1, { storage: [claim] }))).toContain('is bound to PersistentVolume pv-a, which is not among the storage objects given: pass it in `storage`');
  });

  test("VolumeZone and VolumeRestrictions speak kube-scheduler's words through the matchers", () => {
    const bound = (name: string, volume: string, modes = ['ReadWriteOnce']) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { volumeName: volume, accessModes: modes, resources: { requests: { storage: '1Gi' } } } } as KubeObject);
    // a PersistentVolume labelled with its zone (no node affinity): volume_zone.go reads the labels
    const labelled = { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-z', labels: { 'topology.kubernetes.io/zone': 'zone-a' } }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], nfs: { server: 'nfs.example.com', path: '/exports' } } } as KubeObject;
    const p = pod([{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }]);
    expect(message(() => expect(p).toBeSchedulableOnAnyOf([b1], { storage: [bound('data', 'pv-z'), labelled] }))).toContain('0/1 nodes are available: 1 node(s) had no available volume zone.');
    // a ReadWriteOncePod claim another pod already uses (volume_restrictions.go, the 1.34+ text)
    const rwop = bound('data', 'pv-z', ['ReadWriteOncePod']);
    const user: Pod = { ...pod([{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }]), metadata: { name: 'other', namespace: 'default' }, spec: { ...pod([{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }]).spec!, nodeName: 'a1' } };
    expect(message(() => expect(p).toBeSchedulableOnAnyOf([a1], { storage: [rwop, labelled], existingPods: [user] })))
      .toContain('0/1 nodes are available: 1 node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod.');
  });
});
