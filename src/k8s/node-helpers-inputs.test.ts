// node-helpers: bad arguments, and spec.taints as the node lifecycle controller keeps them
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go: a taint is matched by key and effect, taint.MatchTaint).
import { describe, expect, test } from '@jest/globals';
import { cloneNode, cordon, notReady, unreachable, withCondition } from './node-helpers';
import type { Node, Taint } from '../core/types';

const fresh = (extra: { taints?: Taint[]; labels?: Record<string, string> } = {}): Node => ({
  apiVersion: 'v1', kind: 'Node',
  metadata: { name: `n-${Math.random().toString(36).slice(2)}`, labels: extra.labels ?? { 'topology.kubernetes.io/zone': 'eu-west-1a', 'topology.k8s.aws/zone-id': 'euw1-az1' } },
  spec: extra.taints ? { taints: extra.taints } : {},
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
} as Node);

describe('argument checks', () => {
  test.each([[''], [42]])('withCondition rejects the condition type %j', (type) => {
    expect(() => withCondition(fresh(), type as never, 'True')).toThrow(/^withCondition: expected a condition type/);
  });
  test.each(['True', 'False', 'Unknown'])('withCondition accepts status %s', (status) => {
    expect(withCondition(fresh(), 'DiskPressure', status as never).status?.conditions).toContainEqual({ type: 'DiskPressure', status });
  });
  test('withCondition rejects another status', () => {
    expect(() => withCondition(fresh(), 'Ready', 'Yes' as never)).toThrow(/^withCondition: status must be/);
  });
  test.each([[undefined], [{}], [{ name: '' }], [{ name: 7 }]])('cloneNode rejects options %j', (options) => {
    expect(() => cloneNode(fresh(), options as never)).toThrow(/^cloneNode: expected \{ name, zone\?, labels\? \}/);
  });
  test.each([
    ['withCondition', (n: unknown) => withCondition(n as Node, 'Ready', 'True')],
    ['notReady', (n: unknown) => notReady(n as Node)],
    ['unreachable', (n: unknown) => unreachable(n as Node)],
    ['cordon', (n: unknown) => cordon(n as Node)],
    ['cloneNode', (n: unknown) => cloneNode(n as Node, { name: 'x' })],
  ])('%s names itself when the object is not a Node', (helper, call) => {
    expect(() => call({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } })).toThrow(new RegExp(`^${helper}: `));
  });
});

describe('spec.taints', () => {
  test('no taints left: spec.taints is absent, not empty', () => {
    expect('taints' in (withCondition(fresh(), 'Ready', 'True').spec ?? {})).toBe(false);
  });
  test('a controller taint with the same key but another effect than the conditions call for is dropped', () => {
    const node = fresh({ taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'PreferNoSchedule' }, { key: 'team', value: 'a', effect: 'NoSchedule' }] });
    expect(notReady(node).spec?.taints).toEqual([
      { key: 'team', value: 'a', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' },
    ]);
  });
  test('a controller taint already there is kept once, with its timeAdded', () => {
    const node = fresh({ taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2024-01-01T00:00:00Z' }] });
    expect(notReady(node).spec?.taints).toEqual([
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2024-01-01T00:00:00Z' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
    ]);
  });
});

describe('cloneNode without a zone', () => {
  test('keeps the zone labels and the zone ID', () => {
    const labels = cloneNode(fresh(), { name: 'copy' }).metadata?.labels;
    expect(labels).toEqual({ 'topology.kubernetes.io/zone': 'eu-west-1a', 'topology.k8s.aws/zone-id': 'euw1-az1', 'kubernetes.io/hostname': 'copy' });
  });
});

test('a Node without spec gets the taints its conditions call for', () => {
  const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'bare' } } as Node;
  expect(notReady(node).spec?.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }]);
});
