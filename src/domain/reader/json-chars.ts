/** JSON's structural characters as char codes, for the scanners of an answer still arriving (prefix.ts, segments.ts). */
export const QUOTE = 34;
export const BACKSLASH = 92;
export const OPEN_OBJECT = 123;
export const CLOSE_OBJECT = 125;
export const OPEN_ARRAY = 91;
export const CLOSE_ARRAY = 93;

/** JSON's own whitespace (space, tab, line feed, carriage return). */
export const isJsonSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;
