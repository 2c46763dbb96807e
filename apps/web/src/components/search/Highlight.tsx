import { highlightParts } from './highlight';

/** `text` with every place one of `words` appears (ignoring case) in `<mark>`; built from text, never from HTML. */
export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightParts(text, words).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, never reordered
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}
