/** The landers' texts: one namespace tree in one language, `{{name}}` placeholders (no i18next: landers stay small). */
export type TextTree = { [key: string]: string | TextTree };

export function translator(tree: Record<string, unknown>) {
  return (key: string, params: Record<string, string | number> = {}): string => {
    let node: unknown = tree;
    for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
    const text = typeof node === 'string' ? node : key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
  };
}
export type T = ReturnType<typeof translator>;
