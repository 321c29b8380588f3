/** Business constants of spec section 9. */
export const APP_VERSION = '1.0.0';
export const REPORT_PAGE_SIZE = 20;
export const REPORT_ROW_CAP = 1000;
export const NODE_LIST_DEFAULT_LIMIT = 1000;
export const CHART_DATA_LIMIT = 1000;
export const GET_ALL_THRESHOLD = 1_000_000;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** The password rule of issue 4: at least this many characters and not the e-mail. */
export const MIN_PASSWORD_LENGTH = 10;
/** The longest password sign-in takes; a stored password may not be longer (issue 10). */
export const MAX_PASSWORD_LENGTH = 1024;
/** The most rows one massive import (`POST /{table}/bulk`) takes; more answer 400 (rule maxItems). */
export const MAX_BULK_ROWS = 100_000;
/** The most row errors a massive import lists; `errorCount` tells how many there were in all. */
export const MAX_BULK_ERRORS = 1000;
/** The largest page of `GET /{table}/labels`. */
export const MAX_LABEL_PAGE_SIZE = 100;
