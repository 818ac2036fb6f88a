import { notFound, storageListers } from './storage';

const pvc = (namespace: string | undefined, name: string, volumeName?: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace }, spec: { volumeName } });

describe('storageListers', () => {
  const listers = storageListers([
    pvc('db', 'data-0', 'pv-a'),
    pvc(undefined, 'scratch'),
    { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-a' }, spec: { capacity: { storage: '1Gi' } } } as never,
    { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-b' } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'gp3' }, provisioner: 'ebs.csi.aws.com' } as never,
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'node-1' }, spec: { drivers: [] } } as never,
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name: 'c1', namespace: 'kube-system' }, storageClassName: 'gp3' } as never,
    { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'va-1' }, spec: { nodeName: 'node-1', attacher: 'ebs.csi.aws.com', source: {} } } as never,
    { apiVersion: 'v1', kind: 'Service', metadata: { name: 'not-storage' } },
  ]);

  it('finds claims by namespace and name; an unset namespace is "default", as the API server defaults it', () => {
    expect(listers.claim('db', 'data-0')?.spec?.volumeName).toBe('pv-a');
    expect(listers.claim('default', 'scratch')).toBeDefined();
    expect(listers.claim('', 'scratch')).toBeDefined();
    expect(listers.claim('other', 'data-0')).toBeUndefined();
  });

  it('finds each kind by its key and keeps the lists in input order', () => {
    expect(listers.volume('pv-a')?.spec?.capacity?.storage).toBe('1Gi');
    expect(listers.volumes().map((v) => v.metadata?.name)).toEqual(['pv-a', 'pv-b']);
    expect(listers.storageClass('gp3')?.provisioner).toBe('ebs.csi.aws.com');
    expect(listers.csiNode('node-1')).toBeDefined();
    expect(listers.csiNode('node-2')).toBeUndefined();
    expect(listers.csiDriver('ebs.csi.aws.com')).toBeDefined();
    expect(listers.capacities().map((c) => c.storageClassName)).toEqual(['gp3']);
    expect(listers.attachments('node-1').map((a) => a.metadata?.name)).toEqual(['va-1']);
    expect(listers.attachments('node-2')).toEqual([]);
  });

  it('lets a later object with the same key replace an earlier one', () => {
    const later = storageListers([pvc('db', 'data-0', 'pv-a'), pvc('db', 'data-0', 'pv-b')]);
    expect(later.claim('db', 'data-0')?.spec?.volumeName).toBe('pv-b');
    // CSIStorageCapacities too, by namespace and name (binder_test.go TestCapacity "multiple" relies on it)
    const capacity = (namespace: string | undefined, name: string, storageClassName: string) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'CSIStorageCapacity', metadata: { name, namespace }, storageClassName }) as never;
    const capacities = storageListers([capacity(undefined, 'net', 'a'), capacity('kube-system', 'net', 'b'), capacity('default', 'net', 'c')]).capacities();
    expect(capacities.map((c) => c.storageClassName)).toEqual(['c', 'b']);
  });
});

// client-go listers/core/v1/persistentvolumeclaim.go, persistentvolume.go, listers/storage/v1/storageclass.go: the
// resource each lister names in its NotFound (apimachinery errors.NewNotFound: `%s %q not found`)
test('notFound words a missing object as the real listers do', () => {
  expect(notFound('persistentvolumeclaim', 'data-0')).toBe('persistentvolumeclaim "data-0" not found');
  expect(notFound('persistentvolume', 'pv-1')).toBe('persistentvolume "pv-1" not found');
  expect(notFound('storageclass.storage.k8s.io', 'gp3')).toBe('storageclass.storage.k8s.io "gp3" not found');
});

describe('claimableVolumes and the assume caches', () => {
  const pv = (name: string, cls: string, claimRef?: { namespace?: string; name: string }) =>
    ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: { storageClassName: cls, ...(claimRef ? { claimRef } : {}) } }) as never;
  const objects = [
    pv('bound-other', 'local', { namespace: 'db', name: 'data-9' }),
    pv('free-1', 'local'),
    pv('prebound', 'local', { namespace: 'db', name: 'data-0' }),
    pv('other-class', 'gp3'),
    pv('free-2', 'local'),
  ];

  it("keeps, in input order, a class's volumes without a claimRef and those whose claimRef names one of the claims", () => {
    const listers = storageListers(objects);
    const names = (cls: string, claims: string[]) => listers.claimableVolumes(cls, claims).map((v) => v.metadata?.name);
    expect(names('local', [])).toEqual(['free-1', 'free-2']);
    expect(names('local', ['db/data-0'])).toEqual(['free-1', 'prebound', 'free-2']);
    expect(names('local', ['db/data-0', 'db/data-9'])).toEqual(['bound-other', 'free-1', 'prebound', 'free-2']);
    expect(names('gp3', ['db/data-0'])).toEqual(['other-class']);
    expect(names('none', [])).toEqual([]);
  });

  it('an assumed volume replaces its namesake where it stood, and claimableVolumes follows it', () => {
    const listers = storageListers(objects);
    listers.assumeVolume(pv('free-1', 'local', { namespace: 'db', name: 'data-1' }));
    expect(listers.volumes().map((v) => v.metadata?.name)).toEqual(['bound-other', 'free-1', 'prebound', 'other-class', 'free-2']);
    expect(listers.volume('free-1')?.spec?.claimRef?.name).toBe('data-1');
    expect(listers.claimableVolumes('local', []).map((v) => v.metadata?.name)).toEqual(['free-2']);
    expect(listers.claimableVolumes('local', ['db/data-1']).map((v) => v.metadata?.name)).toEqual(['free-1', 'free-2']);
    listers.assumeClaim({ ...pvc('db', 'data-1'), metadata: { name: 'data-1', namespace: 'db', annotations: { 'volume.kubernetes.io/selected-node': 'a' } } } as never);
    expect(listers.claim('db', 'data-1')?.metadata?.annotations).toEqual({ 'volume.kubernetes.io/selected-node': 'a' });
    // the objects given are not written: another build from them has none of it
    expect(storageListers(objects).volume('free-1')?.spec?.claimRef).toBeUndefined();
  });
});
