import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, read the way a viewer does: each content stream (inflated when `/FlateDecode`), then the
 * strings of its `Tj` / `TJ` operators (pdfkit writes its built-in fonts' text as hex strings in WinAnsi, kerning as
 * numbers between them). One line per text operator. Enough for pdfkit's output; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamRe = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamRe.exec(raw))) {
    const dict = m[1]!;
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream we can read (e.g. a font)
      }
    }
    const content = body.toString('latin1');
    const ops = /\[((?:<[0-9a-fA-F]*>|\([^)]*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F]*>|\([^)]*\))\s*Tj/g;
    let op: RegExpExecArray | null;
    while ((op = ops.exec(content))) {
      const parts = (op[1] ?? op[2]!).match(/<[0-9a-fA-F]*>|\([^)]*\)/g) ?? [];
      lines.push(parts.map(decodeString).join(''));
    }
  }
  return lines.join('\n');
}

const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x95: '•', 0x96: '–', 0x97: '—' };

function decodeString(s: string): string {
  if (s.startsWith('(')) return s.slice(1, -1);
  const hex = s.slice(1, -1);
  let out = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_ANSI[code] ?? String.fromCharCode(code);
  }
  return out;
}
