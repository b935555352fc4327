#!/usr/bin/env node
import { runCli } from './run.js';

runCli(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    if (code !== 'serving') process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`vitrine: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
