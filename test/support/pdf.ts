import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made by pdfkit with its standard fonts: every content stream is inflated and the hex
 * strings of its TJ operators decoded (WinAnsi ≈ latin1 for French text). Enough to read a receipt back.
 * A stream is read by the `/Length` of its dictionary, never up to the next « endstream »: compressed bytes
 * may end in a carriage return, which a pattern would take for the line break before « endstream ».
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const bytes = pdf.subarray(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array[1]!.matchAll(/<([0-9a-fA-F]+)>/g)].map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
