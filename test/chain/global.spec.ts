// Run by test/chain.test.ts in a child Jest; the test names say whether each must pass or fail.
import { daemonSet, deployment, node } from '../fixtures';

const notReady = node('down', [], { ready: 'False' });
const web = deployment('web');

test('FAIL bare .not is decided one microtask later', () => {
  expect(web).not.toBeEvictedFrom(notReady);
});
test('FAIL bare .not under fake timers', () => {
  jest.useFakeTimers();
  expect(web).not.toBeEvictedFrom(notReady);
  jest.useRealTimers();
});
test('FAIL bare .not in an async test', async () => {
  expect(web).not.toBeEvictedFrom(notReady);
  await new Promise((r) => setTimeout(r, 1));
});
test('FAIL .after with the wrong time', () => {
  expect(web).toBeEvictedFrom(notReady).after(60);
});
test('FAIL positive bare that is never evicted', () => {
  expect(daemonSet('agent')).toBeEvictedFrom(notReady);
});
test('FAIL awaited bare .not', async () => {
  await expect(web).not.toBeEvictedFrom(notReady);
});
test('FAIL expect.assertions counts chained and deferred assertions', () => {
  expect.assertions(3);
  expect(web).toBeEvictedFrom(notReady).after(300);
  expect(web).toBeEvictedFrom(notReady);
});
test('PASS .not.after with another time', () => {
  expect(web).not.toBeEvictedFrom(notReady).after(60);
});
test('PASS bare positive', () => {
  expect(web).toBeEvictedFrom(notReady);
});
test('PASS bare .not for a DaemonSet', () => {
  expect(daemonSet('agent')).not.toBeEvictedFrom(notReady);
});
test('PASS under fake timers', () => {
  jest.useFakeTimers();
  expect(web).toBeEvictedFrom(notReady);
  expect(daemonSet('agent')).not.toBeEvictedFrom(notReady);
  jest.useRealTimers();
});
test('PASS expect.assertions(2)', () => {
  expect.assertions(2);
  expect(web).toBeEvictedFrom(notReady).after(300);
  expect(web).toBeEvictedFrom(notReady);
});
test('FAIL toPrefer without .over', () => {
  expect(web).toPrefer(node('a'));
});
test('FAIL .not.toPrefer without .over', () => {
  expect(web).not.toPrefer(node('a'));
});
test('PASS toPrefer(...).over(...)', () => {
  expect(web).toPrefer(node('a')).over(node('b', [{ key: 'spot', effect: 'PreferNoSchedule' }]));
});
