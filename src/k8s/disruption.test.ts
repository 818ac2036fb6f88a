// Conformance: the disruption controller's status (pkg/controller/disruption/disruption_test.go, v1.37.2) and the
// Eviction API's decision (pkg/registry/core/pod/storage/eviction_test.go TestEviction, TestEvictionPDBStatus).
import type { Pod } from '../core/types';
import { configure, resetConfiguration } from '../core/config';
import {
  DELETION_TIMEOUT, EVICTION_REFUSED, MORE_THAN_ONE_PDB, evictionDecision, pdbSelects, pdbStatus, scaledValue,
  type PodDisruptionBudget, type PodDisruptionBudgetStatus,
} from './disruption';

const fooBar = { foo: 'bar' };
// disruption_test.go newPod: Ready, labels foo=bar, namespace default
const newPod = (name: string, extra: Partial<Pod['metadata']> = {}, ready = true): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: fooBar, ...extra },
  status: { conditions: ready ? [{ type: 'Ready', status: 'True' }] : [] },
});
const minAvailable = (v: number | string): PodDisruptionBudget => ({ metadata: { name: 'foobar', namespace: 'default' }, spec: { minAvailable: v, selector: { matchLabels: fooBar } } });
const maxUnavailable = (v: number | string): PodDisruptionBudget => ({ metadata: { name: 'foobar', namespace: 'default' }, spec: { maxUnavailable: v, selector: { matchLabels: fooBar } } });
const owned = (kind: string, name: string) => ({ ownerReferences: [{ apiVersion: 'apps/v1', kind, name, uid: `${name}-uid`, controller: true }] });
const rs = (replicas: number, owner?: object) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'default', ...(owner ?? {}) }, spec: { replicas } });
const NOW = 1_000_000;

/** VerifyPdbStatus(disruptionsAllowed, currentHealthy, desiredHealthy, expectedPods, disruptedPods) */
const verify = (s: PodDisruptionBudgetStatus, allowed: number, current: number, desired: number, expected: number, disrupted: Record<string, string> = {}) =>
  expect([s.disruptionsAllowed, s.currentHealthy, s.desiredHealthy, s.expectedPods, s.disruptedPods ?? {}]).toEqual([allowed, current, desired, expected, disrupted]);

