// Run by ../stacks.test.ts in a child Vitest: every test here must fail, with the stack at its own line.
import { expect, test } from 'vitest';
import { daemonSet, deployment, node } from '../../fixtures';

const notReady = node('down', [], { ready: 'False' });
const web = deployment('web');
const agent = daemonSet('agent');

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
test('FAIL a soft bare .not', () => {
  expect.soft(web).not.toBeEvictedFrom(notReady);
});
test('FAIL a soft .after with the wrong time', () => {
  expect.soft(web).toBeEvictedFrom(notReady).after(60);
});
test('FAIL a bare toPrefer without .over', () => {
  expect(web).toPrefer(node('a'));
});
