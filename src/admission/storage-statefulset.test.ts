// The StatefulSet controller's claims (admission/storage.ts) beyond upstream's tests ported in storage.test.ts: the
// ordinal a pod's name gives, the retention policy's owner references next to refs of other objects, and Go's zero
// values for what an offline set leaves out. Cited at kubernetes@v1.37.2 pkg/controller/statefulset/
// stateful_set_utils.go (the same functions at v1.33.13 … v1.36.3).
import type { PersistentVolumeClaim, Volume } from 'kubernetes-types/core/v1';
import type { Pod } from '../core/types';
import { claimOwnerReferences, statefulSetClaimName, statefulSetClaims, statefulSetPodVolumes, storageMatches } from './storage';

type Ref = NonNullable<NonNullable<PersistentVolumeClaim['metadata']>['ownerReferences']>[number];
const template = (name?: string): PersistentVolumeClaim => ({ ...(name === undefined ? {} : { metadata: { name } }), spec: { resources: { requests: { storage: '1Gi' } } } });
const set = (spec: Record<string, unknown> = {}, metadata: Record<string, unknown> | null = { name: 'foo', namespace: 'default', uid: 'set-uid' }) => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', ...(metadata ? { metadata } : {}),
  spec: { replicas: 3, selector: { matchLabels: { app: 'foo' } }, volumeClaimTemplates: [template('datadir')], ...spec },
});
const podWith = (name: string | undefined, volumes: Volume[]): Pod => ({
  apiVersion: 'v1', kind: 'Pod', ...(name === undefined ? {} : { metadata: { name, namespace: 'default' } }), spec: { containers: [], volumes },
});
const claimVolume = (name: string, claimName: string) => ({ name, persistentVolumeClaim: { claimName } });

// getParentNameAndOrdinal: statefulPodRegex "(.*)-([0-9]+)$", then strconv.ParseInt(…, 10, 32); -1 when either fails.
// storageMatches reads it first: a pod without an ordinal never matches.
describe('the ordinal of a pod\'s name (getOrdinal, through storageMatches)', () => {
  test.each([
    ['foo-0', 0, true],
    ['foo-12', 12, true],
    ['foo-007', 7, true],
    ['foo-2147483647', 2147483647, true], // math.MaxInt32
    ['foo-1x', 1, false], // the digits must end the name
    ['foo-2147483648', 2147483648, false], // ParseInt(…, 32) is out of range
    ['foo-2147483648', 1, false],
    ['foo-99999999999999999999', 1, false],
    ['foo', -1, false], // no ordinal: even the claim named for -1 does not match
  ])('%s with the claim of ordinal %d: %s', (name, ordinal, expected) => {
    const s = set();
    expect(storageMatches(s, podWith(name, [claimVolume('datadir', `datadir-foo-${ordinal}`)]))).toBe(expected);
  });
  test('the loop over the templates: every template\'s volume must match; a set without templates matches any pod with an ordinal', () => {
    const two = set({ volumeClaimTemplates: [template('datadir'), template('logs')] });
    expect(storageMatches(two, podWith('foo-1', [claimVolume('datadir', 'datadir-foo-1')]))).toBe(false);
    expect(storageMatches(two, podWith('foo-1', [claimVolume('datadir', 'datadir-foo-1'), claimVolume('logs', 'logs-foo-1')]))).toBe(true);
    expect(storageMatches(set({ volumeClaimTemplates: undefined }), podWith('foo-1', []))).toBe(true);
    expect(storageMatches(set({ volumeClaimTemplates: undefined }), podWith('foo', []))).toBe(false);
  });
  test('Go\'s zero values: a pod without metadata has no ordinal; without spec, no volumes; a template without a name is ""', () => {
    expect(storageMatches(set(), podWith(undefined, [claimVolume('datadir', 'datadir-foo-0')]))).toBe(false);
    expect(storageMatches(set(), { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'foo-0' } })).toBe(false);
    expect(storageMatches(set({ volumeClaimTemplates: [template()] }), podWith('foo-0', [claimVolume('', '-foo-0')]))).toBe(true);
  });
});

