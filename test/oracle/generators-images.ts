// Container images for ImageLocality, shared by the scheduling and end-to-end generators: nodes' status.images as
// `kubectl get nodes -o json` prints them, and the image references pods are written with. A node lists each image
// under several names: its digest form first (`repo@sha256:…`), then the tags it was pulled by; containerd names
// Docker Hub images in full (`docker.io/library/nginx:1.27`), dockershim-era nodes by their short name
// (`nginx:1.27`). Sizes run from the pause image's 320 kB to a CUDA image's 3.4 GB, around ImageLocality's
// thresholds (23Mi, 1000Mi per image). Pods name images with and without tags (→ `:latest`), with registry prefixes
// and ports, by digest, in short form (which a containerd node's full names do not match), or not present anywhere.
import { createHash } from 'node:crypto';
import fc from 'fast-check';

interface CatalogImage { repo: string; tags: string[]; size: number }

const CATALOG: CatalogImage[] = [
  { repo: 'registry.k8s.io/pause', tags: ['3.10'], size: 320_368 },
  { repo: 'docker.io/library/nginx', tags: ['1.27', 'latest'], size: 72_099_501 },
  { repo: 'docker.io/library/busybox', tags: ['latest', '1.36'], size: 2_155_978 },
  { repo: 'quay.io/prometheus/node-exporter', tags: ['v1.8.2'], size: 11_685_348 },
  { repo: 'registry.example/app', tags: ['1'], size: 310_524_112 },
  { repo: 'registry.example:5000/team/api', tags: ['latest', 'v2'], size: 640_917_233 },
  { repo: 'nvcr.io/nvidia/cuda', tags: ['12.4.1-runtime-ubuntu22.04'], size: 3_401_846_102 },
];

/** A stable digest per repository, so that pods and nodes name the same image by the same digest. */
const digestOf = (repo: string) => `sha256:${createHash('sha256').update(repo).digest('hex')}`;

const shortName = (repo: string) => repo.replace(/^docker\.io\/library\//, '');

/** One image as a node lists it: the digest name and some of its tags, full or (dockershim) short, its size. */
const listedImage = (image: CatalogImage) => fc.record({
  tags: fc.subarray(image.tags, { minLength: 1 }),
  short: fc.boolean(),
  // now and then another node's copy differs in size (a tag re-pushed): the scheduler cache keeps the first node's
  resized: fc.oneof({ weight: 9, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(-40_000_000, 900_000_000) }),
  // the kubelet lists a name twice now and then (upstream's own test has `gcr.io/40:v1` twice)
  repeated: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
}).map(({ tags, short, resized, repeated }) => {
  const repo = short ? shortName(image.repo) : image.repo;
  const names = [`${repo}@${digestOf(image.repo)}`, ...tags.map((t) => `${repo}:${t}`)];
  return { names: repeated ? [...names, names[names.length - 1]] : names, sizeBytes: Math.max(image.size + resized, 1) };
});

/** A node's status.images: the pause image nearly always, then a few of the catalogue's, in the kubelet's order (largest first). */
export const nodeImagesArb = fc.record({
  pause: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  images: fc.subarray(CATALOG.slice(1), { maxLength: 4 }),
}).chain(({ pause, images }) => fc.tuple(...(pause ? [CATALOG[0], ...images] : images).map(listedImage)))
  .map((list) => [...list].sort((a, b) => b.sizeBytes - a.sizeBytes));

/** An image reference as pods are written with it: mostly images that nodes hold, big enough to score. */
export const podImageArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('registry.example/app:1', 'registry.example:5000/team/api', 'nvcr.io/nvidia/cuda:12.4.1-runtime-ubuntu22.04') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'docker.io/library/nginx:1.27',
      'nginx:1.27',
      'nginx',
      'docker.io/library/busybox',
      'busybox:1.36',
      `registry.example/app@${digestOf('registry.example/app')}`,
      'quay.io/prometheus/node-exporter:v1.8.2',
      'registry.example:5000/team/api:v2',
      'registry.example/other:2',
    ),
  },
);
