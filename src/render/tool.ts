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

/** Run a tool to completion; a binary that cannot be started is a RenderError naming how it was found. */
export function runTool(tool: Tool, args: string[], install: string, cwd?: string): RunResult {
  const run = spawnSync(tool.path, args, { encoding: 'utf8', maxBuffer: 1 << 30, cwd, env: process.env, windowsHide: true });
  if (run.error) {
    const code = (run.error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'not found' : code === 'EACCES' ? 'not executable' : run.error.message;
    throw new RenderError(`cannot run ${tool.path} (${tool.how}): ${why}. ${install}`);
  }
  if (run.signal) throw new RenderError(`${path.basename(tool.path)} ${args[0]} was killed by ${run.signal}`);
  return { stdout: run.stdout, stderr: run.stderr, status: run.status ?? 1 };
}
