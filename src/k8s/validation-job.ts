// A Job's failure and success policies as the API server validates them (pkg/apis/batch/validation/validation.go
// validateJobSpec: backoffLimitPerIndex and maxFailedIndexes, validatePodFailurePolicy, validateSuccessPolicy,
// validatePodReplacementPolicy; the same code at v1.33.13 … v1.37.2), over a Job's spec as SetDefaults_Job leaves it
// (pkg/apis/batch/v1/defaults.go: completions and parallelism 1 when both are unset, by the caller) or a CronJob's
// jobTemplate as written, a pod condition pattern's empty status True (SetDefaults_PodFailurePolicyOnPodConditionsPattern). ML platforms write these for training Jobs (`podFailurePolicy` ignoring
// disruptions, failing on an exit code; `backoffLimitPerIndex` on Indexed Jobs): the API server refuses a Job whose
// exit codes include 0 for `In`, are unsorted, name a container the template lacks, or use FailIndex without
// backoffLimitPerIndex, and the library answered such a Job schedulable.
import { releaseAtLeast } from '../core/config';
import type { FieldError } from '../core/types';
import { isQualifiedName } from './names';
import { child, duplicate, goJson, index, invalid, named, notSupported, Raw, required } from './validation-field';

type Obj = Record<string, unknown>;

const ACTIONS = ['Count', 'FailIndex', 'FailJob', 'Ignore'];
const OPERATORS = ['In', 'NotIn'];
const STATUSES = ['False', 'True', 'Unknown'];
const REPLACEMENT = ['Failed', 'TerminatingOrFailed'];

/** @upstream pkg/apis/batch/validation/validation.go */
const BOTH_RULES = 'specifying both OnExitCodes and OnPodConditions is not supported';
/** @upstream pkg/apis/batch/validation/validation.go */
const ONE_RULE = 'specifying one of OnExitCodes and OnPodConditions is required';
/** @upstream pkg/apis/batch/validation/validation.go */
const FAIL_INDEX = 'requires the backoffLimitPerIndex to be set';
/** @upstream pkg/apis/batch/validation/validation.go */
const CONTAINER_NAME = 'must be one of the container or initContainer names in the pod template';
/** @upstream pkg/apis/batch/validation/validation.go */
const ONE_VALUE = 'at least one value is required';
/** @upstream pkg/apis/batch/validation/validation.go */
const NOT_ZERO = 'must not be 0 for the In operator';
/** @upstream pkg/apis/batch/validation/validation.go */
const ORDERED = 'must be ordered';
/** @upstream pkg/apis/batch/validation/validation.go */
const INDEXED_ONLY = 'requires indexed completion mode';
/** @upstream pkg/apis/batch/validation/validation.go */
const ONE_SUCCESS_RULE = 'at least one rules must be specified when the successPolicy is specified';
/** @upstream pkg/apis/batch/validation/validation.go */
const COUNT_OR_INDEXES = 'at least one of succeededCount or succeededIndexes must be specified';

/** validation.go's list limits (maxPodFailurePolicyRules, …OnExitCodesValues, …OnPodConditionsPatterns, maxSuccessPolicyRule, maxJobSuccessPolicySucceededIndexesLimit). */
const MAX_RULES = 20;
const MAX_EXIT_CODES = 255;
const MAX_CONDITION_PATTERNS = 20;
const MAX_SUCCEEDED_INDEXES_BYTES = 64 * 1024;
/** field.TooMany(path, count, max) as ErrorBody prints it (the same 1.33 … 1.37 for max > 1). */
const tooMany = (field: string, count: number, max: number): FieldError => ({ field, message: `Too many: ${count}: must have at most ${max} items` });

const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
/** field.Invalid with field.OmitValueType{}: `Invalid value: <detail>`. */
const invalidOmitted = (field: string, detail: string): FieldError => ({ field, message: `Invalid value: ${detail}` });
/** `valid values: %q` of a sorted list: Go's %q of a []string, `["In" "NotIn"]`. */
const validValues = (values: readonly string[]) => `valid values: [${values.map((v) => JSON.stringify(v)).join(' ')}]`;

function onExitCodesErrors(req: Obj, path: string, containerNames: ReadonlySet<string>): FieldError[] {
  const errs: FieldError[] = [];
  const operator = typeof req.operator === 'string' ? req.operator : '';
  if (!operator) errs.push(required(child(path, 'operator'), validValues(OPERATORS)));
  else if (!OPERATORS.includes(operator)) errs.push(notSupported(child(path, 'operator'), named(operator), OPERATORS));
  if (typeof req.containerName === 'string' && !containerNames.has(req.containerName)) errs.push(invalid(child(path, 'containerName'), req.containerName, CONTAINER_NAME));
  const valuesPath = child(path, 'values');
  const values = list(req.values).map((v) => num(v) ?? 0);
  // a []int32 as json.Marshal prints it: null when absent
  if (!values.length) errs.push(invalid(valuesPath, new Raw(Array.isArray(req.values) ? '[]' : 'null'), ONE_VALUE));
  else if (values.length > MAX_EXIT_CODES) errs.push(tooMany(valuesPath, values.length, MAX_EXIT_CODES));
  const seen = new Set<number>();
  values.forEach((v, j) => {
    if (operator === 'In' && v === 0) errs.push(invalid(index(valuesPath, j), v, NOT_ZERO));
    if (seen.has(v)) errs.push(duplicate(index(valuesPath, j), v));
    seen.add(v);
  });
  if (values.some((v, j) => j > 0 && values[j - 1] > v)) errs.push(invalid(valuesPath, new Raw(goJson(values)), ORDERED));
  return errs;
}

