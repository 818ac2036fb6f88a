// Which profile schedules a pod: the one whose schedulerName is the pod's spec.schedulerName (defaulted to
// default-scheduler by the API server), as kube-scheduler's queue takes only the pods one of its profiles serves
// (profile.Map HandlesSchedulerName, scheduler.go frameworkForPod). Without a configuration the profile is the default
// one (or the one a test set with withProfile), serving default-scheduler alone.
import { settings } from '../../core/config';
import type { Subject } from '../../k8s/subject';
import { activateProfile, profile, type Profile } from '../profile';
import type * as Config from './index';
import type { CompiledSchedulerConfiguration } from './index';
import { DEFAULT_SCHEDULER_NAME } from './types';

// the configuration's decoding, validation and profiles are loaded when one is given (issue 37: the first answer
// loads what it needs; most questions run the default profile)
const config = (): typeof Config => require('./index');

// compiled once per configuration object and release (the defaults follow the release's feature gates)
const compiled = new WeakMap<object, Map<string, CompiledSchedulerConfiguration>>();

/** The configured profiles (configure({ schedulerConfiguration })), compiled; undefined without a configuration. */
export function configuredProfiles(): CompiledSchedulerConfiguration | undefined {
  const s = settings();
  const given = s.schedulerConfiguration;
  if (!given) return undefined;
  const key = `${s.kubernetesVersion} ${JSON.stringify(s.featureGates)}`;
  let byRelease = compiled.get(given);
  // Stryker disable next-line ConditionalExpression: a memo; compiled again, the same
  if (!byRelease) compiled.set(given, (byRelease = new Map()));
  let c = byRelease.get(key);
  // Stryker disable next-line ConditionalExpression: a memo; compiled again, the same
  if (!c) byRelease.set(key, (c = config().compileSchedulerConfiguration(given)));
  return c;
}

/**
 * The words for a pod no profile serves. kube-scheduler has none: its queue never takes the pod, so there is no
 * FailedScheduling event and no condition; the pod stays Pending (another scheduler of that name is not modelled).
 */
export function noSchedulerReason(schedulerName: string): string {
  return `no scheduler serves schedulerName "${schedulerName}"`;
}

// one profile per base profile and name, so that asking again keeps the caches (activateProfile compares identity)
const unservedProfiles = new WeakMap<Profile, Map<string, Profile>>();

/** The profile of a pod no profile serves: PreEnqueue keeps it out of every queue; no PostFilter, no Score. */
function unservedProfile(base: Profile, schedulerName: string, served: readonly string[]): Profile {
  let byName = unservedProfiles.get(base);
  // Stryker disable next-line ConditionalExpression: a memo; the same profile made again
  if (!byName) unservedProfiles.set(base, (byName = new Map()));
  const known = byName.get(schedulerName);
  if (known) return known;
  const reason = noSchedulerReason(schedulerName);
  const detail = `kube-scheduler's profiles serve ${served.map((n) => JSON.stringify(n)).join(', ')}: none takes the pod, so it stays Pending with no FailedScheduling event (a scheduler of that name other than kube-scheduler is not modelled)`;
  const p: Profile = Object.freeze({
    ...base,
    preEnqueue: [{ name: 'SchedulerName', preEnqueue: () => ({ plugin: 'SchedulerName', code: 'UnschedulableAndUnresolvable' as const, reasons: [reason], details: [detail] }) }],
    postFilter: [],
    score: [],
    unserved: `${reason} (${detail})`,
  });
  byName.set(schedulerName, p);
  return p;
}

/**
 * What a client says where kube-scheduler would give a FitError, under the pod's profile: for a pod no profile serves
 * there is none (the pod never reaches a scheduling cycle), so the answer says why instead.
 */
export const servedFitError = (fitError: string | undefined): string | undefined => {
  const unserved = profile().unserved;
  return unserved && fitError !== undefined ? unserved : fitError;
};

/** The pod's schedulerName as the API server defaults it. */
export const schedulerNameOf = (subject: Subject): string => subject.spec.schedulerName || DEFAULT_SCHEDULER_NAME;

/** The profile that schedules the subject's pods: the configured one of its schedulerName, else the unserved one. */
export function profileFor(subject: Subject, base: Profile): Profile {
  const name = schedulerNameOf(subject);
  const configured = configuredProfiles();
  if (!configured) return name === DEFAULT_SCHEDULER_NAME ? base : unservedProfile(base, name, [DEFAULT_SCHEDULER_NAME]);
  return configured.profiles.get(name) ?? unservedProfile(base, name, [...configured.profiles.keys()]);
}

// the profile active when the outermost question began (nested questions pick from it, not from a pod's profile)
let base: Profile | undefined;

/** Run `fn` with the subject's profile active (and the previous one back afterwards). */
export function underPodProfile<T>(subject: Subject, fn: () => T): T {
  const outer = base === undefined;
  // profileFor throws for an invalid configuration: before `base` is set, so no later question starts from a stale one
  const pod = profileFor(subject, base ?? profile());
  if (outer) base = profile();
  const before = activateProfile(pod);
  try {
    return fn();
  } finally {
    activateProfile(before);
    if (outer) base = undefined;
  }
}

/**
 * Within underProfiles (a question that schedules several pods: a placement, an outage's cycles): make the subject's
 * profile active, and return it. Outside one, the active profile is the base.
 */
export function usePodProfile(subject: Subject): Profile {
  activateProfile(profileFor(subject, base ?? profile()));
  return profile();
}

/** Run `fn`, which activates each pod's profile with usePodProfile, and put the active profile back afterwards. */
export function underProfiles<T>(fn: () => T): T {
  const outer = base === undefined;
  if (outer) base = profile();
  const before = profile();
  try {
    return fn();
  } finally {
    activateProfile(before);
    if (outer) base = undefined;
  }
}
