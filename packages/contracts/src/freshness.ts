/**
 * How fresh sensing data must be to count (docs/sensing.md §Freshness). No schemas here: the map on
 * /home needs these without TypeBox.
 */

/**
 * A station's newest AQI counts in the figures (stations above AQI 100, by level) only while it is
 * at most this many minutes old; older, the station is "no recent data" (无最新数据), not counted by
 * its old level (docs/sensing.md §Freshness). The AQI is an hourly value (HJ 633-2012 §5, 1-hour
 * concentrations), published after its hour ends: two hours are the newest hour and one late one.
 */
export const AQI_FRESH_MINUTES = 120;

/** Whether an AQI observed at `time` still counts at `at` (both ISO 8601 or Date): within AQI_FRESH_MINUTES, not ahead of `at` by more than drift. */
export function isAqiFresh(time: string | Date, at: string | Date): boolean {
  const age = new Date(at).getTime() - new Date(time).getTime();
  return age <= AQI_FRESH_MINUTES * 60_000 && age >= -MAX_FUTURE_MINUTES * 60_000;
}

/** How far ahead of the server's clock a phenomenonTime may be (clock drift of a device), minutes. */
export const MAX_FUTURE_MINUTES = 5;
