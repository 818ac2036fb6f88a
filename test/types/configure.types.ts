// Type tests (checked by `npm run typecheck`): configure() in the runners' hooks.
import { beforeEach } from '@jest/globals';
import { configure } from '../../src';

export function hooks(): void {
  // @jest/globals refuses a hook callback that returns a value, so configure() returns nothing
  beforeEach(() => configure({ validate: false }));
}
