import { z } from 'zod';

/**
 * The one rule for names people give (a user's display name, a workspace's name; docs/decisions/0060): names are
 * shown in e-mail subjects and bodies, notifications and lists, so a name is one line of plain text. Refused:
 * - control characters (C0, DEL, C1: line breaks, tabs, NUL) and the Unicode line and paragraph separators;
 * - bidirectional formatting characters (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069), which reorder the
 *   text around them ("Ada\u202Egnp.exe" shows as "Adaexe.png"); joiners (emoji sequences, Persian ZWNJ) stay;
 * - a web address with a scheme or `www.`, so no e-mail quoting the name offers a link the product did not write.
 */

/** Characters that break a line or reorder the text around them. */
const NOT_IN_A_NAME = /[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const NOT_IN_A_NAME_GLOBAL = new RegExp(NOT_IN_A_NAME.source, 'gu');
/**
 * `https://…`, `ftp://…`, `www.…`: what mail clients turn into a link. The scheme is looked for behind each `://`
 * rather than ahead of it from every letter, which took quadratic time (300,000 letters: minutes of CPU).
 */
const WEB_ADDRESS = /:\/\/(?<=[a-z][a-z0-9+.-]*:\/\/)|\bwww\./i;

export const NAME_MESSAGES = {
  invalidCharacters: 'A name cannot contain line breaks, control characters or text-direction marks.',
  webAddress: 'A name cannot contain a web address.',
} as const;

export function hasNameBreakingCharacter(text: string): boolean {
  return NOT_IN_A_NAME.test(text);
}

/**
 * A name schema: trimmed, required, at most `max` characters, one line, no web address. Each kind of name
 * keeps its own words for "required" and "too long".
 */
export function nameSchema(rule: {
  max: number;
  required: string;
  tooLong: string;
  invalidCharacters?: string;
}) {
  return (
    z
      .string({ error: rule.required })
      .trim()
      .min(1, rule.required)
      // A name over the limit is refused as such: the character rules never read a megabyte of it.
      .max(rule.max, { message: rule.tooLong, abort: true })
      .refine(
        (name) => !hasNameBreakingCharacter(name),
        rule.invalidCharacters ?? NAME_MESSAGES.invalidCharacters,
      )
      .refine((name) => !WEB_ADDRESS.test(name), NAME_MESSAGES.webAddress)
  );
}

/**
 * A stored name as one line of inert text, for an e-mail subject or body: names stored before the rule may hold
 * line breaks, direction marks or a web address. Breaking characters become spaces, runs of spaces collapse, a web
 * address is defanged (`https[:]//`, `www[.]`) so no mail client links it, and it is cut to `max` characters.
 */
export function oneLineName(name: string, max = 120): string {
  const line = name
    .replace(NOT_IN_A_NAME_GLOBAL, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/:\/\//g, '[:]//')
    .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}[.]`);
  const characters = Array.from(line);
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : line;
}
