// Positive and .not, soft, and deferred chains: each test's name says whether its assertion passes.
import { expect, test } from 'vitest';
import { daemonSet, deployment, node } from '../../fixtures';

const web = deployment('web');
const agent = daemonSet('agent');
const healthy = node('healthy');
const tainted = node('tainted', [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
const notReady = node('down', [], { ready: 'False' });

test('passes: positive', () => {
  expect(web).toBeSchedulableOn(healthy);
});
test('fails: positive', () => {
  expect(web).toBeSchedulableOn(tainted);
});
test('passes: .not', () => {
  expect(web).not.toBeSchedulableOn(tainted);
});
test('fails: .not', () => {
  expect(web).not.toBeSchedulableOn(healthy);
});
test('fails: soft positive', () => {
  expect.soft(web).toBeSchedulableOn(tainted);
});
test('fails: soft .not', () => {
  expect.soft(web).not.toBeSchedulableOn(healthy);
});
test('passes: .after chain', () => {
  expect(web).toBeEvictedFrom(notReady).after(300);
});
test('fails: .after chain', () => {
  expect(web).toBeEvictedFrom(notReady).after(60);
});
test('fails: soft .after chain', () => {
  expect.soft(web).toBeEvictedFrom(notReady).after(60);
});
test('passes: bare .not, decided a microtask later', () => {
  expect(agent).not.toBeEvictedFrom(notReady);
});
test('fails: bare .not, decided a microtask later', () => {
  expect(web).not.toBeEvictedFrom(notReady);
});
