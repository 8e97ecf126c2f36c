import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF printed by Chromium (Skia), page by page, for tests that check what a report says. Skia
 * writes plain objects (no object streams), Flate-compressed content, and a ToUnicode map per font: text shows
 * as glyph ids in `<…> Tj` and `[<…> 12 <…>] TJ`, which the page's fonts turn back into characters. Not a
 * general PDF reader: enough for the PDFs this app makes.
 */
export function pdfPagesText(pdf: Buffer): string[] {
  const objects = readObjects(pdf);
  const pages = [...objects.values()].filter((object) => /\/Type\s*\/Page\b/.test(object.dict));
  return pages.map((page) => {
    const fonts = new Map<string, Map<number, string>>();
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(page.dict)?.[1] ?? '';
    for (const [, name, ref] of fontDict.matchAll(/\/(\S+?)\s+(\d+)\s+0\s+R/g)) {
      const font = objects.get(Number(ref));
      const toUnicode = font && /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(font.dict)?.[1];
      const cmap = toUnicode ? objects.get(Number(toUnicode))?.stream : undefined;
      fonts.set(name ?? '', cmap ? parseCMap(cmap.toString('latin1')) : new Map());
    }
    const contentRefs = /\/Contents\s*(?:\[([^\]]*)\]|(\d+)\s+0\s+R)/.exec(page.dict);
    const refs = (contentRefs?.[1] ?? `${contentRefs?.[2]} 0 R`).match(/\d+(?=\s+0\s+R)/g) ?? [];
    return refs
      .map((ref) => showText(objects.get(Number(ref))?.stream?.toString('latin1') ?? '', fonts))
      .join('')
      .normalize('NFKC'); // Chromium prints "fi" as one ligature glyph
  });
}

/** The whole text of a PDF, pages joined by a new line. */
export function pdfText(pdf: Buffer): string {
  return pdfPagesText(pdf).join('\n');
}

interface PdfObject {
  dict: string;
  stream: Buffer | undefined;
}

function readObjects(pdf: Buffer): Map<number, PdfObject> {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+)\s+0\s+obj\b/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endobj', start);
    const body = text.slice(start, end);
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dict: body, stream: undefined });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const length = Number(/\/Length\s+(\d+)/.exec(dict)?.[1] ?? 0);
    let dataStart = start + streamAt + 'stream'.length;
    if (text[dataStart] === '\r') dataStart += 1;
    if (text[dataStart] === '\n') dataStart += 1;
    const raw = pdf.subarray(dataStart, dataStart + length);
    let stream: Buffer = raw;
    if (/\/FlateDecode/.test(dict)) {
      try {
        stream = inflateSync(raw);
      } catch {
        stream = raw;
      }
    }
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

function hexToUnicode(hex: string): string {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4)
    out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return out;
}

function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(code ?? '', 16), hexToUnicode(unicode ?? ''));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, target] of (block ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g,
    )) {
      const first = Number.parseInt(from ?? '', 16);
      const base = Number.parseInt(target ?? '', 16);
      for (let code = first; code <= Number.parseInt(to ?? '', 16); code += 1) {
        map.set(code, String.fromCharCode(base + code - first));
      }
    }
  }
  return map;
}

/** The characters a content stream shows: each text object (BT … ET) on its own line. */
function showText(content: string, fonts: Map<string, Map<number, string>>): string {
  let font = new Map<number, string>();
  let out = '';
  const tokens = /\/(\S+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
  for (const [whole, fontName, array, hex] of content.matchAll(tokens)) {
    if (fontName !== undefined) font = fonts.get(fontName) ?? new Map();
    else if (whole === 'ET') out += '\n';
    else {
      const strings = array !== undefined ? [...array.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [hex];
      for (const glyphs of strings) {
        for (let i = 0; i + 4 <= (glyphs ?? '').length; i += 4) {
          out += font.get(Number.parseInt((glyphs ?? '').slice(i, i + 4), 16)) ?? '';
        }
      }
    }
  }
  return out;
}
