// The differential run: for each domain, random cases from fast-check are answered by the library and by the
// oracle binary built from upstream's packages, compared exactly, and each unexplained difference is shrunk to a
// minimal case, with the library configured as that release (configure({ kubernetesVersion })). Usage (through
// scripts/oracle.mjs): run.ts --oracle <binary> --release 1.35 [--cases N] [--seed S]
import fc from 'fast-check';
import { dirname, join } from 'node:path';
import { OracleClient } from './client';
import { DOMAINS, type Domain } from './domains';
import { excusedBy, knownFor, type KnownDeviation } from './known';
import { configure, KUBERNETES_VERSIONS, type KubernetesVersion } from './lib';
import type { Difference } from './compare';

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

type Outcome = { tally: string[] } & (
  | { kind: 'equal' }
  | { kind: 'known'; entries: KnownDeviation[] }
  | { kind: 'differing'; diffs: Difference[]; ours: unknown; upstream: unknown; rewritten: string[] });

/** The known deviations of the release under test (main sets them). */
let KNOWN: KnownDeviation[] = [];

/** How many more times a differing case of a sampled domain (Domain.resample) is asked. */
const RESAMPLES = 4;

/** The domain's comparison (with the input when it needs it: Domain.compareWith). */
const compareAnswers = (domain: Domain<any, any>, input: unknown, ours: unknown, upstream: unknown) =>
  (domain.compareWith ? domain.compareWith(input, ours, upstream) : domain.compare(ours, upstream));

/** Both sides' answers to one case, and their differences. */
async function answers(domain: Domain<any, any>, client: OracleClient, input: unknown) {
  const answer = await client.ask(domain.asks ?? domain.name, input);
  let ours: unknown;
  try {
    ours = domain.ours(input);
  } catch (e) {
    ours = { refused: (e as Error).message };
  }
  let upstream = answer.error !== undefined ? { error: answer.error } : answer.output;
  const plain = answer.error !== undefined || (ours as { refused?: string }).refused !== undefined;
  let diffs: Difference[] = plain
    ? (JSON.stringify(ours) === JSON.stringify(upstream) ? [] : [{ field: 'answer', ours, upstream }])
    : compareAnswers(domain, input, ours, upstream);
  // upstream's answer is a sample (Domain.resample): ask again before a difference stands
  for (let i = 0; i < RESAMPLES && diffs.length && !plain && domain.resample; i++) {
    const again = await client.ask(domain.asks ?? domain.name, input);
    if (again.error !== undefined) break;
    upstream = domain.resample(upstream, again.output);
    diffs = compareAnswers(domain, input, ours, upstream);
  }
  return { ours, upstream, diffs, tally: !plain && domain.tally ? domain.tally(input, ours, upstream) : [] };
}

/**
 * A case's outcome. Differences are explained by the known deviations field by field (known.ts): the rewrites that
 * apply are made one after another, each asking both sides again, until every difference left is excused by an
 * `excuses` entry; whatever is left is a difference.
 */
async function evaluate(domain: Domain<any, any>, client: OracleClient, input: unknown): Promise<Outcome> {
  const first = await answers(domain, client, input);
  if (!first.diffs.length) return { kind: 'equal', tally: first.tally };
  // an oracle error, or the library throwing, is never a known deviation
  if (first.diffs.some((d) => d.field === 'answer')) return { kind: 'differing', diffs: first.diffs, ours: first.ours, upstream: first.upstream, rewritten: [], tally: first.tally };
  const entries = KNOWN.filter((k) => k.domain === (domain.asks ?? domain.name));
  let current = input;
  let last = first;
  const rewritten: KnownDeviation[] = [];
  for (const entry of entries) {
    if (excusedBy(entries, current, last.diffs) || !entry.rewrite) continue;
    const next = entry.rewrite(current, last.upstream);
    if (next === undefined) continue;
    current = next;
    rewritten.push(entry);
    last = await answers(domain, client, current);
  }
  const excusing = excusedBy(entries, current, last.diffs);
  if (!excusing) {
    return { kind: 'differing', diffs: last.diffs, ours: last.ours, upstream: last.upstream, rewritten: rewritten.map((k) => k.id), tally: first.tally };
  }
  return { kind: 'known', entries: [...new Set([...rewritten, ...excusing])], tally: first.tally };
}

