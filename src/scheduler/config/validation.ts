// ValidateKubeSchedulerConfiguration (pkg/scheduler/apis/config/validation/validation.go) over the defaulted
// configuration, for the fields the library reads and the ones its tables check: parallelism, the profiles (a name,
// unique, percentageOfNodesToScore, pluginConfig), a common queueSort, the backoffs, the extenders' weights and binders.
// clientConnection and leaderElection are not read and not validated.
import type { FieldError } from '../../core/types';
import { child, duplicate, goJson, index, invalid, Raw, required } from '../../k8s/validation-field';
import { argsObject, isArgsOf } from './defaults';
import { validatePluginArgs } from './validation-args';
import {
  ARGS_MISMATCH_DETAIL, BACKOFF_INITIAL_DETAIL, BACKOFF_MAX_DETAIL, EXTENDER_WEIGHT_DETAIL, ONE_BINDER_DETAIL, ONE_QUEUE_SORT_DETAIL,
  PARALLELISM_DETAIL, PERCENTAGE_DETAIL, SAME_QUEUE_SORT_ARGS_DETAIL, SAME_QUEUE_SORT_DETAIL,
} from './texts';
import type { DefaultedConfiguration, DefaultedProfile, KubeSchedulerProfile, PluginSet } from './types';

/** validation.go invalidPluginsByVersion for v1: the volume-limit plugins removed in favour of NodeVolumeLimits. */
const INVALID_PLUGINS = ['AzureDiskLimits', 'CinderLimits', 'EBSLimits', 'GCEPDLimits'];
const V1 = 'kubescheduler.config.k8s.io/v1';
const invalidIn = (name: string, apiVersion: string) => `was invalid in version "${V1}" (KubeSchedulerConfiguration is version "${apiVersion}")`;

/** The stages validatePluginConfig checks for removed plugins (podGroupPostFilter from 1.37, not modelled). */
const STAGES = ['preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind'] as const;

function validatePercentage(path: string, value: number | undefined): FieldError[] {
  return value !== undefined && (value < 0 || value > 100) ? [invalid(path, value, PERCENTAGE_DETAIL)] : [];
}

/** validatePluginConfig: removed plugins in the stages, duplicate pluginConfig, args of the wrong type, each plugin's args. */
function validatePluginConfig(path: string, apiVersion: string, given: KubeSchedulerProfile, defaulted: DefaultedProfile): FieldError[] {
  const errs: FieldError[] = [];
  const plugins = given.plugins;
  if (plugins) {
    // Go ranges over a map here: the order of the stages' errors is not fixed upstream; types.go's order here
    for (const stage of STAGES) {
      (plugins[stage]?.enabled ?? []).forEach((p, i) => {
        if (INVALID_PLUGINS.includes(p.name)) errs.push(invalid(index(child(child(child(path, 'plugins'), stage), 'enabled'), i), p.name, invalidIn(p.name, apiVersion)));
      });
    }
  }
  const seen = new Set<string>();
  defaulted.pluginConfig.forEach((c, i) => {
    // the defaulted list starts with the given entries, in their order
    if (i >= (given.pluginConfig ?? []).length) return;
    const at = index(child(path, 'pluginConfig'), i);
    if (seen.has(c.name)) errs.push(duplicate(at, c.name));
    else seen.add(c.name);
    if (INVALID_PLUGINS.includes(c.name)) errs.push(invalid(at, c.name, invalidIn(c.name, apiVersion)));
    else if (!isArgsOf(c) && c.name in ARGS_VALIDATED) errs.push(invalid(child(at, 'args'), new Raw(goJson(c.args)), ARGS_MISMATCH_DETAIL));
    else if (c.name in ARGS_VALIDATED) errs.push(...validatePluginArgs(c.name, child(at, 'args'), argsObject(c.args)));
  });
  return errs;
}

/**
 * The plugins validatePluginConfig validates the args of. NodeResourcesFit is not among them: upstream's map names it
 * "NodeResourcesFitArgs", which no plugin is called, so its args are checked when the plugin is built (fit.go NewFit).
 */
