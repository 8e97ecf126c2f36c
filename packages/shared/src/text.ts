/** Text helpers shared by the server and the web app (they run in the browser and in Node alike). */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest start of `text` that fits in `maxLength` UTF-16 code units (JavaScript's `length`, what a database
 * length limit on the string counts here) and ends on a grapheme boundary: an emoji, a flag, a ZWJ sequence or
 * a letter with its combining accents is kept whole or left out, never cut in the middle.
 */
export function truncateToGraphemes(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (index + segment.length > maxLength) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}
