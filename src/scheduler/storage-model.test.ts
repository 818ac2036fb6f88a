// modelledStorage: what the claim model adds to the storage given for the pods asked about. A claim used as given
// adds nothing, so the question's storage is the list given and the scheduler's snapshot of the same arrays is
// shared between questions (snapshotFor); claims the StatefulSet controller makes are added.
import type { KubeObject, Pod } from '../core/types';
import { toSubject } from '../k8s/subject';
import { createdPod } from '../admission/create';
import { modelledStorage } from './storage-model';

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
