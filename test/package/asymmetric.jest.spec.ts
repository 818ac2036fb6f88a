// Jest only (global expect and @jest/globals): asymmetric matchers are typed as AsymmetricMatcher, so the
// chain that only `expect(x)` has is a compile error on them. (Vitest types asymmetric matchers as `any`.)
import { notReady, web } from './objects';

test('the options form is the asymmetric one', () => {
  expect({ pod: web }).toEqual({ pod: expect.toBeEvictedFrom(notReady, { after: 300 }) });
});

export function typeErrors(): void {
  // @ts-expect-error asymmetric use has no .after chain: write toBeEvictedFrom(node, { after: 300 })
  expect.toBeEvictedFrom(notReady).after(300);
  // @ts-expect-error toPrefer needs .over, so it has no asymmetric form
  expect.not.toPrefer(notReady);
}