describe('getPersistentVolumeClaimName and getPersistentVolumeClaims with Go\'s zero values', () => {
  test('fmt.Sprintf("%s-%s-%d", claim.Name, set.Name, ordinal) with an empty name', () => {
    expect(statefulSetClaimName(set(), template(), 2)).toBe('-foo-2');
    expect(statefulSetClaimName({ kind: 'StatefulSet' }, template('datadir'), 2)).toBe('datadir--2');
  });
  test('a set without metadata: claims named for an empty set name, in the default namespace', () => {
    const [c] = statefulSetClaims(set({}, null), 0);
    expect(c).toEqual({ template: 'datadir', claim: { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'datadir--0', namespace: 'default', labels: { app: 'foo' } }, spec: { resources: { requests: { storage: '1Gi' } } } } });
  });
  test('a set without a namespace puts its claims in the default namespace', () => {
    expect(statefulSetClaims(set({}, { name: 'foo' }), 0)[0].claim.metadata?.namespace).toBe('default');
  });
  test('a template without metadata: the template name "", the claim "-<set>-<ordinal>"', () => {
    const [c] = statefulSetClaims(set({ volumeClaimTemplates: [template()] }), 1);
    expect([c.template, c.claim.metadata?.name]).toEqual(['', '-foo-1']);
  });
  test('no selector and no template labels: no labels; a set without templates creates no claims', () => {
    const [c] = statefulSetClaims(set({ selector: undefined }), 0);
    expect(c.claim.metadata).toEqual({ name: 'datadir-foo-0', namespace: 'default' });
    expect(statefulSetClaims(set({ volumeClaimTemplates: undefined }), 0)).toEqual([]);
  });
  // YAML `labels:` and `ownerReferences:` with nothing after them load as null: Go's nil map and slice
  test('a template\'s null labels and ownerReferences are none', () => {
    const t = { metadata: { name: 'datadir', labels: null, ownerReferences: null }, spec: {} } as unknown as PersistentVolumeClaim;
    const [c] = statefulSetClaims(set({ selector: {}, volumeClaimTemplates: [t] }), 0);
    expect(c.claim.metadata).not.toHaveProperty('labels');
    expect(c.claim.metadata).not.toHaveProperty('ownerReferences');
    expect(c.claim.metadata).toEqual({ name: 'datadir-foo-0', namespace: 'default' });
  });
  test('updateStorage without pod volumes: the claim volumes alone', () => {
    expect(statefulSetPodVolumes(set(), 0)).toEqual([{ name: 'datadir', persistentVolumeClaim: { claimName: 'datadir-foo-0', readOnly: false } }]);
  });
  test('a pod of a set without a name (whenScaled: Delete, scaled away) is owned as "-<ordinal>"', () => {
    const s = set({ replicas: 1, persistentVolumeClaimRetentionPolicy: { whenScaled: 'Delete', whenDeleted: 'Retain' } }, null);
    expect(statefulSetClaims(s, 2)[0].claim.metadata?.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Pod', name: '-2', uid: '', controller: true, blockOwnerDeletion: true }]);
  });
});

