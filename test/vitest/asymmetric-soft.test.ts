// Vitest: the asymmetric forms and expect.soft with the `.after` chain (in-process; the failure stacks are
// checked in a child Vitest by stacks.test.ts).
import { describe, expect, test } from 'vitest';
import { daemonSet, deployment, node } from '../fixtures';

const notReady = node('down', [], { ready: 'False' });
const gpu = node('gpu-1', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
const web = deployment('web', [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' }]);
const agent = daemonSet('agent');

describe('asymmetric forms', () => {
  test('expect.toTolerate and expect.not.toTolerate', () => {
    expect({ pod: web }).toEqual({ pod: expect.toTolerate('dedicated=web:NoSchedule') });
    expect({ pod: web }).toEqual({ pod: expect.not.toTolerate({ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }) });
    expect(() => expect({ pod: web }).toEqual({ pod: expect.toTolerate('dedicated=gpu:NoSchedule') })).toThrow('toTolerate');
    expect(() => expect({ pod: web }).toEqual({ pod: expect.not.toTolerate('dedicated=web:NoSchedule') })).toThrow('not.toTolerate');
  });
  test('expect.toBeEvictedFrom with { after } and bare', () => {
    expect({ pod: web }).toEqual({ pod: expect.toBeEvictedFrom(notReady, { after: 300 }) });
    expect({ pod: web }).toEqual({ pod: expect.not.toBeEvictedFrom(notReady, { after: 60 }) });
    expect([web, agent]).toEqual([expect.toBeEvictedFrom(notReady), expect.not.toBeEvictedFrom(notReady)]);
    expect(() => expect({ pod: web }).toEqual({ pod: expect.toBeEvictedFrom(notReady, { after: 60 }) })).toThrow('toBeEvictedFrom');
    expect(() => expect({ pod: agent }).toEqual({ pod: expect.toBeEvictedFrom(notReady) })).toThrow('toBeEvictedFrom');
    expect(() => expect({ pod: web }).toEqual({ pod: expect.not.toBeEvictedFrom(notReady) })).toThrow('not.toBeEvictedFrom');
  });
  test('expect.toBeSchedulableOn and the many-node forms', () => {
    expect([web]).toEqual([expect.toBeSchedulableOn(node('plain'))]);
    expect(web).toEqual(expect.not.toBeSchedulableOn(gpu));
    expect(web).toEqual(expect.toBeSchedulableOnAnyOf([gpu, node('plain')]));
    expect(web).toEqual(expect.not.toBeSchedulableOnAllOf([gpu, node('plain')]));
    expect(() => expect(web).toEqual(expect.toBeSchedulableOn(gpu))).toThrow('toBeSchedulableOn');
  });
});

describe('expect.soft', () => {
  test('chained and bare forms that hold', async () => {
    expect.soft(web).toBeEvictedFrom(notReady).after(300);
    expect.soft(web).not.toBeEvictedFrom(notReady).after(60);
    expect.soft(web).toBeEvictedFrom(notReady);
    expect.soft(agent).not.toBeEvictedFrom(notReady);
    await expect.soft(web).toBeEvictedFrom(notReady);
  });
  // A soft failure fails the test, and the test goes on: `reached` counts the lines after each failure.
  let reached = 0;
  test.fails('a soft .after with the wrong time fails the test', () => {
    expect.soft(web).toBeEvictedFrom(notReady).after(60);
    reached++;
  });
  test.fails('a soft bare .not fails the test one microtask later', () => {
    expect.soft(web).not.toBeEvictedFrom(notReady);
    reached++;
  });
  test.fails('an awaited soft check that fails', async () => {
    await expect.soft(agent).toBeEvictedFrom(notReady);
    reached++;
  });
  test('…and each test went on after its soft failure', () => {
    expect(reached).toBe(3);
  });
});
