/** What the browser says of its link (Network Information API; Chromium only, absent elsewhere). */
export interface LinkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * A link on which every byte costs: the visitor asked to save data, or the browser measures it as
 * 3G or slower (a phone in the field). There the console fetches a screen when it is asked for
 * instead of ahead of need (issue 30: ≤ 400 KB for a first visit and sign-in on slow 3G). Where the
 * browser says nothing (Firefox, Safari) the link is taken as good.
 */
export function isConstrainedLink(connection: LinkInformation | null = (navigator as Navigator & { connection?: LinkInformation }).connection ?? null): boolean {
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}