describe('the disruption controller status (disruption_test.go)', () => {
  test('TestNoSelector: an empty selector selects every pod of the namespace', () => {
    const pdb = { ...minAvailable(3), spec: { minAvailable: 3, selector: {} } };
    verify(pdbStatus(pdb, [], undefined, NOW).status, 0, 0, 3, 0);
    verify(pdbStatus(pdb, [newPod('yo-yo-yo', { labels: { other: 'x' } })], undefined, NOW).status, 0, 1, 3, 1);
  });

  test('an absent selector selects nothing (LabelSelectorAsSelector nil: labels.Nothing)', () => {
    const pdb = { ...minAvailable(1), spec: { minAvailable: 1 } };
    expect(pdbSelects(pdb, newPod('p'))).toBe(false);
    verify(pdbStatus(pdb, [newPod('p')], undefined, NOW).status, 0, 0, 1, 0);
  });

  test('TestUnavailable: counts go up as pods come, down when one is not Ready', () => {
    const pods: Pod[] = [];
    for (let i = 0; i < 4; i++) {
      verify(pdbStatus(minAvailable(3), pods, undefined, NOW).status, 0, i, 3, i);
      pods.push(newPod(`yo-yo-yo ${i}`));
    }
    verify(pdbStatus(minAvailable(3), pods, undefined, NOW).status, 1, 4, 3, 4);
    pods[0] = { ...pods[0], status: { conditions: [] } };
    verify(pdbStatus(minAvailable(3), pods, undefined, NOW).status, 0, 3, 3, 4);
  });

  test('TestIntegerMaxUnavailable: a pod without a controller, no disruption; 0 pods, none either', () => {
    expect(pdbStatus(maxUnavailable(1), [], undefined, NOW).status.disruptionsAllowed).toBe(0);
    const r = pdbStatus(maxUnavailable(1), [newPod('naked')], undefined, NOW);
    expect(r.status.disruptionsAllowed).toBe(0);
    expect(r.unmanagedPods).toEqual(['naked']); // the UnmanagedPods event
  });

  test('TestIntegerMaxUnavailableWithScaling and TestPercentageMaxUnavailableWithScaling: the ReplicaSet scale', () => {
    const pod = newPod('pod', owned('ReplicaSet', 'rs'));
    verify(pdbStatus(maxUnavailable(2), [pod], [rs(7)], NOW).status, 0, 1, 5, 7);
    verify(pdbStatus(maxUnavailable(2), [pod], [rs(5)], NOW).status, 0, 1, 3, 5);
    verify(pdbStatus(maxUnavailable('30%'), [pod], [rs(7)], NOW).status, 0, 1, 4, 7);
    verify(pdbStatus(maxUnavailable('30%'), [pod], [rs(3)], NOW).status, 0, 1, 2, 3);
  });

  test('TestNakedPod and TestStatusForUnmanagedPod: a percentage over an unmanaged pod allows nothing, without a sync error', () => {
    const r = pdbStatus(minAvailable('28%'), [newPod('naked')], undefined, NOW);
    expect(r.status.disruptionsAllowed).toBe(0);
    expect(r.error).toBeUndefined();
    expect(r.unmanagedPods).toEqual(['naked']);
  });

  test('TestUnsupportedControllerPod: a controller without a scale fails the sync (CalculateExpectedPodCountFailed), failSafe', () => {
    const pod = newPod('naked', { ownerReferences: [{ apiVersion: 'apps.test.io/v1', kind: 'TestWorkload', name: 'fake-controller', uid: 'u', controller: true }] });
    const r = pdbStatus(minAvailable('28%'), [pod], [], NOW);
    expect(r.status.disruptionsAllowed).toBe(0);
    expect(r.error).toBe('found no controllers for pod "naked"');
    expect(r.status.conditions?.[0]).toMatchObject({ type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message: 'found no controllers for pod "naked"' });
    // a DaemonSet's pods: getScaleController's error
    expect(pdbStatus(minAvailable('50%'), [newPod('d', owned('DaemonSet', 'ds'))], [], NOW).error).toBe('daemonsets.apps does not implement the scale subresource');
  });

  test('TestReplicaSet: the scale of a ReplicaSet without a Deployment', () => {
    verify(pdbStatus(minAvailable('20%'), [newPod('pod', owned('ReplicaSet', 'rs'))], [rs(10)], NOW).status, 0, 1, 2, 10);
  });

  test('TestDeploymentFinderFunction: a ReplicaSet owned by a Deployment counts the Deployment\'s replicas', () => {
    const d = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'default' }, spec: { replicas: 4 } };
    verify(pdbStatus(minAvailable('50%'), [newPod('pod', owned('ReplicaSet', 'rs'))], [rs(10, owned('Deployment', 'd')), d], NOW).status, 0, 1, 2, 4);
    // the Deployment missing: getPodReplicaSet skips a ReplicaSet controlled by a Deployment
    expect(pdbStatus(minAvailable('50%'), [newPod('pod', owned('ReplicaSet', 'rs'))], [rs(10, owned('Deployment', 'd'))], NOW).error).toBe('found no controllers for pod "pod"');
  });

  test('TestStatefulSetController: 34% of 3 rounds up to 2', () => {
    const ss = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'ss', namespace: 'default' }, spec: { replicas: 3 } };
    verify(pdbStatus(minAvailable('34%'), [], [ss], NOW).status, 0, 0, 0, 0);
    const pods: Pod[] = [];
    for (let i = 0; i < 3; i++) {
      pods.push(newPod(`foobar ${i}`, owned('StatefulSet', 'ss')));
      const s = pdbStatus(minAvailable('34%'), pods, [ss], NOW).status;
      if (i < 2) verify(s, 0, i + 1, 2, 3);
      else verify(s, 1, 3, 2, 3);
    }
  });

  test('TestUpdateDisruptedPods: deleting and expired entries leave the map, a recent one stays and is not healthy', () => {
    const iso = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');
    const pdb = { ...minAvailable(1), status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, disruptedPods: { p1: iso(NOW), p2: iso(NOW - 180), p3: iso(NOW - 60), notthere: iso(NOW) } } };
    const pods = [newPod('p1', { deletionTimestamp: iso(NOW) }), newPod('p2'), newPod('p3')];
    const r = pdbStatus(pdb, pods, undefined, NOW);
    verify(r.status, 0, 1, 1, 3, { p3: iso(NOW - 60) });
    expect(r.recheckAt).toBe(NOW + 60);
  });

  test('TestInvalidSelectors: a selector that does not parse fails the sync: 0, 0, 0, 0', () => {
    for (const selector of [{ matchLabels: { 'k8s.io/too/many/slashes': 'value' } }, { matchExpressions: [{ key: 'foo', operator: 'illegal', values: ['bar'] }] }]) {
      const r = pdbStatus({ ...minAvailable(3), spec: { minAvailable: 3, selector } }, [newPod('p')], undefined, NOW);
      verify(r.status, 0, 0, 0, 0);
      expect(r.error).toBeDefined();
    }
  });

  test('scaledValue is intstr.GetScaledValueFromIntOrPercent rounding up', () => {
    expect(scaledValue('28%', 11)).toBe(4);
    expect(scaledValue(2, 11)).toBe(2);
    expect(scaledValue('5', 11)).toEqual({ error: 'invalid value for IntOrString: invalid type: string is not a percentage' });
  });
});

