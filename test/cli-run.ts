// The CLI in process, as a user runs it: stdout, stderr, and the error a usage error or bad input ends with.
import { program } from '../src/cli';

export function runCli(...args: string[]): { out: string; err: string; error?: Error } {
  let out = '', err = '';
  const cli = program((s) => (out += s), (s) => (err += s));
  for (const c of [cli, ...cli.commands]) c.exitOverride().configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (err += s) });
  try {
    cli.parse(['node', 'jest-k8s-placement', ...args]);
  } catch (error) {
    return { out, err, error: error as Error };
  }
  return { out, err };
}
