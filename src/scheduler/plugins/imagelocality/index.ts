// ImageLocality (pkg/scheduler/framework/plugins/imagelocality/image_locality.go): favours nodes that already hold
// the pod's images, as the node's status.images lists them. No PreScore and no NormalizeScore: every node gets
// 100 × (clamped sum − 23Mi) / (1000Mi × images − 23Mi), where each image found on the node adds its size scaled by
// the share of the cluster's nodes that hold it (the "node heating" damper, scaledImageScore).
import type { Node } from '../../../core/types';
import type { Subject } from '../../../k8s/subject';
import { releaseAtLeast, settings, type KubernetesVersion } from '../../../core/config';
import type { NodeInfo, ScorePlugin } from '../../framework';

const MB = 1024 * 1024;
export const MIN_THRESHOLD = 23 * MB;
export const MAX_CONTAINER_THRESHOLD = 1000 * MB;
const MAX_NODE_SCORE = 100;

/** normalizedImageName: a reference without a tag (no `:` after the last `/`) gets `:latest`; a digest keeps its form. */
export function normalizedImageName(name: string): string {
  return name.lastIndexOf(':') <= name.lastIndexOf('/') ? `${name}:latest` : name;
}

/** An image name as the scheduler cache sums it up over the cluster (fwk.ImageStateSummary). */
export interface ImageState {
  /** sizeBytes of the first node (in the cluster's order) that lists the name: cache.go addNodeImageStates keeps it. */
  size: number;
  /** How many of the cluster's nodes list the name. */
  numNodes: number;
}

export interface ImageStates {
  byName: ReadonlyMap<string, ImageState>;
  /** Every node of the snapshot (SnapshotSharedLister().NodeInfos().List()), with or without images. */
  totalNumNodes: number;
}

type Images = NonNullable<NonNullable<Node['status']>['images']>;

// The names a node lists, once per Node object: a node's images do not change while a check runs.
const nodeNames = new WeakMap<Node, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

function namesOf(node: Node): ReadonlySet<string> {
  const images: Images | undefined = node.status?.images;
  if (!images?.length) return NONE;
  let names = nodeNames.get(node);
  // Stryker disable next-line ConditionalExpression: a cache; computing the names again gives the same set
  if (!names) {
    names = new Set(images.flatMap((image) => image?.names ?? []));
    nodeNames.set(node, names);
  }
  return names;
}

// Once per list of nodes: a snapshot keeps its node array between the cycles of a placement.
const statesByList = new WeakMap<readonly unknown[], ImageStates>();

/**
 * The cluster's image states (backend/cache/cache.go addNodeImageStates, nodes added in order): per name, the size
 * the first node listing it gives and the number of nodes listing it.
 */
export function imageStates(nodes: ReadonlyArray<{ readonly info: NodeInfo }>): ImageStates {
  const hit = statesByList.get(nodes);
  // Stryker disable next-line ConditionalExpression: a cache; never reusing it (false) sums up the same states again
  if (hit && hit.totalNumNodes === nodes.length) return hit;
  const byName = new Map<string, ImageState>();
  for (const { info: { node } } of nodes) {
    const images: Images | undefined = node.status?.images;
    if (!images?.length) continue;
    const seen = new Set<string>();
    for (const image of images) {
      for (const name of image?.names ?? []) {
        if (seen.has(name)) continue;
        seen.add(name);
        const state = byName.get(name);
        if (state) state.numNodes++;
        else byName.set(name, { size: Number(image.sizeBytes ?? 0), numNodes: 1 });
      }
    }
  }
  const states = { byName, totalNumNodes: nodes.length };
  statesByList.set(nodes, states);
  return states;
}

/** One image source of the pod (a container's image, or from 1.36 an image volume's reference), normalised. */
export interface PodImage {
  name: string;
  field: string;
}

export interface PodImages {
  images: PodImage[];
  /** The count maxThreshold scales with: init and regular containers, and from 1.37 image volumes too. */
  imageCount: number;
}

type ImageVolume = { image?: { reference?: string } | null };

/**
 * The pod's images as sumImageScores reads them: init containers, then containers (ephemeral containers are not
 * read). Image volumes are summed from 1.36 and also counted in imageCount from 1.37 (image_locality.go at v1.36.3
 * and v1.37.2); up to 1.35 they are not read.
 */
