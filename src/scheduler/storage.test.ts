import { layeredListers, notFound, storageListers } from './storage';

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
    // a claimRef names its claim's namespace too: the claim of that name in another namespace cannot bind the volume
    expect(names('local', ['web/data-0', 'web/data-9'])).toEqual(['free-1', 'free-2']);
    const noNamespace = storageListers([pv('no-namespace', 'local', { name: 'data-0' })]);
    expect(noNamespace.claimableVolumes('local', ['db/data-0'])).toEqual([]);
  });

  it('finds a claim by namespace and name, an unset namespace being default', () => {
    const claim = (namespace: string | undefined, name: string) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, ...(namespace ? { namespace } : {}) }, spec: {} }) as never;
    const listers = storageListers([claim(undefined, 'a'), claim('db', 'a'), claim('db', 'b'), claim('db', 'a')]);
    expect(listers.claim('', 'a')).toBe(listers.claim('default', 'a'));
    expect(listers.claim('default', 'a')?.metadata?.namespace).toBeUndefined();
    expect(listers.claim('db', 'b')?.metadata?.name).toBe('b');
    expect(listers.claim('db', 'c')).toBeUndefined();
    expect(listers.claim('web', 'a')).toBeUndefined();
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

// snapshotFor layers the claim model's additions for one question over the cluster's listers (layeredListers): every
// read must be what the listers of the whole list give, a later object of a name replacing the earlier one in place.
describe('layeredListers', () => {
  const pv = (name: string, cls: string, claimRef?: { namespace?: string; name: string }) =>
    ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: { storageClassName: cls, ...(claimRef ? { claimRef } : {}) } }) as never;
  const sc = (name: string, provisioner: string) => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name }, provisioner }) as never;
  const base = [
    pvc('db', 'data-0', 'pv-a'), pvc('db', 'data-1'),
    pv('pv-a', 'local', { namespace: 'db', name: 'data-0' }), pv('free-1', 'local'), pv('gp-1', 'gp3'),
    sc('local', 'kubernetes.io/no-provisioner'), sc('gp3', 'ebs.csi.aws.com'),
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'node-1' }, spec: { drivers: [] } } as never,
    { apiVersion: 'storage.k8s.io/v1', kind: 'CSIDriver', metadata: { name: 'ebs.csi.aws.com' } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'VolumeAttachment', metadata: { name: 'va-1' }, spec: { nodeName: 'node-1', attacher: 'ebs.csi.aws.com', source: {} } } as never,
  ];
  const extra = [
    pvc('db', 'data-1', 'pv-new'), pvc('db', 'data-2'),
    pv('free-1', 'local', { namespace: 'db', name: 'data-1' }), pv('pv-new', 'local'), pv('pv-new-2', 'gp3'),
    sc('gp3', 'other.csi'), sc('assumed', 'assumed.jest-k8s-placement.dev'),
  ];
  const names = (list: ReadonlyArray<{ metadata?: { name?: string } }>) => list.map((o) => o.metadata?.name);

  function expectSame(got: ReturnType<typeof storageListers>, want: ReturnType<typeof storageListers>) {
    for (const [ns, name] of [['db', 'data-0'], ['db', 'data-1'], ['db', 'data-2'], ['db', 'data-9']]) expect(got.claim(ns, name)).toEqual(want.claim(ns, name));
    for (const name of ['pv-a', 'free-1', 'pv-new', 'pv-new-2', 'gp-1', 'none']) expect(got.volume(name)).toEqual(want.volume(name));
    expect(names(got.volumes())).toEqual(names(want.volumes()));
    expect(got.volumes()).toEqual(want.volumes());
    for (const cls of ['local', 'gp3', 'none']) {
      for (const claims of [[], ['db/data-0'], ['db/data-1', 'db/data-0']]) expect(got.claimableVolumes(cls, claims)).toEqual(want.claimableVolumes(cls, claims));
    }
    for (const name of ['local', 'gp3', 'assumed', 'none']) expect(got.storageClass(name)).toEqual(want.storageClass(name));
    expect(got.storageClasses()).toEqual(want.storageClasses());
    expect(got.csiNode('node-1')).toBe(want.csiNode('node-1'));
    expect(got.csiDriver('ebs.csi.aws.com')).toBe(want.csiDriver('ebs.csi.aws.com'));
    expect(got.attachments('node-1')).toEqual(want.attachments('node-1'));
    expect(got.capacities()).toEqual(want.capacities());
  }

  it('reads as the listers of the whole list: replaced objects where they stood, new ones after', () => {
    const layered = layeredListers(storageListers(base), extra)!;
    expectSame(layered, storageListers([...base, ...extra]));
    expect(names(layered.volumes())).toEqual(['pv-a', 'free-1', 'gp-1', 'pv-new', 'pv-new-2']);
    expect(layered.storageClass('gp3')?.provisioner).toBe('other.csi');
    expect(names(layered.claimableVolumes('local', ['db/data-1']))).toEqual(['free-1', 'pv-new']);
  });

  it('with no volume among the additions, claimableVolumes is the base\'s', () => {
    const layered = layeredListers(storageListers(base), [pvc('db', 'data-2')])!;
    expectSame(layered, storageListers([...base, pvc('db', 'data-2')]));
  });

  it('assumes into the layer as the whole listers would, leaving the base as it was', () => {
    const cluster = storageListers(base);
    const layered = layeredListers(cluster, extra)!;
    const whole = storageListers([...base, ...extra]);
    expect(layered.claimableVolumes('local', [])).toEqual(whole.claimableVolumes('local', []));
    for (const listers of [layered, whole]) {
      listers.assumeVolume(pv('gp-1', 'gp3', { namespace: 'db', name: 'data-2' }));
      listers.assumeVolume(pv('pv-assumed', 'local'));
      listers.assumeClaim({ ...pvc('db', 'data-0'), metadata: { name: 'data-0', namespace: 'db', annotations: { 'volume.kubernetes.io/selected-node': 'a' } } } as never);
    }
    expectSame(layered, whole);
    expect(names(cluster.volumes())).toEqual(['pv-a', 'free-1', 'gp-1']);
    expect(cluster.volume('gp-1')?.spec?.claimRef).toBeUndefined();
    expect(cluster.claim('db', 'data-0')?.metadata?.annotations).toBeUndefined();
  });

  it('takes claims, volumes and classes only: another kind among the additions needs the whole listers', () => {
    expect(layeredListers(storageListers(base), [{ apiVersion: 'storage.k8s.io/v1', kind: 'CSINode', metadata: { name: 'node-2' } }])).toBeUndefined();
  });
});

