// A bulk input (a Node, an existing Pod) with a field of another JSON type than the API server's is refused with a
// TypeError naming the object and the field (framework.ts unreadable), not read as something else: a node's taints
// written as a mapping were no taints, a container list written as a string its characters.
import type { Node, Pod } from '../core/types';
import { nodeInfo, podUsage } from './framework';

const node = (extra: object): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } }, ...extra }) as Node;

test.each([
  ['taints as a mapping', { spec: { taints: { key: 'k', effect: 'NoSchedule' } } }],
  ['labels as a list', { metadata: { name: 'n1', labels: ['a=b'] } }],
  ['allocatable as a list', { status: { allocatable: ['cpu'] } }],
])('a Node with %s', (_name, extra) => {
  expect(() => nodeInfo(node(extra))).toThrow(new TypeError("Node n1: its labels, taints or allocatable of another JSON type than the API server's"));
});

test('a Pod whose containers are a string', () => {
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p1', namespace: 'default' }, spec: { containers: 'app' } } as unknown as Pod;
  expect(() => podUsage(pod)).toThrow(new TypeError("Pod p1: spec.containers of another JSON type than the API server's"));
});

test('an object without kind or metadata is named "object"', () => {
  const bare = { spec: { taints: 'k=v:NoSchedule' }, status: { allocatable: { cpu: '1' } } } as unknown as Node;
  expect(() => nodeInfo(bare)).toThrow(new TypeError("object undefined: its labels, taints or allocatable of another JSON type than the API server's"));
});
