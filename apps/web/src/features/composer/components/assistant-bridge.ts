import type { ComposerBridge } from '@/lib/composer-bridge';
import type { PostForm, Selection } from './composer-sections';

/** What the AI assistant may read and change in the form (lib/composer-bridge.ts). */
export function composerBridge(
  { values, update }: PostForm,
  isLocked: boolean,
  selection: Selection,
  setSelection: (selection: Selection) => void,
): ComposerBridge {
  return {
    platforms: values.platforms,
    content: values.content,
    isLocked,
    selection: { ...selection, text: values.content.slice(selection.start, selection.end) },
    applyText(platform, text, isOnlyPlatform) {
      update((current) => {
        const platforms = current.platforms.includes(platform)
          ? current.platforms
          : [...current.platforms, platform];
        if (isOnlyPlatform) {
          const overrides = { ...current.overrides };
          delete overrides[platform];
          return { ...current, platforms, content: text, overrides };
        }
        return {
          ...current,
          platforms,
          content: current.content.trim() ? current.content : text,
          overrides: { ...current.overrides, [platform]: text },
        };
      });
    },
    replaceSelection(text) {
      const { start, end } = selection;
      update({ content: values.content.slice(0, start) + text + values.content.slice(end) });
      setSelection({ start, end: start + text.length });
    },
    appendText(text) {
      update({ content: values.content.trim() ? `${values.content.trimEnd()}\n\n${text}` : text });
    },
  };
}
