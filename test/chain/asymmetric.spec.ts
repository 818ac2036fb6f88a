// Run by test/chain.test.ts in both Jest projects (global expect, @jest/globals): the asymmetric forms.
// Every test here must pass.
import { daemonSet, deployment, node } from '../fixtures';

const notReady = node('down', [], { ready: 'False' });
const gpu = node('gpu-1', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
const web = deployment('web', [{ key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' }]);
const agent = daemonSet('agent');

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
