#!/usr/bin/env node
import { runCli } from './run.js';

/**
 * The status a shell reports for `cat`, `git log` or `seq` when the reader of their output went
 * away (`… | head`): killed by SIGPIPE, 128 + 13. Node ignores SIGPIPE and reports the closed
 * pipe as an EPIPE 'error' event instead, which unhandled was a stack trace.
 */
const CLOSED_PIPE = 141;
let outputCut = false;

// The reader went away: what is left to print has nowhere to go, so the command finishes its
// work quietly (an import still commits) and exits 141, which `set -o pipefail` sees, so an
// export cut short is not taken for a whole one. Without pipefail, `vitrine export | head` is 0.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    outputCut = true;
    if (!process.exitCode) process.exitCode = CLOSED_PIPE;
  });
}

runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    if (code !== 'serving') process.exitCode = code === 0 && outputCut ? CLOSED_PIPE : code;
  },
  (error: unknown) => {
    process.stderr.write(`vitrine: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
