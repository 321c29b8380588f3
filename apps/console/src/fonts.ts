import { isConstrainedLink, type LinkInformation } from './link';

/** What takeFontsAfterLoad needs of the page. */
export interface FontPage {
  /** `<html>`, whose `data-fonts="after-load"` (index.html) keeps Inter's files from being asked for. */
  root: { dataset: DOMStringMap };
  readyState: DocumentReadyState;
  onLoad: (take: () => void) => void;
}

/**
 * Inter's files are asked for once the page has loaded (first-load.css), and never on a constrained
 * link: there its four faces (~100 KB, two seconds of a slow-3G link) arrived during the sign-in,
 * sharing the link with the console's chunk (issue 30, bench:field's sign-in transfers). The
 * stand-in is sized like Inter, so the text neither moves nor reflows: only the face differs.
 * `connection` undefined: the browser's own.
 */
export function takeFontsAfterLoad(page: FontPage, connection?: LinkInformation | null): void {
  if (isConstrainedLink(connection)) return;
  const take = () => delete page.root.dataset['fonts'];
  if (page.readyState === 'complete') take();
  else page.onLoad(take);
}