const ARGS_VALIDATED: Record<string, true> = {
  DefaultPreemption: true, InterPodAffinity: true, NodeAffinity: true, NodeResourcesBalancedAllocation: true, PodTopologySpread: true,
  VolumeBinding: true, DynamicResources: true,
};

const setJson = (s: PluginSet | undefined) => JSON.stringify({ enabled: s?.enabled ?? [], disabled: s?.disabled ?? [] });

/** validateCommonQueueSort: one queue sort plugin, the same in every profile, with the same args. */
function validateCommonQueueSort(profiles: KubeSchedulerProfile[]): FieldError[] {
  const errs: FieldError[] = [];
  const canon = profiles[0].plugins?.queueSort;
  const name = canon?.enabled?.[0]?.name;
  const length = canon?.enabled?.length ?? 0;
  if (length > 1) errs.push(invalid('profiles[0].plugins.queueSort.Enabled', length, ONE_QUEUE_SORT_DETAIL));
  const args = name ? profiles[0].pluginConfig?.find((c) => c.name === name)?.args : undefined;
  for (let i = 1; i < profiles.length; i++) {
    const curr = profiles[i].plugins?.queueSort;
    if (setJson(canon) !== setJson(curr)) errs.push(invalid(`profiles[${i}].plugins.queueSort`, new Raw(goJson({ Enabled: curr?.enabled ?? null, Disabled: curr?.disabled ?? null })), SAME_QUEUE_SORT_DETAIL));
    for (const c of profiles[i].pluginConfig ?? []) {
      if (c.name === name && JSON.stringify(c.args) !== JSON.stringify(args)) errs.push(invalid(`profiles[${i}].pluginConfig.args`, new Raw(goJson(c.args ?? null)), SAME_QUEUE_SORT_ARGS_DETAIL));
    }
  }
  return errs;
}

type Extender = { prioritizeVerb?: string; weight?: number; bindVerb?: string };

/** validateExtenders: a prioritizing extender needs a positive weight; at most one binds (managedResources not checked). */
function validateExtenders(extenders: unknown[]): FieldError[] {
  const errs: FieldError[] = [];
  let binders = 0;
  extenders.forEach((e, i) => {
    const x = (e ?? {}) as Extender;
    if (x.prioritizeVerb && !((x.weight ?? 0) > 0)) errs.push(invalid(`extenders[${i}].weight`, x.weight ?? 0, EXTENDER_WEIGHT_DETAIL));
    if (x.bindVerb) binders++;
  });
  if (binders > 1) errs.push(invalid('extenders', `found ${binders} extenders implementing bind`, ONE_BINDER_DETAIL));
  return errs;
}

/** ValidateKubeSchedulerConfiguration's field errors, in its order. */
export function validateConfiguration(c: DefaultedConfiguration): FieldError[] {
  const errs: FieldError[] = [];
  if (c.parallelism <= 0) errs.push(invalid('parallelism', c.parallelism, PARALLELISM_DETAIL));
  const names = new Map<string, number>();
  c.profiles.forEach((p, i) => {
    const path = `profiles[${i}]`;
    if (!p.schedulerName) errs.push(required(child(path, 'schedulerName')));
    errs.push(...validatePercentage(child(path, 'percentageOfNodesToScore'), p.percentageOfNodesToScore));
    errs.push(...validatePluginConfig(path, c.apiVersion, c.given[i], p));
    // field.Duplicate with a *field.Path as the value: json.Marshal of a Path (no exported fields) prints {}
    if (names.has(p.schedulerName)) errs.push(duplicate(child(path, 'schedulerName'), new Raw('{}')));
    names.set(p.schedulerName, i);
  });
  errs.push(...validateCommonQueueSort(c.given));
  errs.push(...validatePercentage('percentageOfNodesToScore', c.percentageOfNodesToScore));
  if (c.podInitialBackoffSeconds <= 0) errs.push(invalid('podInitialBackoffSeconds', c.podInitialBackoffSeconds, BACKOFF_INITIAL_DETAIL));
  if (c.podMaxBackoffSeconds < c.podInitialBackoffSeconds) errs.push(invalid('podMaxBackoffSeconds', c.podMaxBackoffSeconds, BACKOFF_MAX_DETAIL));
  errs.push(...validateExtenders(c.extenders));
  return errs;
}
