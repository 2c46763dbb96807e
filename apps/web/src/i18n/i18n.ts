/**
 * i18n: zh-CN is the default, en-US the alternative. The chosen locale is kept in localStorage
 * (`eco.locale`) and sent to the API as `Accept-Language`, so server messages match the screen.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhCN from './zh-CN';
import enUS from './en-US';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
const STORAGE_KEY = 'eco.locale';

function storedLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    return (LOCALES as readonly string[]).includes(saved ?? '') ? (saved as Locale) : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE; // storage can be blocked (private mode, sandboxed frames)
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
});

/** The locale in use now. */
export function currentLocale(): Locale {
  return (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;
}

/** Switches the locale, remembers it, and updates `<html lang>`. */
export function setLocale(locale: Locale): void {
  void i18n.changeLanguage(locale);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    /* not remembered; the switch still applies to this page */
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
