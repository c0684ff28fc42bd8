/**
 * The text of an uncompressed PDF as jsPDF writes it (`(…) Tj` strings), one entry per shown string,
 * for tests that read a document back. Undoes the PDF string escapes (`\(`, `\)`, `\\`).
 */
export function pdfStrings(pdf: Uint8Array): string[] {
  const source = Buffer.from(pdf).toString('latin1');
  const strings: string[] = [];
  const pattern = /\(((?:\\.|[^\\)])*)\)\s*Tj/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    strings.push((match[1] as string).replace(/\\([()\\])/g, '$1'));
  }
  return strings;
}

/** The PDF's page size in points (first page's MediaBox). */
export function pdfPageSize(pdf: Uint8Array): { width: number; height: number } | null {
  const match = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(Buffer.from(pdf).toString('latin1'));
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}
