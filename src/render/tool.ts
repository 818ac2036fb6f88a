// Finding and running the user's helm / kustomize / kubectl: synchronously (Jest collects test.each synchronously),
// and never with a raw child-process exception: a missing binary or a failed run is a RenderError with what to do.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/** A helm or kustomize run that could not start or did not finish (a template error is a ManifestError instead). */
export class RenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderError';
  }
}

export interface Tool {
  /** What the user named: an option, an environment variable, or PATH. */
  how: string;
  path: string;
}

const isExecutable = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The first `name` on PATH (with Windows' extensions), as the shell would find it. */
function onPath(name: string): string | undefined {
  const exts = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE;.CMD').split(';') : [''];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const ext of exts) if (dir && isExecutable(path.join(dir, name + ext))) return path.join(dir, name + ext);
  }
  return undefined;
}

/** The binary from an option, else an environment variable, else PATH; undefined when none is there. */
export function findTool(name: string, option: string | undefined, envName: string): Tool | undefined {
  if (option) return { how: `option ${JSON.stringify(option)}`, path: option };
  const env = process.env[envName];
  if (env) return { how: `${envName}=${env}`, path: env };
  const found = onPath(name);
  return found ? { how: 'PATH', path: found } : undefined;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  status: number;
}

/** How long a render may take by default: a chart that renders in minutes is broken, not slow. */
const DEFAULT_TIMEOUT_MS = 120_000;
const TIMEOUT_ENV = 'JEST_K8S_PLACEMENT_RENDER_TIMEOUT';

/** The time limit in ms: the option, else JEST_K8S_PLACEMENT_RENDER_TIMEOUT (ms), else 120 s. */
export function renderTimeout(option: unknown, caller: string): number {
  const env = process.env[TIMEOUT_ENV];
  const [value, what] = option !== undefined ? [option, 'option timeout'] : env !== undefined && env !== '' ? [Number(env), `${TIMEOUT_ENV}=${env}`] : [DEFAULT_TIMEOUT_MS, ''];
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new TypeError(`${caller}: ${what} must be a positive number of milliseconds`);
  return value;
}

export interface RunOptions {
  /** What to install when the binary is missing. */
  install: string;
  cwd?: string;
  /** Milliseconds before the tool is killed (SIGKILL: a hung helm may ignore SIGTERM). */
  timeout: number;
  /** Who ran it, for a timeout's message: `renderChart("charts/web")`. */
  caller: string;
}

/**
 * Run a tool to completion; a binary that cannot be started, or that runs past the timeout, is a RenderError naming
 * how it was found or what to raise. The render is synchronous, so Jest's own test timeout cannot stop it.
 */
export function runTool(tool: Tool, args: string[], options: RunOptions): RunResult {
  const { install, cwd, timeout, caller } = options;
  const run = spawnSync(tool.path, args, { encoding: 'utf8', maxBuffer: 1 << 30, cwd, env: process.env, windowsHide: true, timeout, killSignal: 'SIGKILL' });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEDOUT') {
      throw new RenderError(`${caller}: ${path.basename(tool.path)} ${args[0]} did not finish in ${timeout / 1000} s and was killed; raise the option { timeout } (ms) or ${TIMEOUT_ENV} if it is only slow`);
    }
    const why = code === 'ENOENT' ? 'not found' : code === 'EACCES' ? 'not executable' : run.error.message;
    throw new RenderError(`cannot run ${tool.path} (${tool.how}): ${why}. ${install}`);
  }
  if (run.signal) throw new RenderError(`${path.basename(tool.path)} ${args[0]} was killed by ${run.signal}`);
  return { stdout: run.stdout, stderr: run.stderr, status: run.status ?? 1 };
}