// updateClaimOwnerRefForSetAndPod, hasUnexpectedController, matchesRef, addControllerRef
describe('the retention policy\'s owner references next to other refs', () => {
  const policy = (whenScaled: string, whenDeleted: string, extra: Record<string, unknown> = {}) =>
    ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'ss', uid: 'ss-1' }, spec: { replicas: 5, persistentVolumeClaimRetentionPolicy: { whenScaled, whenDeleted }, ...extra } });
  const pod = (ordinal: number) => ({ name: `ss-${ordinal}`, uid: 'pod-1' });
  const setRef: Ref = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'ss', uid: 'ss-1', controller: true, blockOwnerDeletion: true };
  const podRef = (ordinal: number): Ref => ({ apiVersion: 'v1', kind: 'Pod', name: `ss-${ordinal}`, uid: 'pod-1', controller: true, blockOwnerDeletion: true });
  // matchesRef: the group/version, the kind and the name must all be the set's (or the pod's)
  const nearMisses: Ref[] = [
    { apiVersion: 'apps/v1beta2', kind: 'StatefulSet', name: 'ss', uid: 'u1' },
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'ss', uid: 'u2' },
    { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'other', uid: 'u3' },
    { apiVersion: 'apps/v1', kind: 'Pod', name: 'ss-1', uid: 'u4' },
    { apiVersion: 'v1', kind: 'Pod', name: 'ss-2', uid: 'u5' },
  ];

  test('refs that miss the set or the pod by group/version, kind or name are kept; the set\'s and the pod\'s are scrubbed', () => {
    expect(claimOwnerReferences([...nearMisses, setRef, podRef(1)], policy('Retain', 'Retain'), pod(1))).toEqual(nearMisses);
    expect(claimOwnerReferences([...nearMisses, podRef(1)], policy('Retain', 'Delete'), pod(1))).toEqual([...nearMisses, setRef]);
  });
  // hasUnexpectedController: with any Delete in the policy, another controller leaves the claim to it
  test.each([
    ['Retain', 'Delete', 1],
    ['Delete', 'Retain', 8],
    ['Delete', 'Delete', 1],
    ['Delete', 'Delete', 8],
  ])('another controller, whenScaled %s and whenDeleted %s, ordinal %d: only the set\'s and the pod\'s refs are scrubbed', (whenScaled, whenDeleted, ordinal) => {
    const other: Ref = { apiVersion: 'custom/v1', kind: 'Unknown', name: 'unknown', uid: 'xyz', controller: true };
    expect(claimOwnerReferences([other, setRef, podRef(ordinal)], policy(whenScaled, whenDeleted), pod(ordinal))).toEqual([other]);
  });
  // a ref to the set or the pod with another uid is stale (pods incorrectly orphaned): an unexpected controller too
  test('a stale ref to the set or to the pod (another uid) leaves the claim alone but for the scrub', () => {
    expect(claimOwnerReferences([{ ...setRef, uid: 'old-set', controller: false }], policy('Retain', 'Delete'), pod(1))).toEqual([]);
    expect(claimOwnerReferences([{ ...podRef(8), uid: 'old-pod', controller: false }], policy('Delete', 'Retain'), pod(8))).toEqual([]);
  });
  // offline objects often carry no uid: upstream compares the empty UIDs, which are equal
  test('a set and a pod without uids: their uid-less refs are theirs, not stale', () => {
    const noUid = { ...policy('Delete', 'Delete'), metadata: { name: 'ss' } };
    const { uid: _s, ...setRefNoUid } = setRef;
    const { uid: _p, ...podRefNoUid } = podRef(8);
    expect(claimOwnerReferences([setRefNoUid as Ref], noUid, { name: 'ss-1' })).toEqual([{ ...setRef, uid: '' }]);
    expect(claimOwnerReferences([podRefNoUid as Ref], noUid, { name: 'ss-8' })).toEqual([{ ...podRef(8), uid: '' }]);
  });
  // addControllerRef: no new ref when one with the owner's uid is there already (it survived the scrub)
  test('a ref with the owner\'s uid already there is not added again', () => {
    const sameUid: Ref = { apiVersion: 'apps/v1beta2', kind: 'StatefulSet', name: 'ss', uid: 'ss-1' };
    expect(claimOwnerReferences([sameUid], policy('Retain', 'Delete'), pod(1))).toEqual([sameUid]);
    // …the empty uid of an offline set included
    const other: Ref = { apiVersion: 'custom/v1', kind: 'Thing', name: 't' } as Ref;
    expect(claimOwnerReferences([other], { ...policy('Retain', 'Delete'), metadata: { name: 'ss' } }, { name: 'ss-1' })).toEqual([other]);
  });
  test('a set without metadata owns by metav1.NewControllerRef with an empty name and uid', () => {
    const { metadata: _m, ...bare } = policy('Retain', 'Delete');
    expect(claimOwnerReferences([], bare, { name: '-1' })).toEqual([{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: '', uid: '', controller: true, blockOwnerDeletion: true }]);
  });
  // podInOrdinalRange: [start, start + replicas - 1]
  test('the first ordinal is in range; below spec.ordinals.start is scaled away', () => {
    expect(claimOwnerReferences([], policy('Delete', 'Retain'), pod(0))).toEqual([]);
    expect(claimOwnerReferences([], policy('Delete', 'Retain', { ordinals: { start: 3 } }), pod(3))).toEqual([]);
    expect(claimOwnerReferences([], policy('Delete', 'Retain', { ordinals: { start: 3 } }), pod(1))).toEqual([podRef(1)]);
    expect(claimOwnerReferences([], policy('Delete', 'Retain', { ordinals: { start: 3 } }), pod(7))).toEqual([]);
    expect(claimOwnerReferences([], policy('Delete', 'Retain', { ordinals: { start: 3 } }), pod(8))).toEqual([podRef(8)]);
  });
  // the switch's default: an unknown policy is treated as Retain ("Nothing to do")
  test('an unknown policy adds no ref', () => {
    expect(claimOwnerReferences([], policy('Delete', 'Sometimes'), pod(8))).toEqual([]);
    expect(claimOwnerReferences([], policy('Sometimes', 'Delete'), pod(1))).toEqual([]);
  });
});
