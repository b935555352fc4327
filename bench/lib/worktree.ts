import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Worktree {
  /** the checked-out tree, with this checkout's node_modules linked in */
  root: string;
  /** the commit it holds */
  commit: string;
  remove(): void;
}

/**
 * A detached `git worktree` of `ref` in a temp directory, so an earlier vitrine can be measured
 * in the same run as this one (`npm run bench -- --against REF`). It shares this checkout's
 * node_modules: meant for comparing nearby commits whose dependencies agree.
 */
export function checkoutWorktree(repo: string, ref: string): Worktree {
  const commit = execFileSync('git', ['-C', repo, 'rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const root = mkdtempSync(join(tmpdir(), 'vitrine-ref-'));
  execFileSync('git', ['-C', repo, 'worktree', 'add', '--detach', '--force', root, commit], { stdio: 'ignore' });
  if (!existsSync(join(root, 'node_modules'))) symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  return {
    root,
    commit,
    remove: () => execFileSync('git', ['-C', repo, 'worktree', 'remove', '--force', root], { stdio: 'ignore' }),
  };
}
