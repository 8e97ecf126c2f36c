export interface MarkdownDocument {
  /** The `key: value` lines between the opening and closing `---`. */
  data: Record<string, string>;
  body: string;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Splits a Markdown file into its front matter and its body. The front matter is a flat list of
 * `key: value` lines (no nesting, no lists): all a blog post needs, without a YAML parser in the bundle.
 */
export function parseFrontmatter(source: string): MarkdownDocument {
  const match = FENCE.exec(source);
  if (!match) return { data: {}, body: source };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const separator = line.indexOf(':');
    if (separator <= 0) throw new Error(`front matter line without "key: value": ${line}`);
    const key = line.slice(0, separator).trim();
    let value = line.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) value = value.slice(1, -1);
    data[key] = value;
  }
  return { data, body: source.slice(match[0].length) };
}
