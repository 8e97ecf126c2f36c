import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '@relaycast/shared/languages';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './index';
import { CATALOGS } from './test-catalogs';
import { UNTRANSLATED_ALLOWED } from './untranslated-allowed';

const SRC = path.resolve(import.meta.dirname, '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys without their plural suffix: "{{count}} posts_one" and "…_other" are one entry. */
function baseKeys(catalog: Record<string, string>): Set<string> {
  return new Set(Object.keys(catalog).map((key) => key.replace(PLURAL, '')));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] as string).sort();
}

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

type Node = { type: string; [key: string]: unknown };

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const typed = node as Node;
  if (typeof typed.type === 'string') visit(typed);
  for (const [key, value] of Object.entries(typed)) {
    if (key !== 'parent' && value && typeof value === 'object') walk(value, visit);
  }
}

/** Attributes whose text a person reads or a screen reader says. */
const READ_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'alt',
  'label',
  'description',
  'eyebrow',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);

function isAllowed(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return !/[A-Za-z]/.test(trimmed) || UNTRANSLATED_ALLOWED.has(trimmed);
}

interface Finding {
  file: string;
  text: string;
}

/**
 * The `ns` of `t('…', { ns: 'calendar' })` or `{ ns }` (a string constant of the file), when the call names one.
 */
function nsOption(options: Node | undefined, constants: Map<string, string>): string | undefined {
  if (options?.type !== 'ObjectExpression') return undefined;
  for (const property of options.properties as (Node & { key?: { name?: string }; value?: Node })[]) {
    if (property.key?.name !== 'ns') continue;
    const value = property.value as (Node & { value?: unknown; name?: string }) | undefined;
    if (typeof value?.value === 'string') return value.value;
    if (value?.type === 'Identifier' && value.name) return constants.get(value.name);
  }
  return undefined;
}

function scan(file: string): { untranslated: Finding[]; used: { key: string; namespaces: string[] }[] } {
  const source = readFileSync(file, 'utf8');
  const ast = parseAst(source, { lang: 'tsx' });
  const relative = path.relative(SRC, file);
  const untranslated: Finding[] = [];
  const keys: { key: string; ns: string | undefined }[] = [];
  const constants = new Map<string, string>();
  const namespaces = new Set<string>(['common']);
  walk(ast, (node) => {
    if (node.type === 'VariableDeclarator') {
      const { id, init } = node as Node & { id: { name?: string }; init: { value?: unknown } | null };
      if (id.name && typeof init?.value === 'string') constants.set(id.name, init.value);
    }
    if (node.type === 'JSXText' && !isAllowed(String(node.value))) {
      untranslated.push({ file: relative, text: String(node.value).replace(/\s+/g, ' ').trim() });
    }
    if (node.type === 'JSXAttribute') {
      const name = (node.name as { name?: unknown }).name;
      const value = node.value as { type?: string; value?: unknown } | null;
      if (
        typeof name === 'string' &&
        READ_ATTRIBUTES.has(name) &&
        value?.type === 'Literal' &&
        typeof value.value === 'string' &&
        !isAllowed(value.value)
      ) {
        untranslated.push({ file: relative, text: `${name}="${value.value}"` });
      }
    }
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node & { name?: string; property?: { name?: string } };
      const name = callee.type === 'Identifier' ? callee.name : callee.property?.name;
      const [first] = node.arguments as (Node & { value?: unknown; elements?: Node[] })[];
      if (name === 'useTranslation' || name === 'getFixedT') {
        const literal = name === 'getFixedT' ? (node.arguments as Node[])[1] : first;
        const list = literal?.type === 'ArrayExpression' ? (literal.elements as Node[]) : [literal];
        for (const item of list) if (typeof item?.value === 'string') namespaces.add(item.value);
      }
      if (name === 't' && first?.type === 'Literal' && typeof first.value === 'string') {
        keys.push({ key: first.value, ns: nsOption((node.arguments as Node[])[1], constants) });
      }
    }
  });
  return {
    untranslated,
    used: keys.map(({ key, ns }) => ({ key, namespaces: ns ? [ns, 'common'] : [...namespaces] })),
  };
}

describe('the interface catalogs', () => {
  const english = CATALOGS.en ?? {};

  it('have every namespace in every language', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGS[language] ?? {}).sort(), language).toEqual([...NAMESPACES].sort());
    }
  });

  it('have, in Spanish, French and German, every key English has and no other, none empty', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      for (const namespace of NAMESPACES) {
        const expected = baseKeys(english[namespace] ?? {});
        const catalog = CATALOGS[language]?.[namespace] ?? {};
        const actual = baseKeys(catalog);
        for (const key of expected)
          if (!actual.has(key)) problems.push(`${language}/${namespace}: missing "${key}"`);
        for (const key of actual)
          if (!expected.has(key)) problems.push(`${language}/${namespace}: extra "${key}"`);
        for (const [key, value] of Object.entries(catalog)) {
          if (typeof value !== 'string' || !value.trim())
            problems.push(`${language}/${namespace}: empty "${key}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('give every plural every form its language needs, with the same placeholders as English', () => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const namespace of NAMESPACES) {
        const catalog = CATALOGS[language]?.[namespace] ?? {};
        const englishCatalog = english[namespace] ?? {};
        const plurals = new Set(
          Object.keys(catalog)
            .filter((k) => PLURAL.test(k))
            .map((k) => k.replace(PLURAL, '')),
        );
        for (const base of plurals) {
          for (const category of categories) {
            // English "one"/"other" cover "many" in the languages that have it for big numbers (fr, es).
            if (category === 'many' && catalog[`${base}_other`]) continue;
            if (!catalog[`${base}_${category}`])
              problems.push(`${language}/${namespace}: "${base}" lacks _${category}`);
          }
        }
        for (const [key, value] of Object.entries(catalog)) {
          const englishValue = englishCatalog[key] ?? englishCatalog[`${key.replace(PLURAL, '')}_other`];
          if (englishValue === undefined) continue;
          const mine = placeholders(value).filter((p) => p !== 'count');
          const theirs = placeholders(englishValue).filter((p) => p !== 'count');
          if (mine.join() !== theirs.join())
            problems.push(`${language}/${namespace}: "${key}" has {{${mine}}}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  const scans = productFiles(SRC).map(scan);

  it('leave no text in a component untranslated', () => {
    const untranslated = scans.flatMap((s) => s.untranslated).map((f) => `${f.file}: ${f.text}`);
    expect(untranslated).toEqual([]);
  });

  it('hold, in English, every key a component asks for', () => {
    const missing = scans
      .flatMap((s) => s.used)
      .filter(({ key, namespaces }) =>
        namespaces.every((namespace) => {
          const catalog = english[namespace] ?? {};
          return catalog[key] === undefined && catalog[`${key}_other`] === undefined;
        }),
      )
      .map(({ key, namespaces }) => `${namespaces.join('|')}: "${key}"`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
