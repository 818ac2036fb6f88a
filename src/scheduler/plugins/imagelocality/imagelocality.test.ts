// ImageLocality through the scoring the matchers use (scoreNodes over the cluster's nodes). The rows are upstream's
// TestImageLocalityPriority (pkg/scheduler/framework/plugins/imagelocality/image_locality_test.go, the same rows at
// v1.33.13 to v1.37.2, each node scored with the snapshot of all the row's nodes), with their expected scores as
// upstream's test states them; TestNormalizedImageName's rows as they are.
import { createHash } from 'node:crypto';
import { withConfiguration, type KubernetesVersion } from '../../../core/config';
import type { Node, Pod } from '../../../core/types';
import { toSubject } from '../../../k8s/subject';
import { parseManifests } from '../../../loader';
import { nodeInfo, podInfo } from '../../framework';
import { scoreNodes } from '../../score';
import { scoreCluster } from '../../score-cluster';
import { normalizedImageName } from '.';

const mb = 1024 * 1024;
type Spec = { containers: Array<{ image: string }>; initContainers?: Array<{ image: string }>; volumes?: unknown[] };
type Images = Array<{ names: string[]; sizeBytes: number }>;

const pod = (spec: Spec): Pod => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' },
  spec: {
    ...spec,
    containers: spec.containers.map((c, i) => ({ name: `c${i}`, ...c })),
    ...(spec.initContainers ? { initContainers: spec.initContainers.map((c, i) => ({ name: `i${i}`, ...c })) } : {}),
  } as Pod['spec'],
});
/** makeImageNode: a node with only a name and status.images (no allocatable: unconstrained, every node feasible). */
const node = (name: string, images?: Images): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: images ? { images } : {} });

const containers = (...images: string[]) => images.map((image) => ({ image }));
const test40250: Spec = { containers: containers('gcr.io/40', 'gcr.io/250') };
const test40300: Spec = { containers: containers('gcr.io/40', 'gcr.io/300') };
const testMinMax: Spec = { containers: containers('gcr.io/10', 'gcr.io/4000') };
const test300600900: Spec = { containers: containers('gcr.io/300', 'gcr.io/600', 'gcr.io/900') };
const test3040: Spec = { containers: containers('gcr.io/30', 'gcr.io/40') };
const testImageVolume: Spec = { containers: containers('gcr.io/30'), volumes: [{ name: 'imageVolume', image: { reference: 'gcr.io/300' } }] };
const test30300AsContainers: Spec = { containers: containers('gcr.io/30', 'gcr.io/300') };
const test30Init300: Spec = { containers: containers('gcr.io/30'), initContainers: containers('gcr.io/300') };

const node403002000: Images = [
  { names: ['gcr.io/40:latest', 'gcr.io/40:v1', 'gcr.io/40:v1'], sizeBytes: 40 * mb },
  { names: ['gcr.io/300:latest', 'gcr.io/300:v1'], sizeBytes: 300 * mb },
  { names: ['gcr.io/2000:latest'], sizeBytes: 2000 * mb },
];
const node25010: Images = [{ names: ['gcr.io/250:latest'], sizeBytes: 250 * mb }, { names: ['gcr.io/10:latest', 'gcr.io/10:v1'], sizeBytes: 10 * mb }];
const node60040900: Images = [{ names: ['gcr.io/600:latest'], sizeBytes: 600 * mb }, { names: ['gcr.io/40:latest'], sizeBytes: 40 * mb }, { names: ['gcr.io/900:latest'], sizeBytes: 900 * mb }];
const node300600900: Images = [{ names: ['gcr.io/300:latest'], sizeBytes: 300 * mb }, { names: ['gcr.io/600:latest'], sizeBytes: 600 * mb }, { names: ['gcr.io/900:latest'], sizeBytes: 900 * mb }];
const node400030: Images = [{ names: ['gcr.io/4000:latest'], sizeBytes: 4000 * mb }, { names: ['gcr.io/30:latest'], sizeBytes: 30 * mb }];
const node203040: Images = [{ names: ['gcr.io/20:latest'], sizeBytes: 20 * mb }, { names: ['gcr.io/30:latest'], sizeBytes: 30 * mb }, { names: ['gcr.io/40:latest'], sizeBytes: 40 * mb }];

