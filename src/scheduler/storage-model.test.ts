// modelledStorage: what the claim model adds to the storage given for the pods asked about. A claim used as given
// adds nothing, so the question's storage is the list given and the scheduler's snapshot of the same arrays is
// shared between questions (snapshotFor); claims the StatefulSet controller makes are added.
import type { KubeObject, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { createdPod } from '../admission/create';
import { modelledStorage, storageModel } from './storage-model';
import { configure, resetConfiguration } from '../core/config';

const gp3 = { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com', volumeBindingMode: 'WaitForFirstConsumer' } as KubeObject;
const claim = (name: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'db' }, spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as KubeObject);
const pod = (claimName: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: `p-${claimName}`, namespace: 'db' }, spec: { containers: [{ name: 'c', image: 'i' }], volumes: [{ name: 'v', persistentVolumeClaim: { claimName } }] } });

test('a claim given and used as it is adds nothing: the storage given itself', () => {
  const given = [gp3, claim('data'), claim('other')];
  expect(modelledStorage([pod('data')], given)).toBe(given);
  expect(modelledStorage([pod('data'), pod('other')], given)).toBe(given);
});

test('a claim given without its class but with a default one is added as DefaultStorageClass admission leaves it', () => {
  const standard = { ...gp3, metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } } } as KubeObject;
  const bare = { ...claim('data'), spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } } as KubeObject;
  const given = [standard, bare];
  const storage = modelledStorage([pod('data')], given);
  expect(storage.slice(0, 2)).toEqual(given);
  expect(storage.slice(2).map((o) => [o.kind, (o as { spec?: { storageClassName?: string } }).spec?.storageClassName])).toEqual([['PersistentVolumeClaim', 'standard']]);
});

test("the claims a StatefulSet's controller makes are added after the storage given", () => {
  const sts = {
    apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'pg', namespace: 'db' },
    spec: {
      serviceName: 'pg', replicas: 1, selector: { matchLabels: { app: 'pg' } }, template: { metadata: { labels: { app: 'pg' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
      volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: { storageClassName: 'gp3', accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }],
    },
  } as KubeObject;
  const given = [gp3];
  const storage = modelledStorage([createdPod(toSubject(sts))], given);
  expect(storage.map((o) => `${o.kind} ${o.metadata?.name}`)).toEqual(['StorageClass gp3', 'PersistentVolumeClaim data-pg-0']);
});

test('asked for one pod, then with another (and the other way round): each question gets its own additions', () => {
  const given = [gp3];
  const a = pod('a-data');
  const b = pod('b-data');
  // (a claim not given is added as a placeholder that constrains nothing, named after it)
  const claims = (storage: readonly KubeObject[]) => storage.slice(given.length).map((o) => o.metadata?.name ?? '');
  const one = claims(modelledStorage([a], given));
  expect(one.join()).toContain('a-data');
  expect(one.join()).not.toContain('b-data');
  const both = claims(modelledStorage([a, b], given));
  expect(both.join()).toContain('b-data');
  expect(claims(modelledStorage([a], given))).toEqual(one);
  expect(claims(modelledStorage([a, b], given))).toEqual(both);
  // a pod without claims adds nothing beside one with a claim
  const plain: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'plain', namespace: 'db' }, spec: { containers: [{ name: 'c', image: 'i' }] } };
  expect(modelledStorage([plain], given)).toBe(given);
  expect(claims(modelledStorage([plain, b], given))).toEqual(claims(modelledStorage([b], given)));
});

describe('storageModel: the claims the inputs leave undecided, by the field that asks for them', () => {
  afterEach(() => resetConfiguration());
  const withVolumes = (volumes: object[]) =>
    toSubject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'db' }, spec: { containers: [{ name: 'c', image: 'i' }], volumes } } as Pod);
  const config = { name: 'cfg', configMap: { name: 'cfg' } };
  test('the volume named at its index', () => {
    const model = storageModel(withVolumes([config, { name: 'data', persistentVolumeClaim: { claimName: 'missing' } }]), [gp3]);
    expect(model.notModelled.map((n) => n.detail)).toEqual([expect.stringMatching(/^spec\.volumes\[1\] \(data, persistentVolumeClaim\): /)]);
    expect(model.assumption).toBeUndefined();
  });
  test('the stated assumption is named when it decided one claim of several', () => {
    configure({ storageAssumption: 'dynamic-wait-for-first-consumer' });
    // data's class is given; other's class (fast) is not: the assumption decides it
    const other = { ...claim('other'), spec: { ...(claim('other') as { spec: object }).spec, storageClassName: 'fast' } } as KubeObject;
    const model = storageModel(withVolumes([{ name: 'given', persistentVolumeClaim: { claimName: 'data' } }, { name: 'other', persistentVolumeClaim: { claimName: 'other' } }]), [gp3, claim('data'), other]);
    expect(model.notModelled).toEqual([]);
    expect(model.assumption).toEqual(expect.any(String));
  });
});
