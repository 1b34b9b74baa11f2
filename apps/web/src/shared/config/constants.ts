/** Shown until the installation's config (`healthApi.config`) answers, and if it fails. */
export const DEFAULT_PRODUCT_NAME = 'Fleetdeck';

/** Success toasts close quickly (spec 1 §8); failures stay longer (spec 1 §9). */
export const SUCCESS_TOAST_MS = 2000;
export const ERROR_TOAST_MS = 10500;

/** The old system blanked the login fields one second after the screen appeared. */
export const LOGIN_FIELD_RESET_MS = 1000;
