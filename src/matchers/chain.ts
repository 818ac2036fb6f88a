// Chained matchers such as `toBeEvictedFrom(node).after(300)`.
//
// Jest and Vitest call `.then(cb)` on a thenable matcher result and hand us the callback that
// turns a {pass, message} into a pass or a failure. We keep that callback and decide when we know
// whether the chain method follows: `.after(n)` settles at once (a failure throws at the test line);
// a bare call settles one microtask later. The deferral uses a resolved Promise, not queueMicrotask,
// because Jest's modern fake timers fake queueMicrotask.
import type { MatcherContext, MatcherResult } from './context';
import { settings, underSettings } from '../core/config';

export type Chain<M extends string, A> = PromiseLike<void> & { [K in M]: (arg: A) => void };

/** Vitest's matcher state says whether the assertion came from `expect.soft(x)`. */
type ChainContext = MatcherContext & { soft?: boolean };

const noop = () => undefined;

/**
 * The stack of the code that called the matcher, for a failure decided later (Vitest would otherwise
 * show the microtask's stack, inside this package). Frames of this package are dropped: the first
 * frame is this function, whose file tells the package's directory (`src/` or `dist/`).
 */
function callSite(): () => string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const site = new Error();
  Error.stackTraceLimit = limit;
  // V8 formats the stack on first read, so this costs little until a failure needs it.
  return () => {
    const frames = (site.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
    const own = /\((.*[\\/])matchers[\\/]chain\.[cm]?[jt]s\b/.exec(frames[0] ?? '')?.[1];
    let i = 1;
    while (own && i < frames.length && frames[i].includes(own)) i++;
    return frames.slice(i).join('\n');
  };
}

export function chainResult<M extends string, A>(
  ctx: ChainContext,
  method: M,
  checkArg: (arg: unknown) => string | undefined,
  build: (arg: A | undefined) => MatcherResult,
  /** True when a failing bare check fails whatever follows (toBeEvictedFrom); false when the bare form is incomplete (toPrefer). */
  bareFailureIsFinal = true,
): Chain<M, A> {
  let report: ((r: MatcherResult) => unknown) | undefined;
  // `expect.soft(x)` (Vitest): its wrapper calls `.then(noop, record)` on our result; failures go to `record`.
  let recordSoft: ((error: unknown) => unknown) | undefined;
  let settled = false;
  // Jest reports a deferred failure with its own stack of the matcher call (see settleLater).
  const frames = ctx.dontThrow ? undefined : callSite();
  // Decided (and its message built) under the settings of the call, even when that is a microtask later.
  const callSettings = settings();
  const settle = (arg: A | undefined) =>
    underSettings(callSettings, () => {
      settled = true;
      return report!(build(arg));
    });
  const fail = (error: unknown) => {
    if (!recordSoft) throw error;
    recordSoft(error);
  };
  const settleLater = () => {
    if (settled) return;
    // Jest: a failure here is recorded and reported when the test ends.
    ctx.dontThrow?.();
    try {
      settle(undefined);
    } catch (error) {
      // Vitest: the error was made in this microtask; give it the stack of the matcher call.
      if (frames && error instanceof Error) error.stack = `${error.name}: ${error.message}\n${frames()}`;
      fail(error);
    }
  };
  const chain = {
    then(onFulfilled?: (v: any) => unknown, onRejected?: (e: unknown) => unknown): any {
      if (!report) {
        report = onFulfilled as (r: MatcherResult) => unknown;
        const bare = bareFailureIsFinal && !ctx.isNot && !ctx.soft ? build(undefined) : undefined;
        if (bare && !bare.pass) {
          // Fails whatever follows: fail here, at the call.
          try {
            settled = true;
            report(bare);
          } catch (error) {
            // Jest's error already carries the stack of the matcher call; Vitest's starts in here.
            if (!ctx.dontThrow && error instanceof Error) Error.captureStackTrace?.(error, chain.then);
            throw error;
          }
          return chain;
        }
        const later = Promise.resolve().then(settleLater);
        if (ctx.task && !ctx.dontThrow) {
          // Vitest awaits the test's `promises` after its body: a failure there fails the test.
          // Pre-caught, so that an async test does not see an unhandled rejection meanwhile.
          later.catch(noop);
          (ctx.task.promises ??= []).push(later);
        }
        return chain;
      }
      if (ctx.soft && !recordSoft && onRejected) {
        recordSoft = onRejected;
        return chain;
      }
      // `await expect(x).toBeEvictedFrom(node)`: settle now and pass the outcome on.
      let outcome: Promise<void>;
      try {
        if (!settled) settle(undefined);
        outcome = Promise.resolve();
      } catch (error) {
        outcome = recordSoft ? Promise.resolve(void recordSoft(error)) : Promise.reject(error);
      }
      return outcome.then(onFulfilled, onRejected);
    },
    catch(): any {
      return chain;
    },
    // Asymmetric use (`expect.toBeEvictedFrom(node)` inside toEqual) reads the result without `.then`.
    get pass(): boolean {
      return build(undefined).pass;
    },
    get message(): () => string {
      return build(undefined).message;
    },
    [method](arg: A): void {
      if (settled) {
        throw new Error(`.${method}() came too late: the assertion was already decided (is .${method}() called twice, or after await?)`);
      }
      const problem = checkArg(arg);
      if (problem) {
        settled = true;
        const error = new TypeError(problem);
        Error.captureStackTrace?.(error, (chain as any)[method]);
        throw error;
      }
      try {
        settle(arg);
      } catch (error) {
        if (error instanceof Error) Error.captureStackTrace?.(error, (chain as any)[method]);
        fail(error);
      }
    },
  };
  return chain as unknown as Chain<M, A>;
}

export function checkSeconds(method: string) {
  return (arg: unknown): string | undefined =>
    typeof arg === 'number' && Number.isInteger(arg) && arg >= 0
      ? undefined
      : `.${method}(seconds) takes a whole number of seconds ≥ 0, received ${typeof arg === 'string' ? JSON.stringify(arg) : String(arg)}`;
}