/** Each node's ImageLocality score, the nodes all feasible and all the cluster. */
function imageLocality(spec: Spec, nodes: Node[], version: KubernetesVersion = '1.37', existing: Pod[] = []): number[] {
  return withConfiguration({ kubernetesVersion: version }, () =>
    scoreNodes(podInfo(toSubject(pod(spec))), nodes.map(nodeInfo), scoreCluster(nodes, existing))
      .map((s) => s.plugins.find((p) => p.plugin === 'ImageLocality')!.score));
}

const RELEASES: KubernetesVersion[] = ['1.33', '1.34', '1.35', '1.36', '1.37'];

describe('ImageLocality: TestImageLocalityPriority (image_locality_test.go, v1.33.13 to v1.37.2)', () => {
  const rows: Array<[string, Spec, Array<[string, Images | undefined]>, number[]]> = [
    ['two images spread on two nodes, prefer the larger image one', test40250, [['node1', node403002000], ['node2', node25010]], [0, 5]],
    ['two images on one node, prefer this node', test40300, [['node1', node403002000], ['node2', node25010]], [7, 0]],
    ['if exceed limit, use limit', testMinMax, [['node1', node400030], ['node2', node25010]], [100, 0]],
    ['if exceed limit, use limit (with node which has no images present)', testMinMax, [['node1', node400030], ['node2', node25010], ['node3', undefined]], [66, 0, 0]],
    ['pod with multiple large images, node2 is preferred', test300600900, [['node1', node60040900], ['node2', node300600900], ['node3', undefined]], [32, 36, 0]],
    ['pod with multiple small images', test3040, [['node1', node203040], ['node2', node400030]], [1, 0]],
    ['include InitContainers: two images spread on two nodes, prefer the larger image one', test30Init300, [['node1', node403002000], ['node2', node203040]], [6, 0]],
  ];
  describe.each(RELEASES)('at %s', (version) => {
    test.each(rows)('%s', (_name, spec, nodes, expected) => {
      expect(imageLocality(spec, nodes.map(([name, images]) => node(name, images)), version)).toEqual(expected);
    });
  });

  // v1.37.2 only (added with image volumes)
  test('same images as ImageVolume pod but as regular container images: [6, 0]', () => {
    expect(imageLocality(test30300AsContainers, [node('node1', node300600900), node('node2', node400030)])).toEqual([6, 0]);
  });

  // "pod with ImageVolume": v1.37.2 expects [6, 0] (the volume is summed and counted: 150Mi within 23Mi–2000Mi),
  // v1.36.3 [12, 0] (summed, not counted: 150Mi within 23Mi–1000Mi). Up to v1.35 sumImageScores reads no volumes
  // and upstream's test has no such row: by hand, gcr.io/30 is not on node1 (0), and on node2 30Mi × 1/2 < 23Mi (0).
  test.each([['1.37', [6, 0]], ['1.36', [12, 0]], ['1.35', [0, 0]], ['1.33', [0, 0]]] as Array<[KubernetesVersion, number[]]>)(
    'pod with ImageVolume at %s: %j', (version, expected) => {
      expect(imageLocality(testImageVolume, [node('node1', node300600900), node('node2', node400030)], version)).toEqual(expected);
    });
});

describe('ImageLocality: TestNormalizedImageName', () => {
  const digest = `sha256:${createHash('sha256').update('root').digest('hex')}`;
  test.each([
    ['add :latest postfix 1', 'root', 'root:latest'],
    ['add :latest postfix 2', 'gcr.io:5000/root', 'gcr.io:5000/root:latest'],
    ['keep it as is 1', 'root:tag', 'root:tag'],
    ['keep it as is 2', `root@${digest}`, `root@${digest}`],
  ])('%s', (_name, input, output) => {
    expect(normalizedImageName(input)).toBe(output);
  });

  test('a pod image without a tag matches the node\'s `:latest` name; a digest only its digest name', () => {
    const nginx = [{ names: [`docker.io/library/nginx@${digest}`, 'docker.io/library/nginx:latest'], sizeBytes: 500 * mb }];
    const nodes = [node('a', nginx), node('b')];
    // by hand: 500Mi × 1/2 = 250Mi; 100 × (250Mi − 23Mi) / (1000Mi − 23Mi) = 23.2 → 23
    expect(imageLocality({ containers: containers('docker.io/library/nginx') }, nodes)).toEqual([23, 0]);
    expect(imageLocality({ containers: containers(`docker.io/library/nginx@${digest}`) }, nodes)).toEqual([23, 0]);
    // the node names the image with its registry: a short name is another name (upstream's TODO in normalizedImageName)
    expect(imageLocality({ containers: containers('nginx') }, nodes)).toEqual([0, 0]);
  });
});

