// Reading a KubeSchedulerConfiguration as kube-scheduler's --config loader does (cmd/kube-scheduler/app/options/
// configfile.go loadConfig): the scheme knows kubescheduler.config.k8s.io/v1 only (v1beta3 was removed in 1.29), and the
// decoder is strict: a field the type does not have is an error. The type errors are ours (upstream's are
// encoding/json's, which name Go types).
import type { KubeSchedulerConfiguration } from './types';

export const SCHEDULER_CONFIG_API_VERSION = 'kubescheduler.config.k8s.io/v1';

const TOP = new Set([
  'apiVersion', 'kind', 'parallelism', 'leaderElection', 'clientConnection', 'healthzBindAddress', 'metricsBindAddress', 'enableProfiling',
  'enableContentionProfiling', 'percentageOfNodesToScore', 'podInitialBackoffSeconds', 'podMaxBackoffSeconds', 'profiles', 'extenders',
  'delayCacheUntilActive',
]);
const PROFILE = new Set(['schedulerName', 'percentageOfNodesToScore', 'plugins', 'pluginConfig']);
const PLUGINS = new Set(['preEnqueue', 'queueSort', 'preFilter', 'filter', 'postFilter', 'preScore', 'score', 'reserve', 'permit', 'preBind', 'bind', 'postBind', 'multiPoint', 'podGroupPostFilter', 'placementGenerate', 'placementScore']);
const SET = new Set(['enabled', 'disabled']);
const PLUGIN = new Set(['name', 'weight']);
const CONFIG = new Set(['name', 'args']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A strict decoding error per unknown field (serializer/json strict: `unknown field "profiles[0].foo"`). */
function unknownFields(obj: Record<string, unknown>, known: Set<string>, path: string, out: string[]): void {
  for (const k of Object.keys(obj)) if (!known.has(k)) out.push(`unknown field "${path}${k}"`);
}

function checkList(v: unknown, path: string, out: string[], each: (x: Record<string, unknown>, at: string) => void): void {
  if (v === undefined || v === null) return;
  if (!Array.isArray(v)) {
    out.push(`${path}: must be a list`);
    return;
  }
  v.forEach((x, i) => (isObject(x) ? each(x, `${path}[${i}]`) : out.push(`${path}[${i}]: must be an object`)));
}

function checkNumber(v: unknown, path: string, out: string[]): void {
  if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isInteger(v))) out.push(`${path}: must be an integer, got ${JSON.stringify(v)}`);
}

function checkProfile(p: Record<string, unknown>, at: string, out: string[]): void {
  unknownFields(p, PROFILE, `${at}.`, out);
  if (p.schedulerName !== undefined && typeof p.schedulerName !== 'string') out.push(`${at}.schedulerName: must be a string`);
  checkNumber(p.percentageOfNodesToScore, `${at}.percentageOfNodesToScore`, out);
  if (p.plugins !== undefined && p.plugins !== null) {
    if (!isObject(p.plugins)) out.push(`${at}.plugins: must be an object`);
    else {
      unknownFields(p.plugins, PLUGINS, `${at}.plugins.`, out);
      for (const [point, set] of Object.entries(p.plugins)) {
        if (!PLUGINS.has(point) || set === null) continue;
        if (!isObject(set)) {
          out.push(`${at}.plugins.${point}: must be an object`);
          continue;
        }
        unknownFields(set, SET, `${at}.plugins.${point}.`, out);
        for (const which of ['enabled', 'disabled'] as const) {
          checkList(set[which], `${at}.plugins.${point}.${which}`, out, (x, w) => {
            unknownFields(x, PLUGIN, `${w}.`, out);
            if (typeof x.name !== 'string') out.push(`${w}.name: must be a string`);
            checkNumber(x.weight, `${w}.weight`, out);
          });
        }
      }
    }
  }
  checkList(p.pluginConfig, `${at}.pluginConfig`, out, (x, w) => {
    unknownFields(x, CONFIG, `${w}.`, out);
    if (typeof x.name !== 'string') out.push(`${w}.name: must be a string`);
    if (x.args !== undefined && x.args !== null && !isObject(x.args)) out.push(`${w}.args: must be an object`);
  });
}

/** Why kube-scheduler cannot read `given` as a configuration, or nothing: the document read as its type. */
export function decodeProblems(given: unknown): string[] {
  if (!isObject(given)) return [`a KubeSchedulerConfiguration must be an object (the parsed YAML document), received ${given === null ? 'null' : typeof given}`];
  if (given.apiVersion !== SCHEDULER_CONFIG_API_VERSION || given.kind !== 'KubeSchedulerConfiguration') {
    return [`apiVersion ${JSON.stringify(given.apiVersion)}, kind ${JSON.stringify(given.kind)}: kube-scheduler reads kind KubeSchedulerConfiguration of ${SCHEDULER_CONFIG_API_VERSION} only (v1beta3 was removed in 1.29)`];
  }
  const out: string[] = [];
  unknownFields(given, TOP, '', out);
  for (const f of ['parallelism', 'percentageOfNodesToScore', 'podInitialBackoffSeconds', 'podMaxBackoffSeconds']) checkNumber(given[f], f, out);
  checkList(given.profiles, 'profiles', out, (p, at) => checkProfile(p, at, out));
  if (given.extenders !== undefined && given.extenders !== null && !Array.isArray(given.extenders)) out.push('extenders: must be a list');
  return out;
}

export const asConfiguration = (given: unknown): KubeSchedulerConfiguration => given as KubeSchedulerConfiguration;