export function podImages(subject: Subject, version?: KubernetesVersion): PodImages {
  const spec = subject.spec as Omit<Subject['spec'], 'volumes'> & { volumes?: ImageVolume[] };
  const images: PodImage[] = [];
  (spec.initContainers ?? []).forEach((c, i) => images.push({ name: normalizedImageName(c.image ?? ''), field: `initContainers[${i}]` }));
  (spec.containers ?? []).forEach((c, i) => images.push({ name: normalizedImageName(c.image ?? ''), field: `containers[${i}]` }));
  let imageCount = images.length;
  if (releaseAtLeast('1.36', version)) {
    // Stryker disable next-line ArrayDeclaration: a stand-in element (a string) has no .image and is skipped like no volume
    (spec.volumes ?? []).forEach((v, i) => {
      if (!v?.image) return;
      images.push({ name: normalizedImageName(v.image.reference ?? ''), field: `volumes[${i}]` });
      if (releaseAtLeast('1.37', version)) imageCount++;
    });
  }
  return { images, imageCount };
}

/** An image of the pod found on the node, with what it adds: int64(float64(size) × numNodes / totalNumNodes). */
export interface FoundImage extends PodImage {
  size: number;
  numNodes: number;
  scaled: number;
}

export interface ImageLocalityScore {
  score: number;
  /** Σ scaled sizes before the clamp to [23Mi, 1000Mi × imageCount]. */
  sum: number;
  imageCount: number;
  found: FoundImage[];
  /** The node lists some image in status.images. */
  listsImages: boolean;
}

/** calculatePriority: the sum clamped to the thresholds, scaled to 0–100 (integer division, as int64). */
export function calculatePriority(sumScores: number, imageCount: number): number {
  const maxThreshold = MAX_CONTAINER_THRESHOLD * imageCount;
  // Stryker disable next-line EqualityOperator: at a sum equal to either threshold, clamping or not gives that threshold
  const clamped = sumScores < MIN_THRESHOLD ? MIN_THRESHOLD : sumScores > maxThreshold ? maxThreshold : sumScores;
  // a pod without images (which the API server refuses) divides 0 by a negative number: 0, not -0
  return Math.trunc((MAX_NODE_SCORE * (clamped - MIN_THRESHOLD)) / (maxThreshold - MIN_THRESHOLD)) || 0;
}

/** Score: the pod's images the node lists, each scaled by how far it has spread over the cluster. */
export function imageLocalityScore(pod: PodImages, node: NodeInfo, states: ImageStates): ImageLocalityScore {
  const names = namesOf(node.node);
  const found: FoundImage[] = [];
  let sum = 0;
  for (const image of pod.images) {
    if (!names.has(image.name)) continue;
    const state = states.byName.get(image.name)!;
    // spread := float64(NumNodes) / float64(totalNumNodes); int64(float64(Size) * spread): the same doubles here
    const scaled = Math.trunc(state.size * (state.numNodes / states.totalNumNodes));
    sum += scaled;
    found.push({ ...image, size: state.size, numNodes: state.numNodes, scaled });
  }
  return { score: calculatePriority(sum, pod.imageCount), sum, imageCount: pod.imageCount, found, listsImages: names.size > 0 };
}

const mi = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10}Mi`;

/** The score's working, for the scores' detail lines. */
export function describeImageLocality(s: ImageLocalityScore, totalNumNodes: number): string {
  if (!s.listsImages) return 'the node lists no status.images';
  if (!s.found.length) return `none of the pod's ${s.imageCount} image(s) is in the node's status.images`;
  const each = s.found.map((f) => `${f.name} (${f.field}) ${mi(f.size)} × ${f.numNodes}/${totalNumNodes} node(s) = ${mi(f.scaled)}`);
  return `${each.join(', ')}; sum ${mi(s.sum)}, scored within ${mi(MIN_THRESHOLD)}–${mi(MAX_CONTAINER_THRESHOLD * s.imageCount)} for ${s.imageCount} image(s)`;
}

/** ImageLocality as a Score plugin: no PreScore upstream (every node scores), its images' spread read over every node of the cluster. */
export const ImageLocality: ScorePlugin<{ images: ImageStates; wanted: PodImages }> = {
  name: 'ImageLocality',
  preScore: (pod, _feasible, cluster) => ({ images: imageStates(cluster.nodes), wanted: podImages(pod.subject, settings().kubernetesVersion) }),
  score: (s, node) => imageLocalityScore(s.wanted, node.info, s.images).score,
  explain: (s, node) => describeImageLocality(imageLocalityScore(s.wanted, node.info, s.images), s.images.totalNumNodes),
};