/** The class of a difference, for telling distinct differences apart: its fields with node names left out. */
const signature = (diffs: readonly Difference[]) => [...new Set(diffs.map((d) => d.field.replace(/\bn\d\b/g, 'N')))].sort().join('; ');

/**
 * The kind of answer each side of each difference is (pruning keeps a deletion only when it leaves the differences
 * of the same fields and kinds): a string, a number, …, an object by its keys and `object` (a refusal's).
 */
const classOf = (diffs: readonly Difference[]) => JSON.stringify(diffs.map((d) => [d.field, shapeOf(d.ours), shapeOf(d.upstream)]));
const shapeOf = (v: unknown): string => (v === null || typeof v !== 'object' ? `${typeof v}${v === 'accepted' ? ' accepted' : ''}`
  : Array.isArray(v) ? 'array' : `{${Object.keys(v).sort().join(',')}}${'object' in v ? ` ${String((v as { object: unknown }).object)}` : ''}`);

interface Found { group?: string; signature: string; input: unknown; diffs: Difference[]; rewritten: string[] }

interface Run {
  counts: { cases: number; equal: number; known: number; differing: number };
  /** Cases per known deviation, for the report. */
  usedKnown: Map<string, number>;
  /** Cases per tally label (Domain.tally). */
  tallies: Map<string, number>;
  found: Found[];
  seen: Set<string>;
  /** The groups (Domain.groups) with a differing case. */
  differingGroups: string[];
}

const newRun = (): Run => ({ counts: { cases: 0, equal: 0, known: 0, differing: 0 }, usedKnown: new Map(), tallies: new Map(), found: [], seen: new Set(), differingGroups: [] });

/** `cases` cases of `arbitrary` into `run`; each difference of a new signature shrunk (and pruned for a group, Domain.groups). */
async function runArbitrary(domain: Domain<any, any>, client: OracleClient, arbitrary: fc.Arbitrary<unknown>, cases: number, seed: number, run: Run, group?: string) {
  const { counts, usedKnown, tallies, found } = run;
  const start = counts.cases;
  let differing = false;
  let attempt = 0;
  // a group's differences are its own: each differing workload gets its shrunk case (20 in all at most, and the
  // other groups still run); a domain stops at 20
  const seen = group === undefined ? run.seen : new Set<string>();
  while (counts.cases - start < cases && (group !== undefined || found.length < 20)) {
    let shrinking = false;
    const result = await fc.check(
      fc.asyncProperty(arbitrary, async (input) => {
        const o = await evaluate(domain, client, input);
        if (!shrinking) {
          counts.cases++;
          if (o.kind === 'equal') counts.equal++;
          else if (o.kind === 'known') {
            counts.known++;
            for (const e of o.entries) usedKnown.set(e.id, (usedKnown.get(e.id) ?? 0) + 1);
          }
          else {
            counts.differing++;
            differing = true;
          }
          for (const t of o.tally) tallies.set(t, (tallies.get(t) ?? 0) + 1);
        }
        if (o.kind !== 'differing' || seen.has(signature(o.diffs)) || found.length >= 20) return true;
        shrinking = true;
        return false;
      }),
      { numRuns: cases - (counts.cases - start), seed: seed + attempt++, endOnFailure: false },
    );
    if (!result.failed || !result.counterexample) break;
    let input = result.counterexample[0];
    let o = await evaluate(domain, client, input);
    if (group !== undefined && o.kind === 'differing' && process.env.ORACLE_PRUNE !== '0') {
      input = await pruned(domain, client, input, o.diffs);
      o = await evaluate(domain, client, input);
    }
    const diffs = o.kind === 'differing' ? o.diffs : [];
    found.push({ group, signature: signature(diffs), input, diffs, rewritten: o.kind === 'differing' ? o.rewritten : [] });
    seen.add(signature(diffs));
  }
  return differing;
}

