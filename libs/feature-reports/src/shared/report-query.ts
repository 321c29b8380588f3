/** What a report's data hook answers (SWR's response, as far as the screen uses it). */
export interface ReportAnswer<Page> {
  data: Page | undefined;
  error: unknown;
  isValidating: boolean;
  mutate: () => Promise<unknown>;
}

/**
 * The QueryState props every report shares: the answer, retry (which shows the spinner again, as
 * the spec's retry returns to loading), the spinner's label, and empty when the total is 0.
 */
export function reportQueryProps<Page extends { pagination: { total: number } }>(answer: ReportAnswer<Page>, loadingLabel: string) {
  return {
    data: answer.data,
    error: answer.error,
    isValidating: answer.isValidating,
    onRetry: () => void answer.mutate(),
    loadingLabel,
    isEmpty: (page: Page) => page.pagination.total === 0,
  };
}
