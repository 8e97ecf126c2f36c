import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, namespaceForPath } from './index';

const FEATURES = path.resolve(import.meta.dirname, '../features');
/** Catalogs that belong to no feature folder: the shell's words and the server's messages. */
const NOT_FEATURES = new Set(['common', 'messages']);

describe('the catalogs (one per feature folder, docs/conventions.md "One name per feature")', () => {
  it('name a feature folder each', () => {
    const orphans = NAMESPACES.filter(
      (namespace) => !NOT_FEATURES.has(namespace) && !existsSync(path.join(FEATURES, namespace)),
    );
    expect(orphans).toEqual([]);
  });

  it('give a page whose path is not its feature’s name that feature’s catalog', () => {
    expect(namespaceForPath('/api-reference')).toBe('public-api');
    expect(namespaceForPath('/features')).toBe('product-features');
    expect(namespaceForPath('/settings')).toBe('settings');
  });
});
