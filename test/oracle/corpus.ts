// The corpus pass of the e2e domain: every workload of the real-world corpus (../shared/corpus, or $K8S_CORPUS; never
// copied into the project), as the library's loader (loadManifests) reads it, asked the e2e question (e2e.ts) against
// node sets the e2e generator draws and the corpus's own node dumps, and compared exactly as the e2e domain compares.
// - Files: each file is loaded on its own; a headerless dump the loader refuses for its missing kind is loaded again
//   with the option { kind } the loader's message names (Pod or Node, whichever the loader accepts and the objects
//   are); a file the loader still refuses is skipped and counted.
// - Workloads: what the loader's workloads() gives of the kinds the e2e domain takes (Pod, Deployment, ReplicaSet,
//   StatefulSet, DaemonSet, Job, CronJob); others (ReplicationController, PodTemplate) are counted, not asked.
// - Node sets: per draw, the generator's nodes, or one dumped cluster (the nodes of one file, with the dumped pods
//   bound to them as the cluster's pods), or both. The generator's pods and replicas are bound to node i of the set
//   where it names n<i> (the draw's cluster has no pods of its own) or are dropped (it has).
// - The rest of the cluster: the generator's Namespaces, Services, RuntimeClasses and storage, with the workload
//   file's own Namespaces and Services (namespace-less ones in `default`, where kubectl's context puts them), and a
//   Namespace for every namespace the workload and the cluster's pods are in (a cluster has it).
// - Not given: PriorityClasses (the corpus has them; neither side runs Priority admission in the oracle, run.ts).
import fc from 'fast-check';
import { globSync } from 'glob';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { inputArbOf, type E2EInput } from './generators-e2e';
import { inputCheckedOnce, loadManifests, ManifestError, type KubeObject, type Manifests, type Node } from './lib';

/** The kinds the e2e domain's Go side takes (oracle/shared/workloads.go controllerPods). */
export const E2E_KINDS = new Set(['Pod', 'Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob']);

type Obj = Record<string, any>;

export interface CorpusWorkload { file: string; ref: string; workload: Obj; namespaces: Obj[]; services: Obj[] }
/** A dumped cluster: the nodes of one file and the dumped pods bound to them. */
export interface DumpedCluster { file: string; nodes: Obj[]; pods: Obj[] }

export interface Corpus {
  dir: string;
  files: number;
  /** Files the loader refuses (with and without { kind }): skipped. */
  refused: Array<{ file: string; message: string }>;
  /** Headerless files loaded with { kind }. */
  withKind: Array<{ file: string; kind: string }>;
  workloads: CorpusWorkload[];
  /** Workload-like objects the e2e domain does not take, per kind. */
  notTaken: Map<string, number>;
  clusters: DumpedCluster[];
  /** Dumped node sets not asked about: a node the library refuses as the API server would (the oracle cannot answer). */
  invalidClusters: string[];
}

/** The corpus directory: $K8S_CORPUS, else ../shared/corpus beside the repository (CI has it there). */
export function corpusDir(root: string): string | undefined {
  const dir = process.env.K8S_CORPUS ?? path.resolve(root, '../shared/corpus');
  return existsSync(dir) ? dir : undefined;
}

const HEADERLESS = /has no apiVersion or kind/;
const looksLike: Record<string, (o: KubeObject) => boolean> = {
  Pod: (o) => Array.isArray((o as Obj).spec?.containers),
  Node: (o) => !(o as Obj).spec?.containers && ((o as Obj).status?.capacity !== undefined || (o as Obj).status?.nodeInfo !== undefined),
};

/** One file through the loader, or why it refused it. */
function loadFile(dir: string, file: string): { loaded?: Manifests; kind?: string; refused?: string } {
  try {
    return { loaded: loadManifests(file, { cwd: dir }) };
  } catch (e) {
    if (!(e instanceof ManifestError)) throw e;
    if (!e.problems.every((p) => HEADERLESS.test(p.message))) return { refused: e.message };
    for (const kind of Object.keys(looksLike)) {
      try {
        const loaded = loadManifests(file, { cwd: dir, kind });
        if (loaded.all().every(looksLike[kind])) return { loaded, kind };
      } catch {
        // not this kind
      }
    }
    return { refused: e.message };
  }
}

const nsOf = (o: Obj) => o.metadata?.namespace || 'default';
const plain = <T>(o: T): T => JSON.parse(JSON.stringify(o));


