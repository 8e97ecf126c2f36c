import type { Post } from '@relaycast/shared/posts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/**
 * The shared calendar's attribution (docs/decisions/0044-workspaces.md): "Created by X · Last changed by Y". Either part is left out when
 * unknown (a row from before it was recorded, or an account that is gone); nothing at all when both are.
 */
export function PostAttribution({
  post,
  className,
}: {
  post: Pick<Post, 'createdByName' | 'updatedByName'>;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const parts = [
    post.createdByName ? t('Created by {{name}}', { name: post.createdByName }) : null,
    post.updatedByName ? t('Last changed by {{name}}', { name: post.updatedByName }) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return (
    <span data-testid="post-attribution" className={cn('text-muted-foreground', className)}>
      {parts.join(' · ')}
    </span>
  );
}
