/** Business constants and the server-side limits; forms and routes cite these, so both say the same number. */
export const AGE_MIN = 18;
export const AGE_MAX = 100;
export const HEIGHT_MIN = 1;
export const HEIGHT_MAX = 2.5;
export const WEIGHT_MIN = 30;
export const WEIGHT_MAX = 300;
export const LISTING_PAGE_SIZE = 20;
export const LISTING_PAGE_SIZE_MAX = 50;
/** Rows per page the back-office tables offer; the first is the default. */
export const ADMIN_PAGE_SIZES = [10, 20, 50] as const;
export const ADMIN_PAGE_SIZE_DEFAULT = ADMIN_PAGE_SIZES[0];
export const CITY_SEARCH_MIN_CHARS = 2;
export const POPULAR_VIEWS_THRESHOLD = 1000;
export const CARD_SERVICES_MAX = 3;
export const PHOTOS_PER_MODEL_MAX = 30;
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MAX = 32;
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const DESCRIPTION_MAX = 4000;
export const SERVICES_MAX = 1000;
export const RATES_MAX = 4000;
export const PHONE_DIGITS_MIN = 10;
export const PHONE_DIGITS_MAX = 13;
/** Due-date offsets in days by plan period (unknown periods count as monthly). */
export const PERIOD_DAYS = { weekly: 7, monthly: 30, yearly: 365 } as const;
