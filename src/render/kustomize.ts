// renderKustomization: `kustomize build` (or `kubectl kustomize`) run inside the tests, with each object pointing at
// the base or overlay file that declared it, from kustomize's own origin annotations.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { ManifestError, Manifests, origin, parseManifests, relocate, type ManifestProblem } from '../loader';
import type { KubeObject } from '../core/types';
import { remoteEntries } from './remote';
import { findTool, RenderError, renderTimeout, runTool, type Tool } from './tool';

export interface RenderKustomizationOptions {
  /** The kustomize binary; default: the KUSTOMIZE environment variable, else `kustomize` on PATH. */
  kustomize?: string;
  /** kubectl, used as `kubectl kustomize` when there is no kustomize; default: KUBECTL, else `kubectl` on PATH. */
  kubectl?: string;
  /** Other build flags, passed as given (e.g. `['--enable-helm']`, `['--load-restrictor', 'LoadRestrictionsNone']`). */
  flags?: string[];
  /** Directory `dir` is relative to (default: process.cwd()). */
  cwd?: string;
  /**
   * Let kustomize fetch remote bases and files (`https://…`, `git::…`, `github.com/org/repo//dir?ref=…`). Off by
   * default: the kustomization under test may come from an untrusted pull request, and CI may have no network.
   */
  allowRemote?: boolean;
  /** Milliseconds before kustomize is killed and the build fails (default: JEST_K8S_PLACEMENT_RENDER_TIMEOUT, else 120000). */
  timeout?: number;
}

/** What renderKustomization returns: the loader's collection, plus which kustomization it is. */
export class RenderedKustomization extends Manifests {
  constructor(objects: Manifests, readonly dir: string, readonly command: string) {
    super(objects.all());
  }
}

// kustomize's annotation for buildMetadata: [originAnnotations] (api/internal/utils/annotations.go, OriginAnnotationKey)
const ORIGIN_ANNOTATION = 'config.kubernetes.io/origin';
const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const INSTALL = 'Install kustomize (https://kubectl.docs.kubernetes.io/installation/kustomize/) or kubectl, or point KUSTOMIZE (or the option { kustomize }) at the binary.';

const fail = (problems: ManifestProblem[]) => {
  const e = new ManifestError(problems);
  Error.captureStackTrace?.(e, renderKustomization);
  return e;
};

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** kustomize build, else kubectl kustomize (kubectl ships kustomize since 1.14). */
function buildCommand(options: RenderKustomizationOptions): { tool: Tool; args: string[]; name: string } {
  const kustomize = findTool('kustomize', options.kustomize, 'KUSTOMIZE');
  if (kustomize) return { tool: kustomize, args: ['build'], name: 'kustomize build' };
  const kubectl = findTool('kubectl', options.kubectl, 'KUBECTL');
  if (kubectl) return { tool: kubectl, args: ['kustomize'], name: 'kubectl kustomize' };
  throw new RenderError(`renderKustomization: neither kustomize nor kubectl is on PATH. ${INSTALL}`);
}

/**
 * Build a kustomization directory and load the output as loadManifests does. Origins come from kustomize's
 * `config.kubernetes.io/origin` annotations, asked for through a temporary wrapper kustomization (the user's files
 * are not touched) and removed from the objects returned.
 */
export function renderKustomization(dir: string, options: RenderKustomizationOptions = {}): RenderedKustomization {
  const cwd = options.cwd ?? process.cwd();
  const root = path.resolve(cwd, dir);
  const shown = (p: string) => path.relative(cwd, p) || '.';
  const dirFile = shown(root);
  const kustomization = KUSTOMIZATION_FILES.map((f) => path.join(root, f)).find(isFile);
  if (!kustomization) throw fail([{ file: dirFile, line: 0, message: `${dirFile}: no kustomization.yaml${isFile(root) ? ' (renderKustomization takes the directory)' : ''}` }]);
  if (!options.allowRemote) {
    const remote = remoteEntries(root);
    if (remote.length) {
      throw fail(remote.map((r) => ({
        file: shown(r.file),
        line: r.line,
        message: `${r.field} ${JSON.stringify(r.value)} is remote: renderKustomization does not let kustomize fetch remote bases or files unless { allowRemote: true }`,
      })));
    }
  }
  const caller = `renderKustomization(${JSON.stringify(dir)})`;
  const timeout = renderTimeout(options.timeout, caller);
  const { tool, args, name } = buildCommand(options);
  const command = `${name} ${dirFile}`;
  // the wrapper refers to the user's directory relatively: kustomize refuses absolute resource paths
  const wrapper = mkdtempSync(path.join(tmpdir(), 'jkp-kustomize-'));
  let stdout: string;
  try {
    writeFileSync(path.join(wrapper, 'kustomization.yaml'), `resources:\n  - ${JSON.stringify(path.relative(wrapper, root).split(path.sep).join('/'))}\nbuildMetadata: [originAnnotations]\n`);
    // the user's flags, then `--`: the directory is never read as a flag (kustomize and kubectl use cobra/pflag)
    const run = runTool(tool, [...args, ...(options.flags ?? []), '--', wrapper], { install: INSTALL, cwd, timeout, caller });
    if (run.status !== 0) throw fail([kustomizeProblem(run.stderr || run.stdout, root, name, shown)]);
    stdout = run.stdout;
  } finally {
    rmSync(wrapper, { recursive: true, force: true });
  }
  const manifests = parseManifests(stdout, command);
  for (const object of manifests) {
    const from = takeOrigin(object);
    const file = from?.path ?? from?.configuredIn;
    const where = origin(object)!;
    if (!file || from?.repo) {
      relocate(object, { ...where, overlay: dirFile });
      continue;
    }
    const full = path.resolve(wrapper, file);
    relocate(object, { file: shown(full), document: 0, line: from?.path ? declaredLine(full, object) : 0, overlay: dirFile });
  }
  return new RenderedKustomization(manifests, dirFile, command);
}