describe('objects as bare as a kind', () => {
  // a half-written manifest: the listers index it under the empty name (the clients refuse such objects with their
  // origin before a question is asked; the listers themselves never throw on them)
  const bare = ['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass', 'CSINode', 'CSIDriver', 'CSIStorageCapacity', 'VolumeAttachment'].map((kind) => ({ kind }) as never);
  it('are read under the empty name, the default namespace and no node', () => {
    const listers = storageListers(bare);
    expect(listers.claim('default', '')).toBe(bare[0]);
    expect(listers.volume('')).toBe(bare[1]);
    expect(listers.storageClass('')).toBe(bare[2]);
    expect(listers.csiNode('')).toBe(bare[3]);
    expect(listers.csiDriver('')).toBe(bare[4]);
    expect(listers.capacities()).toEqual([bare[5]]);
    expect(listers.attachments('')).toEqual([bare[6]]);
    expect(listers.claimableVolumes('', [])).toEqual([bare[1]]);
  });
  it('two attachments of one node are both listed; a claimRef without a name is the empty name\'s', () => {
    const va = (name: string) => ({ kind: 'VolumeAttachment', metadata: { name }, spec: { nodeName: 'n1' } }) as never;
    const listers = storageListers([va('a'), va('b')]);
    expect(listers.attachments('n1')).toHaveLength(2);
    const pv = (name: string, claimRef: object) => ({ kind: 'PersistentVolume', metadata: { name }, spec: { storageClassName: 'local', claimRef } }) as never;
    const refs = storageListers([pv('x', { namespace: 'db' }), pv('y', { namespace: 'db', name: 'c' }), pv('z', { namespace: 'db', name: 'c' })]);
    expect(refs.claimableVolumes('local', ['db/']).map((v) => v.metadata?.name)).toEqual(['x']);
    expect(refs.claimableVolumes('local', ['db/c']).map((v) => v.metadata?.name)).toEqual(['y', 'z']);
  });
  it('layered on others (replacing their namesakes) and layering them', () => {
    const base = storageListers(bare);
    const layered = layeredListers(base, [{ kind: 'PersistentVolume' } as never, { kind: 'StorageClass', metadata: { name: 'b' } } as never])!;
    expect(layered.volumes()).toHaveLength(1);
    expect(layered.storageClasses().map((c) => c.metadata?.name ?? '')).toEqual(['', 'b']);
    // a kind the claim model never adds (CSINode) among those it adds: not layered
    expect(layeredListers(base, [{ kind: 'PersistentVolume' } as never, { kind: 'CSINode' } as never])).toBeUndefined();
  });
});
