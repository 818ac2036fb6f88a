// The jest-globals project runs the same specs with the test API taken from '@jest/globals' (injectGlobals is off).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';

Object.assign(globalThis, { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test });
