// The corpus pass as a domain (domains.ts): the e2e question and comparison (e2e.ts, its known deviations too), one
// group of draws per workload of the real-world corpus (corpus.ts). Without a corpus it is skipped.
import path from 'node:path';
import type { Domain } from './domains';
import { e2e, type E2EOutput } from './e2e';
import type { E2EInput } from './generators-e2e';
import { corpusArb, corpusDir, loadCorpus } from './corpus';

export const corpusDomain: Domain<E2EInput, E2EOutput> = {
  ...e2e,
  name: 'corpus',
  asks: 'e2e',
  groups() {
    const dir = corpusDir(path.resolve(__dirname, '../..'));
    if (!dir) return { groups: [], skipped: 'no corpus', notes: [] };
    const corpus = loadCorpus(dir);
    const notes = [
      `${corpus.files} files, ${corpus.refused.length} refused by the loader${corpus.refused.length ? ` (${corpus.refused.map((r) => r.file).join(', ')})` : ''}`
        + `${corpus.withKind.length ? `, ${corpus.withKind.length} loaded with { kind } (${corpus.withKind.map((w) => `${w.file}: ${w.kind}`).join(', ')})` : ''}`,
      `${corpus.workloads.length} workloads asked; not taken by e2e: ${[...corpus.notTaken].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`,
      `dumped clusters: ${corpus.clusters.map((c) => `${c.file} (${c.nodes.length} nodes, ${c.pods.length} pods)`).join(', ')}`
        + `${corpus.invalidClusters.length ? `; not used (a node the API server refuses, which the oracle does not validate): ${corpus.invalidClusters.join(', ')}` : ''}`,
    ];
    return { groups: corpus.workloads.map((w) => ({ label: w.ref, arbitrary: corpusArb(w, corpus.clusters) })), notes };
  },
};