// eviction_test.go TestEviction: pods labelled a=true, budgets named foo
const evictPod = (name: string, phase = 'Running', ready = true, terminating = false): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels: { a: 'true' }, ...(terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}) },
  status: { phase, conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
});
const foo = (status: Partial<PodDisruptionBudgetStatus>, spec: Partial<PodDisruptionBudget['spec']> = {}): PodDisruptionBudget => ({
  metadata: { name: 'foo', namespace: 'default' }, spec: { selector: { matchLabels: { a: 'true' } }, ...spec },
  status: { currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, disruptionsAllowed: 0, ...status },
});
const refused = (cause: string) => ({ allowed: false, code: 429, message: EVICTION_REFUSED, cause, pdb: 'foo' });

describe.each(['1.37', '1.36', '1.35'] as const)('the Eviction API (eviction_test.go TestEviction) at %s', (release) => {
  beforeEach(() => configure({ kubernetesVersion: release }));
  afterEach(() => resetConfiguration());

  test('pdbs No disruptions allowed, pod pending: deleted without the PDB check (canIgnorePDB)', () => {
    expect(evictionDecision(evictPod('t1', 'Pending'), [foo({})])).toMatchObject({ allowed: true, why: 'ignoresPdb' });
  });
  test('matching pdbs with no disruptions allowed, pod terminating', () => {
    expect(evictionDecision(evictPod('t6', 'Running', true, true), [foo({})])).toMatchObject({ allowed: true, why: 'ignoresPdb' });
  });
  test('matching pdbs with no disruptions allowed, pod running, pod healthy, unhealthy pod not ours', () => {
    expect(evictionDecision(evictPod('t7'), [foo({ currentHealthy: 2, desiredHealthy: 2 })])).toEqual(refused('The disruption budget foo needs 2 healthy pods and has 2 currently'));
  });
  test('matching pdbs with disruptions allowed, pod running, pod healthy, healthy pod ours, deletes pod by honoring the PDB', () => {
    const d = evictionDecision(evictPod('t8'), [foo({ disruptionsAllowed: 1, currentHealthy: 3, desiredHealthy: 3 })], NOW);
    expect(d).toMatchObject({ allowed: true, why: 'decremented', pdb: 'foo', status: { disruptionsAllowed: 0, disruptedPods: { t8: new Date(NOW * 1000).toISOString().replace('.000Z', 'Z') } } });
  });
  test('matching pdbs with no disruptions allowed, pod running, pod unhealthy, unhealthy pod ours (IfHealthyBudget, nil)', () => {
    for (const policy of [undefined, 'IfHealthyBudget']) {
      expect(evictionDecision(evictPod('t8', 'Running', false), [foo({ currentHealthy: 2, desiredHealthy: 2 }, { unhealthyPodEvictionPolicy: policy })])).toMatchObject({ allowed: true, why: 'unhealthyPod' });
    }
  });
  test('… pod unhealthy, unhealthy pod ours, skips the PDB check and deletes (AlwaysAllow); without it, the check refuses', () => {
    expect(evictionDecision(evictPod('t8', 'Running', false), [foo({}, { unhealthyPodEvictionPolicy: 'AlwaysAllow' })])).toMatchObject({ allowed: true, why: 'unhealthyPod' });
    expect(evictionDecision(evictPod('t8', 'Running', false), [foo({})])).toEqual(refused('The disruption budget foo needs 0 healthy pods and has 0 currently'));
  });
  test('matching pdbs with no disruptions allowed, pod running, pod healthy, empty selector, pod not deleted by honoring the PDB', () => {
    expect(evictionDecision(evictPod('t11'), [foo({ currentHealthy: 3, desiredHealthy: 3 }, { selector: {} })])).toEqual(refused('The disruption budget foo needs 3 healthy pods and has 3 currently'));
  });
  test('matching pdbs with negative disruptions allowed, pod running (the cause from 1.37 only)', () => {
    expect(evictionDecision(evictPod('t-neg'), [foo({ disruptionsAllowed: -1 })])).toEqual({
      allowed: false, code: 403, pdb: 'foo', message: 'poddisruptionbudget.policy "foo" is forbidden: pdb disruptions allowed is negative',
      ...(release === '1.37' ? { cause: 'The disruption budget foo does not allow evicting pods currently: pdb disruptions allowed is negative' } : {}),
    });
  });
  test('matching pdbs with too many disrupted pods, pod running', () => {
    const disruptedPods = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`p${i}`, '2026-01-01T00:00:00Z']));
    expect(evictionDecision(evictPod('t-big'), [foo({ disruptionsAllowed: 1, disruptedPods })])).toMatchObject({
      allowed: false, code: 403, message: 'poddisruptionbudget.policy "foo" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller',
    });
  });
  test('the error is about sync failure when the condition reason is SyncFailedReason', () => {
    const c = [{ type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message: 'hoge', lastTransitionTime: '2026-01-01T00:00:00Z' }];
    expect(evictionDecision(evictPod('t12'), [foo({ conditions: c })])).toEqual(refused('The disruption budget foo does not allow evicting pods currently because it failed sync: hoge'));
  });
  test('the error includes the reason when the condition.Status is False', () => {
    const c = [{ type: 'DisruptionAllowed', status: 'False', reason: 'bar-reason', message: 'hoge', lastTransitionTime: '2026-01-01T00:00:00Z' }];
    expect(evictionDecision(evictPod('t12'), [foo({ currentHealthy: 4, desiredHealthy: 3, conditions: c })])).toEqual(refused('The disruption budget foo does not allow evicting pods currently (bar-reason): hoge'));
  });
});

