// Never passes: the setup file (the Jest entry) must stop the run first.
import { expect, test } from 'vitest';

test('unreachable', () => {
  expect(true).toBe(true);
});
