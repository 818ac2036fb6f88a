import { OracleClient } from './client';
(async () => {
  const c = new OracleClient(process.argv[2]);
  const pv = (spec: any, meta: any = { name: 'pv1' }) => ({ object: { apiVersion: 'v1', kind: 'PersistentVolume', metadata: meta, spec }, extendedResourceToleration: false });
  const cases = [
    pv({ local: { path: '/mnt' }, capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['n1'] }] }] } } }),
    pv({ csi: { driver: 'ebs.csi.aws.com', volumeHandle: 'v' }, capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], volumeAttributesClassName: 'fast' }),
    pv({ iscsi: { targetPortal: '', iqn: 'bad', lun: 300 }, capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'] }),
  ];
  for (const x of cases) console.log(JSON.stringify((await c.ask('create', x)).output).slice(0, 1200));
  process.exit(0);
})();
