/** A `LIKE`/`ILIKE` pattern matching `text` anywhere: `%`, `_` and `\` in a user's keyword match themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
