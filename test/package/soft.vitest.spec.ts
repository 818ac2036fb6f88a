// Vitest only: expect.soft with the `.after` chain and the deferred bare `.not`.
// Tests named "FAIL …" must fail with the failure's stack at this file's line; the others must pass.
import { agent, notReady, web } from './objects';

test('soft chained and bare forms that hold', () => {
  expect.soft(web).toBeEvictedFrom(notReady).after(300);
  expect.soft(web).not.toBeEvictedFrom(notReady).after(60);
  expect.soft(web).toBeEvictedFrom(notReady);
  expect.soft(agent).not.toBeEvictedFrom(notReady);
  expect.soft(web).toBeEvictedFrom(notReady, { after: 300 });
});

let after = 0;
test('FAIL a soft .after with the wrong time fails the test, which goes on', () => {
  expect.soft(web).toBeEvictedFrom(notReady).after(60);
  after++;
});
test('FAIL a soft bare .not is decided one microtask later', () => {
  expect.soft(web).not.toBeEvictedFrom(notReady);
  after++;
});
test('FAIL a soft bare toBeEvictedFrom that never happens', async () => {
  expect.soft(agent).toBeEvictedFrom(notReady).after(30);
  await expect.soft(agent).toBeEvictedFrom(notReady);
  after++;
});
test('the soft failures let their tests go on', () => {
  expect(after).toBe(3);
});
