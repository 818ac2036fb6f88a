// A chart checked from its rendered output, as CI would get it from `execSync('helm template …')`.
import { origin, parseManifests } from 'jest-k8s-placement';
import { isReady, nodes, pool } from './platform';

// What `helm template edge ./charts/ingress --set controller.hostPort=true` prints (inlined here).
const rendered = `---
# Source: ingress/templates/configmap.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: edge-ingress
  namespace: ingress
data:
  values.yaml: |
    tolerations: null
    nodeSelector:
---
# Source: ingress/templates/daemonset.yaml
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: edge-ingress
  namespace: ingress
spec:
  selector:
    matchLabels: {app: edge-ingress}
  template:
    metadata:
      labels: {app: edge-ingress}
    spec:
      nodeSelector:
        pool: general
      containers:
      - name: controller
        image: registry.k8s.io/ingress-nginx/controller:v1.14.0
        ports:
        - {containerPort: 80, hostPort: 80}
        - {containerPort: 443, hostPort: 443}
        resources:
          requests: {cpu: 100m, memory: 90Mi}
`;

const chart = parseManifests(rendered, 'helm template edge ./charts/ingress');
const ingress = chart.get('daemonset/edge-ingress');

test('the chart renders one DaemonSet and keeps the ConfigMap as data', () => {
  expect(chart.workloads()).toEqual([ingress]);
  expect(chart.all().map((o) => o.kind)).toEqual(['ConfigMap', 'DaemonSet']);
  expect(origin(ingress)).toEqual({ file: 'helm template edge ./charts/ingress', document: 1, line: 14 });
});

test('the ingress controller runs on every Ready general node and nowhere else', () => {
  expect(ingress).toBeSchedulableOnAllOf(pool('general').filter(isReady));
  // a new daemon pod does not go to a NotReady node: it does not tolerate not-ready:NoSchedule
  expect(ingress).not.toBeSchedulableOn(pool('general').find((n) => !isReady(n))!);
  expect(ingress).not.toBeSchedulableOnAnyOf(nodes.filter((n) => !pool('general').includes(n)));
});

test('its host ports keep a second controller off a node that already runs one', () => {
  const existing = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'edge-ingress-x1', namespace: 'ingress' },
    spec: { nodeName: 'general-b1', containers: [{ name: 'controller', image: 'ingress-nginx', ports: [{ containerPort: 80, hostPort: 80 }] }] } };
  expect(ingress).not.toBeSchedulableOnAnyOf(pool('general').slice(0, 1), { existingPods: [existing] });
});
