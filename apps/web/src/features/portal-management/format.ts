import dayjs from 'dayjs';

/** An ISO 8601 time as the visitor's local `YYYY-MM-DD HH:mm` (or with seconds). */
export function formatTime(iso: string, seconds = false): string {
  const time = dayjs(iso);
  return time.isValid() ? time.format(seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') : iso;
}
