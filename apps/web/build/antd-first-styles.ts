import { createRequire } from 'node:module';
import type { ReactElement } from 'react';
import type { Plugin } from 'vite';
import { theme } from '../src/app/theme';

/** The module main.tsx imports for the stylesheet; Vite puts it in the entry's CSS. */
const MODULE = 'virtual:antd-first-styles.css';
const RESOLVED = `\0${MODULE}`;

type Antd = typeof import('antd');
type CreateElement = typeof import('react').createElement;

/**
 * The Ant Design components the header, the footer and the three public screens (/home, /notification-announcement,
 * /technical-regulations) draw on a visitor's first load, as antd renders their styles (a sub-component such as
 * `Input.Search` has styles of its own), the notices list's List and its date range too: built in the browser, their
 * styles were two long tasks of that screen (about 110 ms each at 4× CPU slowdown), for 4.5 KB (brotli) more on every
 * first load (18.2 KB in all).
 */
function firstLoadComponents(antd: Antd, createElement: CreateElement): ReactElement {
  const { Button, DatePicker, Empty, Input, Layout, List, Pagination, Select, Skeleton, Spin, Statistic, Tag } = antd;
  return createElement(
    Layout,
    null,
    createElement(Layout.Header),
    createElement(Layout.Content, null, [
      createElement(Button, { key: 'button' }),
      createElement(Input, { key: 'input' }),
      createElement(Input.Search, { key: 'search' }),
      createElement(Select, { key: 'select' }),
      createElement(Spin, { key: 'spin' }),
      createElement(Pagination, { key: 'pagination', total: 100 }),
      // each preset colour has styles of its own: those of the public screens' tags (categories, pinned, status)
      ...[undefined, 'blue', 'red', 'green', 'success'].map((color) => createElement(Tag, { key: `tag-${color}`, color })),
      createElement(Empty, { key: 'empty' }),
      createElement(Skeleton, { key: 'skeleton' }),
      createElement(Statistic, { key: 'statistic', value: 1 }),
      createElement(List, { key: 'list', dataSource: [1], renderItem: () => createElement(List.Item, null, 'x') }),
      createElement(DatePicker.RangePicker, { key: 'range' }),
    ]),
    createElement(Layout.Footer),
  );
}

/**
 * Ant Design's styles for the components of {@link firstLoadComponents} in the portal's standard theme
 * (src/app/theme.ts), written at build time into the entry's stylesheet with the record antd's style runtime
 * (@ant-design/cssinjs) reads before it builds a component's styles in the browser: a component whose styles are
 * recorded there is drawn without building them again. antd otherwise builds each component's CSS from its design
 * tokens the first time the component renders, inside that render: on a phone that was most of a public screen's
 * long tasks after its first paint (issue 13 item 9: total blocking time; docs/web.md §First load).
 *
 * Rendered on the server side with antd's own extraction (antd docs, "Server Side Rendering": `createCache`,
 * `StyleProvider`, `extractStyle`), styles only: the design tokens' CSS variables depend on the display mode and
 * are still set in the browser. The styles of any other component, and of every component in a larger text size or
 * high contrast (other tokens, so other style hashes), are built in the browser as before: what the stylesheet
 * lacks costs time, never looks. Outside a build (dev server, tests) the module holds the icons' styles alone.
 *
 * Before them, @ant-design/icons' stylesheet (`iconStyles`, the same for every theme): every icon otherwise looks
 * for it among the page's style elements, and writes it when missing, in an effect of its own; on the first screen
 * that ran once per icon inside the commit's task. main.tsx tells the icons not to (IconContext `zeroRuntime`).
 */
export function antdFirstStyles(): Plugin {
  let build = false;
  return {
    name: 'eco:antd-first-styles',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      // @ant-design/icons' own stylesheet, which each icon would otherwise write into the page from an effect
      // (main.tsx turns that off: IconContext zeroRuntime); first, as the icons put it at the head's start
      const { iconStyles } = createRequire(import.meta.url)('@ant-design/icons/lib/utils') as { iconStyles: string };
      if (!build) return iconStyles;
      // imported here, not at the top: antd's class names carry a development marker unless NODE_ENV is production
      // when it loads, which Vite has set for a build by now; React and its server renderer likewise, so all agree
      const { createElement } = await import('react');
      const antd = await import('antd');
      const { createCache, extractStyle, StyleProvider } = await import('@ant-design/cssinjs');
      const { renderToString } = await import('react-dom/server');
      const cache = createCache();
      renderToString(createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme }, firstLoadComponents(antd, createElement))));
      return iconStyles + extractStyle(cache, { plain: true, types: 'style' });
    },
  };
}
