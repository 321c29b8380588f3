/** What a report's data hook answers (SWR's response, as far as the screen uses it). */
export interface ReportAnswer<Page> {
  data: Page | undefined;
  error: unknown;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * The QueryState props every report shares: the answer (whose `mutate` is the retry, which shows
 * the spinner again, as the spec's retry returns to loading), the spinner's label, and the empty
 * state, shown when the total is 0.
 */
export function reportQueryProps<Page extends { pagination: { total: number } }>(
  answer: ReportAnswer<Page>,
  texts: { loadingLabel: string; loadingDetail: string; errorMessage: string; emptyTitle: string; emptyDescription: string },
) {
  return {
    query: answer,
    loadingLabel: texts.loadingLabel,
    loadingDetail: texts.loadingDetail,
    errorMessage: texts.errorMessage,
    empty: { when: (page: Page) => page.pagination.total === 0, title: texts.emptyTitle, description: texts.emptyDescription },
  };
}
