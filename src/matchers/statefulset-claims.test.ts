// A StatefulSet whose claims the API server refuses has no pod: its controller creates each pod's missing claims first
// (pkg/controller/statefulset/stateful_set_control.go createPersistentVolumeClaims) and stops when one is refused.
// Before 1.34 a claim template's spec is checked only then (from 1.34 the StatefulSet itself is refused on create,
// pkg/apis/apps/validation ValidateStatefulSetSpec).
// The per-node matchers used to give a verdict for its template (found by the e2e oracle at 1.33: the library refused
// the case, the matchers' own argument checks did not).
import type { KubeObject, Node } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import { failure } from '../../test/fixtures';

afterEach(() => resetConfiguration());

const n1 = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '2', memory: '4Gi', pods: '110' } } } as Node;
const statefulSet = (claimSpec: object, name = 'db'): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name, namespace: 'data' },
  spec: {
    serviceName: name, selector: { matchLabels: { app: 'db' } },
    template: { metadata: { labels: { app: 'db' } }, spec: { containers: [{ name: 'db', image: 'postgres:17', volumeMounts: [{ name: 'data', mountPath: '/data' }] }] } },
    volumeClaimTemplates: [{ metadata: { name: 'data' }, spec: claimSpec }],
  },
} as KubeObject);
const noSize = statefulSet({ accessModes: ['ReadWriteOnce'], resources: {} });
const sized = statefulSet({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } });
const storageAssumption = 'dynamic-wait-for-first-consumer' as const;

test('1.33: a claim template without a storage request: no pod, the matchers say the claim is refused', () => {
  configure({ kubernetesVersion: '1.33', storageAssumption });
  const refused = 'StatefulSet data/db: the API server refuses the PersistentVolumeClaims of spec.volumeClaimTemplates[0] (spec.resources[storage]: Required value): ' +
    'the StatefulSet controller creates no pods without them';
  expect(failure(() => expect(noSize).toBeSchedulableOn(n1))).toContain(refused);
  expect(failure(() => expect(noSize).not.toBeSchedulableOn(n1))).toContain(refused);
  expect(failure(() => expect(noSize).toBeSchedulableOnAnyOf([n1]))).toContain(refused);
  expect(failure(() => expect(noSize).toBeSchedulableOnAllOf([n1]))).toContain(refused);
  expect(sized).toBeSchedulableOn(n1);
});

test('1.34: the StatefulSet itself is refused on create, before its controller runs', () => {
  configure({ kubernetesVersion: '1.34', storageAssumption });
  const msg = failure(() => expect(noSize).toBeSchedulableOn(n1));
  expect(msg).toContain('spec.volumeClaimTemplates[0].spec.resources[storage]: Required value');
  expect(msg).not.toContain('the StatefulSet controller creates no pods without them');
});