describe('ImageLocality: the cluster the spread is read over (backend/cache/cache.go)', () => {
  const big = (size: number): Images => [{ names: ['registry.example/app:1'], sizeBytes: size }];
  const app = { containers: containers('registry.example/app:1') };

  test('totalNumNodes is every node of the snapshot, not only the feasible ones', () => {
    const nodes = [node('a', big(900 * mb)), node('b', big(900 * mb)), node('c'), node('d')];
    const infos = nodes.map(nodeInfo);
    // scored over a and b alone, in a cluster of four: 900Mi × 2/4 = 450Mi; 100 × (450 − 23) / 977 = 43.7 → 43
    const scores = scoreNodes(podInfo(toSubject(pod(app))), infos.slice(0, 2), scoreCluster(nodes));
    expect(scores.map((s) => s.plugins.find((p) => p.plugin === 'ImageLocality')?.score)).toEqual([43, 43]);
    expect(scores[0].plugins.find((p) => p.plugin === 'ImageLocality')?.detail)
      .toBe('registry.example/app:1 (containers[0]) 900Mi × 2/4 node(s) = 450Mi; sum 450Mi, scored within 23Mi–1000Mi for 1 image(s)');
  });

  test('a name listed by several nodes with different sizes takes the first node\'s size (addNodeImageStates keeps it)', () => {
    // 600Mi × 2/2 = 600Mi → 100 × 577 / 977 = 59.05 → 59 (with the second node's 300Mi it would be 28)
    expect(imageLocality(app, [node('a', big(600 * mb)), node('b', big(300 * mb))])).toEqual([59, 59]);
    expect(imageLocality(app, [node('b', big(300 * mb)), node('a', big(600 * mb))])).toEqual([28, 28]);
  });

  test('the detail says when the node lists no images, or none of the pod\'s', () => {
    const nodes = [node('a', big(600 * mb)), node('b', [{ names: ['other:1'], sizeBytes: mb }]), node('c')];
    const details = withConfiguration({ kubernetesVersion: '1.37' }, () =>
      scoreNodes(podInfo(toSubject(pod({ containers: containers('x:1', 'y:1') }))), nodes.map(nodeInfo), scoreCluster(nodes))
        .map((s) => s.plugins.find((p) => p.plugin === 'ImageLocality')?.detail));
    expect(details).toEqual(["none of the pod's 2 image(s) is in the node's status.images", "none of the pod's 2 image(s) is in the node's status.images", 'the node lists no status.images']);
  });
});

describe('ImageLocality: node images survive the loader', () => {
  test('a node dump\'s status.images reaches the score', () => {
    const [a, b] = parseManifests([
      'apiVersion: v1', 'kind: Node', 'metadata: {name: a}', 'status:', '  images:',
      '  - names: ["quay.io/prometheus/node-exporter@sha256:4cb2b9019f1757be8482419002cb7afe028fdba35d47958829e4cfeaf6246d80", "quay.io/prometheus/node-exporter:v1.8.2"]',
      '    sizeBytes: 1073741824',
      '---', 'apiVersion: v1', 'kind: Node', 'metadata: {name: b}',
    ].join('\n')).nodes();
    // 1Gi × 1/2 = 512Mi; 100 × (512 − 23) / 977 = 50.05 → 50
    expect(imageLocality({ containers: containers('quay.io/prometheus/node-exporter:v1.8.2') }, [a, b])).toEqual([50, 0]);
  });

  test('a sizeBytes that is not an integer is refused with its field, as the API server\'s decoder refuses it', () => {
    expect(() => parseManifests('apiVersion: v1\nkind: Node\nmetadata: {name: a}\nstatus:\n  images:\n  - names: [x]\n    sizeBytes: "1Gi"\n').nodes())
      .toThrow(/status\.images\[0\]\.sizeBytes/);
  });
});
