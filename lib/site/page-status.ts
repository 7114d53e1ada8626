/** Seconds a busy page (503) asks to wait before trying again (Retry-After), as the API's service_busy. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
