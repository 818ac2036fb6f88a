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
import { imageStates, normalizedImageName } from '.';

const mb = 1024 * 1024;
type Spec = { containers: Array<{ image?: string }>; initContainers?: Array<{ image?: string }>; volumes?: unknown[] };
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

/** Each node's ImageLocality score and detail line, the nodes all feasible and all the cluster. */
function imageLocalityOf(subject: Pod, nodes: Node[], version: KubernetesVersion = '1.37', existing: Pod[] = []) {
  return withConfiguration({ kubernetesVersion: version }, () =>
    scoreNodes(podInfo(toSubject(subject)), nodes.map(nodeInfo), scoreCluster(nodes, existing))
      .map((s) => s.plugins.find((p) => p.plugin === 'ImageLocality')!));
}
const imageLocality = (spec: Spec, nodes: Node[], version?: KubernetesVersion, existing?: Pod[]): number[] =>
  imageLocalityOf(pod(spec), nodes, version, existing).map((p) => p.score);
const details = (spec: Spec, nodes: Node[], version?: KubernetesVersion): Array<string | undefined> =>
  imageLocalityOf(pod(spec), nodes, version).map((p) => p.detail);

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

describe('ImageLocality: sumImageScores and calculatePriority (image_locality.go at v1.37.2)', () => {
  test('a sum above 1000Mi × images is clamped to it: 100, never more', () => {
    // 4000Mi × 2/2 = 4000Mi > maxThreshold 1000Mi → 100 × (1000 − 23) / (1000 − 23) = 100
    const big: Images = [{ names: ['registry.example/big:1'], sizeBytes: 4000 * mb }];
    expect(imageLocality({ containers: containers('registry.example/big:1') }, [node('a', big), node('b', big)])).toEqual([100, 100]);
  });

  test('the detail names each image found with its field and the range the sum is scored in', () => {
    // "pod with multiple large images" (TestImageLocalityPriority, node2 scores 36): 300Mi × 1/3 + 600Mi × 2/3 + 900Mi × 2/3
    const nodes = [node('node1', node60040900), node('node2', node300600900), node('node3')];
    expect(details(test300600900, nodes)[1]).toBe('gcr.io/300:latest (containers[0]) 300Mi × 1/3 node(s) = 100Mi, '
      + 'gcr.io/600:latest (containers[1]) 600Mi × 2/3 node(s) = 400Mi, gcr.io/900:latest (containers[2]) 900Mi × 2/3 node(s) = 600Mi; '
      + 'sum 1100Mi, scored within 23Mi–3000Mi for 3 image(s)');
    // "include InitContainers" (node1 scores 6): the init container's image, two images in the pod
    expect(details(test30Init300, [node('node1', node403002000), node('node2', node203040)])[0])
      .toBe('gcr.io/300:latest (initContainers[0]) 300Mi × 1/2 node(s) = 150Mi; sum 150Mi, scored within 23Mi–2000Mi for 2 image(s)');
    // "pod with ImageVolume" at 1.37 (node1 scores 6): the volume's reference, counted
    expect(details(testImageVolume, [node('node1', node300600900), node('node2', node400030)])[0])
      .toBe('gcr.io/300:latest (volumes[0]) 300Mi × 1/2 node(s) = 150Mi; sum 150Mi, scored within 23Mi–2000Mi for 2 image(s)');
  });

  test('a container or image volume without an image is looked up as normalizedImageName(""), ":latest"', () => {
    // container.Image and volume.Image.Reference are plain strings upstream: absent is "", normalised to ":latest"
    const nodes = [node('a', [{ names: [':latest'], sizeBytes: 500 * mb }]), node('b')];
    // 500Mi × 1/2 = 250Mi; two images: 100 × (250 − 23) / (2000 − 23) = 11.5 → 11; one: 100 × 227 / 977 = 23.2 → 23
    expect(imageLocality({ initContainers: [{}], containers: containers('x:1') }, nodes)).toEqual([11, 0]);
    expect(imageLocality({ containers: [{}] }, nodes)).toEqual([23, 0]);
    expect(imageLocality({ containers: containers('x:1'), volumes: [{ name: 'v', image: {} }] }, nodes)).toEqual([11, 0]);
  });

  test('a pod without containers counts no image (imageCount 0; the API server refuses such a pod)', () => {
    const bare: Pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: {} as Pod['spec'] };
    const nodes = [node('a', [{ names: ['x:1'], sizeBytes: mb }])];
    expect(imageLocalityOf(bare, nodes).map((p) => [p.score, p.detail])).toEqual([[0, "none of the pod's 0 image(s) is in the node's status.images"]]);
  });

  test('null entries in status.images or spec.volumes read as empty ones, as Go decodes JSON null into a zero struct', () => {
    const [a, b] = [
      JSON.parse('{"apiVersion":"v1","kind":"Node","metadata":{"name":"a"},"status":{"images":[null,{"names":["x:1"],"sizeBytes":524288000}]}}') as Node,
      node('b'),
    ];
    // 500Mi × 1/2 = 250Mi → 23 (one image); with the null volume skipped (no image source) the count stays 1
    expect(imageLocality({ containers: containers('x:1'), volumes: [null] }, [a, b])).toEqual([23, 0]);
  });

  test('images without names give the node no name: it "lists no status.images"', () => {
    const nodes = [node('a', [{ sizeBytes: 500 * mb } as Images[number]]), node('b', [{ names: ['x:1'], sizeBytes: mb }])];
    expect(details({ containers: containers('y:1') }, nodes)).toEqual(['the node lists no status.images', "none of the pod's 1 image(s) is in the node's status.images"]);
  });

  test('a name a node lists twice counts the node once (addNodeImageStates inserts the node into a set)', () => {
    const twice: Images = [{ names: ['app:1'], sizeBytes: 600 * mb }, { names: ['app:1', 'app:1'], sizeBytes: 600 * mb }];
    // NumNodes 1 of 2 nodes: 600Mi × 1/2 = 300Mi → 100 × 277 / 977 = 28.4 → 28
    expect(imageLocality({ containers: containers('app:1') }, [node('a', twice), node('b')])).toEqual([28, 0]);
  });

  test('imageStates sums up the nodes of the list as it is now: a node added later is counted', () => {
    const list = [node('a', [{ names: ['app:1'], sizeBytes: 600 * mb }, { sizeBytes: mb } as Images[number]])].map((n) => ({ info: nodeInfo(n) }));
    const summary = (s: ReturnType<typeof imageStates>) => ({ names: Object.fromEntries(s.byName), totalNumNodes: s.totalNumNodes });
    expect(summary(imageStates(list))).toEqual({ names: { 'app:1': { size: 600 * mb, numNodes: 1 } }, totalNumNodes: 1 });
    list.push({ info: nodeInfo(node('b', [{ names: ['app:1'], sizeBytes: 300 * mb }])) });
    expect(summary(imageStates(list))).toEqual({ names: { 'app:1': { size: 600 * mb, numNodes: 2 } }, totalNumNodes: 2 });
  });
});
