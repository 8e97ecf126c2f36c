import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_WORK } from './job-list';

/**
 * Background work is declared one way (docs/decisions/0062-background-work-one-way.md): in a module's
 * `<module>.jobs.ts`, every one of them in the one list, and only the runner starts timers or builds the queue.
 */
const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|test-support/.test(entry.name) ? [full] : [];
  });
}

describe('the one list of background work', () => {
  it('holds every job and sweep that a <module>.jobs.ts declares, each name once', async () => {
    const jobsFiles = productFiles(path.join(serverSrc, 'modules')).filter((file) =>
      file.endsWith('.jobs.ts'),
    );
    expect(jobsFiles.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const file of jobsFiles) {
      const exported = Object.values(await import(file))
        .filter(Array.isArray)
        .flat();
      for (const work of exported) {
        if (!BACKGROUND_WORK.includes(work)) missing.push(`${path.basename(file)}: ${work.name}`);
      }
    }
    expect(missing).toEqual([]);
    const names = BACKGROUND_WORK.map((work) => work.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('is run only by plugins/jobs.ts: no other product file starts a timer task or builds or feeds the queue', () => {
    const runner = path.join(serverSrc, 'plugins', 'jobs.ts');
    const others = productFiles(serverSrc).filter((file) => {
      if (file === runner || file.includes(`${path.sep}lib${path.sep}`)) return false;
      return /startPeriodicTask\(|createJobQueue\(|\bqueue\.(register|every)\(/.test(
        readFileSync(file, 'utf8'),
      );
    });
    expect(others.map((file) => path.relative(serverSrc, file))).toEqual([]);
  });
});
