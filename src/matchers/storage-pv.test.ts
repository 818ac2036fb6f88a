// The matchers' storage option refuses a PersistentVolume the API server refuses (clusterErrors → validateInput →
// src/k8s/validation-pv.ts), with and without .not, as a usage error naming its field.
import { describe, expect, it } from '@jest/globals';
import { failure } from '../../test/fixtures';
import type { KubeObject, Node, Pod } from '../core/types';

const pv = (spec: Record<string, unknown>) =>
  ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'local-pv-1' }, spec: { capacity: { storage: '10Gi' }, accessModes: ['ReadWriteOnce'], storageClassName: 'local-storage', local: { path: '/mnt/disks/ssd1' }, ...spec } }) as KubeObject;
const hostname = (n: string) => ({ required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: [n] }] }] } });
const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels: { 'kubernetes.io/hostname': 'node-1' } }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } } };
const claim = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default', annotations: { 'pv.kubernetes.io/bind-completed': 'yes' } }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, storageClassName: 'local-storage', volumeName: 'local-pv-1' } } as KubeObject;
const pod: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'db', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'registry.example/db:1' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] } };

describe('the storage option refuses what the API server refuses in a PersistentVolume', () => {
  it('a local PV with node affinity decides placement', () => {
    expect(pod).toBeSchedulableOn(node, { storage: [claim, pv({ nodeAffinity: hostname('node-1') })] });
    expect(pod).not.toBeSchedulableOn(node, { storage: [claim, pv({ nodeAffinity: hostname('node-2') })] });
  });

  it.each([
    ['a local PV without node affinity', pv({}), 'spec.nodeAffinity: Required value: Local volume requires node affinity'],
    ['an empty nodeSelectorTerms', pv({ nodeAffinity: { required: { nodeSelectorTerms: [] } } }), 'spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term'],
    ['two volume sources', pv({ nodeAffinity: hostname('node-1'), hostPath: { path: '/d' } }), 'spec.local: Forbidden: may not specify more than 1 volume type'],
  ])('%s: a usage error, with and without .not', (_what, volume, text) => {
    for (const assertion of [() => expect(pod).toBeSchedulableOn(node, { storage: [claim, volume] }), () => expect(pod).not.toBeSchedulableOn(node, { storage: [claim, volume] })]) {
      const m = failure(assertion);
      expect(m).toContain('PersistentVolume local-pv-1 would be rejected by the API server');
      expect(m).toContain(text);
    }
  });
});
