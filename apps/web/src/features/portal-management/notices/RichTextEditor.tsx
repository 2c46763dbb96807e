import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Button from 'antd/es/button';
import Tooltip from 'antd/es/tooltip';
import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/es/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/es/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The notice body editor: Tiptap (ProseMirror) with its starter kit — paragraphs, headings 2–4,
 * bold, italic, underline, strike, lists, quotes and links — as an antd form control
 * (`value` / `onChange` in HTML). The server sanitises what it sends with an allow-list of exactly
 * these elements, so the editor never offers what would be removed. The initial `value` is read
 * once: give the editor a new `key` to load another notice.
 */
export function RichTextEditor({ value, onChange, id, label }: { value?: string; onChange?: (html: string) => void; id?: string; label: string }) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: { class: 'rich-text-content notice-body', 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', ...(id ? { id } : {}) },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
    }),
  });
  const tool = (key: string, title: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip key={key} title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={title} aria-pressed={active} onClick={run} disabled={!editor} />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();
  return (
    <div className="rich-text-editor">
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('nt.manage.editor.toolbar')}>
        {tool('h2', t('nt.manage.editor.h2'), <span className="rich-text-h">H2</span>, state?.h2 ?? false, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('h3', t('nt.manage.editor.h3'), <span className="rich-text-h">H3</span>, state?.h3 ?? false, () => chain().toggleHeading({ level: 3 }).run())}
        {tool('bold', t('nt.manage.editor.bold'), <BoldOutlined aria-hidden />, state?.bold ?? false, () => chain().toggleBold().run())}
        {tool('italic', t('nt.manage.editor.italic'), <ItalicOutlined aria-hidden />, state?.italic ?? false, () => chain().toggleItalic().run())}
        {tool('underline', t('nt.manage.editor.underline'), <UnderlineOutlined aria-hidden />, state?.underline ?? false, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('strike', t('nt.manage.editor.strike'), <StrikethroughOutlined aria-hidden />, state?.strike ?? false, () => chain().toggleStrike().run())}
        {tool('bullet', t('nt.manage.editor.bullet'), <UnorderedListOutlined aria-hidden />, state?.bullet ?? false, () => chain().toggleBulletList().run())}
        {tool('ordered', t('nt.manage.editor.ordered'), <OrderedListOutlined aria-hidden />, state?.ordered ?? false, () => chain().toggleOrderedList().run())}
        {tool('quote', t('nt.manage.editor.quote'), <span className="rich-text-h">❝</span>, state?.quote ?? false, () => chain().toggleBlockquote().run())}
        {tool('undo', t('nt.manage.editor.undo'), <UndoOutlined aria-hidden />, false, () => chain().undo().run())}
        {tool('redo', t('nt.manage.editor.redo'), <RedoOutlined aria-hidden />, false, () => chain().redo().run())}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
