// The mutating admission plugins run before the API server validates a Pod (apiserver's create handler: Admit, then
// the registry's BeforeCreate → Validate), so a toleration they replace or drop is never validated:
// plugin/pkg/admission/extendedresourcetoleration/admission.go (helper.AddOrUpdateTolerationInPod replaces the pod's
// toleration equal in key, operator, value and effect) and plugin/pkg/admission/runtimeclass/admission.go setScheduling
// (pkg/util/tolerations MergeTolerations drops a toleration another is a superset of), at v1.37.2. The
// ExtendedResourceToleration cases are frozen from the create oracle too (test/fixtures/oracle-regressions-create.json).
import type { KubeObject, Toleration } from '../core/types';
import { resetConfiguration, withConfiguration } from '../core/config';
import { validate } from '../engine/validate';
import { admitPod } from '.';
import { toSubject } from '../k8s/subject';
import { extendedResourcesRequested } from './extended-resource-toleration';

afterEach(resetConfiguration);

const pod = (tolerations: Toleration[], extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' },
  spec: { containers: [{ name: 'c', image: 'registry.example/app:1', resources: { limits: { 'example.com/gpu': '1' } } }], tolerations, ...extra },
}) as KubeObject;

// an invalid toleration: tolerationSeconds is for NoExecute only (ValidateTolerations)
const gpuWithSeconds: Toleration = { key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 0 };
const EFFECT_ERROR = "Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set";

describe('ExtendedResourceToleration before validation', () => {
  test('off: the toleration is validated as written', () => {
    expect(validate(pod([gpuWithSeconds]))).toEqual([{ field: 'spec.tolerations[0].effect', message: EFFECT_ERROR }]);
  });

  test('on: the plugin replaces it with its own before validation, so the pod is accepted with the plugin\'s toleration', () => {
    withConfiguration({ admission: { extendedResourceToleration: true } }, () => {
      const object = pod([{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }, gpuWithSeconds]);
      expect(validate(object)).toEqual([]);
      const admitted = admitPod(toSubject(object as never));
      expect(admitted.tolerations.slice(0, 2)).toEqual([
        { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
        { key: 'example.com/gpu', operator: 'Exists', effect: 'NoSchedule' },
      ]);
      expect(admitted.sources.slice(0, 2)).toEqual(['pod spec', 'ExtendedResourceToleration admission']);
    });
  });

  test('on: a toleration that differs in value or effect is not the plugin\'s and is still validated, at its own index', () => {
    withConfiguration({ admission: { extendedResourceToleration: true } }, () => {
      const other: Toleration = { key: 'example.com/gpu', operator: 'Exists', effect: 'PreferNoSchedule', tolerationSeconds: 5 };
      expect(validate(pod([other]))).toEqual([{ field: 'spec.tolerations[0].effect', message: EFFECT_ERROR.replace('"NoSchedule"', '"PreferNoSchedule"') }]);
    });
  });

  test('on: a pod requesting no extended resource keeps its tolerations for validation', () => {
    withConfiguration({ admission: { extendedResourceToleration: true } }, () => {
      const object = pod([gpuWithSeconds]);
      (object as { spec: { containers: Array<{ resources?: unknown }> } }).spec.containers[0].resources = { limits: { cpu: '1' } };
      expect(validate(object)).toEqual([{ field: 'spec.tolerations[0].effect', message: EFFECT_ERROR }]);
    });
  });

  test('on: a `null` container (an API object not from the loader, which zeroes it) requests nothing', () => {
    expect(extendedResourcesRequested({ containers: [null, { name: 'c', resources: { requests: { 'example.com/fpga': '1' } } }] } as never)).toEqual(['example.com/fpga']);
  });

  test('a workload template is validated as written: the plugin admits Pods, not Deployments', () => {
    withConfiguration({ admission: { extendedResourceToleration: true } }, () => {
      const template = pod([gpuWithSeconds]);
      const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
        spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: (template as { spec?: unknown }).spec } } } as unknown as KubeObject;
      expect(validate(deployment).map((e) => e.field)).toEqual(['spec.template.spec.tolerations[0].effect']);
    });
  });
});

describe('RuntimeClass before validation', () => {
  const handler = { apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc',
    scheduling: { tolerations: [{ key: 'example.com/gpu', operator: 'Exists' }] } } as unknown as KubeObject;

  test('a class toleration that is a superset of the pod\'s drops it before validation (MergeTolerations)', () => {
    withConfiguration({ runtimeClasses: [handler] }, () => {
      expect(validate(pod([gpuWithSeconds], { runtimeClassName: 'gvisor' }))).toEqual([]);
    });
  });

  test('the errors of the tolerations kept are at their merged index', () => {
    withConfiguration({ runtimeClasses: [handler] }, () => {
      const bad: Toleration = { key: 'team', operator: 'Equal', value: 'a', effect: 'NoSchedule', tolerationSeconds: 1 };
      expect(validate(pod([gpuWithSeconds, bad], { runtimeClassName: 'gvisor' }))).toEqual([{ field: 'spec.tolerations[0].effect', message: EFFECT_ERROR }]);
    });
  });

  test('without the plugin, or with a class it does not find, the pod\'s tolerations are validated as written', () => {
    withConfiguration({ runtimeClasses: [handler], admission: { runtimeClass: false } }, () => {
      expect(validate(pod([gpuWithSeconds], { runtimeClassName: 'gvisor' })).map((e) => e.field)).toEqual(['spec.tolerations[0].effect']);
    });
    withConfiguration({ runtimeClasses: [] }, () => {
      expect(validate(pod([gpuWithSeconds], { runtimeClassName: 'gvisor' })).map((e) => e.field)).toEqual(['spec.tolerations[0].effect']);
    });
  });
});
