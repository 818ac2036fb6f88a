// A question's own namespace policy (issue 36): the LimitRange, ResourceQuota, RuntimeClass and PriorityClass
// objects given with it, each kind over configure's of that kind, for that question only. The admission plugins read
// them from the settings (admission/limit-ranger.ts, resource-quota.ts, runtime-class.ts, priority.ts), so the
// question runs under settings that hold them (withConfiguration), as a question's schedulerConfiguration does.
import type { KubeObject } from '../core/types';
import { settings, withConfiguration, type ConfigureOptions } from '../core/config';
import { LimitRangeInputError } from '../admission/limit-ranger';
import { ResourceQuotaInputError } from '../admission/resource-quota';
import { PriorityClassInputError } from '../admission/priority';

/** The namespace policy objects a question may give, each kind replacing configure's of that kind. */
export interface NamespacePolicy {
  /** LimitRange objects (v1), each in its namespace: LimitRanger's defaults and checks, over configure({ limitRanges }). */
  limitRanges?: readonly KubeObject[];
  /** ResourceQuota objects (v1), each in its namespace: ResourceQuota's check at create, over configure({ resourceQuotas }). */
  resourceQuotas?: readonly KubeObject[];
  /** RuntimeClass objects (node.k8s.io/v1): RuntimeClass admission, over configure({ runtimeClasses }). */
  runtimeClasses?: readonly KubeObject[];
  /** PriorityClass objects (scheduling.k8s.io/v1): Priority admission and preemption, over configure({ priorityClasses }). */
  priorityClasses?: readonly KubeObject[];
}

/** The policy options and the kind each holds (other kinds in a loadManifests collection are left out). */
export const POLICY_KINDS = { limitRanges: 'LimitRange', resourceQuotas: 'ResourceQuota', runtimeClasses: 'RuntimeClass', priorityClasses: 'PriorityClass' } as const;
type PolicyKey = keyof typeof POLICY_KINDS;
const KEYS = Object.keys(POLICY_KINDS) as PolicyKey[];

/** An object of the question's policy that the API server would not hold (the admission plugin's input error, named as the option). */
export class PolicyInputError extends Error {}

const INPUT_ERRORS: Partial<Record<PolicyKey, new (message: string) => Error>> = {
  limitRanges: LimitRangeInputError, resourceQuotas: ResourceQuotaInputError, priorityClasses: PriorityClassInputError,
};

/**
 * The message of an object configure() gave that the API server would not hold (the admission plugin's input error:
 * `configure({ limitRanges }): LimitRange … would be rejected by the API server: …`), or of a question's own
 * (PolicyInputError); undefined for any other error. A matcher fails on it either way, as on its own inputs.
 */
export function policyInputMessage(e: unknown): string | undefined {
  const input = e instanceof PolicyInputError || Object.values(INPUT_ERRORS).some((type) => e instanceof type);
  return input ? (e as Error).message : undefined;
}

// the policy the running question is under (a question asked inside another with the same objects changes nothing)
let applied: NamespacePolicy = {};

const sameItems = (a: readonly KubeObject[] | undefined, b: readonly KubeObject[]) => a !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);

/** `fn` under the policy's objects (the kinds it gives), the settings back afterwards; `fn` itself when it gives none. */
export function underNamespacePolicy<T>(policy: NamespacePolicy, fn: () => T): T {
  const given = KEYS.filter((k) => policy[k] !== undefined && !sameItems(applied[k], policy[k]!));
  if (!given.length) return fn();
  const options: ConfigureOptions = Object.fromEntries(given.map((k) => [k, policy[k]]));
  const outer = applied;
  applied = { ...outer, ...Object.fromEntries(given.map((k) => [k, policy[k]])) };
  try {
    return withConfiguration(options, fn);
  } catch (e) {
    // an invalid object of the question's own is named as its option, not as configure's
    const key = given.find((k) => INPUT_ERRORS[k] && e instanceof INPUT_ERRORS[k]!);
    if (key) throw new PolicyInputError((e as Error).message.replace(`configure({ ${key} })`, `options.${key}`));
    throw e;
  } finally {
    applied = outer;
  }
}

/** A question's own settings: its namespace policy and its KubeSchedulerConfiguration, each over configure's. */
export interface QuestionSettings extends NamespacePolicy {
  schedulerConfiguration?: object;
}

/** `fn` under the question's namespace policy and its scheduler configuration (when it gives one other than the settings'). */
export function underQuestionSettings<T>(question: QuestionSettings, fn: () => T): T {
  const configuration = question.schedulerConfiguration;
  const configured = configuration === undefined || configuration === settings().schedulerConfiguration ? fn : () => withConfiguration({ schedulerConfiguration: configuration }, fn);
  return underNamespacePolicy(question, configured);
}
