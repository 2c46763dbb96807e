import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../i18n/a11y';
import { DEFAULT_DISPLAY_MODE, FONT_SIZES, setDisplayMode, useDisplayMode } from './display-mode';
import './display-mode.css';

/**
 * The header's 无障碍 switch (MIIT 互联网网站适老化通用设计规范, 2020): a button that opens a small
 * panel with the text size (standard / large / extra large, native radio buttons) and high
 * contrast (a native checkbox with the switch role). Plain elements rather than antd's Popover and
 * Segmented, so every page's first load stays light. Escape or a click outside closes the panel
 * and focus goes back to the button. `dark` is the /stgz wall's styling.
 */
export function DisplayModeSwitch({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation();
  const mode = useDisplayMode();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className={dark ? 'display-mode display-mode-dark' : 'display-mode'} ref={root}>
      <button
        ref={button}
        type="button"
        className="display-mode-button"
        aria-expanded={open}
        aria-controls={panelId}
        title={t('a11y.display.buttonLabel')}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden className="display-mode-glyph">
          A<small>A</small>
        </span>
        <span className="display-mode-button-text">{t('a11y.display.button')}</span>
      </button>
      <div id={panelId} className="display-mode-panel" hidden={!open}>
        <fieldset className="display-mode-sizes">
          <legend>{t('a11y.display.fontSize')}</legend>
          {FONT_SIZES.map((size) => (
            <label key={size} className={`display-mode-size display-mode-size-${size}`}>
              <input type="radio" name={`${panelId}-size`} value={size} checked={mode.fontSize === size} onChange={() => setDisplayMode({ fontSize: size })} />
              <span>{t(`a11y.display.sizes.${size}`)}</span>
            </label>
          ))}
        </fieldset>
        <label className="display-mode-contrast">
          <input
            type="checkbox"
            role="switch"
            aria-checked={mode.highContrast}
            checked={mode.highContrast}
            onChange={(e) => setDisplayMode({ highContrast: e.target.checked })}
          />
          <span>{t('a11y.display.highContrast')}</span>
        </label>
        <button
          type="button"
          className="display-mode-reset"
          disabled={mode.fontSize === DEFAULT_DISPLAY_MODE.fontSize && mode.highContrast === DEFAULT_DISPLAY_MODE.highContrast}
          onClick={() => setDisplayMode(DEFAULT_DISPLAY_MODE)}
        >
          {t('a11y.display.reset')}
        </button>
      </div>
    </div>
  );
}