describe('the Eviction API before 1.35 (kubernetes/kubernetes#133097 not in it)', () => {
  beforeEach(() => configure({ kubernetesVersion: '1.34' }));
  afterEach(() => resetConfiguration());
  test('the cause is always "needs N healthy pods", a 403 has no cause', () => {
    const c = [{ type: 'DisruptionAllowed', status: 'False', reason: 'SyncFailed', message: 'hoge', lastTransitionTime: '2026-01-01T00:00:00Z' }];
    expect(evictionDecision(evictPod('t12'), [foo({ currentHealthy: 4, desiredHealthy: 3, conditions: c })])).toEqual(refused('The disruption budget foo needs 3 healthy pods and has 4 currently'));
    expect(evictionDecision(evictPod('t-neg'), [foo({ disruptionsAllowed: -1 })])).not.toHaveProperty('cause');
  });
});

describe('more than one budget, none, a generation not yet observed', () => {
  test('two budgets select the pod: 500 with the API\'s text', () => {
    expect(evictionDecision(evictPod('p'), [foo({ disruptionsAllowed: 1 }), { ...foo({ disruptionsAllowed: 1 }), metadata: { name: 'bar', namespace: 'default' } }])).toEqual({ allowed: false, code: 500, message: MORE_THAN_ONE_PDB });
  });
  test('no budget in the pod\'s namespace: evicted', () => {
    expect(evictionDecision(evictPod('p'), [{ ...foo({}), metadata: { name: 'foo', namespace: 'other' } }])).toEqual({ allowed: true, why: 'noPdb' });
  });
  test('observedGeneration behind the generation: 429 "still being processed" (checkAndDecrement)', () => {
    const pdb = { ...foo({ disruptionsAllowed: 1, observedGeneration: 1 }), metadata: { name: 'foo', namespace: 'default', generation: 2 } };
    expect(evictionDecision(evictPod('p'), [pdb])).toEqual(refused('The disruption budget foo is still being processed by the server.'));
  });
});

