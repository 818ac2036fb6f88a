// Type tests, checked by `tsc --noEmit` (npm run typecheck); never executed.
// A taint argument's effect must be one of the three effects (a literal; a `string` read from a typed Node is
// accepted), and the asymmetric forms (`expect.toTolerate(…)`, `expect.not.…`) are typed for each runner.
import { expect as jestGlobalsExpect } from '@jest/globals';
import { expect as vitestExpect } from 'vitest';
import { taint, type Node, type Taint } from '../../src';

declare const node: Node; // kubernetes-types: its taints have `effect: string`
declare const pod: object;
declare const spec: string;
const readTaint: Taint = node.spec!.taints![0];
const widened = { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }; // effect: string

export function taintArguments(): void {
  expect(pod).toTolerate({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' });
  expect(pod).toTolerate({ key: 'spot', effect: 'PreferNoSchedule' });
  expect(pod).toTolerate(readTaint);
  expect(pod).toTolerate(widened);
  expect(pod).toTolerate(spec);
  expect(pod).toTolerate('dedicated=gpu:NoExecute');
  expect(pod).toBeSchedulableOn(node);
  expect(pod).toBeEvictedFrom(taint(node, 'maintenance:NoExecute')).after(0);
  taint(node, 'a=b:NoSchedule', 'c-', 'd:NoExecute-', { overwrite: true });
  taint(node, spec, { overwrite: true });
  // @ts-expect-error the effect is not one of NoSchedule, PreferNoSchedule, NoExecute
  expect(pod).toTolerate({ key: 'dedicated', value: 'gpu', effect: 'NoSchedul' });
  // @ts-expect-error effects are case-sensitive
  expect(pod).not.toTolerate({ key: 'dedicated', effect: 'noexecute' });
  // @ts-expect-error an effect is required
  expect(pod).toTolerate({ key: 'dedicated', value: 'gpu' });
  // @ts-expect-error a literal spec must end in :Effect
  expect(pod).toTolerate('dedicated=gpu:NoSchedul');
  // @ts-expect-error toTolerate takes a taint, not its removal
  expect(pod).toTolerate('dedicated:NoSchedule-');
  // @ts-expect-error a literal kubectl spec must end in :Effect or -
  taint(node, 'a=b:NoSchedule', 'maintenance');
  // @ts-expect-error taint() takes specs, not taint objects
  taint(node, { key: 'a', effect: 'NoSchedule' });
}

export function jestGlobalAsymmetric(): void {
  expect({ pod }).toEqual({ pod: expect.toTolerate('a=b:NoSchedule') });
  expect({ pod }).toEqual({ pod: expect.not.toTolerate({ key: 'a', effect: 'NoExecute' }) });
  expect({ pod }).toEqual({ pod: expect.toBeEvictedFrom(node, { after: 30 }) });
  expect({ pod }).toEqual({ pod: expect.not.toBeEvictedFrom(node) });
  expect([pod]).toEqual([expect.toBeSchedulableOn(node), expect.not.toBeSchedulableOnAnyOf([node])]);
  expect(pod).toEqual(expect.toBeSchedulableOnAllOf([node], { existingPods: [] }));
  // @ts-expect-error asymmetric use has no .after chain: use { after }
  expect.toBeEvictedFrom(node).after(30);
  // @ts-expect-error seconds are numbers
  expect.not.toBeEvictedFrom(node, { after: '30' });
  // @ts-expect-error the effect is not one of the three
  expect.toTolerate({ key: 'a', effect: 'Bogus' });
  // @ts-expect-error the effect is not one of the three
  expect.not.toTolerate({ key: 'a', effect: 'Bogus' });
  // @ts-expect-error toPrefer needs .over, so it has no asymmetric form
  expect.toPrefer(node);
}

export function jestGlobals(): void {
  jestGlobalsExpect(pod).toTolerate({ key: 'a', effect: 'NoExecute' });
  jestGlobalsExpect(pod).toTolerate(readTaint);
  jestGlobalsExpect({ pod }).toEqual({ pod: jestGlobalsExpect.toTolerate('a=b:NoSchedule') });
  jestGlobalsExpect({ pod }).toEqual({ pod: jestGlobalsExpect.not.toTolerate('a=b:NoSchedule') });
  jestGlobalsExpect({ pod }).toEqual({ pod: jestGlobalsExpect.toBeEvictedFrom(node, { after: 30 }) });
  jestGlobalsExpect({ pod }).toEqual({ pod: jestGlobalsExpect.not.toBeEvictedFrom(node) });
  jestGlobalsExpect(pod).toEqual(jestGlobalsExpect.not.toBeSchedulableOn(node));
  // @ts-expect-error the effect is not one of the three
  jestGlobalsExpect(pod).toTolerate({ key: 'a', effect: 'Bogus' });
  // @ts-expect-error asymmetric use has no .after chain: use { after }
  jestGlobalsExpect.toBeEvictedFrom(node).after(30);
  // @ts-expect-error the effect is not one of the three
  jestGlobalsExpect.not.toTolerate({ key: 'a', effect: 'Bogus' });
  // @ts-expect-error seconds are numbers
  jestGlobalsExpect.not.toBeEvictedFrom(node, { after: '30' });
}

export function vitest(): void {
  vitestExpect(pod).toTolerate({ key: 'a', effect: 'NoExecute' });
  vitestExpect(pod).toTolerate(readTaint);
  vitestExpect({ pod }).toEqual({ pod: vitestExpect.toTolerate('a=b:NoSchedule') });
  vitestExpect({ pod }).toEqual({ pod: vitestExpect.not.toTolerate('a=b:NoSchedule') });
  vitestExpect({ pod }).toEqual({ pod: vitestExpect.toBeEvictedFrom(node, { after: 30 }) });
  vitestExpect({ pod }).toEqual({ pod: vitestExpect.not.toBeEvictedFrom(node, { after: 60 }) });
  vitestExpect(pod).toEqual(vitestExpect.not.toBeSchedulableOnAnyOf([node]));
  vitestExpect.soft(pod).toBeEvictedFrom(node).after(30);
  vitestExpect.soft(pod).not.toTolerate('a=b:NoSchedule');
  // @ts-expect-error the effect is not one of the three
  vitestExpect(pod).toTolerate({ key: 'a', effect: 'Bogus' });
  // @ts-expect-error the effect is not one of the three
  vitestExpect.not.toTolerate({ key: 'a', effect: 'Bogus' });
  // @ts-expect-error the effect is not one of the three
  vitestExpect.toTolerate({ key: 'a', effect: 'Bogus' });
  // @ts-expect-error seconds are numbers
  vitestExpect.not.toBeEvictedFrom(node, { after: '30' });
  // @ts-expect-error seconds are numbers
  vitestExpect.soft(pod).toBeEvictedFrom(node).after('30');
  // @ts-expect-error toPrefer needs .over, so it has no asymmetric form
  vitestExpect.not.toPrefer(node);
}
