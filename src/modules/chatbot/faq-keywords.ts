// FAQ keywords are matched on lower-case text without accents, so they are stored that way.
export function cleanKeywords(keywords: string[]): string[] {
  const out: string[] = [];
  for (const k of keywords) {
    const clean = k.trim().toLowerCase().replace(/\s+/g, ' ');
    if (clean && !out.includes(clean)) out.push(clean);
  }
  return out;
}