interface OriginAnnotation {
  path?: string;
  configuredIn?: string;
  repo?: string;
}

/** Read and remove the origin annotation (and `annotations` when it held only that). */
function takeOrigin(object: KubeObject): OriginAnnotation | undefined {
  const metadata = object.metadata as { annotations?: Record<string, string> } | undefined;
  const annotations = metadata?.annotations;
  const text = annotations?.[ORIGIN_ANNOTATION];
  if (text === undefined) return undefined;
  delete annotations![ORIGIN_ANNOTATION];
  if (!Object.keys(annotations!).length) delete metadata!.annotations;
  try {
    const parsed = loadYaml(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as OriginAnnotation) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The line where the object is declared in its file: the document of the same kind whose name the built name
 * contains (namePrefix/nameSuffix change it), when exactly one fits; 0 otherwise.
 */
function declaredLine(file: string, object: KubeObject): number {
  let declared: Manifests;
  try {
    declared = parseManifests(readFileSync(file, 'utf8'), file);
  } catch {
    return 0;
  }
  const name = object.metadata?.name ?? '';
  const fits = declared.all().filter((d) => d.kind === object.kind && name.includes(d.metadata?.name ?? '\0'));
  const longest = Math.max(...fits.map((d) => (d.metadata?.name ?? '').length));
  const best = fits.filter((d) => (d.metadata?.name ?? '').length === longest);
  return best.length === 1 ? origin(best[0])!.line : 0;
}

/**
 * kustomize's error as a problem in the user's files. Its message nests each kustomization it recursed into
 * (api/internal/target/kusttarget.go accumulateResources), so the innermost path is where the problem is.
 */
function kustomizeProblem(stderr: string, root: string, name: string, shown: (p: string) => string): ManifestProblem {
  // kubectl prints it as a klog line: E1201 … run.go:72] "command failed" err="…"
  const text = (/err="(.*)"\s*$/s.exec(stderr.trim())?.[1]?.replace(/\\"/g, '"') ?? stderr.trim()).replace(/^Error: /, '');
  const dirs = [...text.matchAll(/(?:recursed accumulation of path|couldn't make target for path) '([^']+)'/g)].map((m) => m[1]);
  const dir = dirs.length ? dirs[dirs.length - 1] : root;
  const kustomization = KUSTOMIZATION_FILES.map((f) => path.join(dir, f)).find(isFile) ?? path.join(dir, 'kustomization.yaml');
  const innermost = text.split(/accumulating resources from '[^']*': |invalid Kustomization: /).pop()!;
  // absolute paths inside the working directory are shown relative to it, as the user wrote them
  const message = `${name}: ${innermost.replace(/\/[^\s':]+/g, (p) => (shown(p).startsWith('..') ? p : shown(p)))}`;
  const invalid = /invalid Kustomization: yaml: line (\d+)/.exec(text);
  if (invalid) return { file: shown(kustomization), line: Number(invalid[1]), message };
  const malformed = [...text.matchAll(/accumulating resources from '([^']+)': MalformedYAMLError: yaml: line (\d+)/g)].pop();
  if (malformed) return { file: shown(path.resolve(dir, malformed[1])), line: Number(malformed[2]), message };
  const resources = [...text.matchAll(/accumulating resources from '([^']+)'/g)].map((m) => m[1]);
  const resource = resources.length ? resources[resources.length - 1] : undefined;
  let line = 0;
  if (resource) {
    try {
      const lines = readFileSync(kustomization, 'utf8').split('\n');
      line = lines.findIndex((l) => new RegExp(`^\\s*-\\s*["']?${resource.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*(#.*)?$`).test(l)) + 1;
    } catch {
      // no kustomization file to point into
    }
  }
  return { file: shown(kustomization), line, message };
}