/**
 * The input with every part left out that the difference does not need, greedily, depth first: each object key and
 * array element (last first) below the input's own fields is deleted when the case still differs in the same fields
 * and kinds of answer (signature, classOf), else descended into. For the corpus pass, whose real workloads and dumped
 * nodes are constants fast-check cannot shrink; ORACLE_PRUNE=0 shows fast-check's shrunk case as it is.
 */
async function pruned(domain: Domain<any, any>, client: OracleClient, input: unknown, diffs: Difference[], budget = 2000): Promise<unknown> {
  const sig = signature(diffs);
  const cls = classOf(diffs);
  let current = structuredClone(input);
  let asks = 0;
  const still = async (x: unknown) => {
    asks++;
    try {
      const o = await evaluate(domain, client, x);
      return o.kind === 'differing' && signature(o.diffs) === sig && classOf(o.diffs) === cls;
    } catch {
      return false; // a known deviation's rewrite that needs the part
    }
  };
  const at = (root: any, p: Array<string | number>) => p.reduce((v, k) => v?.[k], root);
  const visit = async (p: Array<string | number>): Promise<void> => {
    const here = at(current, p);
    if (!here || typeof here !== 'object') return;
    const keys: Array<string | number> = Array.isArray(here) ? here.map((_, i) => i).reverse() : Object.keys(here);
    for (const k of keys) {
      if (asks >= budget) return;
      // the input's own fields stay (the domain's shape); their contents go
      if (!p.length) {
        await visit([k]);
        continue;
      }
      const next = structuredClone(current);
      const parent = at(next, p);
      if (Array.isArray(parent)) parent.splice(k as number, 1);
      else delete parent[k];
      if (await still(next)) current = next;
      else await visit([...p, k]);
    }
  };
  await visit([]);
  return current;
}

async function runDomain(domain: Domain<any, any>, client: OracleClient, cases: number, seed: number) {
  const run = newRun();
  await runArbitrary(domain, client, domain.arbitrary, cases, seed, run);
  return run;
}

/** A domain asked per group (Domain.groups: the corpus pass), `draws` cases each. */
async function runGroups(domain: Domain<any, any>, client: OracleClient, draws: number, seed: number) {
  const run = newRun();
  const { groups, skipped, notes } = domain.groups!();
  for (const [i, g] of groups.entries()) {
    if (await runArbitrary(domain, client, g.arbitrary, draws, seed + i * 7919, run, g.label)) run.differingGroups.push(g.label);
  }
  return { ...run, groups: groups.length, skipped, notes };
}

async function checkWitnesses(client: OracleClient, domain: Domain<any, any>): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of KNOWN.filter((k) => k.domain === (domain.asks ?? domain.name))) {
    const o = await evaluate(domain, client, entry.witness);
    if (o.kind !== 'known' || !o.entries.includes(entry)) {
      problems.push(`known deviation ${entry.id}: its witness ${o.kind === 'equal' ? 'no longer differs (fixed? remove the entry)' : 'is not matched by the entry'}`);
    }
  }
  return problems;
}

function report(domain: Domain<any, any>, label: string, { counts, found, usedKnown, tallies }: Run) {
  console.log(`${domain.name} (${label}): ${counts.cases} cases, ${counts.equal} equal, ${counts.differing} differing, ${counts.known} known`);
  for (const [id, n] of usedKnown) console.log(`  known ${id}: ${n}`);
  for (const [what, n] of tallies) console.log(`  tally ${what}: ${n}`);
  for (const f of found) {
    console.log(`  difference [${f.signature}]${f.group ? ` of ${f.group}` : ''}`);
    if (f.rewritten.length) console.log(`    (after the rewrites of ${f.rewritten.join(', ')})`);
    for (const d of f.diffs) console.log(`    ${d.field}: ours ${JSON.stringify(d.ours)} upstream ${JSON.stringify(d.upstream)}`);
    console.log(`    shrunk input: ${JSON.stringify(f.input)}`);
  }
}

