// Jest's `jest.spyOn`/`jest.fn` as Vitest's `vi` (the same API for what these tests use), for the mutation set.
import { vi } from 'vitest';

(globalThis as { jest?: unknown }).jest = vi;
