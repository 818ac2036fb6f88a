// Turning matcher arguments into engine inputs, with usage errors that fail the assertion.
import type { FieldError, KubeObject, Node, Pod, Taint, Toleration } from '../core/types';
import { settings } from '../core/config';
import {
  assertNode, capped, decodedOnce, describeObject, fieldLocation, isToleration, parseTaintSpec, rejectedByApiServer, SchedulerError,
  kubeletHint, platformHint, policyInputMessage, toSubject, inputCheckedOnce, validateTaints, admissionRefusedOnce, quotaRefusalWithPods, claimsRefused, SchedulerConfigurationError, type Subject,
} from '../engine';
import { kubeletHintText } from '../explain/kubelet';
import { platformHintText } from '../explain/platform';
import { uncheckedNote, type Unchecked } from '../explain/unchecked';
import { schedulerErrorText } from '../explain/scheduler-error';
import { failBoth, type MatcherContext, type MatcherResult } from './context';
import { recordResult } from './record';

/** Thrown for misuse; matchers turn it into a failing result. */
export class UsageError extends Error {}

export function subjectOf(received: unknown): Subject {
  try {
    return toSubject(received);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** The nodes the running matcher was given, for the notes on them (see guarded); none outside a matcher. */
let seenNodes: Node[] | undefined;
/** Fields of the running matcher's inputs read from a cluster that were not checked (validateInput), for its note. */
let seenUnchecked: Unchecked[] | undefined;

export function nodeOf(x: unknown, what = 'node'): Node {
  try {
    const node = assertNode(x, what);
    seenNodes?.push(node);
    return node;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function taintOf(x: unknown): Taint {
  const check = settings().validate;
  if (typeof x === 'string') {
    let parsed;
    try {
      parsed = parseTaintSpec(x, { validate: check });
    } catch (e) {
      // parseTaintSpec adds what probably went wrong to kubectl's own message (keeping kubectl's apart): then the
      // grammar would say it twice
      const grammar = 'kubectl' in (e as object) ? '' : ' (taints are written as kubectl taint does: key=value:Effect or key:Effect)';
      throw new UsageError(`${(e as Error).message}${grammar}`);
    }
    if ('remove' in parsed) throw new UsageError(`"${x}" removes a taint; give the taint itself, e.g. "${x.slice(0, -1)}"`);
    return parsed;
  }
  if (typeof x === 'object' && x !== null && !Array.isArray(x)) {
    const errors = check ? validateTaints([x as Taint], 'taint').map((e) => ({ ...e, field: e.field.replace('taint[0]', 'taint') })) : [];
    if (errors.length) throw new UsageError(rejectedByApiServer('The expected taint', errors));
    return x as Taint;
  }
  throw new UsageError(`expected a taint such as "dedicated=gpu:NoSchedule" or {key, value, effect}, received ${JSON.stringify(x)}`);
}

/** Tolerations given directly (a Toleration or an array of them) rather than through a pod. */
export function tolerationsOf(x: unknown): Toleration[] | undefined {
  if (Array.isArray(x) && x.every((t) => isToleration(t) || (typeof t === 'object' && t !== null && Object.keys(t).length === 0))) return x;
  if (isToleration(x)) return [x];
  return undefined;
}

/** Each field prefixed with `file:line` when the object was loaded from a file. */
function located(object: KubeObject | Toleration[], errors: FieldError[]): FieldError[] {
  if (Array.isArray(object) || typeof object !== 'object' || object === null) return errors;
  return errors.map((e) => {
    const at = fieldLocation(object, e.field);
    return at ? { ...e, field: `${at}: ${e.field}` } : e;
  });
}

/** Quantities the API server cannot decode; reported even with `validate: false`. */
export function undecodable(what: string, errors: FieldError[]): string {
  return `${what} cannot be decoded by the API server (configure({ validate: false }) does not change that):\n` +
    capped(errors.map((e) => `${e.field}: ${e.message}`)).map((l) => `  ${l}`).join('\n');
}

/**
 * Objects the API server would refuse get no verdict (a manifest as a create, an object read from a cluster as an
 * update of itself: validateInput). With `validate` off, quantities it cannot decode still fail: they would
 * otherwise read as 0 (a request) or as no limit (a node's allocatable).
 */
export function apiServerErrors(objects: Array<{ object: KubeObject | Toleration[]; label: string | (() => string) }>): string | undefined {
  const parts: string[] = [];
  for (const { object, label } of objects) {
    const name = () => (typeof label === 'string' ? label : label());
    const refused = admissionRefusedOnce(object);
    if (refused) parts.push(admissionRefusal(name(), object as KubeObject, refused.message));
    if (settings().validate) {
      const { errors, unchecked } = inputCheckedOnce(object);
      if (errors.length) parts.push(rejectedByApiServer(name(), located(object, errors)));
      if (unchecked.length) seenUnchecked?.push({ label: name(), errors: located(object, unchecked) });
    } else {
      const errors: FieldError[] = decodedOnce(object);
      if (errors.length) parts.push(undecodable(name(), located(object, errors)));
    }
  }
  return parts.length ? parts.join('\n') : undefined;
}

/**
 * The subject's Pod refused by a ResourceQuota without status.used once it counts the existing pods given (the usage
 * the quota controller would have written); undefined otherwise.
 */
export function quotaErrors(subject: Subject, existingPods: readonly Pod[] | undefined): string | undefined {
  const refused = quotaRefusalWithPods(subject.object, existingPods ?? []);
  if (!refused) return undefined;
  const what = subject.object.kind === 'Pod' ? `${subject.label} would be rejected by the API server` : `${subject.label}: the API server refuses the Pod it creates now`;
  return `${what}:\n  ${refused.message}\n  (the quota has no status.used, so its usage is what the quota controller counts over the existingPods given in its namespace)`;
}

/**
 * A StatefulSet whose claims the API server refuses when its controller creates them (before 1.34 their template
 * specs are checked only then; their names and labels at every release): no pod of it exists to place.
 */
export function claimErrors(subject: Subject, storage: readonly KubeObject[] | undefined): string | undefined {
  const refused = claimsRefused(subject.object, storage);
  return refused && `${subject.label}: ${refused}`;
}

/**
 * An admission plugin's refusal (the Priority or RuntimeClass plugin's, upstream's Status message): a Pod is refused,
 * a workload's controller gets every Pod it creates refused. A RuntimeClass or PriorityClass not found may be one not
 * passed.
 */
function admissionRefusal(name: string, object: KubeObject, message: string): string {
  const what = object.kind === 'Pod' ? `${name} would be rejected by the API server` : `${name}: the API server refuses every Pod it creates`;
  const hint = / not found$/.test(message) ? '\n  (pass the cluster\'s RuntimeClass objects with configure({ runtimeClasses }) or the runtimeClasses option)'
    : /: no PriorityClass with name \S+ was found$/.test(message) ? '\n  (pass the cluster\'s PriorityClass objects with configure({ priorityClasses }) or the priorityClasses option)' : '';
  // the parts of the pod's name the library cannot know (admission/create.ts admittedPodName), each said once
  const podName = /^pods "([^"]*)"/.exec(message)?.[1] ?? '';
  const note = [...podName.matchAll(/<([a-z -]+)>/g)].map((m) => NAME_NOTES[m[1]]).filter(Boolean).map((n) => `\n  (${n})`).join('');
  return `${what}:\n  ${message}${hint}${note}`;
}

const NAME_NOTES: Record<string, string> = {
  'pod-template-hash': "<pod-template-hash> stands for the hash in the ReplicaSet's name, which the library cannot compute",
  'scheduled time': "<scheduled time> stands for the CronJob's Job's scheduled time in minutes, part of the Job's name",
  'random suffix': '<random suffix> stands for the 5 random characters the API server appends to the generateName',
};

export function labelOf(object: KubeObject): string {
  return describeObject(object);
}

/**
 * What the API server would refuse among the objects configure() gave the cluster (its storage objects, RuntimeClasses
 * and DaemonSets), each named as configure's. They are the cluster every question runs in, as the objects of a
 * question's own options are: a matcher fails on them as on those. (Its LimitRanges, ResourceQuotas and
 * PriorityClasses are checked where their admission plugins read them: policyInputMessage.)
 */
function configuredErrors(): string | undefined {
  const { storage, runtimeClasses, daemonSets } = settings();
  if (!storage.length && !runtimeClasses.length && !daemonSets?.length) return undefined;
  const given = (option: string, objects: readonly KubeObject[]) => objects.map((object) => ({ object, label: () => `configure({ ${option} }): ${labelOf(object)}` }));
  return apiServerErrors([...given('storage', storage), ...given('runtimeClasses', runtimeClasses), ...given('daemonSets', daemonSets ?? [])]);
}

/** Run a matcher body; misuse and rejected objects fail both with and without `.not`. */
export function guarded(ctx: MatcherContext, header: () => string, body: () => MatcherResult): MatcherResult {
  const outer = [seenNodes, seenUnchecked] as const;
  seenNodes = [];
  seenUnchecked = [];
  try {
    const configured = configuredErrors();
    if (configured) throw new UsageError(configured);
    const result = body();
    return recordResult(ctx, withNotes(result, seenNodes, seenUnchecked));
  } catch (e) {
    // an invalid KubeSchedulerConfiguration gives no verdict either: kube-scheduler would not start
    if (e instanceof UsageError || e instanceof SchedulerConfigurationError) return failBoth(ctx, () => `${header()}\n\n${e.message}`);
    // (kube-scheduler's error or panic met where no schedulerErrorsAsUsage wraps the question: placing replicas, ranking)
    if (e instanceof SchedulerError) return failBoth(ctx, () => `${header()}\n\n${schedulerErrorText(e)}`);
    // an object configure() gave that the API server would not hold (a LimitRange, ResourceQuota or PriorityClass)
    const configured = policyInputMessage(e);
    if (configured !== undefined) return failBoth(ctx, () => `${header()}\n\n${configured}`);
    throw e;
  } finally {
    [seenNodes, seenUnchecked] = outer;
  }
}

/**
 * A message about nodes whose kubelets point at another release than the settings model ends with one line
 * saying so (issue 21: `nodes report kubelet v1.33.5; settings model 1.37: configure(…)`), and so does one about
 * nodes of a managed platform whose admission the settings leave out (issue 31: `nodes carry EKS labels …:
 * configure({ cluster: 'eks' })`); one about objects read from a cluster names the fields that were not checked
 * (issue 31). A passing assertion has no message: the run report lists the nodes' notes (`notes`).
 */
function withNotes(result: MatcherResult, nodes: readonly Node[], unchecked: readonly Unchecked[]): MatcherResult {
  if (!nodes.length && !unchecked.length) return result;
  const message = result.message;
  const configured = settings().kubernetesVersion;
  const ert = settings().admission.extendedResourceToleration;
  let notes: string[] | undefined;
  const nodeNotes = () => (notes ??= !nodes.length ? [] : [
    ...[kubeletHint(nodes, configured)].flatMap((h) => (h ? [kubeletHintText(h)] : [])),
    ...[platformHint(nodes, ert)].flatMap((h) => (h ? [platformHintText(h)] : [])),
  ]);
  return { ...result, notes: nodeNotes, message: () => [message(), ...(unchecked.length ? [uncheckedNote(unchecked)] : []), ...nodeNotes()].join('\n\n') };
}

/** A PreFilter Error (e.g. an unparsable topology spread selector) gives no verdict: the matcher fails either way. */
export function schedulerErrorsAsUsage<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof SchedulerError) throw new UsageError(schedulerErrorText(e));
    throw e;
  }
}