describe('TestEvictionPDBStatus', () => {
  const sufficient = [{ type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '', lastTransitionTime: '2026-01-01T00:00:00Z' }];
  test('pdb status is updated after eviction: 1 → 0, InsufficientPods', () => {
    const d = evictionDecision({ ...evictPod('foo-1'), status: { phase: 'Running' } }, [foo({ disruptionsAllowed: 1, conditions: sufficient })]);
    expect(d.allowed && d.status?.disruptionsAllowed).toBe(0);
    expect(d.allowed && d.status?.conditions?.find((c) => c.type === 'DisruptionAllowed')?.reason).toBe('InsufficientPods');
  });
  test('condition reason is only updated if AllowedDisruptions becomes 0', () => {
    const d = evictionDecision({ ...evictPod('foo-1'), status: { phase: 'Running' } }, [foo({ disruptionsAllowed: 3, conditions: sufficient })]);
    expect(d.allowed && d.status?.disruptionsAllowed).toBe(2);
    expect(d.allowed && d.status?.conditions?.find((c) => c.type === 'DisruptionAllowed')?.reason).toBe('SufficientPods');
  });
});

// Rules of disruption.go and eviction.go the tables above leave open (found by mutation testing, issue 33).
describe('the budget selects, the controller is found, the sync fails or not (disruption.go)', () => {
  test('a budget and a pod without a namespace are both in "default"; without metadata or spec nothing breaks', () => {
    const bare: Pod = { apiVersion: 'v1', kind: 'Pod' };
    expect(pdbSelects({ spec: { selector: {} } }, bare)).toBe(true);
    expect(pdbSelects({ metadata: { name: 'b', namespace: 'other' }, spec: { selector: {} } }, bare)).toBe(false);
    expect(pdbSelects({ metadata: { name: 'b' } }, newPod('p'))).toBe(false);
  });

  test('a selector that does not parse selects nothing, so the Eviction API finds no budget (GetPodPodDisruptionBudgets skips it)', () => {
    const pdb = { ...foo({ disruptionsAllowed: 0 }), spec: { selector: { matchExpressions: [{ key: 'a', operator: 'In', values: [] }] } } };
    expect(pdbSelects(pdb, evictPod('p'))).toBe(false);
    expect(evictionDecision(evictPod('p'), [pdb])).toEqual({ allowed: true, why: 'noPdb' });
  });

  test('IsPodReady reads the Ready condition only', () => {
    const scheduledNotReady = { ...newPod('p'), status: { conditions: [{ type: 'PodScheduled', status: 'True' }, { type: 'Ready', status: 'False' }] } };
    verify(pdbStatus(minAvailable(1), [scheduledNotReady], undefined, NOW).status, 0, 0, 1, 1);
  });

  test('strconv.Atoi takes a sign and digits only', () => {
    expect(scaledValue('+50%', 3)).toBe(2);
    expect(scaledValue('-50%', 4)).toBe(-2);
    for (const bad of ['a5%', '5a%', '5.5%']) {
      expect(scaledValue(bad, 10)).toEqual({ error: `invalid value for IntOrString: invalid value ${JSON.stringify(bad)}: strconv.Atoi: parsing ${JSON.stringify(bad.slice(0, -1))}: invalid syntax` });
    }
  });

  test('the finders: kind, name and namespace must match; a non-controller owner leaves the pod unmanaged', () => {
    const pod = newPod('pod', owned('ReplicaSet', 'rs'));
    const elsewhere = { ...rs(3), metadata: { name: 'rs', namespace: 'other' } };
    const otherName = { ...rs(3), metadata: { name: 'rs2', namespace: 'default' } };
    const deploymentNamedRs = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'rs', namespace: 'default' }, spec: { replicas: 3 } };
    for (const controllers of [[elsewhere], [otherName], [deploymentNamedRs]]) {
      expect(pdbStatus(maxUnavailable(1), [pod], controllers, NOW).error).toBe('found no controllers for pod "pod"');
    }
    const notController = newPod('loose', { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'u', controller: false }] });
    expect(pdbStatus(maxUnavailable(1), [notController], [rs(3)], NOW).unmanagedPods).toEqual(['loose']);
  });

  test('getPodReplicaSet: a ReplicaSet controlled by something else than a Deployment (an Argo Rollout) counts its own replicas', () => {
    const byRollout = rs(4, owned('Rollout', 'ro'));
    const ro = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout', metadata: { name: 'ro', namespace: 'default' }, spec: { replicas: 9 } };
    verify(pdbStatus(maxUnavailable(1), [newPod('p', owned('ReplicaSet', 'rs'))], [byRollout, ro], NOW).status, 0, 1, 3, 4);
  });

  test('getExpectedScale sums each controller once; spec.replicas defaults to 1', () => {
    const pods = [newPod('a', owned('ReplicaSet', 'rs')), newPod('b', owned('ReplicaSet', 'rs')), newPod('c', owned('StatefulSet', 'db'))];
    const db = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default' }, spec: { replicas: 4 } };
    verify(pdbStatus(maxUnavailable(1), pods, [rs(3), db], NOW).status, 0, 3, 6, 7);
    const noReplicas = { ...db, spec: {} };
    verify(pdbStatus(maxUnavailable(0), [pods[2]], [noReplicas], NOW).status, 0, 1, 1, 1);
  });

  test('a failed scale or a value that is not a percentage fails the sync, for maxUnavailable and minAvailable alike', () => {
    const daemon = newPod('d', owned('DaemonSet', 'ds'));
    expect(pdbStatus(maxUnavailable(1), [daemon], [], NOW).error).toBe('daemonsets.apps does not implement the scale subresource');
    expect(pdbStatus(minAvailable('50%'), [daemon], [], NOW).error).toBe('daemonsets.apps does not implement the scale subresource');
    const managed = newPod('p', owned('ReplicaSet', 'rs'));
    for (const pdb of [maxUnavailable('1'), minAvailable('1')]) {
      const r = pdbStatus(pdb, [managed], [rs(2)], NOW);
      expect(r).toMatchObject({ error: 'invalid value for IntOrString: invalid type: string is not a percentage', unmanagedPods: [] });
      expect(r.status.disruptionsAllowed).toBe(0);
    }
  });

  test('a budget with neither minAvailable nor maxUnavailable expects nothing and allows nothing', () => {
    const r = pdbStatus({ metadata: { name: 'none', namespace: 'default' }, spec: { selector: { matchLabels: fooBar } } }, [newPod('p')], undefined, NOW);
    expect(r.unmanagedPods).toEqual([]);
    verify(r.status, 0, 1, 0, 0);
  });

  test('buildDisruptedPodMap: the controller syncs again when the earliest entry times out', () => {
    const at = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');
    const pdb = { ...minAvailable(1), status: { currentHealthy: 0, desiredHealthy: 1, expectedPods: 3, disruptionsAllowed: 0, disruptedPods: { b: at(NOW - 30), a: at(NOW - 60), c: at(NOW - 10) } } };
    expect(pdbStatus(pdb, [newPod('a'), newPod('b'), newPod('c')], undefined, NOW).recheckAt).toBe(NOW - 60 + 120);
  });

  test('the DisruptionAllowed condition: True/SufficientPods with allowance, its transition time kept while the status holds, in place', () => {
    const pods = [newPod('a'), newPod('b')];
    const other = { type: 'Other', status: 'True', reason: 'R', message: 'm', lastTransitionTime: '2020-01-01T00:00:00Z' };
    const was = (status: string) => ({ type: 'DisruptionAllowed', status, reason: 'X', message: '', lastTransitionTime: '2020-01-01T00:00:00Z' });
    const pdb = (status: string) => ({ ...minAvailable(1), metadata: { name: 'foobar', namespace: 'default', generation: 3 }, status: { currentHealthy: 2, desiredHealthy: 1, expectedPods: 2, disruptionsAllowed: 1, conditions: [was(status), other] } });
    const kept = pdbStatus(pdb('True'), pods, undefined, NOW).status;
    expect(kept.observedGeneration).toBe(3);
    expect(kept.conditions).toEqual([{ type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '', observedGeneration: 3, lastTransitionTime: '2020-01-01T00:00:00Z' }, other]);
    const flipped = pdbStatus(pdb('False'), pods, undefined, NOW).status;
    expect(flipped.conditions?.[0]).toMatchObject({ status: 'True', lastTransitionTime: new Date(NOW * 1000).toISOString().replace('.000Z', 'Z') });
  });
});

