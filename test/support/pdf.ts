import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made by pdfkit with its standard fonts: every content stream is inflated and the hex
 * strings of its TJ operators decoded (WinAnsi ≈ latin1 for French text). Enough to read a receipt back.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...array[1]!.matchAll(/<([0-9a-fA-F]+)>/g)].map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
