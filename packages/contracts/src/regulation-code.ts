/**
 * The usual forms of Chinese standard codes: national `GB` / `GB/T` / `GB/Z`, sector (e.g.
 * `LY/T`, `HJ`, `HJ/T`, `GA/T`), and local `DB<2-digit province>` / `DB<…>/T`, then a number
 * with optional `.part`s and the 4-digit year, e.g. `GB/T 28181-2022`, `LY/T 2581-2016`,
 * `HJ 633-2012`, `DB61/T 1234-2019`, `GB/T 33776.602-2017`.
 */
export const REGULATION_CODE_PATTERN = /^(?:GB(?:\/[TZ])?|[A-Z]{2}(?:\/T)?|DB\d{2}(?:\/T)?) \d{1,5}(?:\.\d{1,4})*-(?:19|20)\d{2}$/;

/** True when `code` is written in one of the usual forms above (one ASCII space after the prefix). */
export function isRegulationCode(code: string): boolean {
  return REGULATION_CODE_PATTERN.test(code);
}