describe('the Eviction API: canIgnorePDB, the generation, the map size, the decrement (eviction.go)', () => {
  const none = foo({ disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1 });
  test('terminal pods are deleted without the check; a running one is refused', () => {
    for (const phase of ['Succeeded', 'Failed', 'Pending']) expect(evictionDecision(evictPod('p', phase), [none])).toEqual({ allowed: true, why: 'ignoresPdb' });
    expect(evictionDecision(evictPod('p', 'Running'), [none]).allowed).toBe(false);
  });
  test('an observed generation equal to the generation is current', () => {
    const pdb = { ...foo({ disruptionsAllowed: 1, observedGeneration: 2 }), metadata: { name: 'foo', namespace: 'default', generation: 2 } };
    expect(evictionDecision(evictPod('p'), [pdb])).toMatchObject({ allowed: true, why: 'decremented' });
  });
  test('exactly MaxDisruptedPodSize entries still allow the eviction; one more is refused with the 1.37 cause', () => {
    const entries = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, '2026-01-01T00:00:00Z']));
    expect(evictionDecision(evictPod('x'), [foo({ disruptionsAllowed: 1, disruptedPods: entries(2000) })]).allowed).toBe(true);
    expect(evictionDecision(evictPod('x'), [foo({ disruptionsAllowed: 1, disruptedPods: entries(2001) })])).toMatchObject({
      cause: 'The disruption budget foo does not allow evicting pods currently: too many pending evictions not confirmed by PDB controller',
    });
  });
  test('the decrement records the pod beside the entries already there, and leaves the conditions while disruptions remain', () => {
    const conditions = [{ type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: '', lastTransitionTime: '2026-01-01T00:00:00Z' }];
    const d = evictionDecision(evictPod('new'), [foo({ disruptionsAllowed: 2, disruptedPods: { old: '2026-01-01T00:00:00Z' }, conditions })], NOW);
    expect(d.allowed && d.status).toMatchObject({ disruptionsAllowed: 1, conditions, disruptedPods: { old: '2026-01-01T00:00:00Z', new: new Date(NOW * 1000).toISOString().replace('.000Z', 'Z') } });
  });
  test('the 429 cause reads the DisruptionAllowed condition only; with more healthy than desired and no False condition, the plain text', () => {
    const otherType = [{ type: 'Other', status: 'False', reason: 'SyncFailed', message: 'hoge', lastTransitionTime: '2026-01-01T00:00:00Z' }];
    expect(evictionDecision(evictPod('p'), [foo({ currentHealthy: 4, desiredHealthy: 3, conditions: otherType })])).toEqual(refused('The disruption budget foo does not allow evicting pods currently'));
    const trueWithMessage = [{ type: 'DisruptionAllowed', status: 'True', reason: 'SufficientPods', message: 'hoge', lastTransitionTime: '2026-01-01T00:00:00Z' }];
    expect(evictionDecision(evictPod('p'), [foo({ currentHealthy: 4, desiredHealthy: 3, conditions: trueWithMessage })])).toEqual(refused('The disruption budget foo does not allow evicting pods currently'));
    const falseNoMessage = [{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '', lastTransitionTime: '2026-01-01T00:00:00Z' }];
    expect(evictionDecision(evictPod('p'), [foo({ currentHealthy: 4, desiredHealthy: 3, conditions: falseNoMessage })])).toEqual(refused('The disruption budget foo does not allow evicting pods currently'));
    expect(evictionDecision(evictPod('p'), [foo({ currentHealthy: 1, desiredHealthy: 3, conditions: otherType })])).toEqual(refused('The disruption budget foo needs 3 healthy pods and has 1 currently'));
  });
});

