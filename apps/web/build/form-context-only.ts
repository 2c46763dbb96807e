import type { Plugin } from 'vite';

/** antd's form context module, which every antd input imports (for the form item's status and its "no form style"). */
const ANTD_FORM_CONTEXT = /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;

/**
 * Resolves antd's form context module's import of `@rc-component/form` to the one module it takes
 * anything from (`FormProvider`, in `es/FormContext`). Through the package's index, whose top-level
 * statements attach every part to the form (`RefForm.Field = Field`, …), it kept the whole form
 * library and its validator in the chunk every public screen loads, which has no form: 41 KB of
 * minified JavaScript, about 11 KB brotli (issue 13 item 9; docs/web.md §First load). The index
 * re-exports the same module, so the back office's forms share the same `FormProvider`; every
 * other importer gets the package as it is.
 */
export function formContextOnly(): Plugin {
  return {
    name: 'eco:form-context-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !ANTD_FORM_CONTEXT.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
    },
  };
}
