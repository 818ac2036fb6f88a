// A StatefulSet's pod template spec validated on create from 1.34 (kubernetes#131790): before, v1.33.13's
// ValidatePodTemplateSpecForStatefulSet checks only the template's labels and annotations ("TODO: Add validation for
// PodSpec"), so the API server accepts the StatefulSet and then refuses every Pod its controller creates. v1.34.4 calls
// apivalidation.ValidatePodTemplateSpec (hostname and subdomain cleared: the controller sets them).
// Upstream: pkg/apis/apps/validation/validation.go ValidateStatefulSetSpec / ValidatePodTemplateSpecForStatefulSet at
// v1.33.13 and v1.34.4; the create path of both releases is the oracle's `create` domain (oracle/k8s-1.33, k8s-1.34).
import { describe, expect, it } from '@jest/globals';
import { validate } from '../engine/validate';
import { withConfiguration } from '../core/config';

const statefulSet = (spec: Record<string, unknown>) => ({
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web' },
  spec: { serviceName: 'web', selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec } },
});
const badName = statefulSet({ containers: [{ name: 'C_bad', image: 'registry.example/app:1' }] });
const DNS_LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

describe('StatefulSet template validated at create (kubernetes#131790)', () => {
  it('1.33 accepts the StatefulSet: the error is every Pod\'s', () => {
    const errors = withConfiguration({ kubernetesVersion: '1.33' }, () => validate(badName as never));
    expect(errors).toEqual([{
      field: 'spec.template.spec.containers[0].name',
      message: `Invalid value: "C_bad": ${DNS_LABEL} (the API server accepts the StatefulSet but refuses every Pod it creates)`,
    }]);
  });

  it('1.34 refuses the StatefulSet itself', () => {
    const errors = withConfiguration({ kubernetesVersion: '1.34' }, () => validate(badName as never));
    expect(errors).toEqual([{ field: 'spec.template.spec.containers[0].name', message: `Invalid value: "C_bad": ${DNS_LABEL}` }]);
  });

  it('the template\'s labels are checked at both releases', () => {
    const badLabel = { ...badName, spec: { ...badName.spec, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web', tier: '-x' } }, spec: { containers: [{ name: 'c', image: 'registry.example/app:1' }] } } } };
    for (const v of ['1.33', '1.34'] as const) {
      const fields = withConfiguration({ kubernetesVersion: v }, () => validate(badLabel as never)).map((e) => e.field);
      // 1.34 looks at them twice (ValidatePodTemplateSpec, then ValidatePodTemplateSpecForStatefulSet's own check)
      expect(fields).toEqual(v === '1.33' ? ['spec.template.labels'] : ['spec.template.labels', 'spec.template.labels']);
    }
  });
});
