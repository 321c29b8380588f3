/** Text compared without case or accents: "maria" finds "María", "nodo-07" finds "NODO-07". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Whether `text` holds every word of `search` (blank search: everything). */
export function matchesSearch(text: string, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  const folded = foldText(text);
  return words.every((word) => folded.includes(word));
}
