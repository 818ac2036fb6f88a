// The schedulerConfig domain (issue 36): the scheduling question under a KubeSchedulerConfiguration
// (generators-config.ts). The oracle (oracle/shared/schedulerconfig.go) decodes it with kube-scheduler's scheme (v1
// defaults), validates it, builds the scheduler with its profiles and answers for the profile the pod's schedulerName
// names; the library answers through configure({ schedulerConfiguration }) and the same engine calls as the
// scheduling domain (adapter.ts), with the Services on the snapshot (PodTopologySpread's default constraints read them).
//
// Compared:
// - a refused configuration: upstream refuses it when decoding (decodeError), validating (invalid: each of
//   ValidateKubeSchedulerConfiguration's errors) or building the scheduler (newError: a plugin's New or the
//   framework); the library must throw its SchedulerConfigurationError, whose message must hold each upstream text
//   (newError without scheduler.New's wrapping `initializing profiles: creating profile for scheduler name X: `,
//   `initializing plugin "P": ` and `score plugins: `, which name where kube-scheduler failed, not what);
// - a pod whose schedulerName no profile has: both say so (noProfile, the name);
// - otherwise every field of the scheduling comparison (compare.ts): verdicts, FitError with its PostFilter part,
//   scores per plugin and total, the top set.
import type { Difference } from './compare';
import { compareScheduling } from './compare';
import type { SchedulingOutput } from './adapter';
import type { Domain } from './domains';
import type { SchedulerConfigInput } from './generators-config';
import { schedulerConfigInputArb } from './generators-config';
import {
  compileSchedulerConfiguration, nodeInfo, podInfo, profile, schedule, SchedulerConfigurationError, schedulerNameOf, scoreNodes, settings,
  snapshotFor, toSubject, underPodProfile, withConfiguration, type KubeObject, type Node, type Pod,
} from './lib';

export interface SchedulerConfigOutput extends Partial<SchedulingOutput> {
  /** upstream: the decoder refused the configuration */
  decodeError?: string;
  /** upstream: ValidateKubeSchedulerConfiguration's errors */
  invalid?: string[];
  /** upstream: scheduler.New refused the valid configuration */
  newError?: string;
  /** ours: the SchedulerConfigurationError's message (not `refused`, which run.ts reserves for a library that threw) */
  configRefused?: string;
  /** the pod's schedulerName, which no profile has */
  noProfile?: string;
}

const byNode = <T extends { node: string }>(a: T, b: T) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0);
const goList = (xs: readonly string[]) => `[${xs.join(' ')}]`;

function configuredSchedule(input: SchedulerConfigInput): SchedulerConfigOutput {
  const nodes = input.nodes as Node[];
  const pods = input.pods as Pod[];
  const namespaces = input.namespaces as KubeObject[];
  const services = input.services as KubeObject[];
  const subject = toSubject(input.pod);
  // a pod no profile serves: the library's unserved profile (scheduler/config/select.ts) keeps it out of every queue
  if (profile().unserved !== undefined) return { noProfile: schedulerNameOf(subject) };
  // the cluster with its Services, as both the filters (a List DoNotSchedule default constraint) and the scores read it
  const cluster = snapshotFor(nodes, pods, namespaces, services);
  const result = schedule(subject, nodes, pods, namespaces, cluster);
  if (result.gated) return { gated: `waiting for scheduling gates: ${goList(result.gated.gates)}`, nodes: [], feasible: [] };
  const statuses = [
    ...result.feasible.map((v) => ({ node: v.node, code: 'Success', plugin: '', reasons: [] as string[] })),
    ...result.rejected.map((v) => ({ node: v.node, code: v.status!.code, plugin: v.status!.plugin, reasons: [...v.status!.reasons] })),
  ].sort(byNode);
  const feasible = result.feasible.map((v) => v.node).sort();
  const out: SchedulerConfigOutput = { nodes: statuses, feasible };
  if (result.fitError !== undefined) out.fitError = result.fitError;
  if (feasible.length >= 2) {
    const infos = nodes.map(nodeInfo).filter((n) => feasible.includes(n.name));
    const scores = scoreNodes(podInfo(subject), infos, cluster);
    out.scores = scores.map((s) => ({
      node: s.node, plugins: Object.fromEntries(s.plugins.map((p) => [p.plugin, p.score * p.weight])), total: s.total,
    })).sort(byNode);
    const best = Math.max(...scores.map((s) => s.total));
    out.top = scores.filter((s) => s.total === best).map((s) => s.node).sort();
  }
  return out;
}

