// NodeSnapshot.memo: one value per compute function, kept until a pod is assumed onto the node.
import { assumePod, buildSnapshot } from './snapshot';
import type { Node, Pod } from '../core/types';

const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } };
const pod = (name: string): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { nodeName: 'n1', containers: [] } });

describe('NodeSnapshot.memo', () => {
  test('two compute functions each keep their value (scoring and NodeVolumeLimits do not evict each other)', () => {
    const snapshot = buildSnapshot([node], new Map([['n1', [pod('a')]]]));
    const entry = snapshot.nodes[0];
    let first = 0;
    let second = 0;
    const count = (pods: readonly Pod[]) => { first++; return pods.length; };
    const names = (pods: readonly Pod[]) => { second++; return pods.map((p) => p.metadata!.name); };
    for (let i = 0; i < 3; i++) {
      expect(entry.memo(count)).toBe(1);
      expect(entry.memo(names)).toEqual(['a']);
    }
    expect([first, second]).toEqual([1, 1]);
  });

  test('an assumed pod drops every kept value', () => {
    const snapshot = buildSnapshot([node], new Map([['n1', [pod('a')]]]));
    const entry = snapshot.nodes[0];
    const count = (pods: readonly Pod[]) => pods.length;
    const names = (pods: readonly Pod[]) => pods.map((p) => p.metadata!.name);
    expect(entry.memo(count)).toBe(1);
    expect(entry.memo(names)).toEqual(['a']);
    assumePod(snapshot, 'n1', pod('b'));
    expect(entry.memo(names)).toEqual(['a', 'b']);
    expect(entry.memo(count)).toBe(2);
  });
});