/** `defaulted`: an empty status is True (SetDefaults_PodFailurePolicyOnPodConditionsPattern), else Required. */
function onPodConditionsErrors(patterns: unknown[], path: string, defaulted: boolean): FieldError[] {
  const errs: FieldError[] = patterns.length > MAX_CONDITION_PATTERNS ? [tooMany(path, patterns.length, MAX_CONDITION_PATTERNS)] : [];
  patterns.forEach((p, j) => {
    const at = index(path, j);
    const type = String(obj(p)?.type ?? '');
    errs.push(...isQualifiedName(type).map((m) => invalid(child(at, 'type'), type, m)));
    const status = String(obj(p)?.status ?? '') || (defaulted ? 'True' : '');
    if (!status) errs.push(required(child(at, 'status'), validValues(STATUSES)));
    else if (!STATUSES.includes(status)) errs.push(notSupported(child(at, 'status'), named(status), STATUSES));
  });
  return errs;
}

/** validatePodFailurePolicyRule. */
function ruleErrors(spec: Obj, rule: Obj, path: string, containerNames: ReadonlySet<string>, defaulted: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const action = typeof rule.action === 'string' ? rule.action : '';
  const actionPath = child(path, 'action');
  if (!action) errs.push(required(actionPath, validValues(ACTIONS)));
  else if (action === 'FailIndex') {
    if (spec.backoffLimitPerIndex == null) errs.push(invalid(actionPath, named(action), FAIL_INDEX));
  } else if (!ACTIONS.includes(action)) errs.push(notSupported(actionPath, named(action), ACTIONS));
  const onExitCodes = obj(rule.onExitCodes);
  const onPodConditions = list(rule.onPodConditions);
  if (onExitCodes) errs.push(...onExitCodesErrors(onExitCodes, child(path, 'onExitCodes'), containerNames));
  if (onPodConditions.length) errs.push(...onPodConditionsErrors(onPodConditions, child(path, 'onPodConditions'), defaulted));
  if (onExitCodes && onPodConditions.length) errs.push(invalidOmitted(path, BOTH_RULES));
  if (!onExitCodes && !onPodConditions.length) errs.push(invalidOmitted(path, ONE_RULE));
  return errs;
}

/** validateIndexesFormat: the number of indexes of `1,3-5`, or the parse error's text. */
function indexesFormat(text: string, completions: number): { total: number } | { error: string } {
  if (!text) return { total: 0 };
  let last: number | undefined;
  let total = 0;
  for (const interval of text.split(',')) {
    const parts = interval.split('-');
    if (parts.length > 2) return { error: `the fragment ${JSON.stringify(interval)} violates the requirement that an index interval can have at most two parts separated by '-'` };
    const bounds: number[] = [];
    for (const part of parts) {
      // strconv.Atoi: an optional sign and decimal digits
      if (!/^[+-]?\d+$/.test(part)) return { error: `cannot convert string to integer for index: ${JSON.stringify(part)}` };
      const n = Number(part);
      if (n >= completions) return { error: `too large index: ${JSON.stringify(part)}` };
      bounds.push(n);
    }
    const [x, y = x] = bounds;
    if (bounds.length > 1 && x >= y) return { error: `non-increasing order, previous: ${x}, current: ${y}` };
    if (last !== undefined && last >= x) return { error: `non-increasing order, previous: ${last}, current: ${x}` };
    total += y - x + 1;
    last = y;
  }
  return { total };
}

