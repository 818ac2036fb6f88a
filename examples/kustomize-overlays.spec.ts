// The reports service's kustomize base and overlays (kustomize/), built inside the test with renderKustomization:
// each object points at the base or overlay file that declared it.
import { origin, renderKustomization } from 'jest-k8s-placement';
import { node, nodes } from './platform';
import { hasTool } from './tools';

if (hasTool('kustomize')) {
  const build = (overlay: string) => renderKustomization(`kustomize/overlays/${overlay}`, { cwd: __dirname });

  describe('overlays/prod', () => {
    const prod = build('prod');
    const reports = prod.get('deployment/reports');

    test('reports runs on the Ready, uncordoned general nodes only, never on spot', () => {
      expect(reports).toBeSchedulableOnAllOf([node('general-b1'), node('general-c1')]);
      expect(reports).not.toBeSchedulableOn(node('general-c2')); // cordoned
      expect(reports).not.toBeSchedulableOnAnyOf(nodes.filter((n) => n.metadata?.labels?.pool !== 'general'));
    });

    test('the Deployment points at the base that declared it, the budget at the overlay', () => {
      expect(origin(reports)).toMatchObject({ file: 'kustomize/base/deployment.yaml' });
      expect(origin(prod.get('poddisruptionbudget/reports'))).toMatchObject({ file: 'kustomize/overlays/prod/budget.yaml' });
      expect(() => expect(reports).toBeSchedulableOn(node('spot-b1'))).toThrow('Deployment reports/reports (kustomize/base/deployment.yaml:1, overlay: kustomize/overlays/prod)');
    });

    test("kustomize's origin annotation is not left on the objects", () => {
      expect(reports.metadata?.annotations?.['config.kubernetes.io/origin']).toBeUndefined();
      expect(reports.spec?.replicas).toBe(3);
    });
  });

  describe('overlays/spot', () => {
    const batch = build('spot').get('deployment/reports-batch');

    test('the batch copy goes to spot capacity and nowhere else', () => {
      expect(batch).toBeSchedulableOn(node('spot-b1'));
      expect(batch).not.toBeSchedulableOnAnyOf(nodes.filter((n) => n.metadata?.labels?.pool !== 'spot'));
    });
  });
}
