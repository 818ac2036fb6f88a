// Remote bases and files in a kustomization tree, found before kustomize runs. kustomize fetches them itself: an
// http(s) URL through its file loader (api/internal/loader/fileloader.go IsRemoteFile, Load) and a git URL by cloning
// it (fileloader.go New → api/internal/git/repospec.go NewRepoSpecFromURL). In a test run that is code from an
// untrusted pull request choosing what the CI runner downloads, and a build that needs the network, so
// renderKustomization refuses them unless told otherwise.
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';

export interface RemoteEntry {
  /** The kustomization file that names it. */
  file: string;
  /** 1-based, 0 when the text is not found. */
  line: number;
  /** Where in the kustomization: `resources[1]`, `configMapGenerator[0].files[2]`. */
  field: string;
  value: string;
}

/**
 * Is it a URL kustomize fetches? NewRepoSpecFromURL strips a `git::` prefix and accepts the ssh, https, http and
 * file schemes, an scp-style `user@host:` and `github.com/`/`github.com:` without a scheme; IsRemoteFile takes
 * http(s) URLs. (file:// clones a local repository: not the network, but outside the tree, so it is refused too.)
 */
export function isRemote(value: string): boolean {
  const s = value.replace(/^git::/i, '');
  return /^(ssh|https?|file):\/\//i.test(s) || /^[a-zA-Z][a-zA-Z0-9-]*@/.test(s) || /^github\.com[/:]/i.test(s);
}

// The fields kustomize loads through ldr.New (a directory: a base, a component) or ldr.Load (a file)
// (api/types/kustomization.go; api/internal/target/kusttarget.go).
const DIRECTORIES = ['resources', 'bases', 'components', 'generators', 'transformers', 'validators'];
const FILES = ['crds', 'configurations', 'patchesStrategicMerge'];
const WITH_PATH = ['patches', 'patchesJson6902', 'replacements'];
const GENERATORS = ['configMapGenerator', 'secretGenerator'];

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const isDirectory = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** The remote entries of the kustomization in `dir` and of every local base and component it reaches. */
export function remoteEntries(dir: string, seen = new Set<string>()): RemoteEntry[] {
  const file = KUSTOMIZATION_FILES.map((f) => path.join(dir, f)).find((f) => {
    try {
      return statSync(f).isFile();
    } catch {
      return false;
    }
  });
  if (!file || seen.has(realpathSync(file))) return [];
  seen.add(realpathSync(file));
  let text: string;
  let k: Record<string, unknown>;
  try {
    text = readFileSync(file, 'utf8');
    const parsed = loadYaml(text);
    k = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return []; // kustomize reports a kustomization it cannot read or parse, at its line
  }
  const out: RemoteEntry[] = [];
  const lines = text.split('\n');
  const check = (field: string, value: unknown, remote = isRemote) => {
    if (typeof value !== 'string') return;
    if (remote(value) || remote(value.slice(value.indexOf('=') + 1))) {
      out.push({ file, line: lines.findIndex((l) => l.includes(value)) + 1, field, value });
    } else if (DIRECTORIES.includes(field.replace(/\[\d+\]$/, '')) && isDirectory(path.resolve(dir, value))) {
      out.push(...remoteEntries(path.resolve(dir, value), seen));
    }
  };
  const list = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
  for (const f of [...DIRECTORIES, ...FILES]) list(k[f]).forEach((v, i) => check(`${f}[${i}]`, v));
  for (const f of WITH_PATH) list(k[f]).forEach((v, i) => check(`${f}[${i}].path`, (v as { path?: unknown } | null)?.path));
  for (const f of GENERATORS) {
    list(k[f]).forEach((g, i) => {
      const gen = (g ?? {}) as { files?: unknown; envs?: unknown; env?: unknown };
      for (const part of ['files', 'envs'] as const) list(gen[part]).forEach((v, j) => check(`${f}[${i}].${part}[${j}]`, v));
      check(`${f}[${i}].env`, gen.env);
    });
  }
  check('openapi.path', (k.openapi as { path?: unknown } | null)?.path);
  // a chart repository (with --enable-helm) is always fetched: helm pull from an http(s) or oci:// repo
  list(k.helmCharts).forEach((c, i) => check(`helmCharts[${i}].repo`, (c as { repo?: unknown } | null)?.repo, (v) => v !== ''));
  return out;
}