/** validateSuccessPolicy (an Indexed Job's): at least one rule, each with a count or indexes within the completions. */
function successPolicyErrors(policy: Obj, completions: number | undefined, path: string): FieldError[] {
  const rules = list(policy.rules);
  const errs: FieldError[] = [];
  if (!rules.length) errs.push(required(child(path, 'rules'), ONE_SUCCESS_RULE));
  if (rules.length > MAX_RULES) errs.push(tooMany(child(path, 'rules'), rules.length, MAX_RULES));
  // (without completions, which an Indexed Job needs, validateSuccessPolicyRule dereferences a nil pointer and the
  // API server answers 500; the library has refused the Job for its missing completions already)
  if (completions === undefined) return errs;
  rules.forEach((r, i) => {
    const rule = obj(r) ?? {};
    const at = index(child(path, 'rules'), i);
    const count = num(rule.succeededCount);
    const indexes = typeof rule.succeededIndexes === 'string' ? rule.succeededIndexes : undefined;
    if (count === undefined && indexes === undefined) errs.push(required(at, COUNT_OR_INDEXES));
    let total = 0;
    if (indexes !== undefined) {
      // (len() of a Go string: bytes)
      if (Buffer.byteLength(indexes) > MAX_SUCCEEDED_INDEXES_BYTES) errs.push({ field: child(at, 'succeededIndexes'), message: `Too long: may not be more than ${MAX_SUCCEEDED_INDEXES_BYTES} bytes` });
      const parsed = indexesFormat(indexes, completions);
      if ('error' in parsed) errs.push(invalid(child(at, 'succeededIndexes'), indexes, `error parsing succeededIndexes: ${parsed.error}`));
      else total = parsed.total;
    }
    if (count === undefined) return;
    const countPath = child(at, 'succeededCount');
    if (count < 0) errs.push(invalid(countPath, count, 'must be greater than or equal to 0'));
    if (count > completions) errs.push(invalid(countPath, count, `must be less than or equal to ${completions} (the number of specified completions)`));
    if (indexes !== undefined && count > total) errs.push(invalid(countPath, count, `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`));
  });
  return errs;
}

/** json.Marshal of the internal batch.SuccessPolicy (Go field names, pointers as null). */
const goSuccessPolicy = (policy: Obj) => new Raw(goJson({
  Rules: list(policy.rules).map((r) => ({ SucceededIndexes: obj(r)?.succeededIndexes ?? null, SucceededCount: obj(r)?.succeededCount ?? null })),
}));

/**
 * The parts of validateJobSpec about per-index backoff, the failure, success and replacement policies, at `path` (the
 * Job's `spec`, a CronJob's `spec.jobTemplate.spec`). `cronJob`: a CronJob's jobTemplate, whose pod condition patterns
 * v1.33.13 does not default (SetDefaults_Job's loop is the Job's alone; from 1.34 the generated defaulters of both call
 * SetDefaults_PodFailurePolicyOnPodConditionsPattern), so an empty status is Required there.
 */
export function jobPolicyErrors(spec: Obj, path: string, cronJob = false): FieldError[] {
  const errs: FieldError[] = [];
  const perIndex = num(spec.backoffLimitPerIndex);
  const maxFailed = num(spec.maxFailedIndexes);
  if (perIndex !== undefined && perIndex < 0) errs.push(invalid(child(path, 'backoffLimitPerIndex'), perIndex, 'must be greater than or equal to 0'));
  if (maxFailed !== undefined) {
    if (maxFailed < 0) errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, 'must be greater than or equal to 0'));
    if (spec.backoffLimitPerIndex == null) errs.push(required(child(path, 'backoffLimitPerIndex'), 'when maxFailedIndexes is specified'));
  }
  // (a Job's spec comes defaulted, SetDefaults_Job; a CronJob's jobTemplate is not)
  const completions = num(spec.completions);
  const indexed = spec.completionMode === 'Indexed';
  if (indexed && completions !== undefined && maxFailed !== undefined && maxFailed > completions) {
    errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, 'must be less than or equal to completions'));
  }
  if (indexed && maxFailed !== undefined && maxFailed > 100_000) errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, 'must be less than or equal to 100000'));
  if (spec.completionMode == null || spec.completionMode === 'NonIndexed') {
    if (perIndex !== undefined) errs.push(invalid(child(path, 'backoffLimitPerIndex'), perIndex, INDEXED_ONLY));
    if (maxFailed !== undefined) errs.push(invalid(child(path, 'maxFailedIndexes'), maxFailed, INDEXED_ONLY));
  }
  const failurePolicy = obj(spec.podFailurePolicy);
  if (failurePolicy) {
    const template = obj(obj(spec.template)?.spec);
    const names = new Set([...list(template?.containers), ...list(template?.initContainers)].map((c) => String(obj(c)?.name ?? '')));
    const defaulted = !cronJob || releaseAtLeast('1.34');
    const rules = list(failurePolicy.rules);
    if (rules.length > MAX_RULES) errs.push(tooMany(child(child(path, 'podFailurePolicy'), 'rules'), rules.length, MAX_RULES));
    rules.forEach((r, i) => errs.push(...ruleErrors(spec, obj(r) ?? {}, index(child(child(path, 'podFailurePolicy'), 'rules'), i), names, defaulted)));
  }
  const successPolicy = obj(spec.successPolicy);
  if (successPolicy) {
    if (!indexed) errs.push(invalid(child(path, 'successPolicy'), goSuccessPolicy(successPolicy), INDEXED_ONLY));
    else errs.push(...successPolicyErrors(successPolicy, completions, child(path, 'successPolicy')));
  }
  const replacement = spec.podReplacementPolicy;
  if (typeof replacement === 'string') {
    if (failurePolicy && replacement !== 'Failed') errs.push(notSupported(child(path, 'podReplacementPolicy'), named(replacement), ['Failed']));
    else if (!failurePolicy && !REPLACEMENT.includes(replacement)) errs.push(notSupported(child(path, 'podReplacementPolicy'), named(replacement), REPLACEMENT));
  }
  return errs;
}