export function librarySchedulerConfig(input: SchedulerConfigInput): SchedulerConfigOutput {
  try {
    // refused here with upstream's texts, before any pod is asked about
    compileSchedulerConfiguration(input.configuration, settings().kubernetesVersion);
    // the pod under its schedulerName's profile, as the engine's questions run it (engine/schedule.ts)
    return withConfiguration({ schedulerConfiguration: input.configuration }, () => underPodProfile(toSubject(input.pod), () => configuredSchedule(input)));
  } catch (e) {
    if (e instanceof SchedulerConfigurationError) return { configRefused: e.message };
    throw e;
  }
}

/** scheduler.New's wrapping of a profile's or a plugin's error (scheduler.go New, profile.NewMap, runtime.NewFramework). */
const unwrapNewError = (text: string) => text
  .replace(/^initializing profiles: /, '')
  .replace(/^creating profile for scheduler name [^:]*: /, '')
  .replace(/^initializing plugin "[^"]*": /, '')
  .replace(/^score plugins: /, ''); // from 1.36: the extension point whose plugins overflow

/**
 * The part of an upstream text the library can print: up to 1.33 a Duplicate schedulerName prints the *field.Path
 * value with Go's %#v, a pointer address included (`Duplicate value: field.Path{…(*field.Path)(0xc000…)}`), which no
 * other program reproduces; the text up to the value is compared.
 */
const printable = (text: string) => (/\(0x[0-9a-f]+\)/.test(text) ? text.slice(0, text.indexOf('Duplicate value: ') + 'Duplicate value: '.length) : text);

export function compareSchedulerConfig(ours: SchedulerConfigOutput, upstream: SchedulerConfigOutput): Difference[] {
  const upstreamTexts = upstream.decodeError !== undefined ? [upstream.decodeError]
    : upstream.invalid ?? (upstream.newError !== undefined ? [unwrapNewError(upstream.newError)] : undefined);
  if (upstreamTexts || ours.configRefused !== undefined) {
    if (!upstreamTexts || ours.configRefused === undefined) return [{ field: 'refused', ours: ours.configRefused ?? 'accepted', upstream: upstreamTexts ?? 'accepted' }];
    const missing = upstreamTexts.map(printable).filter((t) => !ours.configRefused!.includes(t));
    return missing.length ? [{ field: 'refusal texts', ours: ours.configRefused, upstream: missing }] : [];
  }
  if (ours.noProfile !== undefined || upstream.noProfile !== undefined) {
    return ours.noProfile === upstream.noProfile ? [] : [{ field: 'noProfile', ours: ours.noProfile, upstream: upstream.noProfile }];
  }
  return compareScheduling(ours as SchedulingOutput, upstream as SchedulingOutput);
}

export const schedulerConfig: Domain<SchedulerConfigInput, SchedulerConfigOutput> = {
  name: 'schedulerConfig',
  arbitrary: schedulerConfigInputArb,
  ours: librarySchedulerConfig,
  compare: compareSchedulerConfig,
  tally: (input, _ours, upstream) => [
    ...(upstream.invalid || upstream.newError || upstream.decodeError ? ['configuration refused'] : []),
    ...(upstream.noProfile ? ['no profile'] : []),
    ...(input.configuration.profiles?.length > 1 ? ['two profiles'] : []),
  ],
};
