import type { SWRResponse } from 'swr';

/**
 * SWR's answer with `isLoading` as SWR documents it: a request in flight and no data yet. SWR 2.5
 * also says loading on a hook's first render when the cache already holds the key's data and the
 * mount's revalidation starts (its initial `isValidating`), so data read ahead of the screen
 * (nodes/dashboard-read-ahead.ts) would be drawn behind a spinner for one more render. The other
 * fields are SWR's own getters, read only when used (SWR re-renders for what was read).
 */
export function loadingOnlyWithoutData<Data, Error>(response: SWRResponse<Data, Error>): SWRResponse<Data, Error> {
  return {
    mutate: response.mutate,
    get data() {
      return response.data;
    },
    get error() {
      return response.error;
    },
    get isValidating() {
      return response.isValidating;
    },
    get isLoading() {
      return response.isLoading && response.data === undefined;
    },
  };
}
