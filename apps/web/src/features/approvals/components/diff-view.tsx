import type { DiffPart } from '@relaycast/shared/approvals';

/** A word diff: removed words struck through in red, added ones underlined in green, the rest as is. */
export function DiffView({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <p className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 text-sm">
      {parts.map((part, index) =>
        part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <ins key={index} className="bg-success/15 text-success underline">
            {part.value}
          </ins>
        ) : part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <del key={index} className="bg-destructive/10 text-destructive">
            {part.value}
          </del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <span key={index}>{part.value}</span>
        ),
      )}
    </p>
  );
}
