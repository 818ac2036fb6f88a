// Property: toBeSchedulableOnAnyOf(nodes) passes iff toBeSchedulableOn(node) passes for some node, and
// toBeSchedulableOnAllOf(nodes) iff it passes for every node — also with existingPods, which the many-node
// matchers match to nodes by spec.nodeName (pods bound to no node, or to another node, do not count).
import fc from 'fast-check';
import type { Node, Pod } from '../core/types';
import { passes } from '../../test/property/assertions';
import { existingPodsArb, nodesArb, subjectArb } from '../../test/property/arbitraries';

const e = expect as any;

const boundTo = (node: Node, pods: Pod[]) => pods.filter((p) => p.spec?.nodeName === node.metadata?.name);

test('toBeSchedulableOnAnyOf / AllOf agree with toBeSchedulableOn node by node', () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(
      subjectArb(),
      nodesArb().chain((nodes) => fc.tuple(fc.constant(nodes), existingPodsArb(nodes.map((n) => n.metadata!.name!)))),
      (subject, [nodes, existingPods]) => {
        const each = nodes.map((node) => passes(() => e(subject).toBeSchedulableOn(node, { existingPods: boundTo(node, existingPods) })));
        const any = passes(() => e(subject).toBeSchedulableOnAnyOf(nodes, { existingPods }));
        expect(any).toBe(each.some(Boolean));
        seen.add(`any ${any}`);
        const all = passes(() => e(subject).toBeSchedulableOnAllOf(nodes, { existingPods }));
        expect(all).toBe(each.every(Boolean));
        seen.add(`all ${all}`);
        // without existingPods, too
        const bare = nodes.map((node) => passes(() => e(subject).toBeSchedulableOn(node)));
        expect(passes(() => e(subject).toBeSchedulableOnAnyOf(nodes))).toBe(bare.some(Boolean));
        expect(passes(() => e(subject).toBeSchedulableOnAllOf(nodes))).toBe(bare.every(Boolean));
      },
    ),
    { numRuns: 200 },
  );
  // both answers of both matchers occurred
  expect([...seen].sort()).toEqual(['all false', 'all true', 'any false', 'any true']);
});
