/** Site-wide search (站内搜索): one endpoint, for everyone. */
import { Type } from 'typebox';
import { SEARCH_LIMITS, SearchResultsSchema } from '../search';
import { OneLine } from '../text';
import { defineEndpoints, PUBLIC } from './endpoint';

const tags = ['search'] as const;

export const searchApi = defineEndpoints({
  search: {
    method: 'GET',
    path: '/api/search',
    summary: 'Search notices, regulations, application systems and tools at once',
    description: `For everyone, and only what everyone may see: published notices whose time has come, the regulations library, the application catalogue and the downloadable tools. \`q\` is split on white space into words (at most ${SEARCH_LIMITS.words}); an item matches when **every** word appears, ignoring case, in its title or its text (notices: title and body; regulations: title, code, issuer, category; applications: name, code, description, category; tools: name, description), so \`森林 防火\` finds 森林草原防火 and 防火 … 森林. \`%\` and \`_\` match themselves. The answer has one group per kind with its total and at most ${SEARCH_LIMITS.perKind} items, each with a plain-text snippet around the first word found. Without words (\`q\` missing or blank) every group is empty.`,
    tags,
    access: PUBLIC,
    query: Type.Object(
      {
        q: Type.Optional(
          OneLine({
            maxLength: SEARCH_LIMITS.queryLength,
            description: `The words to search for, separated by spaces: at most ${SEARCH_LIMITS.queryLength} characters and ${SEARCH_LIMITS.words} words; missing or blank finds nothing`,
          }),
        ),
      },
      { additionalProperties: false },
    ),
    response: SearchResultsSchema,
    errors: [],
  },
});
