import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApprovalHistorySection } from '@/features/approvals/components/approval-history';
import { useAuth } from '@/features/auth/auth-provider';
import { PostComposer } from '@/features/composer/components/post-composer';
import { usePageMeta } from '@/lib/use-page-meta';

export function PostComposerPage() {
  const { t } = useTranslation('composer');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const postId = searchParams.get('post') ?? undefined;
  usePageMeta(
    postId ? t('Edit post') : t('Post Composer'),
    t('Write a post once, adapt it to each network and schedule it for the right time.'),
  );
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('Post Composer')}</h1>
        <p className="mt-2 text-muted-foreground">
          {t("Write once, check every platform's limits, then save, schedule or queue it.")}
        </p>
      </header>
      <PostComposer
        postId={postId}
        authorName={user?.name ?? ''}
        newPostHref="/post-composer"
        onCreated={(post) =>
          navigate(`/post-composer?post=${encodeURIComponent(post.id)}`, { replace: true })
        }
      />
      {postId ? <ApprovalHistorySection postId={postId} /> : null}
    </div>
  );
}
