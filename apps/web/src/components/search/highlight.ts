/** One piece of a text: a match of a searched word, or the text between matches. */
export interface TextPart {
  text: string;
  match: boolean;
}

/**
 * `text` cut into the places where any of `words` appears, ignoring case, and the text between
 * them, in order (overlapping matches are merged). Plain text in, plain text out: the caller wraps
 * matches in `<mark>` as React elements, so nothing is ever read as HTML.
 */
export function highlightParts(text: string, words: readonly string[]): TextPart[] {
  // a few characters change length when lower-cased (İ): then positions would drift, so match as written
  const folded = text.toLowerCase();
  const lower = folded.length === text.length ? folded : text;
  const covered = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    const needle = word.toLowerCase();
    if (needle === '') continue;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) {
      for (let i = at; i < at + needle.length; i++) covered[i] = true;
    }
  }
  const parts: TextPart[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = parts[parts.length - 1];
    if (last && last.match === covered[i]) last.text += text[i];
    else parts.push({ text: text[i]!, match: covered[i]! });
  }
  return parts;
}
