/**
 * antd's message (`success`, `warning`…) fetched when first shown, not with the screen: the public
 * screens show one only after a click (a link copied), and it is a tenth of /home's first load
 * (issue 13 item 9). Resolves once shown.
 */
export async function showMessage(kind: 'success' | 'info' | 'warning' | 'error', text: string): Promise<void> {
  const { default: message } = await import('antd/es/message');
  await message[kind](text);
}
