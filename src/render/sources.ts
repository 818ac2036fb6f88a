// Lines in a chart's templates for the documents helm rendered from them. helm gives only the template's path
// (`# Source: web/templates/deployment.yaml`), and it sorts the documents by kind (InstallOrder in
// pkg/release/util/kind_sorter.go), so a document is matched to the template's chunk (between `---` lines) that
// spells the same `kind:` literally: the n-th rendered Deployment of a template is its n-th Deployment chunk when
// the counts agree. Anything else (`kind: {{ … }}`, a `range` making several) gets no line rather than a wrong one.

export interface RenderedDocument {
  /** 1-based line of the document in helm's output. */
  line: number;
  /** The `# Source:` path, starting with the chart's name. */
  source: string | undefined;
  kind: string | undefined;
  /** 0-based index among the documents of the same source, in output order. */
  indexInSource: number;
}

interface Chunk {
  kind: string | undefined;
  line: number;
  /** 0-based index of the chunk in the template. */
  document: number;
}

/** A template's chunks: the literal top-level `kind:` of each and the line of its first top-level key. */
export function templateChunks(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let current: Chunk = { kind: undefined, line: 0, document: 0 };
  chunks.push(current);
  text.split('\n').forEach((l, i) => {
    if (/^---(\s|$)/.test(l)) {
      current = { kind: undefined, line: 0, document: chunks.length };
      chunks.push(current);
      return;
    }
    if (!current.line && /^[A-Za-z_][\w.-]*:/.test(l)) current.line = i + 1;
    const kind = /^kind:\s*["']?([A-Za-z0-9]+)["']?\s*(#.*)?$/.exec(l);
    if (kind && current.kind === undefined) current.kind = kind[1];
  });
  return chunks.filter((c) => c.line);
}

/** The template line (and chunk index) of each rendered document where it can be known. */
export function templateLines(documents: RenderedDocument[], read: (source: string) => string | undefined): Map<RenderedDocument, { line: number; document: number }> {
  const out = new Map<RenderedDocument, { line: number; document: number }>();
  const bySource = new Map<string, RenderedDocument[]>();
  for (const d of documents) if (d.source) bySource.set(d.source, [...(bySource.get(d.source) ?? []), d]);
  for (const [source, docs] of bySource) {
    const text = read(source);
    if (text === undefined) continue;
    const chunks = templateChunks(text);
    for (const kind of new Set(docs.map((d) => d.kind))) {
      if (kind === undefined) continue;
      const rendered = docs.filter((d) => d.kind === kind);
      const written = chunks.filter((c) => c.kind === kind);
      if (rendered.length === written.length) rendered.forEach((d, i) => out.set(d, { line: written[i].line, document: written[i].document }));
    }
  }
  return out;
}
