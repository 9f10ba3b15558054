/** Money in integer minor units (kuruş). Sums are exact; never add floats. */
export type Minor = number;

/** A business date as "YYYY-MM-DD". Compare as strings; never shift by time zone. */
export type IsoDate = string;
