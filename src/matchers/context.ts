// The part of Jest's and Vitest's matcher context we use, and shared message pieces.
import { nonDefaultSettings } from '../core/config';
import type { PlacementFacts } from './record';

export interface MatcherUtils {
  matcherHint(matcherName: string, received?: string, expected?: string, options?: object): string;
  printReceived(value: unknown): string;
  printExpected(value: unknown): string;
}

export interface MatcherContext {
  /** Jest: true or false. Vitest: true with `.not`, undefined without; test it with `=== true`. */
  isNot: boolean;
  promise?: string;
  utils: MatcherUtils;
  /** Jest only: report a failure at test end instead of throwing. */
  dontThrow?: () => void;
  /** Vitest only: the running test; its `promises` are awaited after the test body. */
  task?: { promises?: Array<Promise<unknown>> };
}

export interface MatcherResult {
  pass: boolean;
  message: () => string;
  /** What was decided, for the run report (report/record.ts). */
  placement?: PlacementFacts;
  /** One-line notes on the inputs (the kubelet and platform hints), for the run report; the message ends with them. */
  notes?: () => string[];
}

/** The message's first line; every matcher's message starts with it, so it also names non-default settings. */
export function hint(ctx: MatcherContext, matcher: string, expected: string, suffix = ''): string {
  const changed = nonDefaultSettings();
  return ctx.utils.matcherHint(matcher, 'received', expected, { isNot: ctx.isNot, promise: ctx.promise }) + suffix +
    (changed ? `\n(settings: ${changed})` : '');
}

/** A result that fails with and without `.not`: the question has no verdict (bad input). */
export function failBoth(ctx: MatcherContext, message: () => string): MatcherResult {
  return { pass: ctx.isNot === true, message };
}

export { rejectedByApiServer } from '../engine';

export const indent = (lines: string[], by = '  ') => lines.map((l) => by + l).join('\n');
