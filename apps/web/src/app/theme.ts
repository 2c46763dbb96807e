import type { ThemeConfig } from 'antd/es/config-provider';
import { type DisplayMode, FONT_PX } from './display-mode/display-mode';

/**
 * Text greys and status colours that reach WCAG 2.1 AA (1.4.3: 4.5:1 for text) on white and on the
 * portal's light green-grey backgrounds. antd's defaults do not: secondary text at 45 % black is
 * 3.4:1 on white (#8c8c8c), placeholders at 25 % are 1.8:1, and the success, warning and error
 * colours as text are 2–3.5:1. Ratios noted are on white.
 */
/** antd's default light backgrounds and borders of the status colours (red, gold and green, shades 1–3). */
const STATUS_BACKGROUNDS = {
  colorErrorBg: '#fff2f0',
  colorErrorBgHover: '#fff1f0',
  colorErrorBorder: '#ffccc7',
  colorWarningBg: '#fffbe6',
  colorWarningBgHover: '#fff1b8',
  colorWarningBorder: '#ffe58f',
  colorSuccessBg: '#f6ffed',
  colorSuccessBgHover: '#d9f7be',
  colorSuccessBorder: '#b7eb8f',
} as const;

const READABLE = {
  /** descriptions, empty states, result subtitles, help (antd derives colorTextDescription from it): 6.2:1 */
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  /** select and input placeholders: 5.3:1 */
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  /** disabled controls' text: 4.9:1 on antd's disabled grey (#f5f5f5) */
  colorTextDisabled: 'rgba(0, 0, 0, 0.56)',
  /** form errors, error text: 5.6:1 */
  colorError: '#cf1322',
  /** warning text: 5.2:1 */
  colorWarning: '#ad6800',
  /** success text: 5.9:1 */
  colorSuccess: '#237804',
  // antd derives the light backgrounds and borders from those; from a dark colour they come out
  // grey (#adb8a5 behind success tags), so they keep antd's usual light shades
  ...STATUS_BACKGROUNDS,
} as const;

/**
 * Tags draw the 7th shade of a preset colour on its 1st (`<Tag color="green">`) and a status colour
 * on its background (`<Tag color="success">`); the shades below 4.5:1 there take a darker one.
 */
const READABLE_TAGS = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorError: '#a8071a',
  ...STATUS_BACKGROUNDS,
} as const;

/**
 * High contrast (display-mode.ts): black text, near-black borders and a darker green, on white
 * pages. display-mode.css does the same for the portal's own styles.
 */
const HIGH_CONTRAST = {
  colorPrimary: '#0b4a2c',
  colorInfo: '#0b4a2c',
  colorLink: '#0b4a2c',
  colorPrimaryHover: '#000000',
  colorPrimaryActive: '#000000',
  colorLinkHover: '#000000',
  colorLinkActive: '#000000',
  colorText: '#000000',
  colorTextSecondary: '#000000',
  colorTextTertiary: 'rgba(0, 0, 0, 0.85)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.7)',
  colorTextDisabled: 'rgba(0, 0, 0, 0.65)',
  colorBorder: '#1f1f1f',
  colorBorderSecondary: '#595959',
  colorBgLayout: '#ffffff',
  colorError: '#a8071a',
  colorWarning: '#874d00',
  colorSuccess: '#135200',
} as const;

/** The portal's calm eco-green Ant Design theme at the standard display mode. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f7a4d',
    colorInfo: '#1f7a4d',
    // the derived info background of this green comes out a muddy grey; set it to a light green
    colorInfoBg: '#eef6f1',
    colorInfoBorder: '#b9dcc6',
    colorLink: '#17663f',
    // antd lightens the primary on hover, to 4.4:1 under a primary button's white text; darken instead
    colorPrimaryHover: '#17663f',
    colorPrimaryActive: '#0f4d2f',
    colorLinkHover: '#1f7a4d',
    colorLinkActive: '#0f4d2f',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
    ...READABLE,
  },
  components: {
    Layout: { headerBg: '#0f4d2f', headerPadding: '0 24px', bodyBg: '#f3f6f4', footerBg: '#e7eee9' },
    Tag: READABLE_TAGS,
  },
};

/** Control heights (px) per text size: the text grows, so the boxes around it do too (44 px is also a comfortable touch target). */
const CONTROL_HEIGHT = { standard: 32, large: 38, extraLarge: 44 } as const;

/**
 * The theme for a display mode: antd's `fontSize` (14, 17 or 20 px) and control heights follow the
 * text size, and high contrast swaps in {@link HIGH_CONTRAST}. `theme` itself at the standard mode.
 */
export function themeFor(mode: DisplayMode): ThemeConfig {
  if (mode.fontSize === 'standard' && !mode.highContrast) return theme;
  const controlHeight = CONTROL_HEIGHT[mode.fontSize];
  return {
    ...theme,
    token: {
      ...theme.token,
      fontSize: FONT_PX[mode.fontSize],
      controlHeight,
      controlHeightSM: Math.round(controlHeight * 0.75),
      controlHeightLG: Math.round(controlHeight * 1.25),
      ...(mode.highContrast ? HIGH_CONTRAST : {}),
    },
    components: {
      ...theme.components,
      Layout: mode.highContrast ? { headerBg: '#000000', headerPadding: '0 24px', bodyBg: '#ffffff', footerBg: '#ffffff' } : theme.components?.Layout,
    },
  };
}
