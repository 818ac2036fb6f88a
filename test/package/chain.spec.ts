// The `.after` chain, the deferred bare `.not`, and the asymmetric forms, in every runner variant.
// Tests named "FAIL …" must fail with the failure's stack at this file's line; the others must pass
// (scripts/package-test.mjs checks both).
import { taint } from 'jest-k8s-placement';
import { agent, node, notReady, web } from './objects';

test('FAIL a bare .not is decided one microtask later', () => {
  expect(web).not.toBeEvictedFrom(notReady);
});
test('FAIL a bare .not in an async test', async () => {
  expect(web).not.toBeEvictedFrom(notReady);
  await new Promise((resolve) => setTimeout(resolve, 1));
});
test('FAIL an awaited bare .not', async () => {
  await expect(web).not.toBeEvictedFrom(notReady);
});
test('FAIL .after with the wrong time', () => {
  expect(web).toBeEvictedFrom(notReady).after(60);
});
test('FAIL a bare toBeEvictedFrom that never happens', () => {
  expect(agent).toBeEvictedFrom(notReady);
});
test('FAIL an asymmetric toTolerate that does not match', () => {
  expect({ pod: web }).toEqual({ pod: expect.toTolerate('dedicated=gpu:NoSchedule') });
});
test('chained, bare and awaited forms that hold', async () => {
  expect(web).toBeEvictedFrom(notReady).after(300);
  expect(web).not.toBeEvictedFrom(notReady).after(60);
  expect(web).toBeEvictedFrom(notReady);
  expect(agent).not.toBeEvictedFrom(notReady);
  expect(web).toBeEvictedFrom(notReady, { after: 300 });
  await expect(web).toBeEvictedFrom(taint(node('drained'), 'maintenance:NoExecute'));
});
test('asymmetric forms', () => {
  expect({ pod: web }).toEqual({ pod: expect.toTolerate('dedicated=web:NoSchedule') });
  expect({ pod: web }).toEqual({ pod: expect.not.toTolerate({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }) });
  expect({ pod: web }).toEqual({ pod: expect.toBeEvictedFrom(notReady, { after: 300 }) });
  expect({ pod: web }).toEqual({ pod: expect.not.toBeEvictedFrom(notReady, { after: 60 }) });
  expect([web, agent]).toEqual([expect.toBeEvictedFrom(notReady), expect.not.toBeEvictedFrom(notReady)]);
  expect([web]).toEqual([expect.toBeSchedulableOn(node('plain'))]);
  expect(web).toEqual(expect.not.toBeSchedulableOnAnyOf([node('gpu', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }])]));
  expect(() => expect({ pod: agent }).toEqual({ pod: expect.toBeEvictedFrom(notReady) })).toThrow('toBeEvictedFrom');
});

// Compile-time cases (type-checked in every variant, never run).
export function typeErrors(): void {
  // @ts-expect-error the effect is not one of NoSchedule, PreferNoSchedule, NoExecute
  expect(web).toTolerate({ key: 'dedicated', value: 'web', effect: 'NoSchedul' });
  // @ts-expect-error the effect is not one of the three
  expect({ pod: web }).toEqual({ pod: expect.toTolerate({ key: 'a', effect: 'Bogus' }) });
  // @ts-expect-error the effect is not one of the three
  expect({ pod: web }).toEqual({ pod: expect.not.toTolerate({ key: 'a', effect: 'Bogus' }) });
  // @ts-expect-error a literal spec must end in :Effect
  expect(web).toTolerate('dedicated=web');
  // @ts-expect-error a literal kubectl spec must end in :Effect or -
  taint(notReady, 'maintenance');
  // @ts-expect-error seconds are numbers
  expect(web).toBeEvictedFrom(notReady).after('300');
  // @ts-expect-error seconds are numbers
  expect(web).toEqual(expect.toBeEvictedFrom(notReady, { after: '300' }));
}
