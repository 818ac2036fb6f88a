// Chained matchers such as `toBeEvictedFrom(node).after(300)`.
//
// Jest and Vitest call `.then(cb)` on a thenable matcher result and hand us the callback that
// turns a {pass, message} into a pass or a failure. We keep that callback and decide when we know
// whether the chain method follows: `.after(n)` settles at once (a failure throws at the test line);
// a bare call settles one microtask later. The deferral uses a resolved Promise, not queueMicrotask,
// because Jest's modern fake timers fake queueMicrotask.
import type { MatcherContext, MatcherResult } from './context';

export type Chain<M extends string, A> = PromiseLike<void> & { [K in M]: (arg: A) => void };

export function chainResult<M extends string, A>(
  ctx: MatcherContext,
  method: M,
  checkArg: (arg: unknown) => string | undefined,
  build: (arg: A | undefined) => MatcherResult,
  /** True when a failing bare check fails whatever follows (toBeEvictedFrom); false when the bare form is incomplete (toPrefer). */
  bareFailureIsFinal = true,
): Chain<M, A> {
  let report: ((r: MatcherResult) => unknown) | undefined;
  let settled = false;
  const settle = (arg: A | undefined) => {
    settled = true;
    return report!(build(arg));
  };
  const settleLater = () => {
    if (settled) return;
    // Jest: a failure here is recorded and reported when the test ends.
    ctx.dontThrow?.();
    try {
      settle(undefined);
    } catch (error) {
      // Vitest: no dontThrow; a pre-caught rejected promise on the task fails the test after its body.
      const failed = Promise.reject(error);
      failed.catch(() => undefined);
      if (!ctx.task) throw error;
      (ctx.task.promises ??= []).push(failed);
    }
  };
  const chain = {
    then(onFulfilled?: (v: any) => unknown, onRejected?: (e: unknown) => unknown): any {
      if (!report) {
        report = onFulfilled as (r: MatcherResult) => unknown;
        const bare = bareFailureIsFinal && !ctx.isNot ? build(undefined) : undefined;
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
        Promise.resolve().then(settleLater);
        return chain;
      }
      // `await expect(x).toBeEvictedFrom(node)`: settle now and pass the outcome on.
      let outcome: Promise<void>;
      try {
        if (!settled) settle(undefined);
        outcome = Promise.resolve();
      } catch (error) {
        outcome = Promise.reject(error);
      }
      return outcome.then(onFulfilled, onRejected);
    },
    catch(): any {
      return chain;
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
        throw error;
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
