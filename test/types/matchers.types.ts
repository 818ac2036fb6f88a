// Type tests, checked by `tsc --noEmit` (npm run typecheck); never executed.
// The same matcher interface must reach Jest's global expect, @jest/globals and Vitest.
import { expect as jestGlobalsExpect } from '@jest/globals';
import { expect as vitestExpect } from 'vitest';
import type { Node } from '../../src';

declare const node: Node;
declare const pod: object;

export function globalExpect(): void {
  expect(pod).toTolerate('dedicated=gpu:NoSchedule');
  expect(pod).toTolerate({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' });
  expect(pod).toBeSchedulableOn(node);
  expect(pod).toBeEvictedFrom(node).after(300);
  expect(pod).not.toBeEvictedFrom(node).after(60);
  expect(pod).toBeEvictedFrom(node, { after: 300 });
  const awaited: PromiseLike<void> = expect(pod).toBeEvictedFrom(node);
  void awaited;
  expect(pod).toBeSchedulableOn(node, { existingPods: [] });
  expect(pod).toBeSchedulableOnAnyOf([node, node]);
  expect(pod).toBeSchedulableOnAllOf(new Set([node]));
  expect(pod).toBeKeptApartFrom(pod);
  expect(pod).not.toBeKeptApartFrom(pod, [node], { namespaces: [] });
  // @ts-expect-error the other workload is required
  expect(pod).toBeKeptApartFrom();
  expect(pod).toPrefer(node).over(node);
  expect(pod).toPrefer(node, { schedulerConfiguration: {}, limitRanges: [] }).over(node);
  // @ts-expect-error toPrefer's options are the configuration and the namespace policy
  expect(pod).toPrefer(node, { existingPods: [] }).over(node);
  expect(pod).toBeSchedulableOn(node, { limitRanges: [], resourceQuotas: [], runtimeClasses: [], priorityClasses: [] });
  expect(pod).toHaveAllReplicasScheduled([node], { resourceQuotas: [] });
  expect(pod).toBeKeptApartFrom(pod, [node], { schedulerConfiguration: {} });
  // @ts-expect-error .over takes a node
  expect(pod).toPrefer(node).over('b');
  // @ts-expect-error seconds are numbers
  expect(pod).toBeEvictedFrom(node).after('300');
  // @ts-expect-error toTolerate has no .after
  expect(pod).toTolerate('a:NoSchedule').after(1);
  // @ts-expect-error a node is required
  expect(pod).toBeSchedulableOn();
  // @ts-expect-error taints are strings or objects
  expect(pod).toTolerate(42);
  expect(pod).toPreempt({ nodes: [node], existingPods: [] });
  expect(pod).not.toPreempt(['default/web-2', pod], { nodes: [node], podDisruptionBudgets: [] });
  // @ts-expect-error the cluster's nodes are required
  expect(pod).toPreempt([pod]);
  expect(node).toDrain({ nodes: [node] }, { within: 600 });
  expect('node-1').not.toDrain({ nodes: [node], existingPods: [] });
}

export function jestGlobals(): void {
  jestGlobalsExpect(pod).toTolerate('dedicated=gpu:NoSchedule');
  jestGlobalsExpect(pod).toBeSchedulableOn(node);
  jestGlobalsExpect(pod).toBeKeptApartFrom(pod, [node]);
  jestGlobalsExpect(pod).not.toBeEvictedFrom(node).after(60);
  jestGlobalsExpect(pod).toBeEvictedFrom(node, { after: 0 });
  jestGlobalsExpect(pod).toPrefer(node).over(node);
  jestGlobalsExpect(pod).toBeSchedulableOnAnyOf([node]);
  jestGlobalsExpect(pod).toPreempt(['default/web-2'], { nodes: [node] });
  // @ts-expect-error seconds are numbers
  jestGlobalsExpect(pod).toBeEvictedFrom(node).after('300');
}

export function vitest(): void {
  vitestExpect(pod).toBeKeptApartFrom(pod, new Set([node]));
  vitestExpect(pod).toTolerate('dedicated=gpu:NoSchedule');
  vitestExpect(pod).toBeSchedulableOn(node);
  vitestExpect(pod).toBeEvictedFrom(node).after(300);
  vitestExpect(pod).not.toBeEvictedFrom(node).after(60);
  vitestExpect(pod).toPrefer(node).over(node);
  vitestExpect(pod).toPrefer(node, { schedulerConfiguration: {} }).over(node);
  vitestExpect(pod).toBeSchedulableOnAllOf([node], { existingPods: [] });
  vitestExpect(pod).toPreempt({ nodes: [node] });
  vitestExpect(node).toDrain({ nodes: [node] }, { within: 60 });
  // @ts-expect-error seconds are numbers
  vitestExpect(pod).toBeEvictedFrom(node).after('300');
}
