// A test-only cluster plugin that reads the storage objects as the volume plugins will (snapshot.storage, the
// listers of src/scheduler/storage.ts): with a StorageClass named `probe`, it rejects the nodes its
// `parameters.ban` lists (comma-separated). It shows that `storage` reaches every client's snapshot; the real
// volume plugins are other helpers' (issue 34).
import type { ClusterPlugin } from '../../../src/scheduler/cycle';
import type { Status } from '../../../src/scheduler/framework';

export const ErrReasonProbe = 'node(s) were banned by the StorageClass probe';

export const StorageProbe: ClusterPlugin<readonly string[]> = {
  name: 'StorageProbe',
  preFilter: (_pod, snapshot) => {
    const probe = snapshot.storage.storageClass('probe');
    return probe ? { state: (probe.parameters?.ban ?? '').split(',') } : { skip: true };
  },
  filter: (_pod, node, banned): Status | undefined =>
    banned.includes(node.info.name) ? { plugin: 'StorageProbe', code: 'UnschedulableAndUnresolvable', reasons: [ErrReasonProbe], details: [`node ${node.info.name} is banned`] } : undefined,
};
