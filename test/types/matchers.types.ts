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
}

export function jestGlobals(): void {
  jestGlobalsExpect(pod).toTolerate('dedicated=gpu:NoSchedule');
  jestGlobalsExpect(pod).toBeSchedulableOn(node);
  jestGlobalsExpect(pod).toBeKeptApartFrom(pod, [node]);
  jestGlobalsExpect(pod).not.toBeEvictedFrom(node).after(60);
  jestGlobalsExpect(pod).toBeEvictedFrom(node, { after: 0 });
  jestGlobalsExpect(pod).toPrefer(node).over(node);
  jestGlobalsExpect(pod).toBeSchedulableOnAnyOf([node]);
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
  vitestExpect(pod).toBeSchedulableOnAllOf([node], { existingPods: [] });
  // @ts-expect-error seconds are numbers
  vitestExpect(pod).toBeEvictedFrom(node).after('300');
}