describe('what the mutation run found untested (disruption.go)', () => {
  const rfc3339 = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z');

  test('getExpectedScale: a pod whose controller is not among the objects given fails the sync, "found no controllers"', () => {
    for (const pdb of [maxUnavailable(1), minAvailable('50%')]) {
      const r = pdbStatus(pdb, [newPod('orphan', owned('ReplicaSet', 'missing'))], [], NOW);
      expect(r.error).toBe('found no controllers for pod "orphan"');
      expect(r.status.disruptionsAllowed).toBe(0);
    }
  });

  test('a controller scaled to 0 whose pods are still Ready allows no disruption ("We require expectedCount to be > 0")', () => {
    const pods = [newPod('a', owned('ReplicaSet', 'rs')), newPod('b', owned('ReplicaSet', 'rs'))];
    verify(pdbStatus(maxUnavailable(1), pods, [rs(0)], NOW).status, 0, 2, 0, 0);
  });

  test('buildDisruptedPodMap: the recheck is at the earliest DeletionTimeout of the disrupted pods still there', () => {
    const disruptedPods = { a: rfc3339(NOW - 10), b: rfc3339(NOW - 60), c: rfc3339(NOW - 30) };
    const pdb = { ...minAvailable(1), status: { currentHealthy: 3, desiredHealthy: 1, expectedPods: 3, disruptionsAllowed: 0, disruptedPods } };
    const r = pdbStatus(pdb, [newPod('a'), newPod('b'), newPod('c')], undefined, NOW);
    expect(r.recheckAt).toBe(NOW - 60 + DELETION_TIMEOUT);
    verify(r.status, 0, 0, 1, 3, disruptedPods);
  });
});
