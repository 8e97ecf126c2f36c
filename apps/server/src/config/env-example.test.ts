import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from './env';
import { REPO_ROOT } from './paths';

/**
 * `.env.example` is the list of settings self-hosters copy (docker compose reads it as `.env`: docs/docker.md).
 * It must name every variable the server reads, and, loaded as it is, start the server on the defaults.
 */
const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');

/** The `NAME=value` lines that are not comments, as an env file loader sees them. */
function exampleAsEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1]) env[match[1]] = match[2] ?? '';
  }
  return env;
}

/** Variables the schema reads that the text never shows as `NAME=` (on a line of its own or in a comment). */
function undocumented(text: string, names: string[]): string[] {
  return names.filter((name) => !new RegExp(`(^|[\\s#])${name}=`, 'm').test(text));
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-env-example-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('.env.example', () => {
  it('names every variable in the server’s configuration schema', () => {
    expect(undocumented(example, Object.keys(envSchema.shape))).toEqual([]);
  });

  it('sets no variable twice (a later empty line would undo an earlier value)', () => {
    const names: string[] = example.match(/^[A-Z][A-Z0-9_]*(?==)/gm) ?? [];
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('loaded as the environment, gives the same configuration as no environment at all', () => {
    const fromExample = loadConfig({ ...exampleAsEnv(example), DATA_DIR: dataDir });
    expect(fromExample).toEqual(loadConfig({ DATA_DIR: dataDir }));
  });

  it('catches a variable the text lacks (the rule itself works)', () => {
    expect(undocumented('# A_SETTING=1\nB_SETTING=\n', ['A_SETTING', 'B_SETTING', 'C_SETTING'])).toEqual([
      'C_SETTING',
    ]);
  });
});