export function loadCorpus(dir: string): Corpus {
  const files = globSync('**/*', { cwd: dir, nodir: true }).filter((f) => f !== 'SOURCES.md').sort();
  const corpus: Corpus = { dir, files: files.length, refused: [], withKind: [], workloads: [], notTaken: new Map(), clusters: [], invalidClusters: [] };
  const dumpedPods: Obj[] = [];
  for (const file of files) {
    const { loaded, kind, refused } = loadFile(dir, file);
    if (!loaded) {
      corpus.refused.push({ file, message: refused! });
      continue;
    }
    if (kind) corpus.withKind.push({ file, kind });
    const objects = loaded.all();
    const namespaces = objects.filter((o) => o.kind === 'Namespace' && o.apiVersion === 'v1').map(plain);
    const services = objects.filter((o) => o.kind === 'Service' && o.apiVersion === 'v1')
      .map((s) => plain({ ...s, metadata: { ...s.metadata, namespace: nsOf(s) } }));
    const nodes = objects.filter((o) => o.kind === 'Node');
    if (nodes.length) corpus.clusters.push({ file, nodes: nodes.map(plain), pods: [] });
    const workloads = loaded.workloads();
    for (const w of workloads) {
      if (w.kind === 'Pod' && (w as Obj).spec?.nodeName) dumpedPods.push(plain(w));
      if (!E2E_KINDS.has(w.kind!)) {
        corpus.notTaken.set(w.kind!, (corpus.notTaken.get(w.kind!) ?? 0) + 1);
        continue;
      }
      const ref = `${file}#${w.kind}/${nsOf(w)}/${w.metadata?.name}`;
      corpus.workloads.push({ file, ref, workload: w, namespaces, services });
    }
  }
  // a node set the API server would refuse (kubernetes-api/core.v1.Node.yaml, every field a placeholder) is not asked
  // about: the Go side decodes and defaults dumped nodes but does not validate them (e2e.go e2eNodes), so it has no
  // answer to compare with the library's refusal
  corpus.invalidClusters = corpus.clusters.filter((c) => c.nodes.some((n) => inputCheckedOnce(n as Node).errors.length)).map((c) => c.file);
  corpus.clusters = corpus.clusters.filter((c) => !corpus.invalidClusters.includes(c.file));
  for (const c of corpus.clusters) {
    const names = new Set(c.nodes.map((n) => n.metadata?.name));
    c.pods = dumpedPods.filter((p) => names.has(p.spec.nodeName));
  }
  return corpus;
}

const NODE_NAME = /^n(\d)$/;

/** The draw's node set: the generator's, a dumped cluster's, or both. */
type Source = { cluster?: DumpedCluster; mixed: boolean };

/** An e2e case of the generator's draw, with the node set and the rest of the cluster as the corpus gives them. */
function withCorpus(base: E2EInput, source: Source, w: CorpusWorkload): E2EInput {
  const self = `${nsOf(w.workload)}/${w.workload.metadata?.name}`;
  let { nodes, pods, replicas } = base;
  if (source.cluster) {
    const dumped = source.cluster.nodes;
    const names = dumped.map((n) => n.metadata?.name as string);
    // the generator's n<i> as node i of the set (mixed: the generator's nodes are in it as they are)
    const bind = (node: string) => (source.mixed ? node : names[Number(NODE_NAME.exec(node)?.[1] ?? 0) % names.length]);
    const own = source.cluster.pods.filter((p) => `${nsOf(p)}/${p.metadata?.name}` !== self);
    nodes = source.mixed ? [...nodes, ...dumped] : dumped;
    pods = own.length && !source.mixed ? own : [...own, ...pods.map((p) => ({ ...p, spec: { ...p.spec, nodeName: bind(p.spec.nodeName) } }))];
    replicas = replicas.map(bind);
  }
  const namespaces = new Map<string, Obj>(base.namespaces.map((n) => [n.metadata.name, n]));
  for (const n of w.namespaces) namespaces.set(n.metadata.name, n);
  for (const ns of [nsOf(w.workload), ...pods.map(nsOf)]) {
    if (!namespaces.has(ns)) namespaces.set(ns, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  }
  const services = [...w.services, ...base.services.filter((s) => !w.services.some((o) => nsOf(o) === nsOf(s) && o.metadata.name === s.metadata.name))];
  return { ...base, workload: w.workload, nodes, pods, replicas, namespaces: [...namespaces.values()], services };
}

/** The draws for one corpus workload: the generator's cluster around it, the node set drawn as Source says. */
export function corpusArb(w: CorpusWorkload, clusters: readonly DumpedCluster[]): fc.Arbitrary<E2EInput> {
  const sources: Array<{ weight: number; arbitrary: fc.Arbitrary<Source> }> = [{ weight: 2, arbitrary: fc.constant({ mixed: false }) }];
  if (clusters.length) {
    sources.push({ weight: 2, arbitrary: fc.constantFrom(...clusters).map((cluster) => ({ cluster, mixed: false })) });
    sources.push({ weight: 1, arbitrary: fc.constantFrom(...clusters).map((cluster) => ({ cluster, mixed: true })) });
  }
  return fc.record({ base: inputArbOf(fc.constant(w.workload)), source: fc.oneof(...sources) }).map(({ base, source }) => withCorpus(base, source, w));
}
