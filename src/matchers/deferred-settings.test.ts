// A bare toBeEvictedFrom is decided one microtask after the call; it must be decided under the settings of the
// call, not under whatever holds by then (e.g. after withConfiguration has put the previous settings back).
import { toBeEvictedFrom } from '.';
import type { MatcherContext, MatcherResult } from './context';
import { withConfiguration } from '../core/config';
import { daemonSet, node } from '../../test/fixtures';

const utils = { matcherHint: (m: string) => m, printReceived: String, printExpected: String };

/** Call the raw matcher as Jest does (`.then(report)` on its thenable) and return the result it reports. */
async function decided(isNot: boolean, run: (call: () => void) => void): Promise<{ pass: boolean; message: string }> {
  let result: { pass: boolean; message: string } | undefined;
  const ctx: MatcherContext = { isNot, utils, dontThrow: () => undefined };
  const unreachable = node('n', [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }]);
  run(() => {
    const chain = toBeEvictedFrom.call(ctx, daemonSet('agent'), unreachable) as PromiseLike<void>;
    chain.then((r: unknown) => {
      // Jest builds the message as it reports, inside this callback
      result = { pass: (r as MatcherResult).pass, message: (r as MatcherResult).message() };
    });
  });
  await Promise.resolve();
  await Promise.resolve();
  return result!;
}

test('withConfiguration around a bare .not.toBeEvictedFrom: decided under the configured settings', async () => {
  // Without the DaemonSet controller's tolerations, DefaultTolerationSeconds gives the agent 300 s: it is evicted.
  const r = await decided(true, (call) => withConfiguration({ admission: { daemonSetTolerations: false } }, call));
  expect(r.pass).toBe(true); // "evicted at some point" holds, so the .not assertion fails
  expect(r.message).toContain('admission.daemonSetTolerations off');
  // Under the defaults the agent tolerates unreachable forever.
  const d = await decided(true, (call) => call());
  expect(d.pass).toBe(false);
});