async function main() {
  const binary = arg('oracle');
  const release = arg('release', '?')!;
  const cases = Number(arg('cases', '500'));
  const seed = Number(arg('seed', String(Date.now() % 1_000_000)));
  // the corpus pass (Domain.groups): cases per workload
  const draws = Number(arg('corpus-draws', '4'));
  if (!binary) throw new Error('--oracle <binary> is required');
  // oracle/karpenter-<minor> answers the Karpenter domains (at that Karpenter release), oracle/k8s-<minor> the others
  const module = release.startsWith('karpenter-') ? 'karpenter' : 'k8s';
  if (module === 'k8s' && !(KUBERNETES_VERSIONS as readonly string[]).includes(release)) {
    throw new Error(`--release ${release}: the library models ${KUBERNETES_VERSIONS.join(', ')}`);
  }
  // The library answers as the release the oracle was built from (src/config.ts kubernetesVersion).
  // the domains' Go sides run no RuntimeClass admission but e2e's (e2e.ts turns it on with the case's RuntimeClasses),
  // and no Priority admission
  if (module === 'k8s') configure({ kubernetesVersion: release as KubernetesVersion, admission: { runtimeClass: false, priority: false } });
  // oracle/karpenter-<minor>: the library answers as that Karpenter release (configure refuses one it does not model)
  else configure({ karpenterVersion: release.slice('karpenter-'.length) as NonNullable<Parameters<typeof configure>[0]>['karpenterVersion'] });
  KNOWN = knownFor(release);
  const label = module === 'k8s' ? `k8s ${release}` : release;
  const mainClient = new OracleClient(binary);
  const version = await mainClient.ask('version');
  console.log(`oracle ${label}: ${JSON.stringify(version.output)} seed ${seed}`);
  let total = 0, differences = 0, known = 0;
  const problems: string[] = [];
  // --domains a,b (scripts/oracle.mjs) or --domain a: only those domains
  const only = (arg('domains') ?? arg('domain'))?.split(',');
  // a domain marked `named` (a focused view of another's cases) runs only when --domains names it
  // a domain answered by another binary of the module (Domain.binary) asks its own process, started when first needed
  const clients = new Map<string, OracleClient>();
  const clientFor = (domain: Domain<any, any>) => {
    if (!domain.binary) return mainClient;
    let c = clients.get(domain.binary);
    if (!c) {
      // the test binary of oracle/shared/outage_test.go: TestOutageOracle answers only with ORACLE_OUTAGE=1
      c = new OracleClient(join(dirname(binary), domain.binary), ['-test.run=^TestOutageOracle$'], { ORACLE_OUTAGE: '1' });
      clients.set(domain.binary, c);
    }
    return c;
  };
  for (const domain of DOMAINS.filter((d) => (d.oracle ?? 'k8s') === module && (only ? only.includes(d.name) : !d.named))) {
    const client = clientFor(domain);
    if (domain.groups) {
      // (its known deviations' witnesses are the domain's it asks as: checked there)
      const r = await runGroups(domain, client, draws, seed);
      if (r.skipped) {
        console.log(`${domain.name} (${label}): skipped: ${r.skipped}`);
        console.log(`oracle ${domain.name} ${label}: skipped: ${r.skipped}`);
        continue;
      }
      total += r.counts.cases; differences += r.counts.differing; known += r.counts.known;
      report(domain, label, r);
      for (const n of r.notes) console.log(`  ${n}`);
      for (const g of r.differingGroups) console.log(`  differing: ${g}`);
      console.log(`oracle ${domain.name} ${label}: ${r.groups} workloads × ${draws} cases, ${r.counts.differing} differences, ${r.counts.known} known`);
      continue;
    }
    const r = await runDomain(domain, client, Math.max(1, Math.round(cases * (domain.share ?? 1))), seed);
    problems.push(...(await checkWitnesses(client, domain)));
    total += r.counts.cases; differences += r.counts.differing; known += r.counts.known;
    report(domain, label, r);
  }
  mainClient.close();
  for (const c of clients.values()) c.close();
  for (const p of problems) console.log(p);
  // the release's summary line; scripts/oracle.mjs adds the runs up into `oracle: N cases, D differences, K known`
  console.log(`oracle ${label}: ${total} cases, ${differences} differences, ${known} known`);
  process.exitCode = differences || problems.length ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 2;
});
