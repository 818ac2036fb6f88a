// Property: `.not` is the exact negation of every matcher on valid input — for the same arguments exactly
// one of `expect(x).m(...)` and `expect(x).not.m(...)` passes. Only rejected (invalid) input may fail both
// ways, and the generators in ./arbitraries make valid objects only.
import fc from 'fast-check';
import { evictionVerdict, formatTaint } from '../engine';
import { toBeEvictedFrom, type MatcherContext, type MatcherResult } from '.';
import { passes, passesAsync } from '../../test/property/assertions';
import { afterSeconds, existingPodsArb, nodeArb, nodesArb, subjectArb, taintArb, tolerationsArb } from '../../test/property/arbitraries';

const RUNS = { numRuns: 200 };
// 200 runs of every matcher both ways: a loaded machine (load average 12 here) took over Jest's default 5 s
jest.setTimeout(60_000);
const e = expect as any;

// Jest's own matcher utils (matcherHint, printReceived, printExpected), for calling raw matchers.
let utils: MatcherContext['utils'];
beforeAll(() => {
  expect.extend({
    __captureUtils(this: { utils: MatcherContext['utils'] }) {
      utils = this.utils;
      return { pass: true, message: () => '' };
    },
  });
  e(null).__captureUtils();
});

/** Does `expect(subject)[.not].toBeEvictedFrom(node)`, bare, pass once it is decided? */
async function bareEvicted(isNot: boolean, subject: unknown, node: unknown): Promise<boolean> {
  let result: MatcherResult | undefined;
  const chain = toBeEvictedFrom.call({ isNot, utils }, subject, node) as PromiseLike<void>;
  chain.then(((r: MatcherResult) => { result = r; }) as never);
  await new Promise((resolve) => setImmediate(resolve));
  if (!result) throw new Error('the bare toBeEvictedFrom was never decided');
  return isNot ? !result.pass : result.pass;
}

/** Exactly one of the two passes: `.not` negates, and neither side reports "no verdict". */
function exactlyOne(positive: boolean, negative: boolean): void {
  expect({ positive, negative: negative }).toEqual({ positive, negative: !positive });
  outcomes[positive ? 'positive' : 'negative']++;
}

// Each test must see both answers, or its property says nothing about one side.
const outcomes = { positive: 0, negative: 0 };
beforeEach(() => Object.assign(outcomes, { positive: 0, negative: 0 }));
afterEach(() => expect(Math.min(outcomes.positive, outcomes.negative)).toBeGreaterThan(0));

describe('.not is the exact negation', () => {
  test('toTolerate(taint), with the taint as an object and as its kubectl string', () => {
    fc.assert(
      fc.property(subjectArb({ constraints: false }), taintArb, (subject, taint) => {
        exactlyOne(passes(() => e(subject).toTolerate(taint)), passes(() => e(subject).not.toTolerate(taint)));
        const spec = formatTaint(taint);
        exactlyOne(passes(() => e(subject).toTolerate(spec)), passes(() => e(subject).not.toTolerate(spec)));
      }),
      RUNS,
    );
  });

  test('toTolerate(taint) on a bare list of tolerations', () => {
    fc.assert(
      fc.property(tolerationsArb.filter((t) => t.length > 0), taintArb, (tolerations, taint) => {
        exactlyOne(passes(() => e(tolerations).toTolerate(taint)), passes(() => e(tolerations).not.toTolerate(taint)));
      }),
      RUNS,
    );
  });

  test('toBeSchedulableOn(node), with and without existingPods', () => {
    fc.assert(
      fc.property(
        subjectArb(),
        nodeArb().chain((node) => fc.tuple(fc.constant(node), existingPodsArb([node.metadata!.name!]))),
        (subject, [node, existingPods]) => {
          exactlyOne(passes(() => e(subject).toBeSchedulableOn(node)), passes(() => e(subject).not.toBeSchedulableOn(node)));
          const options = { existingPods };
          exactlyOne(
            passes(() => e(subject).toBeSchedulableOn(node, options)),
            passes(() => e(subject).not.toBeSchedulableOn(node, options)),
          );
        },
      ),
      RUNS,
    );
  });

  test('toBeSchedulableOnAnyOf(nodes) and toBeSchedulableOnAllOf(nodes)', () => {
    fc.assert(
      fc.property(
        subjectArb(),
        nodesArb().chain((nodes) => fc.tuple(fc.constant(nodes), existingPodsArb(nodes.map((n) => n.metadata!.name!)))),
        (subject, [nodes, existingPods]) => {
          const options = { existingPods };
          exactlyOne(passes(() => e(subject).toBeSchedulableOnAnyOf(nodes, options)), passes(() => e(subject).not.toBeSchedulableOnAnyOf(nodes, options)));
          exactlyOne(passes(() => e(subject).toBeSchedulableOnAllOf(nodes, options)), passes(() => e(subject).not.toBeSchedulableOnAllOf(nodes, options)));
        },
      ),
      RUNS,
    );
  });

  // (a DaemonSet is refused both ways: its pods are pinned one per node and weigh no node against another,
  // src/matchers/scheduling.test.ts)
  test('toPrefer(a).over(b)', () => {
    fc.assert(
      fc.property(subjectArb().filter((s) => (s as { kind?: string }).kind !== 'DaemonSet'), nodesArb(2).filter((ns) => ns.length === 2), (subject, [a, b]) => {
        exactlyOne(passes(() => e(subject).toPrefer(a).over(b)), passes(() => e(subject).not.toPrefer(a).over(b)));
      }),
      RUNS,
    );
  });

  test('toBeEvictedFrom(node): the bare form, .after(n) and { after: n } agree with each other and with evictionVerdict', async () => {
    await fc.assert(
      fc.asyncProperty(subjectArb({ constraints: false }), nodeArb(), afterSeconds, async (subject, node, n) => {
        const { after } = evictionVerdict(subject, node);

        // The bare form is decided a microtask after the call; a failing `.not` is then reported through
        // Jest's dontThrow at the end of the test, which no try/catch can observe. So the bare form is
        // asked through the raw matcher with Jest's own matcher utils; `await expect(...)` is used for the
        // positive form only, whose failure throws at once.
        const bare = await bareEvicted(false, subject, node);
        const notBare = await bareEvicted(true, subject, node);
        exactlyOne(bare, notBare);
        expect(bare).toBe(after !== null);
        expect(await passesAsync(async () => { await e(subject).toBeEvictedFrom(node); })).toBe(bare);

        const chained = passes(() => e(subject).toBeEvictedFrom(node).after(n));
        const notChained = passes(() => e(subject).not.toBeEvictedFrom(node).after(n));
        exactlyOne(chained, notChained);
        expect(chained).toBe(after === n);

        const option = passes(() => e(subject).toBeEvictedFrom(node, { after: n }));
        const notOption = passes(() => e(subject).not.toBeEvictedFrom(node, { after: n }));
        exactlyOne(option, notOption);
        expect(option).toBe(chained);

        // `{}` is the options form of the bare question
        const emptyOptions = passes(() => e(subject).toBeEvictedFrom(node, {}));
        exactlyOne(emptyOptions, passes(() => e(subject).not.toBeEvictedFrom(node, {})));
        expect(emptyOptions).toBe(bare);
      }),
      RUNS,
    );
  });
});
