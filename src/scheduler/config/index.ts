// A cluster's KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1) as kube-scheduler reads it: decoded
// (decode.ts), defaulted (defaults.go: defaults.ts), validated with kube-scheduler's own texts (validation.go and
// validation_pluginargs.go: validation.ts, validation-args.ts), and its profiles built as the framework builds them
// (profiles.ts); select.ts runs each pod under the profile its schedulerName names.
import type { FieldError } from '../../core/types';
import { settings, withConfiguration, type KubernetesVersion } from '../../core/config';
import type { Profile } from '../profile';
import { asConfiguration, decodeProblems } from './decode';
import { defaultConfiguration } from './defaults';
import { buildProfile, pointErrors, scoreWeightsError } from './profiles';
import { validateConfiguration } from './validation';
import { nodeResourcesFit } from './validation-args';
import { argsObject } from './defaults';
import type { DefaultedProfile } from './types';

export { DEFAULT_SCHEDULER_NAME } from './types';
export { SCHEDULER_CONFIG_API_VERSION } from './decode';
export type { KubeSchedulerConfiguration } from './types';

/** kube-scheduler refuses the configuration: `message` holds its error texts (`errors`, one per field or framework error). */
export class SchedulerConfigurationError extends Error {
  constructor(readonly errors: string[]) {
    super(`kube-scheduler refuses this KubeSchedulerConfiguration: ${aggregate(errors)}`);
    this.name = 'SchedulerConfigurationError';
  }
}

/** utilerrors.NewAggregate(…).Error(): one error alone, else `[a, b]` with repeats dropped (apimachinery/pkg/util/errors). */
export function aggregate(errors: readonly string[]): string {
  const unique = [...new Set(errors)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

const fieldText = (e: FieldError) => `${e.field}: ${e.message}`;

/**
 * The errors NewFramework stops at, after validation passed: a plugin at a point it does not implement, and
 * NodeResourcesFit's args, which validation does not check (see validation.ts) but the plugin does as it is built
 * (fit.go NewFit, with no path), each as profile.go NewMap wraps it.
 */
function frameworkErrors(p: DefaultedProfile): string[] {
  const wrap = (e: string) => `creating profile for scheduler name ${p.schedulerName}: ${e}`;
  // NewFramework's order: the plugins built (NewFit), their extension points, then the Score weights
  const fitOn = Object.values(p.plugins).some((s) => s.enabled.some((e) => e.name === 'NodeResourcesFit'));
  const fit = fitOn ? nodeResourcesFit('', argsObject(p.pluginConfig.find((c) => c.name === 'NodeResourcesFit')?.args)).map((e) => ({ ...e, field: e.field.replace(/^\./, '') })) : [];
  if (fit.length) return [wrap(`initializing plugin "NodeResourcesFit": ${aggregate(fit.map(fieldText))}`)];
  const points = pointErrors(p);
  if (points.length) return [wrap(points[0])];
  const weights = scoreWeightsError(p);
  return weights ? [wrap(weights)] : [];
}

export interface CompiledSchedulerConfiguration {
  /** The profiles by schedulerName, in the configuration's order. */
  profiles: Map<string, Profile>;
  /** The global percentageOfNodesToScore when set (0 and unset: adaptive). */
  percentageOfNodesToScore?: number;
}

/**
 * The configuration's profiles as kube-scheduler runs them at the modelled release (configure({ kubernetesVersion })),
 * or a SchedulerConfigurationError with kube-scheduler's texts: what it cannot decode, then ValidateKubeSchedulerConfiguration's
 * field errors, then the framework's.
 */
export function compileSchedulerConfiguration(given: unknown, version?: KubernetesVersion): CompiledSchedulerConfiguration {
  if (version !== undefined && version !== settings().kubernetesVersion) return withConfiguration({ kubernetesVersion: version }, () => compileSchedulerConfiguration(given));
  const problems = decodeProblems(given);
  if (problems.length) throw new SchedulerConfigurationError(problems);
  const defaulted = defaultConfiguration(asConfiguration(given));
  const invalid = validateConfiguration(defaulted);
  if (invalid.length) throw new SchedulerConfigurationError(invalid.map(fieldText));
  const framework = defaulted.profiles.flatMap(frameworkErrors);
  if (framework.length) throw new SchedulerConfigurationError([framework[0]]);
  const profiles = new Map<string, Profile>();
  for (const p of defaulted.profiles) profiles.set(p.schedulerName, buildProfile(p, defaulted.percentageOfNodesToScore));
  return { profiles, ...(defaulted.percentageOfNodesToScore ? { percentageOfNodesToScore: defaulted.percentageOfNodesToScore } : {}) };
}
