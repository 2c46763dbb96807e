/**
 * Site-wide search (站内搜索, issue 13 item 6): what `GET /api/search` takes and answers. The rules
 * of a query are here so that the web app's search box and the server agree on them.
 */
import { Type, type Static } from 'typebox';

/** The kinds of things the search finds, in the order their groups are answered. */
export const SEARCH_KINDS = ['notice', 'regulation', 'application', 'tool'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The limits of a search (characters, words, hits per kind). */
export const SEARCH_LIMITS = { queryLength: 100, words: 10, perKind: 20 } as const;

/**
 * The words of a query: split on white space (ideographic space U+3000 included), each word once
 * ignoring case, in the order typed. `森林 防火` → `['森林', '防火']`.
 */
export function searchWords(q: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of q.split(/\s+/u)) {
    const key = word.toLowerCase();
    if (word === '' || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}

export const SearchHitSchema = Type.Object(
  {
    kind: Type.Enum(SEARCH_KINDS),
    /** the notice's, regulation's, application system's or tool's id */
    id: Type.Integer(),
    title: Type.String(),
    /**
     * Plain text (never HTML) from the matched item, at most about 120 characters, around the
     * first place a word of the query appears (with `…` where it was cut); '' when there is no text.
     */
    snippet: Type.String(),
    /** a regulation's code (`LY/T 2581-2016`); null for the other kinds */
    code: Type.Union([Type.String(), Type.Null()]),
    /** the notice's publish day or the regulation's issue day (YYYY-MM-DD, UTC+08:00); null when none */
    date: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Null()]),
  },
  { $id: 'SearchHit' },
);
export type SearchHit = Static<typeof SearchHitSchema>;

export const SearchGroupSchema = Type.Object(
  {
    kind: Type.Enum(SEARCH_KINDS),
    /** how many items of this kind match (may be more than `items` holds) */
    total: Type.Integer({ minimum: 0 }),
    /** the first {@link SEARCH_LIMITS}.perKind of them, newest first (notices, regulations) or in catalogue order */
    items: Type.Array(SearchHitSchema),
  },
  { $id: 'SearchGroup' },
);
export type SearchGroup = Static<typeof SearchGroupSchema>;

export const SearchResultsSchema = Type.Object(
  {
    /** the words searched for, as {@link searchWords} split the query: highlight these */
    words: Type.Array(Type.String()),
    /** one group per kind, in the order of {@link SEARCH_KINDS}, empty ones included */
    groups: Type.Array(SearchGroupSchema),
  },
  { $id: 'SearchResults' },
);
export type SearchResults = Static<typeof SearchResultsSchema>;
