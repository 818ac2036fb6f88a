// The storefront chart (charts/storefront) checked the way helm-unittest users check a chart: rendered inside the
// test, once per values set, with every message pointing at the template file and naming the values set.
import { origin, renderCharts } from 'jest-k8s-placement';
import { isReady, node, nodes, pool } from './platform';
import { hasTool } from './tools';

const values = (name: string) => `charts/storefront/values-${name}.yaml`;

if (hasTool('helm')) {
  // One render per values set per run: renderCharts caches on disk, so every spec file rendering them pays once.
  const charts = renderCharts('charts/storefront', {
    prod: [values('prod')],
    staging: [values('staging')],
    gpu: [values('prod'), values('gpu')], // the GPU overlay goes on top of prod, as `-f prod -f gpu`
  }, { release: 'shop', namespace: 'shop', cwd: __dirname });

  describe.each(charts)('values %s', (_name, chart) => {
    const web = chart.get('deployment/shop-web');

    test('the web tier stays off the system and GPU pools', () => {
      expect(web).not.toBeSchedulableOnAnyOf([...pool('system'), ...pool('gpu')]);
    });

    test('the web tier has a Ready general node to go to', () => {
      expect(web).toBeSchedulableOnAnyOf(pool('general').filter(isReady));
    });
  });

  describe('prod', () => {
    const web = charts.prod.get('deployment/shop-web');

    test('a failure names the template file and the values set', () => {
      expect(origin(web)).toMatchObject({ file: 'charts/storefront/templates/web.yaml', values: 'prod' });
      expect(() => expect(web).toBeSchedulableOn(node('gpu-a1'))).toThrow('Deployment shop/shop-web (charts/storefront/templates/web.yaml');
      expect(() => expect(web).toBeSchedulableOn(node('gpu-a1'))).toThrow('values: prod)');
    });

    test('web never runs on spot capacity, and a drain keeps three replicas up', () => {
      expect(web).not.toBeSchedulableOn(node('spot-b1'));
      expect(charts.prod.get('poddisruptionbudget/shop-web')).toMatchObject({ spec: { minAvailable: 3 } });
    });

    test('the ingress controller runs on every Ready general node and nowhere else', () => {
      const ingress = charts.prod.get('daemonset/shop-ingress');
      expect(ingress).toBeSchedulableOnAllOf(pool('general').filter(isReady));
      // a new daemon pod does not go to a NotReady node: it does not tolerate not-ready:NoSchedule
      expect(ingress).not.toBeSchedulableOn(pool('general').find((n) => !isReady(n))!);
      expect(ingress).not.toBeSchedulableOnAnyOf(nodes.filter((n) => !pool('general').includes(n)));
    });

    test("the ingress controller's host ports keep a second one off a node that already runs one", () => {
      const existing = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'shop-ingress-x1', namespace: 'shop' },
        spec: { nodeName: 'general-b1', containers: [{ name: 'controller', image: 'ingress-nginx', ports: [{ containerPort: 80, hostPort: 80 }] }] } };
      expect(charts.prod.get('daemonset/shop-ingress')).not.toBeSchedulableOn(node('general-b1'), { existingPods: [existing] });
    });
  });

  describe('staging', () => {
    test('web may use spot capacity to stay cheap', () => {
      expect(charts.staging.get('deployment/shop-web')).toBeSchedulableOn(node('spot-b1'));
    });

    test('staging renders no ingress controller and no recommender', () => {
      expect(charts.staging.workloads().map((w) => `${w.kind}/${w.metadata?.name}`)).toEqual(['Deployment/shop-web']);
    });
  });

  describe('gpu', () => {
    const recommender = charts.gpu.get('deployment/shop-recommender');

    test('the recommender runs on the GPU pool and nowhere else', () => {
      expect(recommender).toBeSchedulableOn(node('gpu-a1'));
      expect(recommender).not.toBeSchedulableOnAnyOf(nodes.filter((n) => n.metadata?.labels?.pool !== 'gpu'));
      expect(origin(recommender)).toMatchObject({ file: 'charts/storefront/templates/recommender.yaml', values: 'gpu' });
    });

    test('prod values still apply underneath the GPU overlay', () => {
      expect(charts.gpu.get('deployment/shop-web').spec?.replicas).toBe(4);
    });
  });
}
