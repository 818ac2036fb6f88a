// What the API server refuses in a NodePool: the CRD schema and CEL rules of
// kubernetes-sigs/karpenter pkg/apis/crds/karpenter.sh_nodepools.yaml (v1).
import type { FieldError } from '../core/types';
import { isQualifiedName, isValidLabelValue } from '../k8s/names';
import { validateTaints } from '../k8s/validation';
import type { NodePool } from '../k8s/nodepool';
import { settings } from '../core/config';
import { karpenterRelease } from '../core/karpenter-releases';

/** The three CEL rules on label keys (template labels and requirement keys). */
function keyRules(key: string): string[] {
  const out: string[] = [];
  const domain = key.includes('/') ? key.slice(0, key.indexOf('/')) : key;
  if (!['karpenter.sh/capacity-type', 'karpenter.sh/nodepool'].includes(key) && domain.endsWith('karpenter.sh')) out.push('label domain "karpenter.sh" is restricted');
  if (key === 'karpenter.sh/nodepool') out.push('label "karpenter.sh/nodepool" is restricted');
  if (key === 'kubernetes.io/hostname') out.push('label "kubernetes.io/hostname" is restricted');
  return out;
}

const nonNegativeInt = (v: string | undefined) => v !== undefined && /^[+-]?[0-9]+$/.test(v) && Number(v) >= 0;

export function validateNodePool(pool: NodePool): FieldError[] {
  const release = karpenterRelease(settings().karpenterVersion);
  const OPERATORS = release.nodePoolOperators;
  const errs: FieldError[] = [];
  const bad = (field: string, value: unknown, message: string) => errs.push({ field, message: `Invalid value: ${JSON.stringify(value)}: ${message}` });
  if (!pool.metadata?.name) errs.push({ field: 'metadata.name', message: 'Required value: name or generateName is required' });
  const w = pool.spec?.weight;
  if (w !== undefined && (!Number.isInteger(w) || w < 1 || w > 100)) bad('spec.weight', w, 'spec.weight in body should be an integer between 1 and 100');
  const tpl = pool.spec?.template;
  const labels = tpl?.metadata?.labels ?? {};
  for (const [k, v] of Object.entries(labels)) {
    for (const m of [...isQualifiedName(k), ...keyRules(k)]) bad('spec.template.metadata.labels', k, m);
    for (const m of isValidLabelValue(String(v))) bad(`spec.template.metadata.labels["${k}"]`, v, m);
  }
  const spec = tpl?.spec;
  if (!spec?.requirements) errs.push({ field: 'spec.template.spec.requirements', message: 'Required value' });
  (spec?.requirements ?? []).forEach((r, i) => {
    const at = `spec.template.spec.requirements[${i}]`;
    if (!r.key) errs.push({ field: `${at}.key`, message: 'Required value' });
    else for (const m of [...isQualifiedName(r.key), ...keyRules(r.key)]) bad(`${at}.key`, r.key, m);
    if (!OPERATORS.includes(r.operator)) errs.push({ field: `${at}.operator`, message: `Unsupported value: ${JSON.stringify(r.operator)}: supported values: ${OPERATORS.map((o) => `"${o}"`).join(', ')}` });
    (r.values ?? []).forEach((v, j) => { for (const m of isValidLabelValue(v)) bad(`${at}.values[${j}]`, v, m); });
    if (r.minValues !== undefined && (!Number.isInteger(r.minValues) || r.minValues < 1 || r.minValues > 50)) bad(`${at}.minValues`, r.minValues, 'should be an integer between 1 and 50');
    if (r.operator === 'In' && !(r.values ?? []).length) bad('spec.template.spec.requirements', 'array', "requirements with operator 'In' must have a value defined");
    if (['Gt', 'Lt', 'Gte', 'Lte'].includes(r.operator) && !((r.values ?? []).length === 1 && nonNegativeInt(r.values![0]))) {
      bad('spec.template.spec.requirements', 'array', "requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value");
    }
    if (r.operator === 'In' && r.minValues !== undefined && (r.values ?? []).length < r.minValues) {
      bad('spec.template.spec.requirements', 'array', "requirements with 'minValues' must have at least that many values specified in the 'values' field");
    }
  });
  // Duplicates are RuntimeValidate's (ValidationSucceeded=False), not the schema's.
  const noDup = (e: FieldError) => !e.message.startsWith('Duplicate value');
  errs.push(...validateTaints(spec?.taints, 'spec.template.spec.taints').filter(noDup));
  errs.push(...validateTaints(spec?.startupTaints, 'spec.template.spec.startupTaints').filter(noDup));
  const ref = spec?.nodeClassRef;
  if (pool.apiVersion !== 'karpenter.sh/v1beta1') {
    if (!ref) errs.push({ field: 'spec.template.spec.nodeClassRef', message: 'Required value' });
    else for (const f of ['group', 'kind', 'name'] as const) if (!ref[f]) bad(`spec.template.spec.nodeClassRef.${f}`, ref[f] ?? '', `${f} may not be empty`);
  } else if (!ref?.name) errs.push({ field: 'spec.template.spec.nodeClassRef.name', message: 'Required value' });
  if (pool.spec?.replicas !== undefined && w !== undefined) bad('spec', 'object', "'weight' is not supported on static NodePools");
  if (pool.apiVersion !== 'karpenter.sh/v1beta1') errs.push(...disruptionErrors(pool, release.disruptionReasons, release.consolidateAfterRequired));
  return errs;
}

/** spec.disruption's schema rules that changed between releases: consolidateAfter required (v1.14), the budget reasons enum. */
function disruptionErrors(pool: NodePool, reasons: readonly string[], consolidateAfterRequired: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const disruption = (pool.spec as { disruption?: { consolidateAfter?: unknown; budgets?: Array<{ reasons?: unknown[] }> } } | undefined)?.disruption;
  if (!disruption) return errs; // the CRD's default is {consolidateAfter: 0s}
  if (consolidateAfterRequired && disruption.consolidateAfter === undefined) errs.push({ field: 'spec.disruption.consolidateAfter', message: 'Required value' });
  (disruption.budgets ?? []).forEach((b, i) => (b.reasons ?? []).forEach((r, j) => {
    if (!reasons.includes(r as string)) {
      errs.push({ field: `spec.disruption.budgets[${i}].reasons[${j}]`, message: `Unsupported value: ${JSON.stringify(r)}: supported values: ${reasons.map((x) => `"${x}"`).join(', ')}` });
    }
  }));
  return errs;
}
