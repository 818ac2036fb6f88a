// The jest-globals project runs the same spec with `expect` taken from '@jest/globals' (injectGlobals is off).
import { expect, jest, test } from '@jest/globals';

Object.assign(globalThis, { expect, jest, test });
